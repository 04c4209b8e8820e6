import AsyncHTTPClient
import BattleNet
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression

/// The default ``HTTPTransport``, on AsyncHTTPClient. Connection failures fail fast (a short connect
/// timeout) and every AsyncHTTPClient error is mapped to a ``BattleNetError``.
public struct AsyncHTTPClientTransport: HTTPTransport {
    private let client: HTTPClient

    /// Uses a given client (whose lifecycle stays the caller's).
    public init(client: HTTPClient) {
        self.client = client
    }

    /// Uses the process-wide shared client with this library's configuration.
    public static let shared = AsyncHTTPClientTransport(client: HTTPClient(configuration: .battleNet))

    public func send(_ request: BattleNet.TransportRequest) async throws -> BattleNet.TransportResponse {
        var outbound = HTTPClientRequest(url: request.url.absoluteString)
        outbound.method = HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers {
            outbound.headers.add(name: name, value: value)
        }
        if let body = request.body {
            outbound.body = .bytes(ByteBuffer(bytes: body))
        }
        let deadline = NIODeadline.now() + .nanoseconds(Int64(request.timeout.timeInterval * 1e9))
        do {
            let response = try await client.execute(outbound, deadline: deadline)
            let body = try await Self.collect(response.body, upTo: request.maxResponseBytes, by: deadline)
            return BattleNet.TransportResponse(
                status: Int(response.status.code),
                headers: response.headers.map { ($0.name, $0.value) },
                body: Data(body.readableBytesView))
        } catch let error as BattleNetError {
            throw error
        } catch is NIOTooManyBytesError {
            throw BattleNetError.responseTooLarge(limit: request.maxResponseBytes)
        } catch is NIOHTTPDecompression.DecompressionError {
            // A compressed answer that grew past the decompression limit (a gzip bomb): too large, not unreachable (R4-8).
            throw BattleNetError.responseTooLarge(limit: request.maxResponseBytes)
        } catch let error as HTTPClientError {
            throw Self.map(error, host: request.url.host ?? "the server")
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw BattleNetError.unreachable("\(request.url.host ?? "the server"): \(error)")
        }
    }

    /// The whole body by `deadline`, or ``BattleNetError/timeout``: AsyncHTTPClient's own deadline ends once the
    /// response head has arrived, and a body that stalls after it would otherwise be waited for without end.
    static func collect(_ body: HTTPClientResponse.Body, upTo limit: Int, by deadline: NIODeadline) async throws
        -> ByteBuffer
    {
        try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
            group.addTask { try await body.collect(upTo: limit) }
            group.addTask {
                try await Task.sleep(for: .nanoseconds(max(0, (deadline - .now()).nanoseconds)))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let collected = first else { throw BattleNetError.timeout }
            return collected
        }
    }

    static func map(_ error: HTTPClientError, host: String) -> BattleNetError {
        switch error {
        case .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .getConnectionFromPoolTimeout:
            .timeout
        case .cancelled:
            .unreachable("the request to \(host) was cancelled")
        case .remoteConnectionClosed:
            .unreachable("\(host) closed the connection before answering")
        default:
            .unreachable("\(host): \(error)")
        }
    }
}

extension HTTPClient.Configuration {
    /// Short connect timeout, no redirects followed (the OAuth endpoints never need one), HTTP/1.1 and 2.
    public static var battleNet: HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(3), read: .seconds(30)),
            connectionPool: .init(idleTimeout: .seconds(60)),
            decompression: .enabled(limit: .ratio(20)))
        configuration.httpVersion = .automatic
        return configuration
    }
}
