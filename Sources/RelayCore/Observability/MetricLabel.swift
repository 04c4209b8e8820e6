import BattleNet

/// The values of one metric label, as a Swift enum: a call site names a case, never a string, and every case's
/// series exists at zero before its first event (an alert on a rate sees the first one).
public protocol MetricLabel: CaseIterable, Hashable, Sendable, RawRepresentable<String> {
    /// The label's name in the Prometheus text, such as `outcome`.
    static var name: String { get }
}

/// How a Battle.net callback ended (`bnet_relay_callbacks_total{outcome}`).
public enum CallbackOutcome: String, MetricLabel {
    public static let name = "outcome"
    /// The token is stored for pickup.
    case approved
    /// The person gave a login's code to the app on the relay's consent page.
    case consented
    /// The person declined at Battle.net.
    case denied
    /// Battle.net or the exchange failed.
    case failed
    /// A callback for an app in forward mode, passed on unread.
    case forwarded
    /// Another browser than the one that confirmed the login came back.
    case otherBrowser = "other_browser"
    /// The state is unknown, used, expired or another app's.
    case rejected
}

/// How a code exchange with Battle.net ended (`bnet_relay_exchanges_total{outcome}`).
public enum ExchangeOutcome: String, MetricLabel {
    public static let name = "outcome"
    case failed
    /// Battle.net's `id_token` did not pass the relay's checks.
    case idTokenRefused = "id_token_refused"
    case ok
}

/// What the token endpoint answered (`bnet_relay_polls_total{result}`): a device-code poll's token or RFC 8628 error,
/// and, prefixed `code_`, an authorization-code redemption's.
public enum TokenAnswer: String, MetricLabel {
    public static let name = "result"
    case token
    case accessDenied = "access_denied"
    case authorizationPending = "authorization_pending"
    case expiredToken = "expired_token"
    case invalidClient = "invalid_client"
    case invalidGrant = "invalid_grant"
    case invalidRequest = "invalid_request"
    case slowDown = "slow_down"
    case temporarilyUnavailable = "temporarily_unavailable"
    /// An error code no other case names.
    case other
    case codeToken = "code_token"
    /// A code presented again: the login's token is revoked (RFC 6749 section 4.1.2).
    case codeReplayed = "code_replayed"
    case codeInvalidGrant = "code_invalid_grant"
    case codeInvalidRequest = "code_invalid_request"
    case codeSlowDown = "code_slow_down"
    case codeTemporarilyUnavailable = "code_temporarily_unavailable"
    /// A code redemption's error code no other case names.
    case codeOther = "code_other"

    /// A device-code poll refused with `error`.
    public init(poll error: OAuthErrorCode) {
        self = Self.pollErrors.first { $0.rawValue == error.rawValue } ?? .other
    }

    /// An authorization-code redemption refused with `error`.
    public init(redemption error: OAuthErrorCode) {
        self = Self.redemptionErrors.first { $0.rawValue == "code_" + error.rawValue } ?? .codeOther
    }

    private static let pollErrors: [Self] = [
        .accessDenied, .authorizationPending, .expiredToken, .invalidClient, .invalidGrant, .invalidRequest, .slowDown,
        .temporarilyUnavailable,
    ]
    private static let redemptionErrors: [Self] = [
        .codeInvalidGrant, .codeInvalidRequest, .codeSlowDown, .codeTemporarilyUnavailable,
    ]
}

/// Why a request was refused to protect a login, or a login ended by its person (`bnet_relay_refused_total{reason}`).
public enum RefusalReason: String, MetricLabel {
    public static let name = "reason"
    case authorizeRedirectURI = "authorize_redirect_uri"
    case authorizeUnknownClient = "authorize_unknown_client"
    case callbackCode = "callback_code"
    case codeReplayed = "code_replayed"
    case codeVerifier = "code_verifier"
    case crossSiteConfirm = "cross_site_confirm"
    case crossSiteConsent = "cross_site_consent"
    case inProgressElsewhere = "in_progress_elsewhere"
    /// "This wasn't me": the person ended the login.
    case notMe = "not_me"
}

/// How the game-data gateway answered (`bnet_relay_gateway_requests_total{result}`).
public enum GatewayResult: String, MetricLabel {
    public static let name = "result"
    /// Joined another request's miss for the same path.
    case coalesced
    case hit
    case miss
    /// A stale answer fetched again (Blizzard answered 200 or 404).
    case refetched
    /// A stale answer confirmed by Blizzard's 304.
    case revalidated
    /// A stale answer served because Blizzard could not be asked or did not answer.
    case stale
}

/// What Battle.net answered a gateway request (`bnet_relay_gateway_upstream_total{status}`).
public enum UpstreamStatus: String, MetricLabel {
    public static let name = "status"
    case ok = "200"
    case notModified = "304"
    case notFound = "404"
    case tooManyRequests = "429"
    case serverError = "5xx"
    /// No answer: the connection failed, or the answer was too large.
    case error
    case other

    /// The label of HTTP status `status`.
    public init(_ status: Int) {
        self = Self(rawValue: String(status)) ?? (status >= 500 ? .serverError : .other)
    }
}

/// Why the gateway held a miss back from Battle.net (`bnet_relay_gateway_throttled_total{cause}`).
public enum GatewayThrottleCause: String, MetricLabel {
    public static let name = "cause"
    /// The gateway's share of the hour's upstream budget is spent.
    case budget
    /// One client network's fair share of it is spent.
    case networkShare = "network_share"
    /// Blizzard answered 429: every miss waits out its Retry-After.
    case upstream429 = "upstream_429"
}

extension Throttle: MetricLabel {
    public static let name = "limit"
}

extension GatewayRefusal.Reason: MetricLabel {
    public static let name = "reason"
}

extension TokenRevoker.Outcome: MetricLabel {
    public static let name = "outcome"
}
