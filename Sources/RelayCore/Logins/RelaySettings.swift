import BattleNet
import Foundation

/// The relay's protocol settings. Those an operator sets have their defaults in the relay's configuration, declared
/// there once; only the two fixed ones have theirs here.
public struct RelaySettings: Sendable {
    /// The relay's public base URL, such as `https://relay.example.com`. Every absolute URL the relay
    /// gives out is built from it, never from request headers.
    public var publicURL: URL
    /// The Battle.net region whose players sign in.
    public var region: Region
    /// Scopes asked for when a client names none, and allowed to apps that list none.
    public var defaultScopes: [String]
    /// How long a login may take from start to pickup.
    public var loginLifetime: Duration
    /// The polling interval given to clients (RFC 8628's default is 5 s).
    public var pollInterval: Int
    /// The longest long-poll wait a client may ask for.
    public var maxLongPollWait: Int
    /// How long ended logins are kept for the operator before the sweeper deletes them.
    public var retention: Duration
    /// The most logins held in memory at once (started within the login lifetime); past it, new starts are refused
    /// with 503 and existing logins carry on.
    public var maxOpenLogins: Int
    /// The most long-polls held at once, in all and from one client network; past either, a long-poll is answered
    /// at once.
    public var maxHeldPolls: Int
    public var maxHeldPollsPerNetwork: Int
    /// Callbacks naming an unknown state, and polls naming an unknown device code, allowed per minute from one
    /// client network (each also its burst); past either, that network's callbacks or unknown polls get 429.
    public var unknownCodesPerMinute: Double

    /// Creates settings.
    public init(
        publicURL: URL, region: Region, defaultScopes: [String], loginLifetime: Duration, pollInterval: Int,
        maxLongPollWait: Int = 30, retention: Duration = .seconds(3600), maxOpenLogins: Int, maxHeldPolls: Int,
        maxHeldPollsPerNetwork: Int, unknownCodesPerMinute: Double
    ) {
        self.unknownCodesPerMinute = unknownCodesPerMinute
        self.maxHeldPolls = maxHeldPolls
        self.maxHeldPollsPerNetwork = maxHeldPollsPerNetwork
        self.maxOpenLogins = maxOpenLogins
        self.publicURL = publicURL
        self.region = region
        self.defaultScopes = defaultScopes
        self.loginLifetime = loginLifetime
        self.pollInterval = pollInterval
        self.maxLongPollWait = maxLongPollWait
        self.retention = retention
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
