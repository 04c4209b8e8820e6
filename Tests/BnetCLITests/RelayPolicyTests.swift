import BattleNet
import BnetKit
import Foundation
import Testing

@Suite("What d3 requires of a relay: https or loopback, and links on its own origin", .timeLimit(.minutes(2)))
struct RelayPolicyTests {
    private func url(_ text: String) throws -> URL {
        try #require(URL(string: text))
    }

    private func authorization(_ uri: String, complete: String?) throws -> DeviceAuthorization {
        DeviceAuthorization(
            clientID: "d3", deviceCode: "device", userCode: "WDJB-MJHT", verificationURI: try url(uri),
            verificationURIComplete: try complete.map { try url($0) }, expiresAt: Date(timeIntervalSinceNow: 600))
    }

    @Test("Origins compare scheme and host without case, and fill in the default port")
    func origins() throws {
        let relay = try url("https://relay.example.com")
        for same in [
            "https://relay.example.com/device", "https://relay.example.com:443/device?user_code=X",
            "HTTPS://Relay.Example.COM/device", "https://relay.example.com",
        ] {
            #expect(try RelayPolicy.isSameOrigin(url(same), as: relay), "\(same)")
        }
        for other in [
            "http://relay.example.com/device", "https://relay.example.com:8443/device",
            "https://relay.example.com.evil.example/device", "https://evil.example/relay.example.com",
            "https://relay.example.com@evil.example/device", "https://sub.relay.example.com/device",
            "javascript:alert(1)", "file:///etc/passwd", "ftp://relay.example.com/device",
        ] {
            #expect(try !RelayPolicy.isSameOrigin(url(other), as: relay), "\(other)")
        }
        #expect(try RelayPolicy.isSameOrigin(url("http://127.0.0.1:80/device"), as: url("http://127.0.0.1")))
        #expect(try !RelayPolicy.isSameOrigin(url("http://localhost:8080/device"), as: url("http://127.0.0.1:8080")))
        #expect(try RelayPolicy.isSameOrigin(url("http://[::1]:8080/device"), as: url("http://[::1]:8080")))
        #expect(try WebOrigin(url("HTTP://Relay.Example.com:80/x"))?.description == "http://relay.example.com")
        #expect(try WebOrigin(url("http://[::1]:8080/x"))?.description == "http://[::1]:8080")
        #expect(try WebOrigin(url("mailto:someone@example.com")) == nil)
    }

    @Test("Loopback is localhost, 127.0.0.0/8 and ::1, in their usual spellings, and nothing else")
    func loopback() {
        for host in [
            "localhost", "LOCALHOST", "127.0.0.1", "127.1.2.3", "127.255.255.255", "::1", "[::1]",
            "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1",
        ] {
            #expect(WebOrigin.isLoopback(host: host), "\(host)")
        }
        for host in [
            "10.0.0.1", "0.0.0.0", "128.0.0.1", "126.255.255.255", "127.0.0.1.nip.io", "localhost.evil.example",
            "127.0.0.01", "0177.0.0.1", "127.1", "127.0.0.256", "::2", "::", "fe80::1", "::ffff:10.0.0.1", "",
            "evil-localhost", "relay.example.com",
        ] {
            #expect(!WebOrigin.isLoopback(host: host), "\(host)")
        }
    }

