import BattleNet
import Foundation
import Logging

/// Forwards revocations (RFC 7009) to Battle.net for the tokens this relay handed out, and only those.
///
/// A token the relay never issued, one that has expired, or one already revoked through the relay is answered
/// `200` without a call (RFC 7009 section 2.2 lets a server do so): nobody can spend the relay's Battle.net client on
/// made-up tokens. Forwarded calls are held to a global rate and a bounded queue, and go through their own outbound
/// client (``oauth``, a connection pool of their own), so that no number of them can hold a code exchange back.
public struct TokenRevoker: Sendable {
    /// How a revocation ended, as `bnet_relay_revocations_total` counts it.
    public enum Outcome: String, Sendable, CaseIterable {
        /// Battle.net was asked to revoke a token the relay issued.
        case forwarded
        /// Answered 200 without a call: not a token the relay issued, expired, or already revoked.
        case notIssued = "not_issued"
        /// The call to Battle.net failed; the client may try again.
        case failed
    }

    let store: any LoginStore
    let keyring: LoginKeyring
    /// The relay's client on an outbound pool of its own.
    let oauth: OAuthClient
    let metrics: RelayMetrics
    /// One bucket ("all") for every forwarded revocation.
    let rate: RateLimiter
    /// A bucket per client network: a quarter of ``rate`` each, so that no network's own tokens spend the budget of all
    /// the others (R5-10).
    let share: RateLimiter
    let queue: BoundedQueue
    let clock: RelayClock

    /// A revoker forwarding at most `perMinute` revocations a minute (also its burst), `concurrent` at once with
    /// `queued` more waiting, through `oauth`; its budgets refill and its claims are dated by `clock`.
    public init(
        store: any LoginStore, keyring: LoginKeyring, oauth: OAuthClient, metrics: RelayMetrics, perMinute: Double,
        concurrent: Int = 4, queued: Int = 32, clock: RelayClock
    ) {
        self.store = store
        self.keyring = keyring
        self.oauth = oauth
        self.metrics = metrics
        rate = RateLimiter(name: "revocation_global", burst: Int(perMinute), perMinute: perMinute, maxKeys: 2, clock: clock)
        share = RateLimiter(
            name: Throttle.revocationShare.label, burst: max(1, Int(perMinute / 4)), perMinute: max(1, perMinute / 4), clock: clock)
        queue = BoundedQueue(slots: concurrent, waiting: queued)
        self.clock = clock
    }

    /// Revokes `token` if the relay issued it, for a client on `network` (nil: the relay's own revocation of a replayed
    /// or disowned sign-in, which spends no network's share); throws a ``Refusal`` (429 or 503) when it cannot now.
    @discardableResult
    public func revoke(_ token: String, network: String? = nil, logger: Logger) async throws -> Outcome {
        let digests = keyring.tokenDigests(token)
        let claimed: Bool
        do {
            claimed = try await store.claimRevocation(digests: digests, now: clock.date)
        } catch {
            throw Refusal.storeUnavailable
        }
        guard claimed else {
            metrics.revocations.increment(.notIssued)
            return .notIssued
        }
        if let network, !(await share.allow(network)) {
            await release(digests)
            metrics.count(.revocationShare)
            throw Throttle.revocationShare.refusal!
        }
        guard await rate.allow("all") else {
            await release(digests)
            metrics.count(.revocationGlobal)
            throw Throttle.revocationGlobal.refusal!
        }
        guard await queue.enter() else {
            await release(digests)
            metrics.count(.revocationQueue)
            throw Throttle.revocationQueue.refusal!
        }
        do {
            try await oauth.revoke(token: token)
            await queue.leave()
        } catch BattleNetError.oauth(let error)
            where (400..<500).contains(error.status) && ![401, 403, 429].contains(error.status)
        {
            // Battle.net refused the token itself (unknown, expired, malformed): nothing is left to revoke.
            await queue.leave()
        } catch {
            await queue.leave()
            await release(digests)
            metrics.revocations.increment(.failed)
            logger.warning(
                "token revocation at Battle.net failed", metadata: [LogKey.errorReason: "\(Self.reason(error))"])
            throw Refusal(
                .temporarilyUnavailable, "Battle.net could not be asked to revoke the token; try again in a minute.",
                status: 503)
        }
        metrics.revocations.increment(.forwarded)
        return .forwarded
    }

    private func release(_ digests: [String]) async {
        try? await store.releaseRevocation(digests: digests)
    }

    /// Why the call failed, without the token: the error's kind and status only.
    private static func reason(_ error: any Error) -> String {
        switch error {
        case BattleNetError.oauth(let error): "Battle.net refused the relay's client (\(error.error), HTTP \(error.status))"
        case let error as BattleNetError: error.description
        default: "\(type(of: error))"
        }
    }
}
