import BattleNet
import BattleNetEmulator
import BattleNetHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting

/// The public base URL of every test relay; links the relay gives out (verification pages, Battle.net's redirect
/// URIs) start with it.
let publicBase = "https://relay.example.com"
/// The address of an in-process relay's operations listener (`/healthz`, `/readyz`, `/metrics`).
let operationsBase = "https://operations.relay.example.com"

/// Carries a test's requests the way a browser or client would reach its relay: a URL under ``publicBase`` goes to
/// the relay under test (on its loopback port, or through its router in process), one under ``operationsBase`` to
/// an in-process relay's operations router, one under the emulator's address to its routes in process, and any
/// other URL over the network.
struct RelayTransport: HTTPTransport {
    /// Where the relay under test answers.
    enum Relay: Sendable {
        /// A relay listening at `URL` (its public listener).
        case socket(URL)
        /// A relay answering through HummingbirdTesting's router clients for its public and operations routers.
        case router(public: any TestClientProtocol, operations: any TestClientProtocol)
    }

    let relay: Relay
    /// Everything else: the emulator's routes in process, and the network past them.
    let network: any HTTPTransport

    /// A transport to `relay`, and to `emulator`'s routes in process.
    init(relay: Relay, emulator: RunningEmulator) {
        self.relay = relay
        network = emulator.inProcessTransport(fallback: transport)
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        switch relay {
        case .socket(let base):
            guard let path = request.url.path(under: publicBase) else { return try await network.send(request) }
            var local = request
            local.url = URL(string: base.absoluteString + path)!
            return try await network.send(local)
        case .router(let client, let operations):
            if let path = request.url.path(under: publicBase) { return try await Self.send(request, path: path, to: client) }
            if let path = request.url.path(under: operationsBase) { return try await Self.send(request, path: path, to: operations) }
            return try await network.send(request)
        }
    }

    /// Sends `request` for `path` (with its query) through a router client.
    static func send(_ request: TransportRequest, path: String, to client: any TestClientProtocol) async throws -> TransportResponse {
        var headers = HTTPFields()
        for (name, value) in request.headers {
            guard let name = HTTPField.Name(name) else { throw BattleNetError.unreachable("an invalid header name: \(name)") }
            headers.append(HTTPField(name: name, value: value))
        }
        let response = try await client.execute(
            uri: path.isEmpty ? "/" : path, method: HTTPRequest.Method(request.method) ?? .get, headers: headers,
            body: request.body.map { ByteBuffer(bytes: $0) })
        return TransportResponse(response)
    }
}

extension TransportResponse {
    /// A router client's response, as the network transports return one.
    init(_ response: TestResponse) {
        self.init(
            status: response.status.code, headers: response.headers.map { ($0.name.rawName, $0.value) },
            body: Data(response.body.readableBytesView))
    }
}

extension URL {
    /// The path and query after `base` when this URL starts with it, nil otherwise.
    fileprivate func path(under base: String) -> String? {
        let text = absoluteString
        guard text.hasPrefix(base) else { return nil }
        let rest = text.dropFirst(base.count)
        guard rest.isEmpty || rest.hasPrefix("/") || rest.hasPrefix("?") else { return nil }
        return String(rest)
    }
}
