// swift-tools-version:6.1
import PackageDescription

// An app that shows Diablo III's acts before anyone signs in, through a relay's game-data gateway: no client secret
// in the app and no sign-in. Like Examples/SignInCLI it depends on BattleNetRelay with the default `Server` trait off
// (`traits: []`), so it resolves only swift-crypto and swift-asn1 and builds no server code (scripts/examples.sh
// checks both).
let package = Package(
    name: "GameDataApp",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        .package(name: "BattleNetRelay", path: "../..", traits: []),
    ],
    targets: [
        .executableTarget(
            name: "GameDataExample",
            dependencies: [
                .product(name: "BattleNet", package: "BattleNetRelay"),
                .product(name: "BattleNetDiablo3", package: "BattleNetRelay"),
                .product(name: "BattleNetURLSession", package: "BattleNetRelay"),
            ]
        ),
    ]
)
