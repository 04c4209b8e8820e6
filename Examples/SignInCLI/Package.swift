// swift-tools-version:6.1
import PackageDescription

// An app's view of BattleNetRelay, with the package's default `Server` trait turned off (`traits: []`), so it resolves
// only swift-crypto and swift-asn1 and builds no server code (scripts/examples.sh checks both): `SignInExample` uses
// the `BattleNet` library, its URLSession transport and `BattleNetDiablo3`; `CoreOnlyExample` the core alone;
// `HearthstoneOnlyExample` `BattleNetHearthstone` alone.
let package = Package(
    name: "SignInCLI",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        .package(name: "BattleNetRelay", path: "../..", traits: []),
    ],
    targets: [
        .executableTarget(
            name: "SignInExample",
            dependencies: [
                .product(name: "BattleNet", package: "BattleNetRelay"),
                .product(name: "BattleNetDiablo3", package: "BattleNetRelay"),
                .product(name: "BattleNetURLSession", package: "BattleNetRelay"),
            ]
        ),
        .executableTarget(
            name: "CoreOnlyExample",
            dependencies: [.product(name: "BattleNet", package: "BattleNetRelay")]
        ),
        .executableTarget(
            name: "HearthstoneOnlyExample",
            dependencies: [.product(name: "BattleNetHearthstone", package: "BattleNetRelay")]
        ),
    ]
)
