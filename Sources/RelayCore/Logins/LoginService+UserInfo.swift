import BattleNet
import Foundation
import Logging

extension LoginService {
    /// What the relay's userinfo endpoint answers (OpenID Connect Core section 5.3).
    public enum UserInfoResult: Sendable, Equatable {
        /// The player the token belongs to: `sub` (the Battle.net account id, as the relay's `id_token` names it)
        /// and the BattleTag.
        case player(sub: String, battleTag: String)
        /// Not a live token the relay handed out (made up, expired, revoked, or never the relay's): no call was made.
        case notIssued
        /// Battle.net says the token no longer works.
        case invalidToken
        /// The store or Battle.net could not answer now.
        case unavailable
    }

    /// Asks Battle.net's userinfo about `accessToken`, a token this relay handed out and nobody revoked through it;
    /// any other token is answered ``UserInfoResult/notIssued`` by one read of the store, so that no one spends the
    /// relay's Battle.net quota with tokens of their own making.
    public func userInfo(accessToken: String) async -> UserInfoResult {
        do {
            guard try await store.isIssued(digests: keyring.tokenDigests(accessToken), now: now()) else { return .notIssued }
        } catch {
            return .unavailable
        }
        do {
            let info = try await oauth.userInfo(accessToken: accessToken)
            return .player(sub: info.sub ?? String(info.id), battleTag: info.battletag)
        } catch BattleNetError.invalidToken {
            return .invalidToken
        } catch {
            logger.warning("userinfo at Battle.net failed", metadata: [LogKey.errorType: "\(type(of: error))"])
            return .unavailable
        }
    }
}
