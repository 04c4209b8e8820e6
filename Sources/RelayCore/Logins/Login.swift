import Foundation

/// Where a login stands.
public enum LoginStatus: String, Sendable, Codable, CaseIterable {
    /// Started; the person has not yet been sent to Battle.net.
    case pending
    /// The person clicked Continue; a `state` is out at Battle.net.
    case authorizing
    /// Battle.net called back and the token is sealed, waiting for its one pickup.
    case approved
    /// The person declined at Battle.net.
    case denied
    /// Battle.net or the exchange failed.
    case failed
    /// The token was handed out; the relay holds no copy any more.
    case collected
    /// The operator revoked it.
    case revoked

    /// The statuses in which a login can still change, in the order a login passes them: the one list of them
    /// (the stores' SQL is written from it, see `LoginSchema`).
    public static let open: [LoginStatus] = [.pending, .authorizing, .approved]
    /// The open statuses before Battle.net's answer, while the person can still enter the user code.
    public static let awaitingPerson = open.filter { $0 != .approved }

    /// Whether the login can still change.
    public var isOpen: Bool { Self.open.contains(self) }
}

/// A login as stored. It holds no secret in the clear: the device code, user code and state only as hashes,
/// the token only sealed (see ``TokenSealer``).
public struct Login: Sendable, Hashable {
    /// A random id (not secret).
    public var id: String
    /// The app that started it.
    public var app: String
    /// The scopes asked for.
    public var scopes: [String]
    /// SHA-256 of the device code.
    public var deviceCodeHash: String
    /// HMAC of the normalised user code.
    public var userCodeHash: String
    /// The public key the token is sealed to (derived from the device code).
    public var sealingPublicKey: Data
    /// SHA-256 of the state currently out at Battle.net, if any.
    public var stateHash: String?
    /// The status.
    public var status: LoginStatus
    /// When it was started.
    public var createdAt: Date
    /// When it expires if not completed.
    public var expiresAt: Date
    /// The polling interval in seconds (grows by 5 with each `slow_down`).
    public var interval: Int
    /// When it last changed status.
    public var updatedAt: Date
    /// The sealed token, while approved and not yet collected.
    public var sealedToken: TokenSealer.Sealed?
    /// The player's BattleTag, once known.
    public var battleTag: String?
    /// The player's account id, once known.
    public var accountID: Int?
    /// Why it failed, for failed and denied logins (an OAuth error code, never a secret).
    public var failure: String?
    /// A MAC under the relay's key of what binds the login to its client (id, app, scopes, device-code hash and
    /// sealing key), so that a row changed by someone with write access to the database alone is refused.
    public var bindingMAC: String?
    /// The network the login was started from, as a prefix and never the address: an IPv4 /24 or IPv6 /48 such as
    /// `203.0.113.0/24`. The confirm page shows it and warns when it is opened from another one. Nil for logins
    /// started before the relay kept it.
    public var startNetwork: String?
    /// The loopback address the browser goes back to after Battle.net (a ``LoopbackRedirect``), for a login its
    /// client started with one (`redirect_uri`); nil for every other login. Such a login is collected only with
    /// the callback code that return carries, as a redirect-mode app's.
    public var returnURI: String?
    /// For a login an app started at the authorization endpoint, its request (where to return, what to echo, the
    /// PKCE challenge); nil for a device login. Its device code is the authorization code the app redeems.
    public var authorizationRequest: AuthorizationRequest?
    /// When the person pressed Continue on the relay's consent page and the code went to the app; the code is
    /// redeemable from then for ``AuthorizationRequest/codeLifetime``.
    public var codeIssuedAt: Date?

    /// Creates a login record.
    public init(
        id: String, app: String, scopes: [String], deviceCodeHash: String, userCodeHash: String,
        sealingPublicKey: Data, stateHash: String? = nil, status: LoginStatus = .pending, createdAt: Date,
        expiresAt: Date, interval: Int, updatedAt: Date? = nil, sealedToken: TokenSealer.Sealed? = nil,
        battleTag: String? = nil, accountID: Int? = nil, failure: String? = nil, bindingMAC: String? = nil,
        startNetwork: String? = nil, returnURI: String? = nil, authorizationRequest: AuthorizationRequest? = nil,
        codeIssuedAt: Date? = nil
    ) {
        self.returnURI = returnURI
        self.authorizationRequest = authorizationRequest
        self.codeIssuedAt = codeIssuedAt
        self.bindingMAC = bindingMAC
        self.startNetwork = startNetwork
        self.id = id
        self.app = app
        self.scopes = scopes
        self.deviceCodeHash = deviceCodeHash
        self.userCodeHash = userCodeHash
        self.sealingPublicKey = sealingPublicKey
        self.stateHash = stateHash
        self.status = status
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.interval = interval
        self.updatedAt = updatedAt ?? createdAt
        self.sealedToken = sealedToken
        self.battleTag = battleTag
        self.accountID = accountID
        self.failure = failure
    }

    /// Whether it has passed its expiry without completing.
    public func isExpired(at now: Date) -> Bool {
        status != .collected && now >= expiresAt
    }
}
