import BattleNet
import BattleNetDiablo3
import BattleNetURLSession
import Foundation

// Prints Diablo III's acts through a relay's game-data gateway, as an app shows game data before anyone signs in:
// the app holds no client secret and nobody signs in; the relay adds its own token. The relay names its gateway in
// its metadata (`api_gateway_endpoint`) while the gateway is on (the default in sandbox mode).
//
//   swift run --package-path Examples/GameDataApp GameDataExample http://127.0.0.1:8080 eu

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("game-data-example: \(message)\n".utf8))
    exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard (1...2).contains(arguments.count), let relayURL = URL(string: arguments[0]), relayURL.scheme != nil else {
    fail("usage: GameDataExample RELAY_URL [REGION]")
}
guard let region = Region(rawValue: arguments.count == 2 ? arguments[1] : "us") else {
    fail("unknown region '\(arguments[1])'; use us, eu, kr, tw or cn")
}

let transport = URLSessionTransport.shared
let metadataURL = relayURL.appending(path: ".well-known/oauth-authorization-server")
let gateway: URL
do {
    let answer = try await transport.send(TransportRequest(url: metadataURL))
    let metadata = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
    guard answer.status == 200, let endpoint = (metadata?["api_gateway_endpoint"] as? String).flatMap(URL.init(string:))
    else { fail("\(relayURL.absoluteString) offers no game-data gateway (its --gateway is off)") }
    gateway = endpoint
} catch {
    fail("could not read \(metadataURL.absoluteString): \(error)")
}

let d3 = Diablo3Client(api: BlizzardAPI(region: region, gateway: gateway, transport: transport))
do {
    let index = try await d3.acts()
    print("Diablo III acts (\(region.rawValue), through \(gateway.absoluteString)):")
    for act in index.acts {
        print("  \(act.number). \(act.name) (\(act.slug)): \(act.quests.count) quests")
    }
} catch {
    fail("\(error)")
}
