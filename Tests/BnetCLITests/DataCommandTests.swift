import BattleNet
import BattleNetEmulator
import Foundation
import TestSupport
import Testing

@Suite("d3 data commands against the emulator", .timeLimit(.minutes(3)))
struct DataCommandTests {
    /// Each command, and the golden file of its text output.
    static let goldens: [([String], String)] = [
        (["act"], "act-index.txt"),
        (["act", "1"], "act-1.txt"),
        (["artisan", "jeweler"], "artisan-jeweler.txt"),
        (["recipe", "blacksmith", "apprentice-flamberge"], "recipe-blacksmith-apprentice-flamberge.txt"),
        (["follower", "templar"], "follower-templar.txt"),
        (["class", "barbarian"], "class-barbarian.txt"),
        (["skill", "barbarian", "bash"], "skill-barbarian-bash.txt"),
        (["item-type"], "item-type-index.txt"),
        (["item-type", "sword2h"], "item-type-sword2h.txt"),
        (["item", "corrupted-ashbringer-Unique_Sword_2H_104_x1"], "item-corrupted-ashbringer.txt"),
        (["season"], "season-index.txt"),
        (["season", "1"], "season-1.txt"),
        (["era"], "era-index.txt"),
        (["era", "1"], "era-1.txt"),
        (["leaderboard", "rift-wd", "--era", "1", "--limit", "5"], "leaderboard-era-1-rift-wd.txt"),
        (["leaderboard", "74987245615154", "--season", "1", "--limit", "3"], "leaderboard-season-1-conquest.txt"),
        (["hero", "FaYe#2543", "bitconneeect", "--items"], "hero-FaYe-2543-items.txt"),
    ]

    @Test("Each command prints its golden text with client credentials", arguments: goldens)
    func golden(arguments: [String], golden: String) async throws {
        try await withEmulator { emulator in
            try await withSandbox { sandbox in
                let result = try await D3Process.run(
                    arguments + ["--region", "eu"] + emulator.hostArguments,
                    environment: sandbox.environment(emulator.clientEnvironment))
                #expect(result.status == 0, "\(result.stderr)")
                #expect(result.stderr.isEmpty)
                try expectGolden(result.stdout, golden)
            }
        }
    }

    @Test("--json prints Battle.net's answer byte for byte: every field, hrefs and slashes as sent", arguments: [
        (["artisan", "jeweler"], "/d3/data/artisan/jeweler?locale=en_US"),
        (["skill", "barbarian", "bash"], "/d3/data/hero/barbarian/skill/bash?locale=en_US"),
        (["item", "corrupted-ashbringer-Unique_Sword_2H_104_x1"],
         "/d3/data/item/corrupted-ashbringer-Unique_Sword_2H_104_x1?locale=en_US"),
        (["era", "1"], "/data/d3/era/1?locale=en_US"),
        (["leaderboard", "rift-wd", "--era", "1", "--limit", "2"], "/data/d3/era/1/leaderboard/rift-wd?locale=en_US"),
        (["season"], "/data/d3/season/?locale=en_US"),
    ])
    func json(arguments: [String], path: String) async throws {
        try await withEmulator { emulator in
            try await withSandbox { sandbox in
                let result = try await D3Process.run(
                    arguments + ["--json"] + emulator.hostArguments,
                    environment: sandbox.environment(emulator.clientEnvironment))
                #expect(result.status == 0, "\(result.stderr)")
                let sent = String(decoding: try await emulator.answer(path), as: UTF8.self)
                #expect(result.stdout == sent + (sent.hasSuffix("\n") ? "" : "\n"))
                #expect(!result.stdout.contains(#"\/"#) || sent.contains(#"\/"#))
            }
        }
    }

    @Test("Unknown slugs, ids and hero names exit 4 with a hint; bad usage exits 2", arguments: [
        (["artisan", "cook"], 4, "d3: The artisan cook was not found in region us: the artisans are blacksmith, jeweler and mystic.\n"),
        (["season", "99"], 4, "d3: Season 99 was not found in region us: `d3 season` lists them.\n"),
        (["hero", "FaYe#2543", "Nobody"], 4, "d3: FaYe#2543 has no hero named Nobody; its heroes: BITCONNEEECT (104729462), BOOMBOOMBOOM (61453448), INSPECTING (66637653), letshavefun (91139053), ontimeLUL (116138595), rendyboi (127279583), wowie (97410817).\n"),
        (["hero", "FaYe#2543", "1"], 4, "d3: FaYe#2543 has no hero 1; its heroes: BITCONNEEECT (104729462), BOOMBOOMBOOM (61453448), INSPECTING (66637653), letshavefun (91139053), ontimeLUL (116138595), rendyboi (127279583), wowie (97410817).\n"),
        (["artisan", "cook", "--max-response-size", "0"], 2, nil),
        (["artisan", "jeweler", "--locale", "multi", "--region", "eu"], 2,
         "d3: The locale multi sends every language at once, which d3 cannot show: give one, such as en_GB, es_ES, "
            + "fr_FR, ru_RU, de_DE, pt_PT, it_IT.\n"),
        (["leaderboard", "rift-wd"], 2, nil),
        (["leaderboard", "rift-wd", "--era", "1", "--season", "1"], 2, nil),
    ] as [([String], Int32, String?)])
    func failures(arguments: [String], status: Int32, message: String?) async throws {
        try await withEmulator { emulator in
            try await withSandbox { sandbox in
                let result = try await D3Process.run(
                    arguments + emulator.hostArguments, environment: sandbox.environment(emulator.clientEnvironment))
                #expect(result.status == status)
                #expect(result.stdout.isEmpty)
                if let message { #expect(result.stderr == message) }
            }
        }
    }

    @Test("The application token is fetched once and kept (0600) until it expires; a rejected one is fetched anew")
    func applicationTokenCache() async throws {
        try await withEmulator { emulator in
            try await withSandbox { sandbox in
                for _ in 0..<3 {
                    let result = try await D3Process.run(
                        ["act", "1"] + emulator.hostArguments, environment: sandbox.environment(emulator.clientEnvironment))
                    #expect(result.status == 0, "\(result.stderr)")
                }
                #expect(await emulator.state.count("token.client_credentials") == 1)
                let file = sandbox.configDirectory.appending(path: "app-token-127.0.0.1-\(cliCredentials.id).json")
                let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
                #expect(mode == 0o600)
                await emulator.state.revokeAllTokens()
                let again = try await D3Process.run(
                    ["act", "1"] + emulator.hostArguments, environment: sandbox.environment(emulator.clientEnvironment))
                #expect(again.status == 0, "\(again.stderr)")
                #expect(await emulator.state.count("token.client_credentials") == 2)
            }
        }
    }

    @Test("Without a sign-in or client credentials a data command says to sign in and exits 3")
    func notSignedIn() async throws {
        try await withEmulator { emulator in
            try await withSandbox { sandbox in
                let result = try await D3Process.run(
                    ["artisan", "jeweler"] + emulator.hostArguments, environment: sandbox.environment([:]))
                #expect(result.status == 3)
                #expect(result.stderr.contains("d3 login"))
            }
        }
    }
}
