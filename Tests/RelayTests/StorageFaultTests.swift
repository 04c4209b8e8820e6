import BattleNet
import Foundation
import RelayApp
import RelayCore
import RelaySQLite
import RelayServer
import TestSupport
import Testing

/// Storage faults on real file systems: the database lives on a small tmpfs that the test fills up, or on a
/// loop-mounted ext4 that the kernel turns read-only. Needs root to mount them (CI and the development machines run
/// as root).
@Suite(
    "Storage faults", .serialized, .enabled(if: getuid() == 0, "mounts file systems, so it runs as root (as CI does)"),
    .timeLimit(.minutes(2)))
struct StorageFaultTests {
    final class Mount: Sendable {
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
            try run(arguments)
        }
        /// Runs a short command (found on PATH) to completion, its output the test's own.
        static func run(_ arguments: [String]) throws {
            let command = try Spawned(
                "/usr/bin/env", arguments, environment: ProcessInfo.processInfo.environment,
                standardOutput: .descriptor(1), standardError: .descriptor(2))
            guard command.waitUntilExit() == 0 else { throw POSIXError(.EPERM) }
        }
    }

    @Test("A full disk makes /readyz fail and requests answer 503; service resumes once space is freed")
    func diskFull() async throws {
        let mount = try Mount(sizeKiB: 8192)
        defer { mount.unmount() }
        try await withRelay({ $0.database = .sqlite(path: mount.path.appending(path: "relay.sqlite").path) }) { relay in
            let before = try await relay.startLogin()
            let filler = mount.path.appending(path: "filler")
            _ = FileManager.default.createFile(atPath: filler.path, contents: nil)
            let handle = try FileHandle(forWritingTo: filler)
            let chunk = Data(count: 64 << 10)
            while (try? handle.write(contentsOf: chunk)) != nil {}
            try? handle.close()
            try await expectUnavailable(relay, pending: before)
            try FileManager.default.removeItem(at: filler)
            try await expectRecovered(relay, before: before)
        }
    }

    /// An ext4 file system in a loop-mounted image, mounted `errors=remount-ro`, so that the kernel itself can turn
    /// it read-only under the relay's open files, as it does on a real disk error.
    final class Ext4Image: Sendable {
        let image: URL
        let path: URL

        init(sizeMiB: Int) throws {
            let root = FileManager.default.temporaryDirectory.appending(path: "ext4-\(UUID().uuidString)")
            image = root.appending(path: "disk.img")
            path = root.appending(path: "mnt")
            try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
            try Mount.run("truncate", "-s", "\(sizeMiB)M", image.path)
            try Mount.run("mkfs.ext4", "-q", image.path)
            try mount()
        }

        func mount() throws {
            try Mount.run("mount", "-o", "loop,errors=remount-ro", image.path, path.path)
        }

        /// Makes the kernel record a file-system error: the mount turns read-only at once, open files included.
        func forceReadOnly() throws {
            let mounts = try String(contentsOfFile: "/proc/mounts", encoding: .utf8)
            let device = try #require(mounts.split(separator: "\n").first { $0.split(separator: " ").dropFirst().first == Substring(path.path) }?
                .split(separator: " ").first?.split(separator: "/").last)
            try "test".write(toFile: "/sys/fs/ext4/\(device)/trigger_fs_error", atomically: false, encoding: .utf8)
        }

        /// What an operator does after a disk error: unmount, check, mount again.
        func repair() throws {
            try Mount.run("umount", path.path)
            try? Mount.run("e2fsck", "-fy", image.path)
            try mount()
        }

        func remove() {
            try? Mount.run("umount", "-l", path.path)
            try? FileManager.default.removeItem(at: image.deletingLastPathComponent())
        }
    }

    @Test("A disk the kernel turns read-only under the relay makes /readyz fail and requests answer 503; after repair nothing is lost or corrupted")
    func readOnly() async throws {
        let disk = try Ext4Image(sizeMiB: 32)
        defer { disk.remove() }
        let keyPath = FileManager.default.temporaryDirectory.appending(path: "ro-\(UUID().uuidString).key").path
        try RelayKey.write(to: keyPath)
        defer { try? FileManager.default.removeItem(atPath: keyPath) }
        let before = try await withRelay({ $0.database = .sqlite(path: disk.path.appending(path: "relay.sqlite").path); $0.sealKeyFile = keyPath }) { relay in
            let login = try await relay.startLogin()
            try disk.forceReadOnly()
            try await expectUnavailable(relay, pending: login)
            return login
        }
        try disk.repair()
        try await withRelay({ $0.database = .sqlite(path: disk.path.appending(path: "relay.sqlite").path); $0.sealKeyFile = keyPath }) { relay in
            try await expectRecovered(relay, before: before)
        }
    }

    @Test("A database file made immutable (chattr +i) under the relay: 503 at once; writable again, service resumes without a restart")
    func immutableFile() async throws {
        let disk = try Ext4Image(sizeMiB: 32)
        defer { disk.remove() }
        try await withRelay({ $0.database = .sqlite(path: disk.path.appending(path: "relay.sqlite").path) }) { relay in
            let before = try await relay.startLogin()
            let files = ["relay.sqlite", "relay.sqlite-wal"].map { disk.path.appending(path: $0).path }
            try Mount.run(["chattr", "+i"] + files)
            do {
                try await expectUnavailable(relay, pending: before)
            } catch {
                try? Mount.run(["chattr", "-i"] + files)
                throw error
            }
            try Mount.run(["chattr", "-i"] + files)
            try await expectRecovered(relay, before: before)
        }
    }

    /// Not ready; a start is refused promptly (``StoreOutageTests/expectRefusedPromptly(_:)``); a pending poll is
    /// still answered from memory.
    private func expectUnavailable(_ relay: RelayHarness, pending: StartedLogin) async throws {
        let ready = try await relay.readiness(becoming: 503)
        #expect(ready.status == 503)
        #expect(ready.json["error"] as? String == "temporarily_unavailable")
        try await StoreOutageTests.expectRefusedPromptly {
            try await relay.post("/oauth/device/code", form: [("client_id", "d3")])
        }
        #expect(try await relay.poll(pending, wait: 1).json["error"] as? String == "authorization_pending")
        #expect(try await relay.get("/healthz").status == 200)
    }

    private func expectRecovered(_ relay: RelayHarness, before: StartedLogin) async throws {
        #expect(try await relay.readiness(becoming: 200).status == 200)
        let callback = try await relay.decide(try await relay.confirm(before))
        #expect(try await relay.get(callback).text.contains("Signed in"))
        #expect(try await relay.poll(before, wait: 1).status == 200)
        _ = try await relay.startLogin()
        let store = try SQLiteLoginStore(path: relay.databasePath)
        #expect(try await store.integrityCheck() == "ok")
    }
}
