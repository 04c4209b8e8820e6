import Foundation
import RelayApp
import Testing

/// `relay.env` read as systemd reads it, or refused where systemd would read it otherwise (R5-3: check-config
/// approved files whose settings the unit read differently).
@Suite("Environment files as systemd reads them", .timeLimit(.minutes(1)))
struct SystemdEnvironmentFileTests {
    static func refusal(_ text: String) -> String? {
        do {
            _ = try EnvironmentFile.parse(text, path: "relay.env")
            return nil
        } catch {
            return error.message
        }
    }

    @Test("The review's files, a lone CR in a value and in a comment, a continuation, a quote spanning lines: refused, naming the line",
        arguments: [
            ("BNET_CLIENT_ID=id\rBNET_RELAY_TRUSTED_PROXIES=0.0.0.0/1,128.0.0.0/1\n", "line 1 has a carriage return"),
            ("# note \\\nBNET_RELAY_MAX_OPEN_LOGINS=500\n", "line 1 ends with a backslash"),
            ("BNET_RELAY_PORT=8080\n# a comment\rBNET_RELAY_HOST=0.0.0.0\n", "line 2 has a carriage return"),
            ("BNET_RELAY_SCOPE=openid \\\nd3.profile\n", "line 1 ends with a backslash"),
            ("BNET_RELAY_SCOPE=\"openid\nd3.profile\"\n", "line 1: the value's quotes"),
            ("BNET_RELAY_SCOPE=\"openid\"d3.profile\n", "line 1: the value's quotes"),
            ("BNET_RELAY_SCOPE='openid' 'd3.profile'\n", "line 1: the value's quotes"),
            ("BNET_RELAY_SCOPE=openid\\ d3.profile\n", "line 1: the value's quotes"),
            ("BNET_RELAY_SCOPE=\"openid\\\"\n", "line 1: the value's quotes"),
            ("2BNET=x\n", "line 1: expected KEY=VALUE"),
        ])
    func refused(text: String, expected: String) {
        let message = Self.refusal(text)
        #expect(message?.hasPrefix("relay.env \(expected)") == true || message?.contains(expected) == true, "\(message ?? "read")")
    }

    @Test("Only spaces and tabs are trimmed, as systemd trims: a no-break space stays in the value (a fuzz finding)")
    func noBreakSpace() throws {
        #expect(try EnvironmentFile.parse("J=\u{1}x\u{A0}\n", path: "relay.env") == ["J": "\u{1}x\u{A0}"])
    }

    @Test("What systemd reads alike is read: comments, CRLF, trimming, both quotes and their escapes, an empty value")
    func readAlike() throws {
        let text = "# comment\r\n; another\r\nA = plain value  \r\nB='single \\ \"kept\"'\nC=\"double \\\" \\\\ \\$ \\n\"\nD=\n\nE=x=y\n"
        #expect(try EnvironmentFile.parse(text, path: "relay.env") == [
            "A": "plain value", "B": "single \\ \"kept\"", "C": "double \" \\ $ \\n", "D": "", "E": "x=y",
        ])
    }
}
