import BattleNet
import BattleNetDiablo3
import BnetKit
import Foundation
import Testing

@Suite("Server text made safe for the terminal", .timeLimit(.minutes(2)))
struct TerminalTextTests {
    @Test("Escape sequences are removed whole, the text around them kept")
    func escapeSequences() {
        #expect(TerminalText.line("\u{1B}[31mred\u{1B}[0m") == "red")
        #expect(TerminalText.line("a\u{1B}[2J\u{1B}[1;1Hb") == "ab")
        #expect(TerminalText.line("\u{1B}]0;owned\u{7}title") == "title")
        #expect(TerminalText.line("\u{1B}]52;c;ZXZpbA==\u{1B}\\clip") == "clip")
        #expect(TerminalText.line("\u{1B}]8;;https://evil.example\u{1B}\\link\u{1B}]8;;\u{1B}\\") == "link")
        #expect(TerminalText.line("\u{1B}(Bx\u{1B}7y\u{1B}") == "xy")
        #expect(TerminalText.line("\u{1B}Pq#0;2;0;0;0\u{1B}\\z") == "z")
    }

    @Test("C0 and C1 controls and DEL are removed; C1 CSI and OSC swallow their sequence")
    func controlCharacters() {
        #expect(TerminalText.line("bell\u{7}") == "bell")
        #expect(TerminalText.line("a\u{9B}31mb") == "ab")
        #expect(TerminalText.line("a\u{9D}0;title\u{9C}b") == "ab")
        #expect(TerminalText.line("a\u{0}\u{8}\u{7F}\u{85}\u{9B}") == "a ")
        #expect(TerminalText.line("back\u{8}\u{8}\u{8}\u{8}FAKE") == "backFAKE")
        #expect(TerminalText.line("a\u{202E}gpj.exe") == "agpj.exe")
        // R5-6: the bidirectional marks, which the JSON printer drops too.
        #expect(TerminalText.line("Zo\u{200E}ë\u{200F}#1\u{061C}999") == "Zoë#1999")
    }

    @Test("Tabs and line breaks become spaces, so a field stays on its line")
    func lineBreaks() {
        #expect(TerminalText.line("one\rtwo") == "one two")
        #expect(TerminalText.line("one\ntwo\tthree") == "one two three")
        #expect(TerminalText.line("fake\r\u{1B}[Kd3: Signed in") == "fake d3: Signed in")
        #expect(TerminalText.line("a\u{2028}b") == "a b")
    }

    @Test("Letters of every script, marks, emoji and plain punctuation are untouched")
    func unicodeIsKept() {
        let texts = [
            "전사#3100", "Зоя#2207", "Zoë#1999", "Zoe\u{308}", "👩‍💻 ok", "中文", "",
            "https://relay.example.com/device?user_code=WDJB-MJHT",
        ]
        for text in texts {
            #expect(TerminalText.line(text) == text)
        }
        #expect(TerminalText.line("\u{1B}[1m전사\u{1B}[0m#3100") == "전사#3100")
    }

