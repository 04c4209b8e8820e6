import BattleNet
import BattleNetDiablo3
import BattleNetURLSession
import Foundation

// Signs in through a relay in redirect mode, as an app does, and prints the player's Diablo III heroes.
//
//   swift run --package-path Examples/SignInCLI SignInExample http://127.0.0.1:8080 myapp
//
// At a sandbox relay the player's token works at the relay's emulator, which the relay's metadata names and the
// player keeps (`player.apiBaseURL`); `--api-url URL` calls another API instead.
// A command-line program cannot be reopened by a `myapp://` link, so it asks the person to paste the address the
// browser ends on; an app gets it from ASWebAuthenticationSession instead (`signIn.run(presentingFrom: window)`).

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("sign-in-example: \(message)\n".utf8))
    exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var apiURL: URL?
if let flag = arguments.firstIndex(of: "--api-url") {
    guard flag + 1 < arguments.count, let url = URL(string: arguments[flag + 1]) else { fail("--api-url needs a URL") }
    apiURL = url
    arguments.removeSubrange(flag...(flag + 1))
}
guard (1...2).contains(arguments.count), let relayURL = URL(string: arguments[0]), relayURL.scheme != nil else {
    fail("usage: SignInExample RELAY_URL [APP] [--api-url URL]")
}
let app = arguments.count == 2 ? arguments[1] : "myapp"

let transport = URLSessionTransport.shared
let signIn = RelaySignIn(relayURL: relayURL, app: app, transport: transport)
let result = await signIn.run { attempt in
    // Written unbuffered: the person (or a test driving this program) must see it before typing the answer.
    FileHandle.standardOutput.write(Data("""
        Open this page in a browser and approve the sign-in:
          \(attempt.url.absoluteString)
        The browser is then sent to an address starting with \(attempt.callbackScheme)://; paste it here:

        """.utf8))
    return readLine().flatMap { URL(string: $0.trimmingCharacters(in: .whitespaces)) }
}

switch result {
case .approved(let player):
    guard let battleTag = player.battleTag else { fail("the relay did not say who signed in") }
    print("Signed in as \(battleTag).")
    let region = player.regions.first ?? .us   // the token works in player.regions; a real app lets the player pick
    let d3 = Diablo3Client(
        region: region, apiBaseURL: apiURL ?? player.apiBaseURL, tokens: StaticTokenSource(player.token), transport: transport)
    do {
        let profile = try await d3.profile(battleTag)
        print("Heroes of \(battleTag) (\(region)):")
        for hero in profile.heroes {
            print("  \(hero.name), level \(hero.level) \(hero.heroClass.displayName)")
        }
    } catch {
        fail("\(error)")
    }
case .denied:
    fail("the sign-in was declined at Battle.net")
case .expired:
    fail("the sign-in expired; run again")
case .cancelled:
    fail("the sign-in was cancelled")
case .failed(let failure):
    fail(failure.description)
}
