import BattleNet
import BattleNetEmulator
import Foundation
import Hummingbird
import HummingbirdTesting
import RelayApp
import RelayServer
import Testing

/// `check-config --live` against the emulator, in process: everything holds as recorded, and each of Blizzard's
/// past breaking changes, replayed as a fault (``BattleNetChange``), is named with what to do.
@Suite("Live check of Battle.net's assumptions", .timeLimit(.minutes(2)))
struct LiveCheckTests {
    static let credentials = ClientCredentials(id: "live-check", secret: "live-check-secret-0123456789")

    /// The relay's configuration with Battle.net at the emulator (reached through its router).
    static var configuration: RelayConfiguration {
        var configuration = RelayConfiguration()
        configuration.provider = .battleNet(credentials)
        configuration.use(BattleNetEndpoints(emulatorBaseURL: EmulatorTransport.defaultBaseURL))
        return configuration
    }

    /// The findings of a live check against an emulator with `change` replayed.
    static func findings(_ change: BattleNetChange?) async throws -> [LiveCheck.Finding] {
        let emulator = BattleNetEmulator(configuration: EmulatorConfiguration(
            clients: [EmulatorClient(credentials: credentials, name: "live check")]))
        for fault in change?.faults ?? [] { await emulator.state.inject(fault) }
        return await LiveCheck(
            configuration: configuration, credentials: credentials, transport: EmulatorTransport(emulator: emulator)
        ).run()
    }

    @Test("As recorded, every assumption holds")
    func holds() async throws {
        let findings = try await Self.findings(nil)
        #expect(findings.map(\.subject) == ["discovery", "token endpoint", "check_token", "game-data API", "userinfo"])
        for finding in findings { #expect(finding.drift == nil, "\(finding)") }
    }

    @Test("Each past change is named, with what to do", arguments: BattleNetChange.allCases)
    func change(_ change: BattleNetChange) async throws {
        let findings = try await Self.findings(change)
        let drifts = Dictionary(uniqueKeysWithValues: findings.compactMap { finding in finding.drift.map { (finding.subject, $0) } })
        switch change {
        case .tokenMethodRefused:
            let drift = try #require(drifts["token endpoint"], "\(findings)")
            #expect(drift.contains("HTTP 400 (invalid_request: HTTP method POST is not supported)"))
            #expect(drift.contains("as it refused GET in 2021"))
        case .oauthHostForbidden:
            let drift = try #require(drifts["token endpoint"], "\(findings)")
            #expect(drift.contains("HTTP 403"))
            #expect(drift.contains("use https://oauth.battle.net"))
        case .apiTokenRefused:
            let drift = try #require(drifts["game-data API"], "\(findings)")
            #expect(drift.contains("HTTP 401"))
            #expect(drift.contains("refuses the token in the Authorization header"))
            #expect(drifts["token endpoint"] == nil)
        case .discoveryMoved:
            let drift = try #require(drifts["discovery"], "\(findings)")
            #expect(drift.contains("token_endpoint is https://oauth.battle.net/oauth2/token"))
            #expect(drift.contains("set --token-url https://oauth.battle.net/oauth2/token"))
            #expect(drift.contains("userinfo_endpoint is missing"))
        }
        if [.tokenMethodRefused, .oauthHostForbidden].contains(change) {
            #expect(findings.filter(\.skipped).map(\.subject) == ["check_token", "game-data API", "userinfo"])
        }
    }
}
