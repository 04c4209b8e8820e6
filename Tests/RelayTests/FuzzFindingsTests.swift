@testable import RelayApp
import RelayCore
@testable import RelayServer
import Testing

/// Inputs the fuzz targets in Fuzz/ (or reading them) found, kept as regressions.
@Suite("Fuzz findings", .timeLimit(.minutes(2)))
struct FuzzFindingsTests {
    @Test(
        "A user code is only ever typed in ASCII: no letter that upper-cases into two counts as a code",
        arguments: ["ßßßß", "ﬀﬀﬀﬀ", "ſſſſſſſſ", "ßßß-ßSS", "ＢＣＤＦＧＨＪＫ", "BCDF\u{202E}GHJK"])
    func userCodeIsASCII(typed: String) {
        #expect(UserCode.normalize(typed) == nil)
    }

    @Test("Plain user codes still normalise, in any case and with separators")
    func userCodeStillLenient() {
        #expect(UserCode.normalize("wdjb-mjht") == "WDJBMJHT")
        #expect(UserCode.normalize(" WDJB MJHT\t") == "WDJBMJHT")
    }

    @Test("The environment file is read by Unicode scalars: a combining mark after a backslash, quote or = hides none")
    func environmentFileScalars() throws {
        // Fuzz/EnvironmentFile's finding (its invalid bytes here one U+FFFD): written back as `Q="...\\\u{594}..."`, the
        // second backslash and U+0594 were read as one character, so the escape was not seen.
        // (Its text, a quoted part joined to `n$`, is refused since R5-3: systemd reads it as one joined value.)
        let found = "K='si=gle \\ kept'\nQ=\"ese \\\u{594}\u{FFFD}t \"n$\n"
        #expect(throws: ConfigurationError.self) { try EnvironmentFile.parse(found, path: "f") }
        #expect(try EnvironmentFile.parse("K='si=gle \\ kept'", path: "f") == ["K": "si=gle \\ kept"])
        #expect(try EnvironmentFile.parse("Q=\"a \\\\\u{594}b\"", path: "f") == ["Q": "a \\\u{594}b"])
        #expect(try EnvironmentFile.parse("Q=\"\u{301}quoted\"", path: "f") == ["Q": "\u{301}quoted"])
        #expect(try EnvironmentFile.parse("Q=\u{301}x", path: "f") == ["Q": "\u{301}x"])
        #expect(try EnvironmentFile.parse("Q=\"x\u{600}\"", path: "f") == ["Q": "x\u{600}"])
    }

    @Test("A Cookie header is split at every ; byte, whatever the character before it")
    func cookieSeparators() {
        #expect(CookieHeader.value("b", in: ["a=x\u{600}; b=v"]) == "v")
        #expect(CookieHeader.value("b", in: ["a=1;\u{301}b=v", "b=w"]) == "w")
        #expect(CookieHeader.value("bnr_login_x", in: ["theme=dark; bnr_login_x=AbC_-1; bnr_login_x=second"]) == "AbC_-1")
        #expect(CookieHeader.value("b", in: ["a=1; b"]) == nil)
    }
}
