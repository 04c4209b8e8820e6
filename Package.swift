// swift-tools-version:6.0
import PackageDescription

/// One set of compiler settings for every target.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "BattleNetRelay",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17)],
    products: [
        .executable(name: "bnet-relay", targets: ["BnetRelay"]),
        .executable(name: "d3", targets: ["D3CLI"]),
        .executable(name: "relay-load", targets: ["RelayLoad"]),
        .library(name: "BattleNet", targets: ["BattleNet"]),
        .library(name: "BattleNetHTTPClient", targets: ["BattleNetHTTPClient"]),
        .library(name: "BattleNetURLSession", targets: ["BattleNetURLSession"]),
        .library(name: "BattleNetEmulator", targets: ["BattleNetEmulator"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    ],
    targets: [
        // The shared Battle.net library: no web framework, no HTTP client; HTTP goes through `HTTPTransport`.
        .target(
            name: "BattleNet",
            dependencies: [
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        // The default transport for `BattleNet`, on AsyncHTTPClient.
        .target(
            name: "BattleNetHTTPClient",
            dependencies: [
                "BattleNet",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
            ],
            swiftSettings: swiftSettings
        ),
        // The transport for apps, on URLSession (FoundationNetworking on Linux); with `BattleNet`, all an app builds.
        .target(
            name: "BattleNetURLSession",
            dependencies: ["BattleNet"],
            swiftSettings: swiftSettings
        ),
        // A faithful Battle.net stand-in served over real HTTP (tests and sandbox mode).
        .target(
            name: "BattleNetEmulator",
            dependencies: [
                "BattleNet",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            // The samples are compiled in (EmbeddedSamples.swift, from scripts/embed-samples.sh), never read at run time.
            exclude: ["Samples"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "RelayCore",
            dependencies: [
                "BattleNet",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "RelaySQLite",
            dependencies: [
                "RelayCore",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "RelayPostgres",
            dependencies: [
                "RelayCore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "RelayServer",
            dependencies: [
                "BattleNet",
                "BattleNetHTTPClient",
                "BattleNetEmulator",
                "RelayCore",
                "RelaySQLite",
                "RelayPostgres",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "BnetRelay",
            dependencies: [
                "BattleNet",
                "RelayCore",
                "RelayPostgres",
                "RelayServer",
                "RelaySQLite",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        // Load, soak and flow benchmarks for the relay (scripts/load.sh, scripts/bench.sh); not shipped.
        .executableTarget(
            name: "RelayLoad",
            dependencies: [
                "BattleNet",
                "BattleNetHTTPClient",
                "BattleNetEmulator",
                "TestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        // The `d3` CLI's logic without the command line: credential store, settings, renderers, exit codes.
        .target(
            name: "D3Kit",
            dependencies: ["BattleNet"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "D3CLI",
            dependencies: [
                "BattleNet",
                "BattleNetHTTPClient",
                "D3Kit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        // Helpers shared by the test targets.
        .target(
            name: "TestSupport", dependencies: ["BattleNet", "BattleNetHTTPClient"], path: "Tests/TestSupport",
            swiftSettings: swiftSettings),
        .testTarget(
            name: "BattleNetTests",
            dependencies: [
                "BattleNet", "BattleNetHTTPClient", "BattleNetURLSession", "BattleNetEmulator", "TestSupport",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "RelayTests",
            dependencies: [
                "BattleNet", "BattleNetHTTPClient", "BattleNetURLSession", "BattleNetEmulator", "RelayCore", "RelaySQLite", "RelayPostgres",
                "RelayServer", "TestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        // Renderers and the credential store as units; the `d3` binary as a subprocess against an emulator.
        .testTarget(
            name: "D3CLITests",
            dependencies: ["BattleNet", "BattleNetHTTPClient", "BattleNetEmulator", "D3Kit", "TestSupport"],
            resources: [.copy("Golden")],
            swiftSettings: swiftSettings
        ),
    ]
)
