import BattleNet
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An ``HTTPTransport`` on URLSession, for apps: Apple platforms natively, Linux through FoundationNetworking.
///
/// It behaves as `AsyncHTTPClientTransport` does, and one suite of tests holds both to it: the whole exchange must
/// finish within the request's `timeout` (``BattleNetError/timeout``), a body over `maxResponseBytes` is refused
/// as soon as it is seen (``BattleNetError/responseTooLarge(limit:)``), redirects are returned, never followed,
/// every other failure is ``BattleNetError/unreachable(_:)``, and cancelling the calling task cancels the request.
/// The session is ephemeral: no cookies, no cache, nothing written to disk.
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let exchanges: Exchanges

    /// A transport with its own ephemeral session.
    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        exchanges = Exchanges()
        session = URLSession(configuration: configuration, delegate: exchanges, delegateQueue: nil)
    }

    deinit {
        // The session holds its delegate until invalidated; requests in flight still finish.
        session.finishTasksAndInvalidate()
    }

    /// One transport for the whole process.
    public static let shared = URLSessionTransport()

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        var outbound = URLRequest(url: request.url, timeoutInterval: request.timeout.timeInterval)
        outbound.httpMethod = request.method
        outbound.httpShouldHandleCookies = false
        for (name, value) in request.headers {
            outbound.addValue(value, forHTTPHeaderField: name)
        }
        outbound.httpBody = request.body
        let task = session.dataTask(with: outbound)
        let exchange = Exchange(limit: request.maxResponseBytes, host: request.url.host ?? "the server")
        let deadline = Task {
            try await Task.sleep(for: request.timeout)
            exchange.end(.timedOut)
            task.cancel()
        }
        defer { deadline.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                exchange.start(continuation)
                exchanges.add(exchange, for: task.taskIdentifier)
                task.resume()
            }
        } onCancel: {
            exchange.end(.cancelled)
            task.cancel()
        }
    }
}

/// One request in flight: the response so far, and why it was ended early, if it was.
private final class Exchange: @unchecked Sendable {
    enum EarlyEnd { case timedOut, cancelled, tooLarge }

    let limit: Int
    let host: String
    private let lock = NSLock()
    private var continuation: CheckedContinuation<TransportResponse, any Error>?
    private var response: HTTPURLResponse?
    private var body = Data()
    private var earlyEnd: EarlyEnd?

    init(limit: Int, host: String) {
        self.limit = limit
        self.host = host
    }

    func start(_ continuation: CheckedContinuation<TransportResponse, any Error>) {
        lock.withLock { self.continuation = continuation }
    }

    /// Records why the exchange is being ended; the first reason wins.
    func end(_ reason: EarlyEnd) {
        lock.withLock { if earlyEnd == nil { earlyEnd = reason } }
    }

    /// Takes the response head; false when its declared length is already over the limit.
    func receive(_ head: URLResponse) -> Bool {
        lock.withLock {
            response = head as? HTTPURLResponse
            guard head.expectedContentLength <= Int64(limit) else {
                if earlyEnd == nil { earlyEnd = .tooLarge }
                return false
            }
            return true
        }
    }

    /// Takes a piece of the body; false once the body is over the limit.
    func receive(_ data: Data) -> Bool {
        lock.withLock {
            guard body.count + data.count <= limit else {
                if earlyEnd == nil { earlyEnd = .tooLarge }
                return false
            }
            body.append(data)
            return true
        }
    }

    /// Resumes the caller once, with the response or the error the exchange ended with.
    func complete(_ error: (any Error)?) {
        let (continuation, result) = lock.withLock { () -> (CheckedContinuation<TransportResponse, any Error>?, Result<TransportResponse, any Error>) in
            defer { self.continuation = nil }
            return (self.continuation, outcome(error))
        }
        continuation?.resume(with: result)
    }

    private func outcome(_ error: (any Error)?) -> Result<TransportResponse, any Error> {
        switch earlyEnd {
        case .timedOut: return .failure(BattleNetError.timeout)
        case .cancelled: return .failure(CancellationError())
        case .tooLarge: return .failure(BattleNetError.responseTooLarge(limit: limit))
        case nil: break
        }
        if let error { return .failure(Self.map(error, host: host)) }
        guard let response else { return .failure(BattleNetError.unreachable("\(host) sent no HTTP response")) }
        let headers = response.allHeaderFields.compactMap { name, value -> (name: String, value: String)? in
            guard let name = name as? String, let value = value as? String else { return nil }
            return (name, value)
        }
        return .success(TransportResponse(status: response.statusCode, headers: headers, body: body))
    }

    static func map(_ error: any Error, host: String) -> BattleNetError {
        guard let error = error as? URLError else { return .unreachable("\(host): \(error.localizedDescription)") }
        switch error.code {
        case .timedOut:
            return .timeout
        case .networkConnectionLost:
            return .unreachable("\(host) closed the connection before answering")
        default:
            return .unreachable("\(host): \(error.localizedDescription)")
        }
    }
}

/// The session's delegate: routes each task's events to its exchange and follows no redirect.
private final class Exchanges: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var byTask: [Int: Exchange] = [:]

    func add(_ exchange: Exchange, for task: Int) {
        lock.withLock { byTask[task] = exchange }
    }

    private func exchange(_ task: URLSessionTask) -> Exchange? {
        lock.withLock { byTask[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        completionHandler(exchange(dataTask)?.receive(response) == false ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if exchange(dataTask)?.receive(data) == false { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let exchange = lock.withLock { byTask.removeValue(forKey: task.taskIdentifier) }
        exchange?.complete(error)
    }
}
