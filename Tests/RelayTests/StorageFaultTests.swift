import BattleNet
import Foundation
import RelayCore
import RelaySQLite
import Testing

/// Storage faults on a real filesystem: the database lives on a small tmpfs that the test fills up. Needs root to
/// mount it (CI and the development machines run as root).
@Suite("Storage faults", .serialized)
struct StorageFaultTests {
    final class Mount {
        let path: URL
        init(sizeKiB: Int) throws {
            path = FileManager.default.temporaryDirectory.appending(path: "tmpfs-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
            try Self.run("mount", "-t", "tmpfs", "-o", "size=\(sizeKiB)k", "tmpfs", path.path)
        }
        func unmount() {
            try? Self.run("umount", "-l", path.path)
            try? FileManager.default.removeItem(at: path)
        }
        static func run(_ arguments: String...) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw POSIXError(.EPERM) }
        }
    }

    @Test("A full disk makes /readyz fail and requests answer 503; service resumes once space is freed")
    func diskFull() async throws {
        let mount = try Mount(sizeKiB: 8192)
        defer { mount.unmount() }
        try await withRelay(databaseDirectory: mount.path) { relay in
            let before = try await relay.startLogin()
            let filler = mount.path.appending(path: "filler")
            _ = FileManager.default.createFile(atPath: filler.path, contents: nil)
            let handle = try FileHandle(forWritingTo: filler)
            let chunk = Data(count: 64 << 10)
            while (try? handle.write(contentsOf: chunk)) != nil {}
            try? handle.close()
            try await expectUnavailable(relay)
            try FileManager.default.removeItem(at: filler)
            try await expectRecovered(relay, before: before)
        }
    }

    private func expectUnavailable(_ relay: RelayHarness) async throws {
        let ready = try await relay.get("/readyz")
        #expect(ready.status == 503)
        #expect(ready.json["error"] as? String == "temporarily_unavailable")
        let start = try await relay.post("/oauth/device/code", form: [("client_id", "d3")])
        #expect(start.status == 503)
        #expect(start.json["error"] as? String == "temporarily_unavailable")
        #expect(start.header("Retry-After") != nil)
        #expect(try await relay.get("/healthz").status == 200)
    }

    private func expectRecovered(_ relay: RelayHarness, before: StartedLogin) async throws {
        #expect(try await relay.get("/readyz").status == 200)
        let callback = try await relay.decide(try await relay.confirm(before))
        #expect(try await relay.get(callback).text.contains("Signed in"))
        #expect(try await relay.poll(before, wait: 1).status == 200)
        _ = try await relay.startLogin()
        let store = try SQLiteLoginStore(path: relay.databasePath)
        #expect(try await store.integrityCheck() == "ok")
    }
}
