import BattleNet
import BattleNetEmulator
import Foundation
import TestSupport
import Testing

/// Every example of docs/game-data.md run against the emulator with client credentials (the public endpoints need
/// no player), as the page prints it: each exits 0 with text, and each again with `--json` prints the emulator's own
/// answer to the endpoint the table names, byte for byte.
@Suite("Every game-data command of docs/game-data.md works against the sandbox", .timeLimit(.minutes(3)))
struct BnetGameCommandTests {
    @Test("Each example, exactly as printed after one sign-in at a sandbox relay, exits 0 with text; with --json it prints the emulator's answer byte for byte")
    func examples() async throws {
        let examples = try Self.pageExamples()
        #expect(examples.count >= 28, "\(examples)")
        for command in [["wow", "auctions"], ["sc2", "league"], ["hs", "deck"], ["wow", "mythic-plus-leaderboard"]] {
            #expect(examples.contains { Array($0.prefix(2)) == command }, "\(command)")
        }
        try await withSandbox { sandbox in
            try await withSandboxRelay(sandbox) { relay, emulator in
                _ = try await bnetLogin(sandbox, ["--relay", relay.absoluteString])
                let token = try await sandbox.bnet(["token"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                let answers = EmulatorAnswers(baseURL: emulator, token: token)
                for example in examples {
                    let shown = "bnet " + example.joined(separator: " ")
                    let text = try await sandbox.bnet(example)
                    #expect(text.status == 0, "\(shown): \(text.stderr)")
                    #expect(text.stdout.count > 40, "\(shown) printed \(text.stdout)")
                    guard example[0] != "api" else { continue }
                    let json = try await sandbox.bnet(example + ["--json"])
                    #expect(json.status == 0, "\(shown) --json: \(json.stderr)")
                    let sent = try await Self.expectedJSON(example, answers.answer)
                    #expect(json.stdout == sent, "\(shown) --json differs from the emulator's answer")
                }
            }
        }
    }

    @Test("bnet api finds a World of Warcraft path's namespace, says which, and --namespace overrides it")
    func apiNamespace() async throws {
        try await withEmulator { emulator in
            try await withSandbox { sandbox in
                let environment = emulator.clientEnvironment
                let found = try await sandbox.bnet(
                    ["api", "profile/wow/character/tarren-mill/aelyth"] + emulator.hostArguments, environment: environment)
                #expect(found.status == 0, "\(found.stderr)")
                #expect(found.stderr.contains("namespace profile-us"), "\(found.stderr)")
                let sent = try await emulator.answer("/profile/wow/character/tarren-mill/aelyth?locale=en_US&namespace=profile-us")
                #expect(found.stdout == JSONLine.of(sent))

                let era = try await sandbox.bnet(
                    ["api", "/data/wow/realm/index", "--classic-era", "--region", "eu"] + emulator.hostArguments,
                    environment: environment)
                #expect(era.status == 0, "\(era.stderr)")
                #expect(era.stderr.contains("namespace dynamic-classic1x-eu"), "\(era.stderr)")
                #expect(era.stdout.contains("\"firemaw\""), "\(era.stdout)")

                let given = try await sandbox.bnet(
                    ["api", "profile/wow/character/tarren-mill/aelyth", "--namespace", "static-us"] + emulator.hostArguments,
                    environment: environment)
                #expect(given.status == 4, "a character asked in a static namespace is the gateway's 404: \(given.stdout)")
                #expect(!given.stderr.contains("as Blizzard documents"), "\(given.stderr)")
            }
        }
    }

    @Test("Bad game-data usage exits 2 or 4 with a message that says what to give", arguments: [
        (["wow", "auctions"], 2, "Give --commodities or --connected-realm ID"),
        (["wow", "auctions", "--commodities", "--connected-realm", "4"], 2, "Give --commodities or --connected-realm ID"),
        (["wow", "token", "--classic", "--classic-era"], 2, "Give one of --classic, --classic-era and --classic-anniversary"),
        (["wow", "equipment", "stormrage", "nobody", "--region", "eu"], 4, "`bnet wow realms` lists the slugs"),
        (["wow", "realm", "nowhere", "--region", "eu"], 4, "There is no realm nowhere in region eu (retail)"),
        (["wow", "auctions", "--connected-realm", "1084", "--region", "eu", "--page", "999"], 4, "give --page 1 to 200"),
        (["wow", "mythic-plus", "dreamscythe", "brann", "--classic-anniversary"], 4, "was not found"),
        (["sc2", "grandmaster", "4"], 2, "\"4\" is not a StarCraft II region"),
        (["sc2", "league", "37", "201", "2", "6"], 2, "TEAM: give 0 (arranged) or 1 (random)"),
        (["hs", "card", "no-such-card"], 4, "`bnet hs cards --search TEXT` finds a card's id"),
    ])
    func refusals(arguments: [String], status: Int32, message: String) async throws {
        try await withEmulator { emulator in
            try await withSandbox { sandbox in
                let result = try await sandbox.bnet(arguments + emulator.hostArguments, environment: emulator.clientEnvironment)
                #expect(result.status == status, "\(result.stderr)")
                #expect(result.stderr.contains(message), "\(result.stderr)")
            }
        }
    }

    @Test("Each game's DocC page has the rows of its game's table in docs/game-data.md, and only those")
    func docCTables() throws {
        let root = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../..").standardizedFileURL
        let page = try String(contentsOf: root.appending(path: "docs/game-data.md"), encoding: .utf8)
        for (library, title) in [
            ("BattleNetWorldOfWarcraft", "World of Warcraft"), ("BattleNetStarCraft2", "StarCraft II"),
            ("BattleNetHearthstone", "Hearthstone"), ("BattleNetDiablo3", "Diablo III"),
        ] {
            let section = try #require(page.components(separatedBy: "\n## ").first { $0.hasPrefix(title) })
            let docc = try String(
                contentsOf: root.appending(path: "Sources/\(library)/\(library).docc/\(library).md"), encoding: .utf8)
            let rows = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("|") } }
            #expect(rows(docc) == rows(section), "\(library).md's table differs from docs/game-data.md's \(title)")
            #expect(rows(section).count > 5)
        }
    }

