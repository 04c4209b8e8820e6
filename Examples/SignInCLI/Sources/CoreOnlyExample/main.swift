import BattleNet
import Foundation

// The core library alone, as an app that brings its own HTTP stack uses it: parses a BattleTag and prints the region's
// API host and the BattleTag as a profile path writes it. It compiles no transport and no game library
// (scripts/examples.sh checks that its build compiles `BattleNet` and swift-crypto only).
//
//   swift run --package-path Examples/SignInCLI CoreOnlyExample FaYe#2543 eu

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2, let region = Region(rawValue: arguments[1]) else {
    print("usage: CoreOnlyExample BATTLETAG REGION   (REGION: \(Region.allCases.map(\.rawValue).joined(separator: ", ")))")
    exit(1)
}
do {
    let tag = try BattleTag(parsing: arguments[0])
    print(BattleNetEndpoints(region: region).apiBaseURL, tag.pathComponent)
} catch {
    print("CoreOnlyExample: \(error)")
    exit(1)
}
