import BattleNet
import Foundation

/// An OAuth client registered at the emulator, as at Blizzard's developer portal.
public struct EmulatorClient: Sendable {
    /// The client's id and secret.
    public var credentials: ClientCredentials
    /// A name shown on the consent page.
    public var name: String
    /// The registered redirect URIs, compared exactly. Empty accepts any http(s) URI.
    public var redirectURIs: [String]

    /// Registers a client.
    public init(credentials: ClientCredentials, name: String = "Test application", redirectURIs: [String] = []) {
        self.credentials = credentials
        self.name = name
        self.redirectURIs = redirectURIs
    }
}

/// How an unknown profile or hero is answered: both shapes are seen in the wild.
public enum NotFoundStyle: String, Sendable, Codable {
    /// HTTP 404 with the API gateway's body `{"code":404,"type":"BLZWEBAPI00000404","detail":"Not Found"}`.
    case gateway404
    /// HTTP 200 with `{"code":"NOTFOUND","reason":"The account could not be found."}` (the legacy API).
    case legacy200
}

/// What an emulator serves and how strictly.
public struct EmulatorConfiguration: Sendable {
    /// Registered clients.
    public var clients: [EmulatorClient]
    /// Accounts that can sign in, with their Diablo III data.
    public var players: [EmulatorPlayer]
    /// Access token lifetime; Battle.net's are 24 hours (`expires_in` 86399).
    public var tokenLifetime: Duration
    /// Authorization code lifetime.
    public var codeLifetime: Duration
    /// How unknown profiles and heroes are answered.
    public var notFoundStyle: NotFoundStyle
    /// Whether `/emulator/...` control endpoints (faults, counters) are served: off unless a test asks, so that a
    /// sandbox relay's emulator never lets a stranger inject faults.
    public var controlEndpoints: Bool
    /// The clock.
    public var now: @Sendable () -> Date
    /// World of Warcraft and StarCraft II data: the recordings, generated data for every other account.
    public var games = EmulatorGames.recorded()
    /// Blizzard's quota per client and game data's caching headers.
    public var apiLimits = EmulatorAPILimits()

    /// Creates a configuration; by default the players of ``EmulatorPlayer/defaults()``.
    public init(
        clients: [EmulatorClient], players: [EmulatorPlayer] = EmulatorPlayer.defaults(),
        tokenLifetime: Duration = .seconds(86_399), codeLifetime: Duration = .seconds(300),
        notFoundStyle: NotFoundStyle = .gateway404, controlEndpoints: Bool = false,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.clients = clients
        self.players = players
        self.tokenLifetime = tokenLifetime
        self.codeLifetime = codeLifetime
        self.notFoundStyle = notFoundStyle
        self.controlEndpoints = controlEndpoints
        self.now = now
    }
}
