import BattleNet
import BattleNetDiablo3
import BnetKit
import Foundation
import Testing

@Suite("Text rendering helpers", .timeLimit(.minutes(2)))
struct RendererTests {
    @Test("Numbers are grouped by thousands and percentages keep one decimal")
    func numbers() {
        #expect(Formatting.grouped(0) == "0")
        #expect(Formatting.grouped(1_234_567) == "1,234,567")
        #expect(Formatting.grouped(-1_000) == "-1,000")
        #expect(Formatting.grouped(577_856.6) == "577,857")
        #expect(Formatting.percent(0.3456) == "34.6%")
    }

    @Test("Dates are shown in UTC unless another time zone is given")
    func dates() throws {
        let date = Date(timeIntervalSince1970: 1_575_241_449)
        #expect(Formatting.minute(date) == "2019-12-01 23:04 UTC")
        let seoul = try #require(TimeZone(identifier: "Asia/Seoul"))
        #expect(Formatting.day(date, timeZone: seoul) == "2019-12-02")
    }

    @Test("Hangul takes two terminal columns, so table columns line up")
    func wideCharacters() {
        #expect(Formatting.width("전사") == 4)
        #expect(Formatting.width("Zoë") == 3)
        var table = TextTable(headers: ["NAME", "LEVEL"], rightAligned: [1])
        table.rows = [["전사", "70"], ["Zoë", "1"]]
        #expect(table.render() == ["NAME  LEVEL", "전사     70", "Zoë       1"])
    }

    @Test("A table wider than the screen wraps its widest column; line breaks in a cell are kept")
    func wrapping() {
        var table = TextTable(headers: ["Skill", "Description"], multiline: [1])
        table.rows = [["Bash", "Generate: 6 Fury per attack\n\nBrutally smash an enemy for 320% weapon damage."]]
        let lines = table.render(width: 30)
        #expect(lines == [
            "Skill  Description", "Bash   Generate: 6 Fury per", "       attack", "", "       Brutally smash an enemy",
            "       for 320% weapon damage.",
        ])
        #expect(lines.allSatisfy { Formatting.width($0) <= 30 })
        #expect(table.render().count == 4)
        table.multiline = []
        #expect(table.render().count == 2)
        #expect(Formatting.wrap("abcdefghij", columns: 4) == ["abcd", "efgh", "ij"])
        #expect(Formatting.wrap("", columns: 4) == [""])
    }

    @Test("An answer over the size cap names the flag that raises it")
    func responseTooLarge() {
        let failure = CLIFailure.from(BattleNetError.responseTooLarge(limit: 64 << 20), program: .d3)
        #expect(failure.status == .failure)
        #expect(failure.message.contains("larger than 64 MiB"))
        #expect(failure.message.contains("--max-response-size"))
    }

    @Test("Colours appear only when the style is enabled")
    func colours() {
        #expect(TextStyle.plain.bold("x") == "x")
        #expect(TextStyle(enabled: true).bold("x") == "\u{1B}[1mx\u{1B}[0m")
    }

    @Test("A profile without heroes or time played says so")
    func emptyProfile() throws {
        let tag = try BattleTag(parsing: "Zoë#1999")
        let text = ProfileRenderer().render(D3Profile(battleTag: nil), requested: tag)
        #expect(text.hasPrefix("Zoë#1999\n"))
        #expect(text.contains("Time played\n  none recorded\n"))
        #expect(text.hasSuffix("Heroes\n  none\n"))
    }

    @Test("A dead hardcore hero is marked, and unknown item slots are still listed")
    func hero() throws {
        let hero = D3Hero(
            id: 7, name: "Grave", heroClass: .barbarian, level: 70, hardcore: true, alive: false,
            items: ["head": D3ItemSummary(name: "Helm", displayColor: "orange"), "charm": D3ItemSummary(name: "Odd")],
            stats: D3HeroStats(["strength": 9_000]))
        let text = HeroRenderer().render(hero, of: try BattleTag(parsing: "Someone#1"))
        #expect(text.hasPrefix("Grave - Barbarian, level 70, paragon 0 (non-seasonal, hardcore, dead)\n"))
        #expect(text.contains("  Strength      9,000\n"))
        #expect(text.contains("  Head          Helm (legendary)\n  Charm         Odd\n"))
    }
}
