import BattleNet
import BnetKit
import Foundation
import TestSupport
import Testing

/// bnet's own directory and variables; a d3-only home read and moved once; d3 reading both.
@Suite("bnet keeps its files in ~/.config/bnet and reads BNET_*; d3's home is moved once", .timeLimit(.minutes(2)))
struct BnetHomeTests {
    /// A sign-in for eu as a login leaves it, valid until 2100.
    static func credential(_ battleTag: String, relay: String = "http://127.0.0.1:1") throws -> StoredCredential {
        StoredCredential(
            region: .eu, regions: [.us, .eu, .kr, .tw], relay: relay,
            token: AccessToken(
                value: "token-of-\(battleTag)", expiresAt: Date(timeIntervalSince1970: 4_102_444_800),
                battleTag: try BattleTag(parsing: battleTag)))
    }

    @Test("bnet reads its sign-in and config.json from $XDG_CONFIG_HOME/bnet, and BNET_REGION over config.json")
    func ownDirectory() async throws {
        try await withSandbox { sandbox in
            try sandbox.store(.bnet).save(try Self.credential("FaYe#2543"))
            try Data(#"{"region": "eu"}"#.utf8).write(to: sandbox.directory(.bnet).appending(path: "config.json"))
            let whoami = try await sandbox.bnet("whoami")
            #expect(whoami.status == 0, "\(whoami.stderr)")
            #expect(whoami.stdout.contains("BattleTag  FaYe#2543"))
            #expect(whoami.stderr.isEmpty)
            let kr = try await sandbox.bnet("whoami", environment: ["BNET_REGION": "kr"])
            #expect(kr.stdout.contains("Region     eu") && kr.stdout.contains("Works for  us, eu, kr, tw"))
            let bad = try await sandbox.bnet("whoami", environment: ["BNET_REGION": "mars"])
            #expect(bad.status == 2)
            #expect(bad.stderr == "bnet: BNET_REGION: \"mars\" is not a region; use one of us, eu, kr, tw, cn\n")
            // d3's variables are d3's: bnet does not read them.
            let d3Variable = try await sandbox.bnet("whoami", environment: ["D3_REGION": "mars"])
            #expect(d3Variable.status == 0)
            #expect(!FileManager.default.fileExists(atPath: sandbox.directory(.d3).path))
        }
    }

    @Test("bnet moves a d3-only home to its own and says so once; d3 then reads bnet's")
    func movesD3Home() async throws {
        try await withSandbox { sandbox in
            try sandbox.store(.d3).save(try Self.credential("FaYe#2543"))
            try Data(#"{"region": "eu"}"#.utf8).write(to: sandbox.directory(.d3).appending(path: "config.json"))
            let first = try await sandbox.bnet("whoami")
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stdout.contains("BattleTag  FaYe#2543"))
            #expect(first.stderr.hasPrefix("bnet: moved d3's settings and sign-in from \(sandbox.directory(.d3).path)"))
            #expect(first.stderr.contains(" to \(sandbox.directory(.bnet).path)"))
            #expect(first.stderr.hasSuffix("where bnet keeps them; d3 reads them there too.\n"))
            #expect(first.stderr.split(separator: "\n").count == 1)
            #expect(!FileManager.default.fileExists(atPath: sandbox.directory(.d3).path))
            #expect(try sandbox.store(.bnet).load(region: .eu)?.token.value == "token-of-FaYe#2543")
            let second = try await sandbox.bnet("whoami")
            #expect(second.status == 0)
            #expect(second.stderr.isEmpty)
            let d3 = try await sandbox.d3("whoami")
            #expect(d3.status == 0, "\(d3.stderr)")
            #expect(d3.stdout.contains("BattleTag  FaYe#2543") && d3.stdout.contains("Region     eu"))
            #expect(!FileManager.default.fileExists(atPath: sandbox.directory(.d3).path))
        }
    }

    @Test("d3 keeps its own directory while it exists, and bnet then leaves it alone")
    func d3KeepsItsOwn() async throws {
        try await withSandbox { sandbox in
            try sandbox.store(.d3).save(try Self.credential("Zoe#1999"))
            try sandbox.store(.bnet).save(try Self.credential("FaYe#2543"))
            let d3 = try await sandbox.d3("whoami", "--region", "eu")
            #expect(d3.stdout.contains("BattleTag  Zoe#1999"))
            let bnet = try await sandbox.bnet("whoami", "--region", "eu")
            #expect(bnet.stdout.contains("BattleTag  FaYe#2543"))
            #expect(bnet.stderr.isEmpty)
            #expect(FileManager.default.fileExists(atPath: sandbox.directory(.d3).path))
        }
    }

    @Test("Only bnet moves: d3 alone in a d3 home never touches it, and neither program creates the other's")
    func d3DoesNotMove() async throws {
        try await withSandbox { sandbox in
            try sandbox.store(.d3).save(try Self.credential("FaYe#2543"))
            let d3 = try await sandbox.d3("whoami", "--region", "eu")
            #expect(d3.status == 0)
            #expect(d3.stderr.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: sandbox.directory(.bnet).path))
        }
    }
}
