import AuthenticationServices
import BattleNet
import BattleNetDiablo3
import BattleNetURLSession
import SwiftUI

/// The app's one long-lived session: created once, where the app starts, and shared through the environment.
public enum Account {
    /// Replace the relay's URL; `myapp` is the app's name at the relay and its URL scheme (Info.plist.fragment).
    @MainActor
    public static func make() -> ObservablePlayerSession {
        ObservablePlayerSession(PlayerSession(
            relay: RelaySignIn(
                relayURL: URL(string: "https://relay.example.com")!, app: "myapp", transport: URLSessionTransport.shared),
            store: KeychainTokenStore(service: "com.example.myapp")))
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
    /// `SignInRequired`, and the state shows the sign-in button again.
    private func loadHeroes() async {
        guard case .signedIn(let player) = account.state, let battleTag = player.battleTag else { return }
        let d3 = Diablo3Client(region: player.region ?? .us, tokens: account.session, transport: URLSessionTransport.shared)
        do {
            heroes = try await d3.profile(battleTag).heroes
        } catch is SignInRequired {
            heroes = []
        } catch {
            message = error.localizedDescription
        }
    }
}
