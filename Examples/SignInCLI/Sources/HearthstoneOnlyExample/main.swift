import BattleNetHearthstone

// An app that depends on BattleNetHearthstone alone: prints the request a deck code makes (the path, and the code as
// its query carries it, `+`, `/` and `=` kept). It compiles no other game library and no transport
// (scripts/examples.sh checks its build compiles `BattleNet`, `BattleNetHearthstone` and swift-crypto only).
//
//   swift run --package-path Examples/SignInCLI HearthstoneOnlyExample 'AAECAQcG+wyd8AKS/A=='

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.count == 1 {
    let endpoint = HearthstoneEndpoint.deck(code: arguments[0])
    print(endpoint.path, endpoint.query.map { "\($0.0)=\($0.1)" }.joined(separator: "&"))
} else {
    print("usage: HearthstoneOnlyExample DECKCODE")
}
