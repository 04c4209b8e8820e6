// A minimal SwiftUI app (iOS 17 / macOS 14) signing in through BattleNetRelay in redirect mode.
// Apple only: it is not compiled on Linux; every decision it relies on (RelaySignIn, PlayerSession, the token stores)
// is tested there. Add the package's `BattleNet` and `BattleNetURLSession` products to an app target, register the
// URL scheme `myapp` (Info.plist below), and replace the relay's URL.
import AuthenticationServices
import BattleNet
import BattleNetURLSession
import SwiftUI

@main
struct SignInApp: App {
    var body: some Scene {
        WindowGroup { ContentView() }
    }
}

struct ContentView: View {
    @Environment(\.webAuthenticationSession) private var webAuthenticationSession
    @State private var player: SignedInPlayer?
    @State private var heroes: [D3HeroSummary] = []
    @State private var message: String?

    private let store = KeychainTokenStore(service: "com.example.myapp")
    private let signIn = RelaySignIn(
        relayURL: URL(string: "https://relay.example.com")!, app: "myapp", transport: URLSessionTransport.shared)

    var body: some View {
        List {
            if let player {
                Section("Signed in as \(player.battleTag?.description ?? "a player")") {
                    ForEach(heroes, id: \.id) { hero in
                        Text("\(hero.name), level \(hero.level) \(hero.heroClass.displayName)")
                    }
                }
                Button("Sign out") {
                    try? store.delete("default")
                    self.player = nil
                    heroes = []
                }
            } else {
                Button("Sign in with Battle.net") { Task { await signInWithBattleNet() } }
            }
            if let message { Text(message).foregroundStyle(.secondary) }
        }
        .task {
            player = try? store.load("default")
            await loadHeroes()
        }
    }

    private func signInWithBattleNet() async {
        let result = await signIn.run { attempt in
            do {
                return try await webAuthenticationSession.authenticate(
                    using: attempt.url, callbackURLScheme: attempt.callbackScheme)
            } catch ASWebAuthenticationSessionError.canceledLogin {
                return nil
            }
        }
        switch result {
        case .approved(let player):
            try? store.save(player, as: "default")
            self.player = player
            message = nil
            await loadHeroes()
        case .denied: message = "You declined the sign-in at Battle.net."
        case .expired: message = "That took too long; try again."
        case .cancelled: message = nil
        case .failed(let failure): message = failure.description
        }
    }

    private func loadHeroes() async {
        guard let player, let battleTag = player.battleTag else { return }
        // The stored token until it expires; then (or after a 401) the player signs in again, once, and the call
        // is retried.
        let session = PlayerSession(store: store) { [signIn, webAuthenticationSession] in
            try await signIn.run { attempt in
                try await webAuthenticationSession.authenticate(using: attempt.url, callbackURLScheme: attempt.callbackScheme)
            }.player()
        }
        let d3 = Diablo3Client(region: player.region ?? .us, tokens: session, transport: URLSessionTransport.shared)
        do {
            heroes = try await d3.profile(battleTag).heroes
        } catch {
            message = "\(error)"
        }
    }
}
