// swift-tools-version:6.1
import PackageDescription

/// One set of compiler settings for every target.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The default trait: the relay, the CLIs, the emulator, the benchmarks and the tests. An app that depends on
/// `BattleNet` and `BattleNetURLSession` with `traits: []` resolves only swift-crypto (and its swift-asn1); every
/// other package dependency is used only under this trait (scripts/examples.sh checks it).
let server = "Server"

/// A product of a package dependency that only the `Server` trait uses.
func serverOnly(_ name: String, _ package: String) -> Target.Dependency {
    .product(name: name, package: package, condition: .when(traits: [server]))
}

/// The version of everything this package ships (the libraries, `bnet-relay`, `d3`), declared here only: the tools
/// print it (`--version`), CHANGELOG.md has a section for it, and deploy/build.sh refuses a release without one.
let version = "0.2.0"

/// The git commit a release build stamps into the tools: deploy/build.sh sets `BNET_RELAY_COMMIT`; "dev" otherwise.
let commit = Context.environment["BNET_RELAY_COMMIT"].flatMap { value in
    value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") } ? value : nil
} ?? "dev"

let package = Package(
    name: "BattleNetRelay",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17)],
    products: [
        .executable(name: "bnet-relay", targets: ["BnetRelay"]),
        .executable(name: "bnet", targets: ["BnetCLI"]),
        .executable(name: "d3", targets: ["BnetCLI"]),
        .executable(name: "relay-load", targets: ["RelayLoad"]),
        .library(name: "BattleNet", targets: ["BattleNet"]),
        .library(name: "BattleNetDiablo3", targets: ["BattleNetDiablo3"]),
        .library(name: "BattleNetWorldOfWarcraft", targets: ["BattleNetWorldOfWarcraft"]),
        .library(name: "BattleNetStarCraft2", targets: ["BattleNetStarCraft2"]),
        .library(name: "BattleNetHearthstone", targets: ["BattleNetHearthstone"]),
        .library(name: "BattleNetHTTPClient", targets: ["BattleNetHTTPClient"]),
        .library(name: "BattleNetURLSession", targets: ["BattleNetURLSession"]),
        .library(name: "BattleNetEmulator", targets: ["BattleNetEmulator"]),
    ],
    traits: [
        .trait(name: server, description: "The relay, the d3 and relay-load tools, the emulator and the tests, with "
            + "their server dependencies (SwiftNIO, Hummingbird, AsyncHTTPClient, GRDB, PostgresNIO). Apps turn it "
            + "off (traits: []) and get BattleNet and BattleNetURLSession on swift-crypto alone."),
        .default(enabledTraits: [server]),
    ],
    dependencies: [
        // Hummingbird's traits named (its default `ConfigurationSupport` is left out: the relay reads its settings itself,
        // in RelayApp). With its default traits, `swift test` and `swift build` each compiled Hummingbird again after
        // the other (SwiftPM 6.3 resolved them differently), 13-16 s every time CI switched.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: ["FullFoundation"]),
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
        // The relay's metrics: swift-metrics' types at the call sites, swift-prometheus's registry behind /metrics.
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        // The relay's pages are Mustache templates: every value escaped unless a template asks otherwise.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    ],
    targets: [
        // The shared Battle.net library: no web framework, no HTTP client; HTTP goes through `HTTPTransport`.
        .target(
            name: "BattleNet",
            dependencies: [
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            // Apple's privacy manifest: FileTokenStore's lstat/fstat are required-reason APIs (App Store review).
            resources: [.copy("PrivacyInfo.xcprivacy")],
            swiftSettings: swiftSettings
        ),
        // One library per game on the core: the typed models and client of its Blizzard API endpoints. An app that
        // only signs in depends on `BattleNet` alone and compiles none of them (scripts/examples.sh checks it).
        .target(name: "BattleNetDiablo3", dependencies: ["BattleNet"], swiftSettings: swiftSettings),
        .target(name: "BattleNetWorldOfWarcraft", dependencies: ["BattleNet"], swiftSettings: swiftSettings),
        .target(name: "BattleNetStarCraft2", dependencies: ["BattleNet"], swiftSettings: swiftSettings),
        .target(name: "BattleNetHearthstone", dependencies: ["BattleNet"], swiftSettings: swiftSettings),
        // The default transport for `BattleNet`, on AsyncHTTPClient.
        .target(
            name: "BattleNetHTTPClient",
            dependencies: [
                "BattleNet",
                serverOnly("AsyncHTTPClient", "async-http-client"),
                serverOnly("NIOCore", "swift-nio"),
                serverOnly("NIOHTTP1", "swift-nio"),
                serverOnly("NIOHTTPCompression", "swift-nio-extras"),
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
                .product(name: "CryptoExtras", package: "swift-crypto"),
                serverOnly("HTTPTypes", "swift-http-types"),
                serverOnly("Hummingbird", "hummingbird"),
                serverOnly("Logging", "swift-log"),
                serverOnly("Mustache", "swift-mustache"),
                serverOnly("NIOConcurrencyHelpers", "swift-nio"),
                serverOnly("NIOCore", "swift-nio"),
                serverOnly("NIOEmbedded", "swift-nio"),
                serverOnly("ServiceLifecycle", "swift-service-lifecycle"),
            ],
            // The samples are compiled in (EmbeddedSamples.swift, from scripts/embed-samples.sh), never read at run time.
            exclude: ["Samples"],
            swiftSettings: swiftSettings
        ),
        // The version and commit, compiled in from the two constants above (C, so a value can be defined).
        .target(
            name: "BuildStamp",
            cSettings: [
                .define("BNET_RELAY_VERSION", to: "\"\(version)\""), .define("BNET_RELAY_COMMIT", to: "\"\(commit)\""),
            ]
        ),
        .target(
            name: "RelayCore",
            dependencies: [
                "BattleNet",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                serverOnly("Logging", "swift-log"),
                serverOnly("Metrics", "swift-metrics"),
                serverOnly("NIOConcurrencyHelpers", "swift-nio"),
                serverOnly("Prometheus", "swift-prometheus"),
                serverOnly("ServiceLifecycle", "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "RelaySQLite",
            dependencies: [
                "RelayCore",
                serverOnly("GRDB", "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "RelayPostgres",
            dependencies: [
                "RelayCore",
                serverOnly("PostgresNIO", "postgres-nio"),
                serverOnly("NIOConcurrencyHelpers", "swift-nio"),
                serverOnly("NIOSSL", "swift-nio-ssl"),
                serverOnly("ServiceLifecycle", "swift-service-lifecycle"),
                serverOnly("Logging", "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // The relay's HTTP layer: controllers, middleware, pages, connection gates, the routers.
        .target(
            name: "RelayServer",
            dependencies: [
                "BattleNet",
                "BattleNetHTTPClient",
                "BuildStamp",
                "RelayCore",
                .product(name: "Crypto", package: "swift-crypto"),
                serverOnly("AsyncHTTPClient", "async-http-client"),
                serverOnly("HTTPTypes", "swift-http-types"),
                serverOnly("Hummingbird", "hummingbird"),
                serverOnly("HummingbirdCore", "hummingbird"),
                serverOnly("Logging", "swift-log"),
                serverOnly("Metrics", "swift-metrics"),
                serverOnly("Mustache", "swift-mustache"),
                serverOnly("NIOConcurrencyHelpers", "swift-nio"),
                serverOnly("NIOCore", "swift-nio"),
                serverOnly("NIOHTTP1", "swift-nio"),
                serverOnly("NIOHTTPTypes", "swift-nio-extras"),
            ],
            swiftSettings: swiftSettings
        ),
        // The relay as an application, above its HTTP layer, by role: Configuration/ (every setting declared once, and
        // its parsing), Application/ (the composition root, `Relay`), Startup/, Provider/ (Battle.net or the sandbox
        // emulator, the live check), Database/, Gateway/, Services/ (the readiness probe, the sweeper).
        .target(
            name: "RelayApp",
            dependencies: [
                "BattleNet",
                "BattleNetEmulator",
                "BattleNetHTTPClient",
                "RelayCore",
                "RelayPostgres",
                "RelayServer",
                "RelaySQLite",
                .product(name: "Crypto", package: "swift-crypto"),
                serverOnly("Hummingbird", "hummingbird"),
                serverOnly("HummingbirdCore", "hummingbird"),
                serverOnly("Logging", "swift-log"),
                serverOnly("NIOConcurrencyHelpers", "swift-nio"),
                serverOnly("NIOCore", "swift-nio"),
                serverOnly("ServiceLifecycle", "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "BnetRelay",
            dependencies: [
                "BattleNet",
                "BattleNetEmulator",
                "RelayApp",
                "RelayCore",
                "RelayPostgres",
                "RelaySQLite",
                serverOnly("ArgumentParser", "swift-argument-parser"),
                serverOnly("Logging", "swift-log"),
                serverOnly("ServiceLifecycle", "swift-service-lifecycle"),
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
                serverOnly("AsyncHTTPClient", "async-http-client"),
                serverOnly("ArgumentParser", "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        // The game endpoints' drift canary: asks Blizzard, by hand with real credentials, every endpoint the game
        // libraries type since issue #44 and says what changed (`swift run GameDriftCheck [REGION]`); not shipped.
        .executableTarget(
            name: "GameDriftCheck",
            dependencies: [
                "BattleNet", "BattleNetHTTPClient", "BattleNetWorldOfWarcraft", "BattleNetStarCraft2", "BattleNetHearthstone",
            ],
            swiftSettings: swiftSettings
        ),
        // What the relay's JSON costs per wire message (scripts/bench.sh); not shipped.
        .executableTarget(
            name: "WireBench",
            dependencies: ["BattleNet", "RelayServer", serverOnly("NIOCore", "swift-nio")],
            swiftSettings: swiftSettings
        ),
        // The player CLI's logic without the command line (no ArgumentParser): the program's names and exit codes,
        // account files and sign-in, settings, text, and each game's renderers (Program/, Account/, Settings/, Text/,
        // Diablo3/, WorldOfWarcraft/, StarCraft2/).
        .target(
            name: "BnetKit",
            dependencies: [
                "BattleNet", "BattleNetDiablo3", "BattleNetWorldOfWarcraft", "BattleNetStarCraft2",
                "BattleNetHearthstone", "BuildStamp", serverOnly("NIOConcurrencyHelpers", "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // The player CLI: `bnet` (every game), and `d3` (the same binary under Diablo III's name), one folder per
        // role and per game, as in BnetKit.
        .executableTarget(
            name: "BnetCLI",
            dependencies: [
                "BattleNet",
                "BattleNetDiablo3",
                "BattleNetWorldOfWarcraft",
                "BattleNetStarCraft2",
                "BattleNetHearthstone",
                "BattleNetHTTPClient",
                "BnetKit",
                serverOnly("ArgumentParser", "swift-argument-parser"),
                serverOnly("NIOConcurrencyHelpers", "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // Helpers shared by the test targets.
        .target(
            name: "TestSupport",
            dependencies: [
                "BattleNet", "BattleNetHTTPClient", serverOnly("AsyncHTTPClient", "async-http-client"),
                serverOnly("NIOCore", "swift-nio"),
            ],
            path: "Tests/TestSupport",
            swiftSettings: swiftSettings),
        .testTarget(
            name: "BattleNetTests",
            dependencies: [
                "BattleNet", "BattleNetDiablo3", "BattleNetWorldOfWarcraft", "BattleNetStarCraft2", "BattleNetHearthstone",
                "BattleNetHTTPClient", "BattleNetURLSession", "BattleNetEmulator", "TestSupport",
                serverOnly("Hummingbird", "hummingbird"),
                serverOnly("HummingbirdTesting", "hummingbird"), serverOnly("HTTPTypes", "swift-http-types"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "RelayTests",
            dependencies: [
                "BattleNet", "BattleNetDiablo3", "BattleNetHearthstone", "BattleNetStarCraft2", "BattleNetWorldOfWarcraft",
                "BattleNetHTTPClient", "BattleNetURLSession", "BattleNetEmulator", "RelayCore", "RelaySQLite", "RelayPostgres",
                "RelayApp", "RelayServer", "TestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                serverOnly("GRDB", "GRDB.swift"),
                serverOnly("HummingbirdTesting", "hummingbird"),
                serverOnly("InMemoryLogging", "swift-log"),
                serverOnly("Logging", "swift-log"),
                serverOnly("Metrics", "swift-metrics"),
                serverOnly("Mustache", "swift-mustache"),
                serverOnly("NIOCore", "swift-nio"),
                serverOnly("NIOEmbedded", "swift-nio"),
                serverOnly("NIOHTTP1", "swift-nio"),
                serverOnly("NIOHTTPTypes", "swift-nio-extras"),
                serverOnly("NIOHTTPTypesHTTP1", "swift-nio-extras"),
                serverOnly("PostgresNIO", "postgres-nio"),
                serverOnly("ServiceLifecycle", "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        // Renderers and the credential store as units; the `bnet` and `d3` binaries as subprocesses against an emulator.
        .testTarget(
            name: "BnetCLITests",
            dependencies: [
                "BattleNet", "BattleNetDiablo3", "BattleNetWorldOfWarcraft", "BattleNetStarCraft2", "BattleNetHearthstone",
                "BattleNetHTTPClient", "BattleNetEmulator", "BnetKit", "TestSupport",
            ],
            resources: [.copy("Golden")],
            swiftSettings: swiftSettings
        ),
    ]
)
