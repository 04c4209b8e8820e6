import RelayCore
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
}
