import BattleNet
import BattleNetEmulator
import BnetKit
import Foundation
import TestSupport
import Testing

/// Completion, network failures in words, and every command a message suggests.
@Suite("bnet's completion, network errors and suggested commands", .timeLimit(.minutes(2)))
struct BnetMessageTests {
    @Test("bnet completion bash loads in bash and completes a subcommand; zsh and fish print scripts")
    func completion() async throws {
        try await withSandbox { sandbox in
            let bash = try await sandbox.bnet("completion", "bash")
            #expect(bash.status == 0, "\(bash.stderr)")
            let function = try #require(bash.stdout.firstMatch(of: /complete\s.*-F\s+(\S+)\s+bnet/)?.1)
            let script = sandbox.home.appending(path: "bnet.bash")
            try Data(bash.stdout.utf8).write(to: script)
            let driver = """
                source '\(script.path)'
                COMP_WORDS=(bnet who); COMP_CWORD=1; COMP_LINE='bnet who'; COMP_POINT=${#COMP_LINE}
                \(function)
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let completed = try await ChildProcess.run(
                URL(filePath: "/bin/bash"), ["--norc", "-c", driver], environment: sandbox.environment())
            #expect(completed.status == 0, "\(completed.stderr)")
            #expect(completed.stdout.split(separator: "\n").contains("whoami"), "\(completed.stdout)")
            for shell in ["zsh", "fish"] {
                let printed = try await sandbox.bnet("completion", shell)
                #expect(printed.status == 0)
                #expect(printed.stdout.contains("whoami") && printed.stdout.contains("completion"))
            }
            let unknown = try await sandbox.bnet("completion", "tcsh")
            #expect(unknown.status == 2)
            #expect(try await sandbox.bnet("--help").stdout.contains("completion"))
        }
    }

    @Test("A relay or API host that refuses the connection is a sentence naming it, never an errno chain")
    func networkErrors() async throws {
        try await withSandbox { sandbox in
            let closed = "http://127.0.0.1:\(try freePort())"
            let login = try await sandbox.bnet("login", "--relay", closed, "--no-browser")
            #expect(login.status == 5)
            #expect(login.stderr == "bnet: Could not reach the relay at \(closed): nothing answered there (the "
                + "connection was refused). Check that it is running and that --relay, BNET_RELAY_URL or config.json "
                + "names it.\n")
            try sandbox.store(.bnet).save(try BnetHomeTests.credential("FaYe#2543", relay: closed))
            let api = try await sandbox.bnet("wow", "mounts", "--region", "eu", "--api-url", closed)
            #expect(api.status == 5)
            #expect(api.stderr == "bnet: Could not reach 127.0.0.1: nothing answered there (the connection was "
                + "refused). Check the network connection and try again; with --api-url, check that it names a "
                + "running server.\n")
            let logout = try await sandbox.bnet("logout", "--region", "eu")
            #expect(logout.status == 1)
            #expect(logout.stderr.contains("Could not reach the relay at \(closed): nothing answered there"))
            #expect(!logout.stderr.contains("--relay"), "logout has no --relay: \(logout.stderr)")
            for result in [login, api, logout] { #expect(!result.stderr.contains("errno")) }
        }
    }

    @Test("Every `bnet ...` and `d3 ...` a message suggests parses with the real command tree")
    func suggestedCommandsExist() async throws {
        var printed: [String] = []
        try await withSandbox { sandbox in
            try await withEmulator { emulator in
                let hosts = emulator.hostArguments
                let client = emulator.clientEnvironment
                printed.append(try await sandbox.bnet("whoami", "--region", "eu").stderr)
                printed.append(try await sandbox.d3("whoami", "--region", "kr").stderr)
                printed.append(try await sandbox.bnet(["d3", "recipe", "jeweler", "nope"] + hosts, environment: client).stderr)
                printed.append(try await sandbox.d3(["recipe", "jeweler", "nope"] + hosts, environment: client).stderr)
                printed.append(try await sandbox.bnet(["d3", "skill", "wizard", "nope"] + hosts, environment: client).stderr)
                printed.append(try await sandbox.bnet(["d3", "season", "999"] + hosts, environment: client).stderr)
                printed.append(try await sandbox.bnet(["sc2", "profiles"] + hosts, environment: client).stderr)
                printed.append(try await sandbox.bnet(["d3", "artisan", "jeweler"] + hosts, environment: client).stdout)
                printed.append(try await sandbox.bnet(["d3", "season"] + hosts, environment: client).stdout)
                try await BnetCommandTests().signIn(sandbox, emulator, scopes: ["openid", "d3.profile"])
                let api = ["--region", "eu", "--api-url", emulator.baseURL.absoluteString]
                printed.append(try await sandbox.bnet(["wow", "characters"] + api).stderr)
                printed.append(try await sandbox.bnet(["wow", "character", "nowhere", "nobody"] + api).stderr)
            }
        }
        let suggested = Set(printed.flatMap { text in text.matches(of: /`((?:bnet|d3) [^`]+)`/).map { String($0.1) } })
        for expected in ["bnet login --region eu", "d3 login --region kr", "bnet d3 artisan jeweler", "d3 artisan jeweler",
                         "bnet login --region eu --scope 'openid wow.profile'"] {
            #expect(suggested.contains(expected), "\(suggested)")
        }
        try await withSandbox { sandbox in
            let closed = ["BNET_RELAY_URL": "http://127.0.0.1:\(try freePort())", "D3_RELAY_URL": "http://127.0.0.1:1"]
            for command in suggested {
                let words = Self.words(command)
                let binary = try BuiltExecutable.url(words[0])
                let result = try await ChildProcess.run(
                    binary, Array(words.dropFirst()), environment: sandbox.environment(closed))
                #expect(!(result.status == 2 && result.stderr.contains("Usage:")), "`\(command)`: \(result.stderr)")
            }
        }
    }

    /// A command line split into words as a shell would, for the single quotes messages use.
    static func words(_ command: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        for character in command {
            if character == "'" {
                quoted.toggle()
            } else if character == " ", !quoted {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }
}
