import BattleNet
import Foundation
import Logging
import Metrics

extension LoginService {
    /// The device access token request (RFC 8628 section 3.4), with the long-poll extension: a `wait` of up to
    /// ``RelaySettings/maxLongPollWait`` seconds holds the request until the login changes.
    ///
    /// A pending login is answered from memory. The pickup is one conditional transaction, so of two
    /// concurrent polls exactly one gets the token; the relay keeps no copy afterwards.
    /// `network` is the client network held long-polls count against (``HeldPollLimits``). A login of an app in
    /// `redirect` mode hands its token out only with the `callbackCode` its approval sent to the app's scheme
    /// (``LoginKeyring/callbackCode(loginID:deviceCodeHash:key:)``): without it, or with a wrong one, the login
    /// stays collectable.
    public func poll(
        deviceCode: String, clientID: String?, wait: Int?, network: String, callbackCode: String? = nil
    ) async -> PollResult {
        let result = await pollOnce(
            Poll(deviceCode: deviceCode, hash: Identifiers.hash(deviceCode), callbackCode: callbackCode),
            clientID: clientID, wait: wait, network: network)
        let answer: TokenAnswer =
            switch result {
            case .token: .token
            case .error(let refusal): TokenAnswer(poll: refusal.error)
            }
        metrics.polls.increment(answer)
        if case .token = result { metrics.pickups.increment() }
        return result
    }

    /// What a poll presents: the device code, its hash, and the callback code of a redirect-mode app.
    private struct Poll {
        var deviceCode: String
        var hash: String
        var callbackCode: String?
    }

    private func pollOnce(_ poll: Poll, clientID: String?, wait: Int?, network: String) async -> PollResult {
        let hash = poll.hash
        let longPoll = (wait ?? 0) > 0
        let (found, pace) = index.admit(hash, now: now(), paced: !longPoll)
        guard var entry = found else {
            guard await unknownDeviceCodes.hasToken(network) else {
                metrics.count(.unknownDeviceCode)
                return .error(Throttle.unknownDeviceCode.refusal!.with(interval: settings.pollInterval))
            }
            return await answerFromStore(poll, clientID: clientID, network: network)
        }
        if let refusal = Self.clientMismatch(clientID, app: entry.app) { return .error(refusal.with(interval: entry.interval)) }
        if case .slowDown(let interval) = pace {
            return .error(Refusal(.slowDown, "Polling too fast: wait \(interval) s between polls.").with(interval: interval))
        }
        if longPoll, let wait, entry.status == .pending || entry.status == .authorizing, entry.expiresAt > now() {
            if holds.acquire(network) {
                defer { holds.release(network) }
                guard await index.wait(hash, timeout: .seconds(min(wait, settings.maxLongPollWait))) else {
                    return .error(Refusal(.slowDown, "Too many concurrent long-polls for this login.").with(interval: entry.interval))
                }
                entry = index.entry(hash) ?? entry
            } else {
                // Over a cap: answered now, as a plain poll; the client polls again after its interval.
                metrics.count(.heldPolls)
            }
        }
        return await answer(entry: entry, poll)
    }

    private func answer(entry: PollIndex.Entry, _ poll: Poll) async -> PollResult {
        if entry.isAuthorizationCode {
            return .error(Refusal(
                .invalidGrant, "This is an authorization code, not a device code: redeem it with grant_type=authorization_code."
            ).with(interval: entry.interval))
        }
        if entry.expiresAt <= now(), entry.status != .collected {
            return .error(Refusal(.expiredToken, "The login expired before it was completed; start a new one.").with(interval: entry.interval))
        }
        switch entry.status {
        case .pending, .authorizing:
            return .error(Refusal(.authorizationPending, "The person has not finished signing in yet.").with(interval: entry.interval))
        case .approved:
            if let refusal = callbackCodeRefusal(poll, entry: entry) { return .error(refusal.with(interval: entry.interval)) }
            return await pickUp(hash: poll.hash, deviceCode: poll.deviceCode, interval: entry.interval)
        case .denied:
            return .error(Refusal(.accessDenied, "The person declined the sign-in, at Battle.net or on the relay's confirm page.").with(interval: entry.interval))
        case .failed:
            return .error(Refusal(.accessDenied, "The sign-in failed at Battle.net; start a new login.").with(interval: entry.interval))
        case .revoked:
            return .error(Refusal(.accessDenied, "The relay's operator revoked this login.").with(interval: entry.interval))
        case .collected:
            return .error(Refusal(.invalidGrant, "This login's token was already collected.").with(interval: entry.interval))
        }
    }

