import Foundation
import TestSupport
import Testing

/// How `bnet-relay serve` ends when it cannot start, as systemd and an operator see it: at once, with a message that
/// names what to do, no usage text, and a sysexits status by cause (docs/configuration.md, "Exit status").
@Suite("bnet-relay start failures", .timeLimit(.minutes(2)))
struct StartFailureTests {
    @Test("A second sandbox relay started as the quick start does exits within seconds, naming the emulator's port")
    func secondSandboxRelay() async throws {
        let directory = try Self.directory("second")
        defer { try? FileManager.default.removeItem(at: directory) }
        // The quick start's command in one directory, twice: `bnet-relay` with no subcommand and the default
        // layout (emulator on PORT+1, operations on PORT+2); only the port is a free one rather than 8080.
        let port = try freePort()
        let environment = RelayProcess.environment(["BNET_RELAY_PORT": "\(port)"])
        let first = try await RunningRelay(
            binary: RelayProcess.binary, port: port, arguments: [], environment: environment, directory: directory,
            transport: transport)
        defer { first.signal(SIGKILL) }
        let clock = ContinuousClock()
        let started = clock.now
        let second = try await ChildProcess.run(
            RelayProcess.binary, [], environment: environment, directory: directory.path, timeout: .seconds(30))
        print("the second relay exited \(second.status) after \(clock.now - started)")
        #expect(second.status == 69, "\(second.stdout)\(second.stderr)")
        #expect(second.stderr.contains(
            "the sandbox's Battle.net emulator cannot listen on 127.0.0.1:\(port + 1): another process is listening "
                + "there (another relay?); stop it, or choose another port with --emulator-port (by default --port + 1)"),
            "\(second.stderr)")
        #expect(!second.stderr.contains("Usage:"))
        #expect(await first.stop() == 0)
    }

    @Test("Each cause of a failed start has its own exit status and no usage text")
    func exitStatuses() async throws {
        let directory = try Self.directory("status")
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = directory.appending(path: "k").path
        let database = directory.appending(path: "r.sqlite").path
        let sandbox = ["--port", "0", "--emulator-port", "0", "--seal-key-file", key]

        let usage = try await runRelayCommand(["serve", "--no-such-flag", "1"])
        #expect(usage.status == 64)
        #expect(usage.output.contains("Usage:"))

        let badValue = try await runRelayCommand(["serve", "--port", "eighty"])
        #expect(badValue.status == 78, "\(badValue.output)")
        #expect(badValue.output.contains("--port eighty: expected a number"))
        #expect(!badValue.output.contains("Usage:"))

        let credentials = ["BNET_CLIENT_ID": "id", "BNET_CLIENT_SECRET": "Zq8-status-secret"]
        let noKey = try await runRelayCommand(
            ["serve", "--public-url", "https://relay.example.com", "--seal-key-file", key + "-missing", "--database", database],
            environment: credentials)
        #expect(noKey.status == 78, "\(noKey.output)")
        #expect(noKey.output.contains("cannot start"))
        #expect(!noKey.output.contains("Usage:"))

        let noDirectory = try await runRelayCommand(sandbox + ["--database", directory.appending(path: "missing/r.sqlite").path])
        #expect(noDirectory.status == 74, "\(noDirectory.output)")
        #expect(noDirectory.output.contains("the directory \(directory.appending(path: "missing").path) does not exist: create it"),
            "\(noDirectory.output)")
        #expect(!noDirectory.output.contains("SQLite error"))
        #expect(!noDirectory.output.contains("Usage:"))

        let taken = try #require(RawHTTP.listeningSocket())
        defer { close(taken.fd) }
        let port = try await runRelayCommand(["serve", "--port", "\(taken.port)", "--emulator-port", "0", "--database", database, "--seal-key-file", key])
        #expect(port.status == 69, "\(port.output)")
        #expect(!port.output.contains("Usage:"))
    }

    static func directory(_ name: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appending(path: "\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }
}
