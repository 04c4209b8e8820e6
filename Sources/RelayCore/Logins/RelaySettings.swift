import BattleNet
import Foundation

/// The relay's protocol settings: where players sign in, how long a login lives, how clients poll and what the relay
/// holds at once. Each default is declared here and nowhere else: the relay's configuration nests these settings
/// (those an operator may set have a flag), and its `--help` and settings table show these defaults.
public struct ProtocolSettings: Sendable, Equatable {
    /// The Battle.net region whose players sign in.
    public var region: Region = .us
    /// Scopes asked for when a client names none, and allowed to apps that list none.
    public var defaultScopes = ["openid", "wow.profile", "sc2.profile", "d3.profile"]
    /// How long a login may take from start to pickup.
    public var loginLifetime: Duration = .seconds(600)
    /// The polling interval given to clients (RFC 8628's default is 5 s).
    public var pollInterval = 5
    /// The longest long-poll wait a client may ask for.
    public var maxLongPollWait = 30
    /// How long ended logins are kept for the operator before the sweeper deletes them.
    public var retention: Duration = .seconds(3600)
    /// The most logins held in memory at once (started within the login lifetime); past it, new starts are refused
    /// with 503 and existing logins carry on.
    public var maxOpenLogins = 100_000
    /// The most long-polls held at once, in all and from one client network; past either, a long-poll is answered
    /// at once.
    public var maxHeldPolls = 5_000
    public var maxHeldPollsPerNetwork = 50
    /// Callbacks naming an unknown state, and polls naming an unknown device code, allowed per minute from one
    /// client network (each also its burst); past either, that network's callbacks or unknown polls get 429.
    public var unknownCodesPerMinute: Double = 20

    /// The defaults.
    public init() {}
}

/// What the login service works with: the public URL every absolute URL is built from, and the protocol settings,
/// read as its own members (`settings.loginLifetime`).
@dynamicMemberLookup
public struct RelaySettings: Sendable {
    /// The relay's public base URL, such as `https://relay.example.com`. Every absolute URL the relay
    /// gives out is built from it, never from request headers.
    public var publicURL: URL
    /// The rest of the settings.
    public var protocolSettings: ProtocolSettings

    /// Settings for a relay at `publicURL`.
    public init(publicURL: URL, _ protocolSettings: ProtocolSettings = ProtocolSettings()) {
        self.publicURL = publicURL
        self.protocolSettings = protocolSettings
    }

    /// A protocol setting, read and written as the settings' own.
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<ProtocolSettings, Value>) -> Value {
        get { protocolSettings[keyPath: keyPath] }
        set { protocolSettings[keyPath: keyPath] = newValue }
    }

    /// The OAuth and OpenID Connect issuer: the public URL without a final `/`, byte for byte the same in the
    /// metadata, every authorization response's `iss` (RFC 9207) and every `id_token`.
    public var issuer: String {
        publicURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
    }

    /// `<public-url>/<path>`.
    public func url(_ path: String) -> URL {
        URL(string: publicURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + "/" + path)!
    }

    /// The redirect URI registered at Battle.net for an app: `<public-url>/redirect/<app>`.
    public func redirectURI(app: String) -> String {
        url("redirect/\(app)").absoluteString
    }
}
