import BattleNet
import Foundation
import TestSupport
import Testing

/// Every `bnet` example of the `bnet` section of docs/cli.md, of the README and of `bnet`'s help, run exactly as printed
/// against a default sandbox relay (which allows every game's scopes), after one `bnet login`, as the section says.
@Suite("Every bnet example works against the sandbox", .timeLimit(.minutes(2)))
struct BnetExampleTests {
    @Test("docs/cli.md's, the README's and the help's bnet examples all exit 0 with output")
    func examples() async throws {
        let readme = try Self.readmeExamples()
        #expect(readme.count >= 12, "\(readme)")
        #expect(readme.contains(["wow", "characters", "--classic-era"]))
        try await withSandbox { sandbox in
            try await withSandboxRelay(sandbox) { relay, _ in
                let login = try Background(
                    "bnet", ["login", "--relay", relay.absoluteString, "--no-browser"], environment: sandbox.environment(),
                    directory: sandbox.home)
                try await actAsPerson(link: try await login.await(/Or open (\S+)/), approve: true)
                #expect(try await login.waitForExit() == 0, "\(login.text)")

                var help: [[String]] = []
                for command in [["wow", "characters"], ["wow", "character"], ["wow", "mounts"], ["sc2", "profiles"]] {
                    let text = try await run(sandbox, command + ["--help"]).stdout
                    help += ExampleTests.examples(in: text.split(separator: "\n").map { String($0.drop { $0 == " " }) }, program: "bnet")
                }
                #expect(help.contains(["wow", "characters", "--classic-era", "--region", "eu"]))
                // Exactly as printed: the sandbox relay named its emulator's API at sign-in, and its gateway serves the
                // game data (issue 45: no --api-url).
                for example in readme + help {
                    let result = try await run(sandbox, example)
                    #expect(result.status == 0, "bnet \(example.joined(separator: " ")): \(result.stderr)")
                    #expect(!result.stdout.isEmpty, "bnet \(example.joined(separator: " ")) printed nothing")
                }
            }
        }
    }

    func run(_ sandbox: Sandbox, _ arguments: [String]) async throws -> D3Result {
        try await ChildProcess.run(try BuiltExecutable.url("bnet"), arguments, environment: sandbox.environment())
    }

    /// The `bnet` command lines of the bnet section of docs/cli.md, and the README's `swift run bnet` ones, in their
    /// `sh` code blocks.
    static func readmeExamples() throws -> [[String]] {
        let root = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../..").standardizedFileURL
        let text = try String(contentsOf: root.appending(path: "docs/cli.md"), encoding: .utf8)
        let start = try #require(text.range(of: "## Every game: the `bnet` command-line tool"))
        let section = text[start.upperBound...].components(separatedBy: "\n## ")[0]
        let readme = try String(contentsOf: root.appending(path: "README.md"), encoding: .utf8)
        let fromReadme = shLines(readme).filter { $0.hasPrefix("swift run bnet ") }.map { String($0.dropFirst("swift run ".count)) }
        #expect(!fromReadme.isEmpty, "the README's player example")
        // The front page's players' block, but its `bnet login`, which the test runs itself at its own sandbox relay.
        let console = codeLines(readme, language: "console").filter { $0.hasPrefix("$ bnet ") && $0 != "$ bnet login" }
            .map { String($0.dropFirst(2)) }
        #expect(console == ["bnet wow characters", "bnet d3 profile FaYe#2543"], "the README's players' block")
        return ExampleTests.examples(in: shLines(String(section)) + fromReadme + console, program: "bnet")
    }

    /// The lines of `text`'s `sh` code blocks.
    static func shLines(_ text: String) -> [String] {
        codeLines(text, language: "sh")
    }

    /// The lines of `text`'s code blocks in `language`.
    static func codeLines(_ text: String, language: String) -> [String] {
        var lines: [String] = []
        var inCode = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inCode = line == "```" + language
            } else if inCode {
                lines.append(String(line))
            }
        }
        return lines
    }
}
