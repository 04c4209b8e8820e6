import BattleNet
import Foundation
import Logging

/// The consent page of a device login started with a loopback return (R5-1): after Battle.net, the person sees the
/// app, the account and "this computer" before the browser takes the callback code back to the program listening
/// there; "This wasn't me" ends the login instead, so that no poll collects it.
extension LoginService {
    /// The approved device login with a loopback return whose device code hash the consent form names, awaiting the
    /// person's answer; nil when there is none (unknown, not approved, collected or ended, expired, altered).
    public func awaitingLoopbackConsent(deviceCodeHash: String) async throws -> Login? {
        guard deviceCodeHash.utf8.count <= 128, let login = try await store.login(deviceCodeHash: deviceCodeHash),
            login.authorizationRequest == nil, login.returnURI != nil, login.status == .approved,
            login.expiresAt > now(), keyring.isAuthentic(login)
        else { return nil }
        return login
    }

    /// Continue: where the browser goes, the loopback address with redirect mode's query and the login's callback
    /// code, which the client's poll must present. Nil when the login's key is gone.
    public func loopbackReturn(_ login: Login) -> String? {
        guard let returnURI = login.returnURI, let key = keyring.key(for: login) else { return nil }
        metrics.callbacks.increment(.consented)
        let code = keyring.callbackCode(loginID: login.id, deviceCodeHash: login.deviceCodeHash, key: key)
        return returnURI + "?" + FormEncoding.encode([("result", "approved"), ("callback_code", code)])
    }

    /// "This wasn't me": the login ends as denied, so that its poll gets `access_denied` and nothing is collected.
    /// (Its token is sealed to the device code, which only the client holds, so the relay cannot open it to revoke
    /// it; it is erased with the login and expires at Battle.net unused.) False when the login moved on meanwhile.
    public func declineLoopback(_ login: Login) async throws -> Bool {
        guard try await store.finish(loginID: login.id, status: .denied, failure: "not_me", now: now()) else { return false }
        index.update(login.deviceCodeHash, status: .denied)
        metrics.refused.increment(.notMe)
        logger.notice("login ended from its consent page (this wasn't me)", metadata: [LogKey.loginID: "\(login.id)"])
        return true
    }
}
