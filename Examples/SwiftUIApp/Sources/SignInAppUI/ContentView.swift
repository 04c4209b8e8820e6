import AuthenticationServices
import BattleNet
import BattleNetDiablo3
import BattleNetURLSession
import Foundation
import SwiftUI

/// The app's one long-lived session: created once, where the app starts, and shared through the environment.
public enum Account {
    /// Replace the relay's URL; `myapp` is the app's name at the relay and its URL scheme (Info.plist.fragment).
    @MainActor
    public static func make() -> ObservablePlayerSession {
        ObservablePlayerSession(PlayerSession(
            relay: RelaySignIn(
                relayURL: URL(string: "https://relay.example.com")!, app: "myapp", transport: URLSessionTransport.shared),
            store: store))
    }

    /// The Keychain: the data-protection keychain in a signed app; on a Mac, outside an app bundle (`swift run
    /// SignInApp`, which is not signed with a keychain access group), the login keychain instead.
    private static var store: KeychainTokenStore {
        #if os(macOS)
        KeychainTokenStore(service: "com.example.myapp", dataProtection: Bundle.main.bundlePath.hasSuffix(".app"))
        #else
        KeychainTokenStore(service: "com.example.myapp")
        #endif
    }
}

/// Signs in (one sheet however often the button is tapped), shows the player's Diablo III heroes, signs out.
public struct ContentView: View {
    @Environment(ObservablePlayerSession.self) private var account
    @Environment(\.webAuthenticationSession) private var webAuthenticationSession
    @State private var heroes: [D3HeroSummary] = []
    @State private var message: String?

    public init() {}

    public var body: some View {
        List {
            switch account.state {
            case .signedIn(let player):
                Section("Signed in as \(player.battleTag?.description ?? "a player")") {
                    ForEach(heroes, id: \.id) { hero in
                        Text("\(hero.name), level \(hero.level) \(hero.heroClass.displayName)")
                    }
                }
                Button("Sign out") { Task { await signOut() } }
            case .signingIn:
                ProgressView("Signing in…")
            case .storeUnreadable(let failure):
                Text(failure.description)
                Button("Try again") { Task { await account.reload() } }
            case .signedOut, .expired:
                Button("Sign in with Battle.net") { Task { await signIn() } }
            }
            if let message { Text(message).foregroundStyle(.secondary) }
        }
        .task(id: account.state.player?.token) { await loadHeroes() }
    }

    private func signIn() async {
        switch await account.session.signIn(using: webAuthenticationSession) {
        case .approved, .cancelled: message = nil
        case .denied: message = "You declined the sign-in at Battle.net."
        case .expired: message = "That took too long; try again."
        case .failed(let failure): message = failure.description
        }
    }

    private func signOut() async {
        do {
            try await account.session.signOut()
            heroes = []
        } catch {
            message = error.localizedDescription
        }
    }

    /// API calls use the session's stored token and never open a sheet: when it has expired they throw
    /// `SignInRequired`, and the state shows the sign-in button again. The token works in the player's regions
    /// (`player.regions`); an app with players in several lets them pick, this one asks the first.
    private func loadHeroes() async {
        guard case .signedIn(let player) = account.state, let battleTag = player.battleTag else { return }
        let d3 = Diablo3Client(
            region: player.regions.first ?? .us, tokens: account.session, transport: URLSessionTransport.shared)
        do {
            heroes = try await d3.profile(battleTag).heroes
        } catch is SignInRequired {
            heroes = []
        } catch {
            message = error.localizedDescription
        }
    }
}
