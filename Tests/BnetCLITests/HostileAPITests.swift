import BattleNet
import BnetKit
import Foundation
import TestSupport
import Testing

/// `d3 api` against an API that answers with bytes meant for the terminal (issue 35): escape sequences, an OSC 52
/// clipboard write, a C1 CSI, bidirectional overrides; and a host smuggled in as `//host`.
@Suite("d3 api against a hostile API", .timeLimit(.minutes(2)))
struct HostileAPITests {
    /// What the server sent that no terminal output may carry: an OSC (the clipboard write), a screen clear, the C1
    /// CSI, the right-to-left override and isolate, BEL. (`d3`'s own colours are its business.)
    static let drivers = ["\u{1B}]", "\u{1B}[2J", "\u{9B}", "\u{202E}", "\u{2067}", "\u{07}"]

    /// Whether `text` carries any of ``drivers``.
    static func drives(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        return drivers.contains { driver in
            let needle = Array(driver.unicodeScalars)
            return scalars.indices.contains { scalars[$0...].starts(with: needle) }
        }
    }

    /// A sandbox signed in at region us with a live token, and `d3 api PATH` on a terminal against `server`.
    static func api(_ sandbox: Sandbox, _ server: HostileAPI, _ arguments: [String] = []) async throws -> PseudoTerminal {
        try sandbox.store.save(StoredCredential(
            region: .us, regions: [.us], relay: "http://127.0.0.1:1",
            token: AccessToken(value: "live-token", expiresAt: Date(timeIntervalSinceNow: 3600))))
        return try PseudoTerminal(
            ["api", "/d3/data/act/1", "--region", "us", "--api-url", server.url] + arguments, environment: sandbox.environment())
    }

    @Test("Controls, C1 and bidi characters inside JSON strings reach the terminal as \\u escapes; a pipe gets the bytes as sent")
    func escapesInsideStrings() async throws {
        let body = Data(#"{"name":"Act I\u001b]52;c;cHduZWQ=\u0007","title":"\#u{9B}31mred\#u{202E}txt.exe\#u{2067}"}"#.utf8)
        let server = try HostileAPI(body: body)
        defer { server.stop() }
        try await withSandbox { sandbox in
            let terminal = try await Self.api(sandbox, server)
            #expect(try await terminal.waitForExit() == 0, "\(terminal.text)")
            let shown = terminal.text
            #expect(!Self.drives(shown), "\(shown.debugDescription)")
            // JSON's own escapes, in either letter case (Foundation writes those of C0 controls itself).
            #expect(shown.lowercased().contains(#"act i\u001b]52;c;chduzwq=\u0007"#), "\(shown.debugDescription)")
            #expect(shown.lowercased().contains(#"\u009b31mred\u202etxt.exe\u2067"#), "\(shown.debugDescription)")

            let piped = try await sandbox.d3(
                "api", "/d3/data/act/1", "--region", "us", "--api-url", server.url)
            #expect(piped.status == 0, "\(piped.stderr)")
            #expect(Data(piped.stdout.utf8) == body + Data("\n".utf8), "a pipe gets the answer byte for byte")
        }
    }

    @Test("A body that is not JSON is not printed on a terminal: the person is told to redirect it")
    func refusesRawBytes() async throws {
        let server = try HostileAPI(body: Data("\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}[2J owned".utf8), contentType: "text/plain")
        defer { server.stop() }
        try await withSandbox { sandbox in
            let terminal = try await Self.api(sandbox, server)
            #expect(try await terminal.waitForExit() == 1, "\(terminal.text)")
            #expect(!Self.drives(terminal.text), "\(terminal.text.debugDescription)")
            #expect(!terminal.text.contains("owned"))
            #expect(terminal.text.contains("not JSON"))
            #expect(terminal.text.contains("to a file or a pipe"))
        }
    }

    @Test("A path with a . or .. segment, spelled or percent-encoded, is refused before anything is sent (R4-8)",
        arguments: ["/d3/data/../../oauth/userinfo", "/d3/%2e%2e/profile/user/wow", "/d3/%2E%2E/x", "d3/./data/act/1"])
    func dotSegments(path: String) async throws {
        try await withSandbox { sandbox in
            let result = try await sandbox.d3("api", path, "--region", "us")
            #expect(result.status == 2, "\(result.stderr)")
            #expect(result.stderr.contains("segment"), "\(result.stderr)")
        }
    }

    @Test("A path that names a host (//host/x) is refused, not sent to the API host without it")
    func hostInPath() async throws {
        try await withSandbox { sandbox in
            let result = try await sandbox.d3("api", "//evil.example/d3/data/act/1", "--region", "us")
            #expect(result.status == 2, "\(result.stderr)")
            #expect(result.stderr.contains("names a host"))
        }
    }
}
