// swift-tools-version:6.1
import PackageDescription

// A SwiftUI app (iOS 17 / macOS 14) signing in through BattleNetRelay in redirect mode. Apple only: the Apple CI
// workflow (.github/workflows/apple.yml) builds it for macOS and the iOS Simulator. `SignInAppUI` is what an app
// target holds; `SignInApp` is its `@main` entry point, runnable on macOS with `swift run`.
let package = Package(
    name: "SwiftUIApp",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "SignInAppUI", targets: ["SignInAppUI"]),
        .executable(name: "SignInApp", targets: ["SignInApp"]),
    ],
    dependencies: [
        .package(name: "BattleNetRelay", path: "../..", traits: []),
    ],
    targets: [
        .target(
            name: "SignInAppUI",
            dependencies: [
                .product(name: "BattleNet", package: "BattleNetRelay"),
                .product(name: "BattleNetDiablo3", package: "BattleNetRelay"),
                .product(name: "BattleNetURLSession", package: "BattleNetRelay"),
            ]
        ),
        .executableTarget(name: "SignInApp", dependencies: ["SignInAppUI"]),
    ]
)
