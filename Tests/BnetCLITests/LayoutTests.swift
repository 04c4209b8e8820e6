import Foundation
import Testing

/// The player CLI's two modules, by role and by game, read from the sources this test was built with.
@Suite("The player CLI's layout: a folder per role and per game", .timeLimit(.minutes(1)))
struct LayoutTests {
    static let sources = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../Sources")
        .standardizedFileURL

    /// The Swift files under `folder` of `module`, with their text.
    static func files(_ module: String, _ folder: String) throws -> [(name: String, text: String)] {
        let directory = sources.appending(path: "\(module)/\(folder)")
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }
            .map { ($0, try String(contentsOf: directory.appending(path: $0), encoding: .utf8)) }
    }

    @Test("Every file is in a role or game folder; each game has one in both modules; BnetKit has no ArgumentParser")
    func folders() throws {
        let folders = ["BnetKit": ["Program", "Account", "Settings", "Text"], "BnetCLI": ["Program", "Account"]]
        for (module, roles) in folders {
            let top = try FileManager.default.contentsOfDirectory(atPath: Self.sources.appending(path: module).path)
            #expect(top.filter { $0.hasSuffix(".swift") }.isEmpty, "\(module): \(top)")
            for folder in roles + ["Diablo3", "WorldOfWarcraft", "StarCraft2"] {
                #expect(!(try Self.files(module, folder)).isEmpty, "\(module)/\(folder)")
            }
        }
        for folder in top(of: "BnetKit") {
            for file in try Self.files("BnetKit", folder) {
                #expect(!file.text.contains("import ArgumentParser"), "BnetKit/\(folder)/\(file.name)")
            }
        }
    }

    @Test("No World of Warcraft or StarCraft II code imports the Diablo III library or builds its client")
    func gamesApart() throws {
        for module in ["BnetKit", "BnetCLI"] {
            for folder in ["WorldOfWarcraft", "StarCraft2"] {
                for file in try Self.files(module, folder) {
                    #expect(!file.text.contains("import BattleNetDiablo3"), "\(module)/\(folder)/\(file.name)")
                    #expect(!file.text.contains("Diablo3Client"), "\(module)/\(folder)/\(file.name)")
                }
            }
        }
        let program = try Self.files("BnetCLI", "Program") + Self.files("BnetCLI", "Account")
        for file in program { #expect(!file.text.contains("Diablo3Client"), "BnetCLI: \(file.name)") }
    }

    /// The folders of `module`.
    func top(of module: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: Self.sources.appending(path: module).path)) ?? []
        return entries.filter { !$0.hasSuffix(".swift") }
    }
}
