import BattleNet
import Foundation
import TestSupport
import Testing

/// Every `d3` example a person reads, the d3 section of docs/cli.md and each command's `--help`, run against the
/// sandbox relay and its emulator after one sign-in, as that section's "try it" paragraph says.
@Suite("Every d3 example works against the sandbox", .timeLimit(.minutes(2)))
struct ExampleTests {
    /// The commands that call the Battle.net API, whose `--help` holds examples.
    static let apiCommands: Set<String> = [
        "profile", "hero", "api", "act", "artisan", "recipe", "follower", "class", "skill", "item-type", "item",
        "season", "era", "leaderboard",
    ]

    @Test("docs/cli.md's and the help's examples all exit 0 with output")
    func examples() async throws {
        let readme = try Self.readmeExamples()
        #expect(readme.count >= 15, "\(readme)")
        #expect(readme.contains(["artisan", "blacksmith"]))
        try await withSandbox { sandbox in
            try await withSandboxRelay(sandbox) { relay, _ in
                let login = try await signIn(sandbox, relay: relay)
                #expect(login.exitStatus == 0, "\(login.text)")

                var help: [[String]] = []
                for command in Self.apiCommands.sorted() + ["whoami", "token"] {
                    let text = try await sandbox.d3(command, "--help").stdout
                    help += Self.examples(in: text.split(separator: "\n").map { String($0.drop { $0 == " " }) })
                }
                #expect(help.contains(["leaderboard", "rift-barbarian", "--season", "19"]))
                // Exactly as printed: the sandbox relay named its emulator's API at sign-in (`sandbox_api_url`).
                for example in readme + help {
                    let result = try await D3Process.run(example, environment: sandbox.environment())
                    #expect(result.status == 0, "d3 \(example.joined(separator: " ")): \(result.stderr)")
                    #expect(!result.stdout.isEmpty, "d3 \(example.joined(separator: " ")) printed nothing")
                }
            }
        }
    }

    /// The `d3` command lines of the d3 section of docs/cli.md: in its code blocks, `$ d3 …` and `d3 …`, without a
    /// trailing comment or pipe; `login` and `logout` (which the test runs itself) and examples of another relay
    /// than the sandbox's are left out.
    static func readmeExamples() throws -> [[String]] {
        let url = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../docs/cli.md").standardizedFileURL
        let text = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(text.range(of: "## The `d3` command-line tool"))
        let section = text[start.upperBound...].components(separatedBy: "\n## ")[0]
        var lines: [String] = []
        var inCode = false
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inCode.toggle()
            } else if inCode {
                lines.append(String(line))
            }
        }
        return examples(in: lines)
    }

    /// The examples among `lines`: those that start, after an optional `$ `, with `d3 ` (or `program`).
    static func examples(in lines: [String], program: String = "d3") -> [[String]] {
        lines.compactMap { line -> [String]? in
            var command = line
            if command.hasPrefix("$ ") { command.removeFirst(2) }
            guard command.hasPrefix(program + " ") else { return nil }
            for cut in [" #", " |"] {
                if let range = command.range(of: cut) { command = String(command[..<range.lowerBound]) }
            }
            let words = Array(shellWords(command).dropFirst())
            guard let first = words.first, !["login", "logout"].contains(first),
                  !words.contains(where: { $0.contains("relay.example.com") })
            else { return nil }
            return words
        }
    }

    /// Words split at spaces, with single and double quotes grouping.
    static func shellWords(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