    /// The `bnet` command lines of docs/game-data.md's `sh` blocks.
    static func pageExamples() throws -> [[String]] {
        let url = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../docs/game-data.md")
            .standardizedFileURL
        var lines: [String] = []
        var inCode = false
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inCode = line == "```sh" } else if inCode { lines.append(String(line)) }
        }
        return ExampleTests.examples(in: lines, program: "bnet")
    }

    /// What `--json` must print for `example`: the emulator's answer to the endpoint the page's table names for it,
    /// asked with the query the client sends (its extra pairs, the region's locale, the namespace).
    static func expectedJSON(_ example: [String], _ fetch: (String) async throws -> Data) async throws -> String {
        let words = Words(example)
        let region = try #require(Region(name: words.value("--region") ?? "us"))
        let game = words.has("--classic-anniversary") ? "classicann-" : words.has("--classic-era") ? "classic1x-"
            : words.has("--classic") ? "classic-" : ""
        func answer(_ path: String, _ kind: String?, _ query: String = "") async throws -> Data {
            let namespace = kind.map { "&namespace=\($0)-\(game)\(region.rawValue)" } ?? ""
            return try await fetch("/\(path)?\(query)locale=\(region.defaultLocale.rawValue)\(namespace)")
        }
        let a = words.positional
        let character = a.count > 3 ? "profile/wow/character/\(a[2])/\(a[3])" : ""
        let body: Data
        switch (a[0], a[1]) {
        case ("wow", "equipment"), ("wow", "achievements"), ("wow", "specializations"):
            body = try await answer("\(character)/\(a[1])", "profile")
        case ("wow", "media"): body = try await answer("\(character)/character-media", "profile")
        case ("wow", "pvp"): body = try await answer("\(character)/pvp-summary", "profile")
        case ("wow", "mythic-plus"):
            let season = words.value("--season").map { "/season/\($0)" } ?? ""
            body = try await answer("\(character)/mythic-keystone-profile\(season)", "profile")
        case ("wow", "guild"): body = try await answer("data/wow/guild/\(a[2])/\(a[3])/roster", "profile")
        case ("wow", "realms"): body = try await answer("data/wow/realm/index", "dynamic")
        case ("wow", "realm"):
            let realm = try await answer("data/wow/realm/\(a[2])", "dynamic")
            let object = try #require(try JSONSerialization.jsonObject(with: realm) as? [String: Any])
            let href = try #require((object["connected_realm"] as? [String: Any])?["href"] as? String)
            let id = try #require(href.split(separator: "?")[0].split(separator: "/").last)
            let connected = try await answer("data/wow/connected-realm/\(id)", "dynamic")
            return "{\"realm\":\(JSONLine.trimmed(realm)),\"connected_realm\":\(JSONLine.trimmed(connected))}\n"
        case ("wow", "token"): body = try await answer("data/wow/token/index", "dynamic")
        case ("wow", "auctions"):
            let path = words.value("--connected-realm").map { "data/wow/connected-realm/\($0)/auctions" }
                ?? "data/wow/auctions/commodities"
            body = try await answer(path, "dynamic")
        case ("wow", "mythic-plus-leaderboard"):
            body = try await answer("data/wow/connected-realm/\(a[2])/mythic-leaderboard/\(a[3])/period/\(a[4])", "dynamic")
        case ("wow", "affixes"): body = try await answer("data/wow/keystone-affix/index", "static")
        case ("sc2", "ladder"):
            let ladder = a.count > 5 ? a[5] : "summary"
            body = try await answer("sc2/profile/\(a[2])/\(a[3])/\(a[4])/ladder/\(ladder)", nil)
        case ("sc2", "grandmaster"), ("sc2", "season"): body = try await answer("sc2/ladder/\(a[1])/\(a[2])", nil)
        case ("sc2", "league"): body = try await answer("data/sc2/league/\(a[2])/\(a[3])/\(a[4])/\(a[5])", nil)
        case ("hs", "cards"):
            let search = words.value("--search").map { "textFilter=\($0)&" } ?? ""
            body = try await answer("hearthstone/cards", nil, "\(search)page=\(words.value("--page") ?? "1")&")
        case ("hs", "card"): body = try await answer("hearthstone/cards/\(a[2])", nil)
        case ("hs", "deck"):
            let code = try #require(a[2].addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            body = try await answer("hearthstone/deck", nil, "code=\(code)&")
        case ("hs", "metadata"): body = try await answer("hearthstone/metadata", nil)
        default:
            Issue.record("No endpoint known for \(example)")
            return ""
        }
        return JSONLine.of(body)
    }
}

/// An example's words: its options' values, its flags, and the rest in order (the game and command first).
private struct Words {
    static let valued: Set = ["--region", "--page", "--page-size", "--season", "--search", "--connected-realm", "--namespace"]
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var positional: [String] = []

    init(_ words: [String]) {
        var index = 0
        while index < words.count {
            let word = words[index]
            if Self.valued.contains(word), index + 1 < words.count {
                values[word] = words[index + 1]
                index += 2
                continue
            }
            if word.hasPrefix("--") { flags.insert(word) } else { positional.append(word) }
            index += 1
        }
    }

    func value(_ name: String) -> String? { values[name] }
    func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// A body as `--json` prints it into a pipe: as sent, ending in a line break.
enum JSONLine {
    static func of(_ body: Data) -> String {
        let text = String(decoding: body, as: UTF8.self)
        return text.hasSuffix("\n") ? text : text + "\n"
    }

    static func trimmed(_ body: Data) -> String {
        String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
