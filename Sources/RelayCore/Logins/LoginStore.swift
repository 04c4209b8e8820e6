import Foundation
import ServiceLifecycle

/// Durable storage of logins. Every method is one transaction; every status change is conditional on the
/// status it expects (and a confirmation on the state it replaces), so concurrent callers cannot both win.
public protocol LoginStore: Sendable {
    /// Creates or upgrades the schema.
    func migrate() async throws
    /// Checks the database answers (for `/readyz`).
    func ping() async throws
    /// Stores a new login; throws ``UserCodeTaken`` when an open login (pending or authorizing) has its user code.
    func insert(_ login: Login) async throws
    /// The login with this device code hash.
    func login(deviceCodeHash: String) async throws -> Login?
    /// The open, unexpired login with this user code hash.
    func login(userCodeHash: String, now: Date) async throws -> Login?
    /// Moves a login to authorizing with a new state hash if it is still as the caller read it: pending with no
    /// state (`previousStateHash` nil), or authorizing with the state `previousStateHash` (the browser that holds it
    /// confirming again). Of concurrent confirmations of one login, from one browser or several, exactly one wins.
    /// Returns false when the login moved on meanwhile, ended or expired.
    func beginAuthorization(loginID: String, replacing previousStateHash: String?, stateHash: String, now: Date)
        async throws -> Bool
    /// Consumes a state: returns the authorizing, unexpired login it belongs to and clears the state, once.
    func consumeState(stateHash: String, now: Date) async throws -> Login?
    /// Moves an authorizing login to approved with its sealed token.
    func approve(
        loginID: String, sealed: TokenSealer.Sealed, battleTag: String?, accountID: Int?, now: Date
    ) async throws -> Bool
    /// Ends an open login as denied, failed or revoked.
    func finish(loginID: String, status: LoginStatus, failure: String?, now: Date) async throws -> Bool
    /// Atomically moves an approved login to collected, erasing its sealed token, and returns it as it was.
    func collect(deviceCodeHash: String, now: Date) async throws -> Login?
    /// Records that the person let an approved login of the authorization endpoint go back to its app, once: the
    /// code is redeemable from `now`. False when it was issued already or the login is not approved.
    func issueCode(loginID: String, now: Date) async throws -> Bool
    /// Atomically moves an approved login whose code was issued to collected, keeping its sealed token (a replay
    /// of the code revokes it, see ``revokeRedeemed(deviceCodeHash:now:)``), and returns it as it was.
    func redeemCode(deviceCodeHash: String, now: Date) async throws -> Login?
    /// A code presented again: atomically moves the collected login of the authorization endpoint that still holds
    /// its sealed token to revoked, erasing the token, and returns it as it was (so that the relay can open and
    /// revoke the token issued with it). Nil when there is none (revoked already).
    func revokeRedeemed(deviceCodeHash: String, now: Date) async throws -> Login?
    /// Up to `limit` logins that may still change (for warming the in-memory poll index at start), in order of
    /// device code hash, from the first after `after` (nil: from the start): a page of the keyset.
    func openLogins(now: Date, after: String?, limit: Int) async throws -> [Login]
    /// The status of each of these logins the store holds, by device code hash (for the sweep, which pages through
    /// the logins it believes open and picks up changes made outside the process).
    func statuses(deviceCodeHashes: [String]) async throws -> [String: LoginStatus]
    /// The most recent logins, newest first.
    func recentLogins(limit: Int) async throws -> [Login]
    /// Deletes at most `limit` logins that expired or ended before `cutoff`, in one transaction, among those that
    /// expire before `horizon`; returns how many. With `horizon` at `cutoff` plus the login lifetime, every login that
    /// ended before `cutoff` is among them (it was created before `cutoff`), and the store can walk its expiry index
    /// instead of the whole table, whatever order the rows lie in.
    func purge(before cutoff: Date, expiringBefore horizon: Date, limit: Int) async throws -> Int
    /// Remembers a token the relay handed out (its keyed digest and expiry), for ``claimRevocation(digests:now:)``.
    func recordIssued(_ token: IssuedToken) async throws
    /// Marks as revoked the issued token one of `digests` names, if it has not expired and was not revoked already;
    /// true for the one caller that did (only then does the relay call Battle.net). A token the relay never issued
    /// costs a read, never a write transaction.
    func claimRevocation(digests: [String], now: Date) async throws -> Bool
    /// Whether one of `digests` names a token the relay issued that has not expired and was not revoked (for userinfo,
    /// which asks Battle.net about tokens of the relay's own only). A read, never a write.
    func isIssued(digests: [String], now: Date) async throws -> Bool
    /// Undoes a claim whose call to Battle.net failed, so that the client's retry is forwarded.
    func releaseRevocation(digests: [String]) async throws
    /// Deletes at most `limit` issued-token records that expired before `cutoff`; returns how many.
    func purgeIssued(expiredBefore cutoff: Date, limit: Int) async throws -> Int
    /// The background work the store needs while it is used, as services for the application's service group: a
    /// connection pool, and for a store shared by several relays a change feed that calls `onChange` with the
    /// device code hash and new status of every login that changes on any relay (so that long-polls held here wake
    /// when the callback lands elsewhere). Empty for a store that needs none.
    func services(onChange: @escaping @Sendable (String, LoginStatus) async -> Void) -> [any Service]
}

extension LoginStore {
    /// No background work.
    public func services(onChange: @escaping @Sendable (String, LoginStatus) async -> Void) -> [any Service] { [] }
}

/// The store cannot read or write right now (read-only or full disk, database unreachable). The relay answers
/// 503 and retries nothing by itself; service resumes once the store works again.
public struct LoginStoreUnavailable: Error, CustomStringConvertible {
    /// What failed, for the operator's log (no secrets: statement arguments are never included).
    public let reason: String

    /// Wraps a store failure.
    public init(reason: String) {
        self.reason = reason
    }

    public var description: String { "login store unavailable: \(reason)" }
}

/// The user code of a new login is already held by an open login; the caller draws another code.
public struct UserCodeTaken: Error, CustomStringConvertible {
    /// Creates the error.
    public init() {}

    public var description: String { "user code already in use by an open login" }
}
