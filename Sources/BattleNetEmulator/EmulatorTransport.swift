import BattleNet
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOEmbedded

/// Carries requests to an emulator's routes in this process: no socket, no port. What a test hands to an
/// ``OAuthClient`` or a relay as its Battle.net transport, so that the real protocol is spoken without the network.
///
/// A request whose URL starts with ``baseURL`` is answered by the emulator's router; any other goes to `fallback`
/// (or fails as unreachable when there is none). Like the network transports, it throws ``BattleNetError/timeout``
/// when the answer (a fault's delay, say) takes longer than the request's timeout,
/// ``BattleNetError/responseTooLarge(limit:)`` for a body over the request's limit, ``BattleNetError/unreachable(_:)``
/// when the answer breaks off (the `dropConnection` fault), and `CancellationError` when the caller is cancelled.
public struct EmulatorTransport: HTTPTransport {
    /// The address the emulator answers at in process (no server listens there).
    public let baseURL: URL
    private let responder: RouterResponder<BasicRequestContext>
    private let fallback: (any HTTPTransport)?
    private let logger: Logger
    private let power: EmulatorPower

    /// A transport to `emulator`'s routes under `baseURL`, sending every other URL through `fallback`.
    public init(
        emulator: BattleNetEmulator, baseURL: URL = EmulatorTransport.defaultBaseURL, fallback: (any HTTPTransport)? = nil,
        logger: Logger = BattleNetEmulator.quietLogger
    ) {
        self.init(emulator: emulator, baseURL: baseURL, fallback: fallback, logger: logger, power: EmulatorPower())
    }

    init(emulator: BattleNetEmulator, baseURL: URL, fallback: (any HTTPTransport)?, logger: Logger, power: EmulatorPower) {
        self.power = power
        self.baseURL = baseURL
        responder = emulator.responder
        self.fallback = fallback
        self.logger = logger
    }

    /// Where an in-process emulator answers unless told otherwise.
    public static let defaultBaseURL = URL(string: "https://battlenet-emulator.invalid")!

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let base = baseURL.absoluteString
        let url = request.url.absoluteString
        guard url.hasPrefix(base), url.count == base.count || ["/", "?"].contains(url.dropFirst(base.count).first) else {
            guard let fallback else { throw BattleNetError.unreachable("no route to \(request.url.host ?? "?") in process") }
            return try await fallback.send(request)
        }
        guard power.isOn else { throw BattleNetError.unreachable("the emulator at \(base) is stopped") }
        let path = String(url.dropFirst(base.count))
        return try await withThrowingTaskGroup(of: TransportResponse?.self) { group in
            group.addTask { try await respond(to: request, path: path.isEmpty ? "/" : path) }
            group.addTask {
                try await Task.sleep(for: request.timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let response = first else { throw BattleNetError.timeout }
            return response
        }
    }

    private func respond(to request: TransportRequest, path: String) async throws -> TransportResponse {
        var headers = HTTPFields()
        for (name, value) in request.headers {
            guard let name = HTTPField.Name(name) else { throw BattleNetError.unreachable("an invalid header name: \(name)") }
            headers.append(HTTPField(name: name, value: value))
        }
        if let body = request.body { headers[.contentLength] = "\(body.count)" }
        let head = HTTPRequest(
            method: HTTPRequest.Method(request.method) ?? .get, scheme: baseURL.scheme, authority: baseURL.host,
            path: path, headerFields: headers)
        let body = request.body.map { RequestBody(buffer: ByteBuffer(bytes: $0)) } ?? RequestBody(buffer: ByteBuffer())
        let context = BasicRequestContext(source: ApplicationRequestContextSource(channel: EmbeddedChannel(), logger: logger))
        let response: Response
        do {
            response = try await responder.respond(to: Request(head: head, body: body), context: context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: Request(head: head, body: RequestBody(buffer: ByteBuffer())), context: context)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            response = Response(status: .internalServerError)
        }
        let collected = CollectedBody(limit: request.maxResponseBytes)
        do {
            try await response.body.write(collected)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            // A server's connection closes when its body cannot be written to the end; the caller sees it dropped.
            throw BattleNetError.unreachable("\(baseURL.host ?? "the emulator") closed the connection before answering")
        }
        return TransportResponse(
            status: response.status.code, headers: response.headers.map { ($0.name.rawName, $0.value) },
            body: try collected.data())
    }
}

/// A response body gathered whole, failing past the request's limit.
private struct CollectedBody: ResponseBodyWriter {
    let limit: Int
    let buffer = NIOLockedValueBox(ByteBuffer())

    func write(_ buffer: ByteBuffer) async throws {
        self.buffer.withLockedValue { collected in
            var buffer = buffer
            collected.writeBuffer(&buffer)
        }
    }

    func finish(_ headers: HTTPFields?) async throws {}

    func data() throws -> Data {
        try buffer.withLockedValue { collected in
            guard collected.readableBytes <= limit else { throw BattleNetError.responseTooLarge(limit: limit) }
            return Data(collected.readableBytesView)
        }
    }
}

extension RunningEmulator {
    /// An emulator answering in this process at `baseURL`, through ``transport``: no server, nothing to stop.
    public static func inProcess(
        configuration: EmulatorConfiguration, baseURL: URL = EmulatorTransport.defaultBaseURL
    ) -> RunningEmulator {
        RunningEmulator(emulator: BattleNetEmulator(configuration: configuration), baseURL: baseURL, group: nil, task: nil)
    }

    /// Whether this emulator answers only in process (``inProcess(configuration:baseURL:)``).
    public var isInProcess: Bool { group == nil }

    /// A transport to this emulator's routes in process, sending any other URL through `fallback`. For an emulator
    /// that listens, the same routes without its socket.
    public func inProcessTransport(fallback: (any HTTPTransport)? = nil) -> EmulatorTransport {
        EmulatorTransport(emulator: emulator, baseURL: baseURL, fallback: fallback, logger: BattleNetEmulator.quietLogger, power: power)
    }
}

/// Whether an emulator still answers: switched off when it stops, for the transports that reach it in process.
final class EmulatorPower: Sendable {
    private let on = NIOLockedValueBox(true)

    var isOn: Bool { on.withLockedValue { $0 } }

    func switchOff() { on.withLockedValue { $0 = false } }
}
