import BattleNet
import BattleNetHTTPClient
import Foundation
import GRDB
import Logging
import RelayApp
import RelayCore
import RelayServer
import TestSupport
import Testing

/// Day-two operations as an operator runs them with the `bnet-relay` binary: backups and schema versions.
@Suite("Operator commands: backup, schema versions", .timeLimit(.minutes(3)))
struct OperatorTests {
    @Test("backup copies the database while the relay serves and writes, checks the copy, and refuses what it should")
    func backup() async throws {
        try await withRelay { relay in
            for _ in 0..<3 { _ = try await relay.startLogin() }
            // The relay keeps writing while the copy is made.
            let writer = Task {
                while !Task.isCancelled { _ = try? await relay.post("/oauth/device/code", form: [("client_id", "myapp")]) }
            }
            defer { writer.cancel() }
            let output = relay.directory.appending(path: "backup.sqlite").path
            let made = try await runRelayCommand(["backup", "--database", relay.databasePath, "--output", output])
            writer.cancel()
            #expect(made.status == 0, "\(made.output)")
            #expect(made.output.contains("integrity_check ok"), "\(made.output)")
            #expect(made.output.contains("schema v9 upstream budget"), "\(made.output)")
            #expect((try FileManager.default.attributesOfItem(atPath: output)[.posixPermissions] as? Int) == 0o600)
            #expect(!FileManager.default.fileExists(atPath: output + "-wal"))
            let copy = try DatabaseQueue(path: output)
            let (pending, integrity) = try await copy.read { db in
                (try Int.fetchOne(db, sql: "SELECT count(*) FROM login WHERE app = 'd3'"),
                    try String.fetchOne(db, sql: "PRAGMA integrity_check"))
            }
            try copy.close()
            #expect(pending == 3)
            #expect(integrity == "ok")
            // Restored, it is a database the relay's commands read as they read the live one.
            let listed = try await runRelayCommand(["logins", "--database", output])
            #expect(listed.status == 0 && listed.output.contains("d3\tpending"), "\(listed.output)")

            let again = try await runRelayCommand(["backup", "--database", relay.databasePath, "--output", output])
            #expect(again.status == 74, "a refusal (EX_IOERR), not a usage error")
            #expect(!again.output.contains("USAGE"), "\(again.output)")
            #expect(again.output.contains("\(output) exists: choose another file, or add --force"), "\(again.output)")
            let forced = try await runRelayCommand(["backup", "--database", relay.databasePath, "--output", output, "--force"])
            #expect(forced.status == 0, "\(forced.output)")
            let nowhere = try await runRelayCommand(
                ["backup", "--database", relay.databasePath, "--output", "/nonexistent-\(UUID().uuidString)/b.sqlite"])
            #expect(nowhere.status != 0)
            #expect(nowhere.output.contains("does not exist"), "\(nowhere.output)")
            let missing = try await runRelayCommand(
                ["backup", "--database", relay.directory.appending(path: "nope.sqlite").path, "--output", output + "2"])
            #expect(missing.status == 74, "\(missing.output)")
            #expect(missing.output.contains("nope.sqlite does not exist"), "\(missing.output)")
            #expect(!FileManager.default.fileExists(atPath: output + "2"))
        }
    }

    @Test("backup reports the file's own schema, also one newer than this binary knows (before a rollback)")
    func backupOfNewerSchema() async throws {
        try await withRelay { relay in
            let newer = "v99 from a newer relay"
            try await DatabaseQueue(path: relay.databasePath).write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [newer])
            }
            let output = relay.directory.appending(path: "newer.sqlite").path
            let made = try await runRelayCommand(["backup", "--database", relay.databasePath, "--output", output])
            #expect(made.status == 0, "\(made.output)")
            #expect(made.output.contains("schema \(newer),"), "\(made.output)")
        }
    }

    @Test("backup of a PostgreSQL database tells the operator the pg_dump command, without the password")
    func backupPostgres() async throws {
        let result = try await runRelayCommand([
            "backup", "--database", "postgres://relay:Pw-never-printed-42@db.internal:5432/bnet_relay?sslmode=verify-full",
            "--output", "/var/backups/relay.dump",
        ])
        #expect(result.status != 0)
        #expect(result.output.contains("pg_dump --format=custom --file=/var/backups/relay.dump 'postgres://relay:redacted@db.internal:5432/bnet_relay?sslmode=verify-full'"), "\(result.output)")
        #expect(!result.output.contains("Pw-never-printed-42"))
    }

    @Test("the relay refuses to start on a database whose schema is newer than it knows, and changes nothing")
    func schemaTooNew() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "relay.sqlite").path
        try await DatabaseLocation.sqlite(path: path).withStore(logger: Logger(label: "schema-test")) { _ in }
        let database = try DatabaseQueue(path: path)
        try await database.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v10 from a newer relay')")
        }
        let before = try await database.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY 1") }
        #expect(before.count == 10)

        let serve = try await runRelayCommand([
            "serve", "--database", path, "--seal-key-file", directory.appending(path: "k").path,
            "--port", "\(try freePort())", "--ops-port", "\(try freePort())", "--emulator-port", "\(try freePort())",
        ])
        #expect(serve.status == 78, "\(serve.output)")
        #expect(!serve.output.contains("Usage:"))
        #expect(serve.output.contains("the database's schema (v10) is newer than this relay knows (v9)"), "\(serve.output)")
        #expect(serve.output.contains("v10 from a newer relay"))
        let logins = try await runRelayCommand(["logins", "--database", path])
        #expect(logins.status == 78, "\(logins.output)")
        #expect(logins.output.contains("is newer than this relay knows"), "\(logins.output)")
        let after = try await database.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY 1") }
        #expect(after == before)
        try database.close()
    }
}