    /// A device code the index does not know: after expiry and pruning, or never issued.
    private func answerFromStore(_ poll: Poll, clientID: String?, network: String) async -> PollResult {
        let hash = poll.hash
        let interval = settings.pollInterval
        let found: Login?
        do {
            found = try await store.login(deviceCodeHash: hash)
        } catch {
            return .error(.storeUnavailable.with(interval: interval))
        }
        guard let login = found else {
            _ = await unknownDeviceCodes.allow(network)
            return .error(Refusal(.invalidGrant, "Unknown device_code.").with(interval: interval))
        }
        if let refusal = Self.clientMismatch(clientID, app: login.app) { return .error(refusal.with(interval: interval)) }
        var entry = PollIndex.Entry(
            loginID: login.id, app: login.app, status: login.status, interval: login.interval, expiresAt: login.expiresAt,
            returnsToLoopback: login.returnURI != nil, isAuthorizationCode: login.authorizationRequest != nil)
        // Kept in memory from now on (a login another relay started, say), unless the index holds the cap already.
        if login.status.isOpen, login.expiresAt > now(), index.loginCount < limits.maxOpenLogins {
            index.put(login)
            entry = index.entry(hash) ?? entry
        }
        return await answer(entry: entry, poll)
    }

    /// For an app in redirect mode, why the poll may not collect: no callback code, or not this login's. Nothing
    /// changes, so the app that holds the right code still collects.
    private func callbackCodeRefusal(_ poll: Poll, entry: PollIndex.Entry) -> Refusal? {
        guard entry.returnsToLoopback || apps.app(named: entry.app)?.mode == .redirect else { return nil }
        guard let presented = poll.callbackCode, !presented.isEmpty else {
            return Refusal(
                .invalidRequest,
                "callback_code is missing: send the callback_code from the app's callback URL with the device_code.")
        }
        guard keyring.holdsCallbackCode(presented, loginID: entry.loginID, deviceCodeHash: poll.hash) else {
            metrics.refused.increment(.callbackCode)
            return Refusal(.invalidGrant, "callback_code is not this login's; send the one the app's callback URL carried.")
        }
        return nil
    }

    /// A named client that is not the app that started the login; no client named is fine (RFC 8628 section 3.4
    /// asks for `client_id` only when the client is not authenticated otherwise, and the device code names the login).
    static func clientMismatch(_ clientID: String?, app: String) -> Refusal? {
        guard let clientID, clientID.lowercased() != app.lowercased() else { return nil }
        return Refusal(
            .invalidClient,
            "client_id does not name the app that started this login; send that app's client_id, or none.")
    }


    private func pickUp(hash: String, deviceCode: String, interval: Int) async -> PollResult {
        let login: Login
        do {
            guard let collected = try await store.collect(deviceCodeHash: hash, now: now()) else {
                index.update(hash, status: .collected)
                return .error(Refusal(.invalidGrant, "This login's token was already collected.").with(interval: interval))
            }
            login = collected
        } catch {
            return .error(.storeUnavailable.with(interval: interval))
        }
        index.update(hash, status: .collected)
        guard let key = keyring.key(for: login) else {
            return .error(Refusal(.invalidGrant, "This login was started under a seal key the relay no longer holds (retired by its operator), or its record was changed outside the relay; start a new login.").with(interval: interval))
        }
        guard let sealed = login.sealedToken,
            let plaintext = try? TokenSealer(relayKey: key).open(sealed, deviceCode: deviceCode, loginID: login.id),
            let token = try? JSONDecoder().decode(AccessToken.self, from: plaintext)
        else {
            return .error(Refusal(.invalidGrant, "The stored token could not be opened (was the seal key changed?).").with(interval: interval))
        }
        do {
            try await store.recordIssued(IssuedToken(digest: keyring.tokenDigest(token.value), expiresAt: token.expiresAt))
        } catch {
            // The token is the client's already (the login is collected): hand it out; only its revocation through
            // the relay will answer without asking Battle.net.
            logger.error("recording an issued token for revocation failed", metadata: [
                LogKey.loginID: "\(login.id)", LogKey.errorType: "\(type(of: error))",
            ])
        }
        return .token(token, login)
    }
}
