// swift-tools-version:6.0
import PackageDescription

// An app's view of BattleNetRelay: it depends on the `BattleNet` library and its URLSession transport only, so it
// builds no server code (scripts/examples.sh checks the build for SwiftNIO, Hummingbird, GRDB and PostgresNIO).
let package = Package(
    name: "SignInCLI",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        .package(name: "BattleNetRelay", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "SignInExample",
            dependencies: [
                .product(name: "BattleNet", package: "BattleNetRelay"),
                .product(name: "BattleNetURLSession", package: "BattleNetRelay"),
            ]
        ),
    ]
)