    @Test("A plain-http relay is allowed only on loopback, unless insisted on")
    func transport() throws {
        for allowed in [
            "https://relay.example.com", "https://10.0.0.1:8443", "http://127.0.0.1:8080", "http://localhost:8080",
            "http://[::1]:8080", "http://127.0.0.2",
        ] {
            try RelayPolicy.checkTransport(url(allowed), allowInsecure: false, program: .d3)
        }
        for refused in ["http://10.0.0.1:9", "http://relay.example.com", "http://0.0.0.0:8080", "HTTP://192.168.1.2"] {
            let failure = #expect(throws: CLIFailure.self) {
                try RelayPolicy.checkTransport(try url(refused), allowInsecure: false, program: .d3)
            }
            #expect(failure?.status == .usage)
            #expect(failure?.message.contains("plain http") == true)
            #expect(failure?.message.contains("unencrypted") == true)
            #expect(failure?.message.contains("--allow-insecure-relay") == true)
            #expect(failure?.message.contains("D3_ALLOW_INSECURE_RELAY=1") == true)
            try RelayPolicy.checkTransport(url(refused), allowInsecure: true, program: .d3)
        }
    }

    @Test("Every endpoint named by the relay's metadata must be on the relay's own origin")
    func endpoints() throws {
        let relay = try url("https://relay.example.com")
        try RelayPolicy.checkEndpoints(DeviceFlowEndpoints(conventionalAt: relay), relay: relay, program: .d3)
        try RelayPolicy.checkEndpoints(
            DeviceFlowEndpoints(
                deviceAuthorizationURL: try url("https://RELAY.example.com:443/device"),
                tokenURL: try url("https://relay.example.com/token")),
            relay: relay, program: .d3)
        let cases: [(device: String, token: String, revocation: String?, named: String)] = [
            ("http://collector.example/oauth/device/code", "https://relay.example.com/oauth/token", nil,
             "on another origin (http://collector.example)"),
            ("https://relay.example.com/oauth/device/code", "https://elsewhere.example/oauth/token", nil,
             "on another origin (https://elsewhere.example)"),
            ("https://relay.example.com/oauth/device/code", "https://relay.example.com/oauth/token",
             "https://relay.example.com:8443/oauth/revoke", "on another origin (https://relay.example.com:8443)"),
            ("https://relay.example.com/oauth/device/code", "http://relay.example.com/oauth/token", nil,
             "on another origin (http://relay.example.com)"),
            ("https://relay.example.com/oauth/device/code", "gopher://relay.example.com/token", nil,
             "that is not an http(s) URL"),
        ]
        for item in cases {
            let endpoints = DeviceFlowEndpoints(
                deviceAuthorizationURL: try url(item.device), tokenURL: try url(item.token),
                revocationURL: try item.revocation.map(url))
            let failure = #expect(throws: CLIFailure.self) { try RelayPolicy.checkEndpoints(endpoints, relay: relay, program: .d3) }
            #expect(failure?.status == .failure)
            #expect(failure?.message.contains(item.named) == true, "\(failure?.message ?? "")")
            #expect(failure?.message.contains("only to https://relay.example.com") == true)
        }
    }

    @Test("The link to open is the relay's own; a link on another origin refuses the sign-in")
    func verificationLinks() throws {
        let relay = try url("https://relay.example.com")
        let own = try authorization(
            "https://relay.example.com/device", complete: "https://RELAY.example.com:443/device?user_code=WDJB-MJHT")
        #expect(try RelayPolicy.verificationLink(for: own, relay: relay, program: .d3) == own.verificationURIComplete)
        let withoutComplete = try authorization("https://relay.example.com/device", complete: nil)
        #expect(try RelayPolicy.verificationLink(for: withoutComplete, relay: relay, program: .d3) == withoutComplete.verificationURI)

        let cases: [(String, String?, String)] = [
            ("https://evil.example/device", nil, "on another site (https://evil.example)"),
            ("https://relay.example.com/device", "https://evil.example/device?user_code=X",
             "on another site (https://evil.example)"),
            ("http://relay.example.com/device", nil, "on another site (http://relay.example.com)"),
            ("https://relay.example.com:444/device", nil, "on another site (https://relay.example.com:444)"),
            ("file:///etc/passwd", nil, "that is not an http(s) link"),
            ("https://relay.example.com/device", "javascript:alert(1)", "that is not an http(s) link"),
        ]
        for (uri, complete, expected) in cases {
            let failure = #expect(throws: CLIFailure.self) {
                try RelayPolicy.verificationLink(for: try authorization(uri, complete: complete), relay: relay, program: .d3)
            }
            #expect(failure?.status == .failure)
            #expect(failure?.message.contains(expected) == true, "\(uri) \(complete ?? "")")
            #expect(failure?.message.contains("d3 opens and shows only links on https://relay.example.com") == true)
        }
    }

    @Test("Only http and https URLs may be handed to a browser")
    func openable() throws {
        #expect(try RelayPolicy.isOpenable(url("https://relay.example.com/device")))
        #expect(try RelayPolicy.isOpenable(url("http://127.0.0.1:8080/device")))
        for refused in ["file:///etc/passwd", "javascript:alert(1)", "ssh://host", "smb://host/share", "mailto:a@b.c"] {
            #expect(try !RelayPolicy.isOpenable(url(refused)), "\(refused)")
        }
    }

    @Test("--allow-insecure-relay and D3_ALLOW_INSECURE_RELAY reach the settings; config.json cannot set it")
    func settings() throws {
        let file = ConfigFile(relay: "http://10.0.0.1:9")
        let none = try Settings.resolve(relay: nil, region: nil, locale: nil, environment: [:], file: file, program: .d3)
        #expect(!none.allowInsecureRelay)
        let flag = try Settings.resolve(
            relay: nil, region: nil, locale: nil, allowInsecureRelay: true, environment: [:], file: file, program: .d3)
        #expect(flag.allowInsecureRelay)
        for value in ["1", "true", "YES"] {
            let settings = try Settings.resolve(
                relay: nil, region: nil, locale: nil, environment: ["D3_ALLOW_INSECURE_RELAY": value], file: file, program: .d3)
            #expect(settings.allowInsecureRelay, "\(value)")
        }
        for value in ["0", "false", ""] {
            let settings = try Settings.resolve(
                relay: nil, region: nil, locale: nil, environment: ["D3_ALLOW_INSECURE_RELAY": value], file: file, program: .d3)
            #expect(!settings.allowInsecureRelay, "\(value)")
        }
        #expect(throws: SettingsError(description: #"D3_ALLOW_INSECURE_RELAY: "maybe" is not 1 or 0"#)) {
            try Settings.resolve(
                relay: nil, region: nil, locale: nil, environment: ["D3_ALLOW_INSECURE_RELAY": "maybe"], file: file, program: .d3)
        }
    }
}
