import BattleNet
import Crypto
import Foundation

/// The relay's keys and every secret derived from them for a login: the binding MAC that ties a stored login to
/// its client, the user-code hash, the browser binding and the PKCE verifier. Derived values need no storage.
///
/// Keys retired by a rotation stay here read-only: a login made under one still completes (user code, PKCE, browser
/// binding and sealing all stay under the key the login was made with); new logins use ``current``.
public struct LoginKeyring: Sendable {
    /// The key new logins are made under.
    public let current: SymmetricKey
    /// Keys retired by a rotation.
    public let previous: [SymmetricKey]

    /// A keyring of the current key and the retired ones still honoured.
    public init(current: SymmetricKey, previous: [SymmetricKey] = []) {
        self.current = current
        self.previous = previous
    }

    /// Every key, the current one first.
    var all: [SymmetricKey] { [current] + previous }

    /// The MAC over every column that decides who gets a login's token: id, app, scopes, device-code hash, sealing
    /// key, user-code hash and its times, and a loopback return or an app's authorization request. Whoever can write the database but lacks the relay's key cannot point a
    /// login's token at another device code or app, nor swap user codes between logins. New logins get the current
    /// key's, marked `v2.`.
    public func bindingMAC(for login: Login, key: SymmetricKey? = nil) -> String {
        let bound = [
            login.id, login.app, login.scopes.joined(separator: " "), login.deviceCodeHash,
            Base64URL.encode(login.sealingPublicKey), login.userCodeHash, Self.milliseconds(login.createdAt),
            Self.milliseconds(login.expiresAt),
        ].joined(separator: "|") + (login.returnURI.map { "|return=\($0)" } ?? "")
            + (login.authorizationRequest.map { "|authorize=\($0.stored)" } ?? "")
        return Self.version2 + mac("login2|\(bound)", key: key ?? current)
    }

    /// The first formula, without the user-code hash and the times: rows written before `v2.` still verify, so an
    /// upgrade does not end the logins open at the time (a row cannot be moved to it: its old MAC is not stored).
    func bindingMACVersion1(for login: Login, key: SymmetricKey) -> String {
        let bound = [login.id, login.app, login.scopes.joined(separator: " "), login.deviceCodeHash,
            Base64URL.encode(login.sealingPublicKey)].joined(separator: "|")
        return mac("login|\(bound)", key: key)
    }

    static let version2 = "v2."

    /// A time as whole milliseconds since 1970: what every store keeps exactly (see ``LoginService/start``).
    static func milliseconds(_ date: Date) -> String {
        String(Int64((date.timeIntervalSince1970 * 1000).rounded()))
    }

    /// The key a stored login was made under (the current one or a previous one), found by its binding MAC; nil
    /// when none wrote it (changed outside the relay, or made under a key since retired).
    public func key(for login: Login) -> SymmetricKey? {
        guard let stored = login.bindingMAC else { return nil }
        let expected: (SymmetricKey) -> String =
            stored.hasPrefix(Self.version2)
            ? { bindingMAC(for: login, key: $0) } : { bindingMACVersion1(for: login, key: $0) }
        return all.first { Identifiers.constantTimeEquals(stored, expected($0)) }
    }

    /// Whether a stored login's binding is one the relay wrote, under its current or a previous key.
    public func isAuthentic(_ login: Login) -> Bool {
        key(for: login) != nil
    }

    /// The stored forms of a normalised user code under each key, the current key's first.
    func userCodeHashes(_ normalized: String) -> [String] {
        all.map { Identifiers.userCodeHash(normalized, key: $0) }
    }

    /// The secret that binds a login's current authorization to the browser that confirmed it: a MAC under the
    /// login's key of the login and its state, so it needs no storage and is worthless for any other state.
    func browserBinding(loginID: String, stateHash: String, key: SymmetricKey) -> String {
        mac("browser|\(loginID)|\(stateHash)", key: key)
    }

    /// Whether `presented` is the binding of the login's authorization now in progress.
    public func holdsBinding(_ presented: Substring?, for login: Login) -> Bool {
        guard let presented, let stateHash = login.stateHash, let key = key(for: login) else { return false }
        return Identifiers.constantTimeEquals(presented, browserBinding(loginID: login.id, stateHash: stateHash, key: key))
    }

    /// The PKCE verifier for a state, derived under the login's key so that it needs no storage.
    func pkce(for state: String, key: SymmetricKey) -> PKCE {
        PKCE(verifier: mac("pkce|\(state)", key: key))
    }

    /// The OpenID Connect `nonce` sent to Battle.net for a state, derived like the PKCE verifier: its `id_token` must
    /// echo it.
    func nonce(for state: String, key: SymmetricKey) -> String {
        mac("nonce|\(state)", key: key)
    }

    /// The one-time value a redirect-mode app receives on its scheme after approval and presents with the
    /// `device_code` to collect: 256 bits, a MAC under the login's key of the login and its device code's hash, so
    /// it needs no storage. A scheme hijacker who reads it still lacks the `device_code`; a phisher who holds the
    /// `device_code` never sees it (it goes to the device of the person who approved).
    public func callbackCode(loginID: String, deviceCodeHash: String, key: SymmetricKey) -> String {
        mac("callback|\(loginID)|\(deviceCodeHash)", key: key)
    }

    /// Whether `presented` is the login's callback code under one of the keys, compared in constant time.
    public func holdsCallbackCode(_ presented: String, loginID: String, deviceCodeHash: String) -> Bool {
        all.contains {
            Identifiers.constantTimeEquals(presented, callbackCode(loginID: loginID, deviceCodeHash: deviceCodeHash, key: $0))
        }
    }

    private func mac(_ message: String, key: SymmetricKey) -> String {
        Base64URL.encode(Data(HMAC<SHA256>.authenticationCode(for: Data(message.utf8), using: key)))
    }
}