/// `--log-format json`, as journald, Loki or any collector reads it.
@Suite("JSON log lines", .timeLimit(.minutes(2)))
struct JSONLogTests {
    @Test("--log-format json writes one JSON object per line, with the text format's fields and no secret")
    func jsonLines() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "json-log-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let relay = try await RelayProcess(
            arguments: ["--database", directory.appending(path: "r.sqlite").path, "--seal-key-file",
                directory.appending(path: "k").path, "--emulator-port", "\(try freePort())", "--log-format", "json"],
            directory: directory)
        let started = try await relay.post("/oauth/device/code", form: [("client_id", "d3")])
        let deviceCode = try #require(started.json["device_code"] as? String)
        let userCode = try #require(started.json["user_code"] as? String)
        _ = try await transport.send(TransportRequest(
            url: relay.baseURL.appending(path: "device").appendingQuery([("user_code", userCode)])))
        #expect(await relay.stop() == 0)

        let lines = relay.log.split(separator: "\n")
        #expect(lines.count >= 5)
        let objects = lines.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        #expect(objects.count == lines.count, "every line is a JSON object:\n\(relay.log)")
        for object in objects {
            #expect(object["time"] is String && object["level"] is String && object["message"] is String, "\(object)")
        }
        #expect(objects.contains { $0["message"] as? String == "config" && $0["setting"] as? String == "log: info, json" })
        #expect(objects.contains { ($0["message"] as? String)?.hasPrefix("SANDBOX MODE") == true && $0["level"] as? String == "warning" })
        let request = objects.first { $0["route"] as? String == "/oauth/device/code" }
        #expect(request?["status"] as? String == "200")
        #expect(request?["client"] as? String == "127.0.0.1")
        #expect(request?["method"] as? String == "POST")
        #expect(!relay.log.contains(deviceCode))
        #expect(!relay.log.contains(userCode))
        #expect(!relay.log.contains(userCode.replacingOccurrences(of: "-", with: "")))

        let bad = try await runRelayCommand(["check-config", "--log-format", "xml"])
        #expect(bad.status != 0)
        #expect(bad.output.contains("--log-format xml: expected text or json"))
    }
}

/// `check-config --env-file`: what the service will use, read from relay.env as systemd reads it.
@Suite("check-config --env-file", .timeLimit(.minutes(1)))
struct EnvironmentFileTests {
    @Test("check-config --env-file reads only the file (quotes, comments) and the credentials beside it")
    func envFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "env-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let envFile = directory.appending(path: "relay.env")
        try """
            # a comment
            ; another
            BNET_RELAY_PUBLIC_URL=https://relay.example.com
            BNET_RELAY_SCOPE="openid d3.profile"
            BNET_RELAY_TRUSTED_PROXIES=127.0.0.1,::1
              BNET_RELAY_REGION = eu
            BNET_CLIENT_ID=client-from-file

            """.write(to: envFile, atomically: true, encoding: .utf8)
        try "Zq8-env-file-secret\n".write(to: directory.appending(path: "client-secret"), atomically: true, encoding: .utf8)
        try RelayKey.write(to: directory.appending(path: "seal.key").path)
        // The caller's own environment is not the service's: it must not count.
        let checked = try await runRelayCommand(
            ["check-config", "--env-file", envFile.path], environment: ["BNET_RELAY_REGION": "kr", "BNET_RELAY_PORT": "9999"])
        #expect(checked.status == 0, "\(checked.output)")
        for line in [
            "region: eu", "listen: 127.0.0.1:8080", "mode: Battle.net, client client-from-file", "default scopes: openid d3.profile",
            "trusted proxies: 127.0.0.1, ::1", "seal key file: \(directory.appending(path: "seal.key").path)", "configuration OK",
        ] {
            #expect(checked.output.split(separator: "\n").contains { $0 == line }, "\(line) in \(checked.output)")
        }
        #expect(!checked.output.contains("Zq8-env-file-secret"))

        try "BNET_RELAY_PORT 8080\n".write(to: envFile, atomically: true, encoding: .utf8)
        let broken = try await runRelayCommand(["check-config", "--env-file", envFile.path])
        #expect(broken.status != 0)
        #expect(broken.output.contains("relay.env line 1: expected KEY=VALUE"), "\(broken.output)")
        let missing = try await runRelayCommand(["check-config", "--env-file", directory.appending(path: "nope.env").path])
        #expect(missing.status != 0)
        #expect(missing.output.contains("nope.env: cannot read the file"), "\(missing.output)")
    }

    @Test("CRLF line ends and backslashes in double quotes are read as systemd reads them")
    func systemdQuoting() throws {
        let variables = try EnvironmentFile.parse(
            "A=1\r\nB=\"x\\qy\"\r\nC=\"say \\\"hi\\\" \\\\ \\$HOME\"\r\n# c\r\nD='a\\b'\r\n", path: "relay.env")
        #expect(variables == ["A": "1", "B": #"x\qy"#, "C": #"say "hi" \ $HOME"#, "D": #"a\b"#])
    }
}
