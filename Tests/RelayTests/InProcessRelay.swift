import BattleNet
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import RelayCore
import Testing

@testable import RelayServer

/// A relay built exactly as `bnet-relay serve` builds it, answering through its routers in this process: no socket,
/// no port. Battle.net's endpoints point nowhere, so flows that reach Battle.net belong to ``RelayHarness``.
struct InProcessRelay {
    let relay: Relay
    let directory: URL

    /// Builds a relay over a fresh SQLite file, configured by ``RelayHarness/configuration(directory:endpoints:)``
    /// and then by `configure`, migrates its database and runs `body`.
    static func with<T>(
        _ configure: (inout RelayConfiguration) throws -> Void = { _ in }, prepared: Bool = true,
        _ body: (InProcessRelay) async throws -> T
    ) async throws -> T {
        let directory = FileManager.default.temporaryDirectory.appending(path: "relay-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = try RelayHarness.configuration(
            directory: directory, endpoints: BattleNetEndpoints(emulatorBaseURL: URL(string: "http://battle.net.invalid")!))
        try configure(&configuration)
        let relay = try await Relay.build(configuration: configuration, logger: Logger(label: "in-process") { _ in SwiftLogNoOpLogHandler() })
        if prepared { try await relay.prepare() }
        return try await body(InProcessRelay(relay: relay, directory: directory))
    }

    /// Runs `test` against the public router.
    func test<T>(_ test: @Sendable (any TestClientProtocol) async throws -> T) async throws -> T {
        try await Application(responder: relay.responder).test(.router, test)
    }

    /// Runs `test` against the operations router (`/healthz`, `/readyz`, `/metrics`).
    func testOperations<T>(_ test: @Sendable (any TestClientProtocol) async throws -> T) async throws -> T {
        try await Application(responder: relay.opsResponder).test(.router, test)
    }
}

extension TestClientProtocol {
    /// A form POST.
    func post(_ path: String, form: [(String, String)], headers: HTTPFields = [:]) async throws -> TestResponse {
        var fields = headers
        fields[.contentType] = "application/x-www-form-urlencoded"
        return try await execute(
            uri: path, method: .post, headers: fields, body: ByteBuffer(string: FormEncoding.encode(form)))
    }
}

extension TestResponse {
    /// The body as a JSON object; empty when it is not one.
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(String(buffer: body).utf8)) as? [String: Any]) ?? [:]
    }
}