    @Test("A relay's or Battle.net's error description reaches the one error line without escapes")
    func failureMessages() {
        let oauth = OAuthError(
            error: "invalid_client", errorDescription: "\u{1B}]0;pwned\u{7}bad\u{1B}[2J\nclient\u{9B}1m", status: 401)
        let relay = URL(string: "https://relay.example.com")
        let failure = CLIFailure.from(DeviceFlowError.invalidClient(oauth), relay: relay, program: .d3)
        #expect(failure.status == .failure)
        #expect(failure.message.contains("bad client"))
        #expect(!failure.message.contains("\u{1B}"))
        #expect(!failure.message.contains("\n"))
        #expect(!failure.message.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x07 })
        let direct = CLIFailure(.failure, "relay says \u{1B}[31mno\u{1B}[0m")
        #expect(direct.message == "relay says no")
        let unreachable = CLIFailure.from(BattleNetError.unreachable("dns\r\u{1B}[2Kd3: ok"), relay: nil, program: .d3)
        #expect(unreachable.message == "Could not reach the API host: the connection failed. Check the network "
            + "connection and try again; with --api-url, check that it names a running server.")
    }

    @Test("Profile fields and the hero table are printed without escapes, and still line up")
    func profileRenderer() throws {
        var profile = D3Profile(battleTag: nil)
        profile.guildName = "\u{1B}]0;owned\u{7}Guild\u{1B}[8m"
        profile.timePlayed = ["\u{1B}[2Jbarbarian": 1.0]
        profile.heroes = [
            D3HeroSummary(id: 1, name: "Evil\u{1B}[2J\u{1B}[H", heroClass: .unknown("\u{9B}31mwizard"), level: 70)
        ]
        let tag = try BattleTag(parsing: "Zoë#1999")
        let plain = ProfileRenderer().render(profile, requested: tag)
        #expect(plain.contains("  Guild         Guild\n"))
        #expect(plain.contains("  barbarian  100.0%"))
        #expect(plain.contains("\n   1  Evil  wizard "))
        #expect(!plain.contains("\u{1B}"))
        #expect(!plain.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x07 })
        // With colours on, the only escapes left are the renderer's own colours: ESC [ digits and ; then m.
        let coloured = ProfileRenderer(TextFormat(style: TextStyle(enabled: true))).render(profile, requested: tag)
        let afterEscapes = coloured.split(separator: "\u{1B}", omittingEmptySubsequences: false).dropFirst()
        #expect(!afterEscapes.isEmpty)
        #expect(afterEscapes.allSatisfy { piece in
            guard piece.first == "[", let end = piece.firstIndex(of: "m") else { return false }
            return piece[piece.index(after: piece.startIndex)..<end].allSatisfy { "0123456789;".contains($0) }
        })
    }

    @Test("Hero names, skills and items are printed without escapes")
    func heroRenderer() throws {
        let hero = D3Hero(
            id: 7, name: "Grave\u{1B}]2;x\u{7}", heroClass: .barbarian, level: 70,
            items: ["head\u{1B}[5m": D3ItemSummary(name: "Helm\u{1B}[31m\r\nFAKE", displayColor: "orange")],
            stats: D3HeroStats(["strength": 9_000]))
        let text = HeroRenderer().render(hero, of: try BattleTag(parsing: "Someone#1"))
        #expect(text.hasPrefix("Grave - Barbarian, level 70"))
        #expect(text.contains("Helm  FAKE (legendary)"))
        #expect(!text.contains("\u{1B}"))
        #expect(!text.contains("\r"))
    }

    @Test("Table cells are cleaned before their widths are measured")
    func table() {
        var table = TextTable(headers: ["NAME", "LEVEL"], rightAligned: [1])
        table.rows = [["\u{1B}[31m전사\u{1B}[0m", "70"], ["Zoë\u{7}", "1"]]
        #expect(table.render() == ["NAME  LEVEL", "전사     70", "Zoë       1"])
    }

    @Test("The login instructions and the closing line show the relay's text without escapes")
    func loginMessages() throws {
        let authorization = DeviceAuthorization(
            clientID: "d3", deviceCode: "secret", userCode: "WDJB\u{1B}[8m-MJHT",
            verificationURI: try #require(URL(string: "https://relay.example.com/device")),
            verificationURIComplete: URL(string: "https://relay.example.com/device?user_code=WDJB-MJHT"),
            expiresAt: Date(timeIntervalSince1970: 0))
        let text = LoginMessages.instructions(authorization, style: .plain)
        #expect(text == """
            To sign in, open https://relay.example.com/device and enter the code:

                WDJB-MJHT

            Or open https://relay.example.com/device?user_code=WDJB-MJHT

            """)
        let token = AccessToken(
            value: "t", expiresAt: Date(timeIntervalSince1970: 1_575_241_449),
            battleTag: try BattleTag(parsing: "전사#3100"))
        #expect(LoginMessages.signedIn(token, region: .kr)
            == "Signed in as 전사#3100 (kr), token valid until 2019-12-01 23:04 UTC")
    }
}

@Suite("Network failures in words", .timeLimit(.minutes(1)))
struct NetworkFailureTests {
    @Test("The transport's raw errors become the host and a clause", arguments: [
        ("127.0.0.1: connection reset (error set): Connection refused (errno: 111)", "127.0.0.1",
         "nothing answered there (the connection was refused)"),
        ("relay.example.com: NIOConnectionError(host: \"relay.example.com\", port: 443, dnsAError: "
            + "Optional(NIOPosix.SocketAddressError.unknown(host: \"relay.example.com\", port: 443)))",
         "relay.example.com", "its name could not be resolved"),
        ("eu.api.blizzard.com: connection reset (error set): No route to host (errno: 113)", "eu.api.blizzard.com",
         "there is no route to it from this machine"),
        ("eu.api.blizzard.com closed the connection before answering", nil, "it closed the connection before answering"),
    ])
    func words(reason: String, host: String?, problem: String) {
        let failure = NetworkFailure(reason: reason)
        #expect(failure.host == host)
        #expect(failure.problem == problem)
    }
}
