import BattleNet
import BattleNetHTTPClient
import Foundation

// The game endpoints' drift canary, run by hand against Blizzard with real credentials (read-only, an application
// token): every endpoint BattleNetWorldOfWarcraft, BattleNetStarCraft2 and BattleNetHearthstone type since issue #44 is
// asked once, with ids read off the answers before it (a realm, a Mythic+ board's first player, a grandmaster), and
// each is reported as `ok` (its status, the namespace it answered in, what its model read), `DRIFT` (a status that is
// not 200, another namespace, or the model's decoding error with the field's path) or `--` (not asked: what it needs
// was not found). Exits 1 on any drift.
//
//   BNET_CLIENT_ID=… BNET_CLIENT_SECRET=… swift run GameDriftCheck [REGION]     (REGION: us, eu, kr, tw; eu by default)

let environment = ProcessInfo.processInfo.environment
guard let id = environment["BNET_CLIENT_ID"], let secret = environment["BNET_CLIENT_SECRET"] else {
    FileHandle.standardError.write(Data("GameDriftCheck: set BNET_CLIENT_ID and BNET_CLIENT_SECRET\n".utf8))
    exit(2)
}
let region = CommandLine.arguments.dropFirst().first.flatMap(Region.init(rawValue:)) ?? .eu
let findings = await GameDriftCheck(
    region: region, credentials: ClientCredentials(id: id, secret: secret), transport: AsyncHTTPClientTransport.shared
).run()
for finding in findings { print(finding) }
exit(findings.contains { $0.drift != nil } ? 1 : 0)
