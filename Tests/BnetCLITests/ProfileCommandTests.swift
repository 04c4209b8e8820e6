import BattleNet
import BattleNetDiablo3
import Foundation
import TestSupport
import Testing

@Suite("d3 profile and d3 hero against the emulator", .timeLimit(.minutes(2)))
struct ProfileCommandTests {
    @Test("d3 profile FaYe#2543 prints the golden summary and hero table")
    func profileGolden() async throws {
        try await withEmulator { emulator in
            try await withSandbox { sandbox in
                let result = try await D3Process.run(
                    ["profile", "FaYe#2543", "--region", "eu"] + emulator.hostArguments,
                    environment: sandbox.environment(emulator.clientEnvironment))
                #expect(result.status == 0, "\(result.stderr)")
                #expect(result.stderr.isEmpty)
                try expectGolden(result.stdout, "profile-FaYe-2543.txt")
            }
        }
    }

    @Test("d3 hero FaYe#2543 104729462 prints the golden skills, stats and items")
    func heroGolden() async throws {
        try await withEmulator { emulator in
            try await withSandbox { sandbox in
                let result = try await D3Process.run(
                    ["hero", "FaYe#2543", "104729462", "--region", "eu"] + emulator.hostArguments,
                    environment: sandbox.environment(emulator.clientEnvironment))
                #expect(result.status == 0, "\(result.stderr)")
                try expectGolden(result.stdout, "hero-FaYe-2543-104729462.txt")
            }
        }
    }

    @Test("--json prints the profile exactly as Battle.net sent it, fields the models do not know included")
    func profileJSON() async throws {
        try await withEmulator { emulator in
            try await withSandbox { sandbox in
                let result = try await D3Process.run(
                    ["profile", "FaYe#2543", "--json"] + emulator.hostArguments,
                    environment: sandbox.environment(emulator.clientEnvironment))
                #expect(result.status == 0, "\(result.stderr)")
                let sent = try await emulator.answer("/d3/profile/FaYe-2543/?locale=en_US")
                #expect(result.stdout == String(decoding: sent, as: UTF8.self) + "\n")
                let profile = try JSONDecoder().decode(D3Profile.self, from: Data(result.stdout.utf8))
                #expect(profile.battleTag?.description == "FaYe#2543")
            }
        }
    }

    @Test("d3 hero --json decodes back to the hero")
    func heroJSON() async throws {
        try await withEmulator { emulator in
            try await withSandbox { sandbox in
                let result = try await D3Process.run(
                    ["hero", "FaYe#2543", "104729462", "--json"] + emulator.hostArguments,
                    environment: sandbox.environment(emulator.clientEnvironment))
                #expect(result.status == 0, "\(result.stderr)")
                let hero = try JSONDecoder().decode(D3Hero.self, from: Data(result.stdout.utf8))
                #expect(hero.id == 104_729_462)
                #expect(hero.heroClass == .necromancer)
            }
        }
    }

    @Test("An unknown account exits 4 with one line saying it was not found")
    func notFound() async throws {
        try await withEmulator { emulator in
            try await withSandbox { sandbox in
                let result = try await D3Process.run(
                    ["profile", "Nobody#1234"] + emulator.hostArguments,
                    environment: sandbox.environment(emulator.clientEnvironment))
                #expect(result.status == 4)
                #expect(result.stdout.isEmpty)
                #expect(result.stderr == "d3: The Diablo III profile of Nobody#1234 was not found: check the "
                    + "spelling and letter case of the BattleTag, and the region.\n")
            }
        }
    }

    @Test("An unknown hero of a known account exits 4")
    func heroNotFound() async throws {
        try await withEmulator { emulator in
            try await withSandbox { sandbox in
                let result = try await D3Process.run(
                    ["hero", "FaYe#2543", "1"] + emulator.hostArguments,
                    environment: sandbox.environment(emulator.clientEnvironment))
                #expect(result.status == 4)
                #expect(result.stderr.hasPrefix("d3: FaYe#2543 has no hero 1; its heroes: BITCONNEEECT (104729462), "))
                #expect(!result.stderr.contains("letter case"))
            }
        }
    }

    @Test("A Korean BattleTag's profile is fetched and its table lines up")
    func koreanBattleTag() async throws {
        try await withEmulator { emulator in
            try await withSandbox { sandbox in
                let result = try await D3Process.run(
                    ["profile", "전사#3100", "--region", "kr"] + emulator.hostArguments,
                    environment: sandbox.environment(emulator.clientEnvironment))
                #expect(result.status == 0, "\(result.stderr)")
                #expect(result.stdout.hasPrefix("전사#3100\n"))
                try expectGolden(result.stdout, "profile-jeonsa-3100.txt")
            }
        }
    }

    @Test("Wrong client credentials exit 1 with the OAuth server's explanation")
    func wrongClientSecret() async throws {
        try await withEmulator { emulator in
            try await withSandbox { sandbox in
                let result = try await D3Process.run(
                    ["profile", "FaYe#2543"] + emulator.hostArguments,
                    environment: sandbox.environment([
                        "BNET_CLIENT_ID": cliCredentials.id, "BNET_CLIENT_SECRET": "wrong-secret",
                    ]))
                #expect(result.status == 1)
                #expect(result.stderr.contains("invalid_client"))
                #expect(!result.stderr.contains("wrong-secret"))
            }
        }
    }
}
