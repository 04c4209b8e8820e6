import Foundation
import RelayCore
import Testing

/// `bnet-relay check-config` ends with a verdict a person cannot miss: "configuration OK" only when it is.
@Suite("check-config verdict", .timeLimit(.minutes(1)))
struct CheckConfigTests {
    /// The shipped example, installed as the installer leaves it: client secret and seal key beside it.
    private static func installedExample(in directory: URL) throws -> URL {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appending(path: "../../deploy/relay.env.example")
        let envFile = directory.appending(path: "relay.env")
        try FileManager.default.copyItem(at: example, to: envFile)
        try "Zq8-verdict-secret\n".write(to: directory.appending(path: "client-secret"), atomically: true, encoding: .utf8)
        try RelayKey.write(to: directory.appending(path: "seal.key").path)
        return envFile
    }

    private static func lastLine(_ output: String) -> String {
        output.split(separator: "\n").last.map(String.init) ?? ""
    }

    @Test("relay.env.example as shipped is NOT OK: its client id is a placeholder; with a real id it is OK")
    func placeholderClientID() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "verdict-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let envFile = try Self.installedExample(in: directory)

        let shipped = try await runRelayCommand(["check-config", "--env-file", envFile.path])
        #expect(shipped.status == 1, "\(shipped.output)")
        #expect(!shipped.output.contains("configuration OK"), "\(shipped.output)")
        #expect(shipped.output.contains("configuration NOT OK (1 problem):"), "\(shipped.output)")
        #expect(Self.lastLine(shipped.output).hasPrefix("- BNET_CLIENT_ID is still the example's placeholder"), "\(shipped.output)")
        #expect(!shipped.output.contains("Zq8-verdict-secret"))

        let text = try String(contentsOf: envFile, encoding: .utf8)
            .replacingOccurrences(of: "BNET_CLIENT_ID=replace-with-your-client-id", with: "BNET_CLIENT_ID=0123abcd")
        try text.write(to: envFile, atomically: true, encoding: .utf8)
        let filled = try await runRelayCommand(["check-config", "--env-file", envFile.path])
        #expect(filled.status == 0, "\(filled.output)")
        #expect(Self.lastLine(filled.output) == "configuration OK", "\(filled.output)")
        #expect(filled.output.contains("mode: Battle.net, client 0123abcd"))
    }

    @Test("A broken setting ends with NOT OK and exit 1, also when it cannot be parsed at all")
    func notOK() async throws {
        let problem = try await runRelayCommand(["check-config", "--max-open-logins", "0"])
        #expect(problem.status == 1, "\(problem.output)")
        #expect(problem.output.contains("listen: 127.0.0.1:8080"), "the settings are still shown: \(problem.output)")
        #expect(problem.output.contains("configuration NOT OK (1 problem):\n- --max-open-logins must be at least 1"))
        #expect(!problem.output.contains("configuration OK"))

        let unparsable = try await runRelayCommand(["check-config", "--log-format", "xml"])
        #expect(unparsable.status == 1, "\(unparsable.output)")
        #expect(unparsable.output.contains("configuration NOT OK (1 problem):\n- --log-format xml: expected text or json"))
    }
}
