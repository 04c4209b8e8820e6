import BattleNet
import Foundation

/// The emulator's memory: pending consents, codes, tokens, remembered browser sessions, faults and request counters.
public actor EmulatorState {
    /// A PKCE challenge from the authorize request (RFC 7636).
    struct Challenge {
        var value: String
        /// `S256` or `plain`.
        var method: String

        func accepts(_ verifier: String?) -> Bool {
            guard let verifier else { return false }
            return (method == "S256" ? PKCE.challenge(for: verifier) : verifier) == value
        }
    }

    struct Consent {
        var client: EmulatorClient
        var redirectURI: String
        var scopes: [String]
        var state: String?
        var challenge: Challenge?
        /// OpenID Connect's `nonce`, echoed in the `id_token`.
        var nonce: String?
    }

    struct IssuedCode {
        var clientID: String
        var redirectURI: String
        var scopes: [String]
        var accountID: Int
        var expiresAt: Date
        var challenge: Challenge?
        var nonce: String?
        var used = false
    }

    struct IssuedToken {
        var clientID: String
        var scopes: [String]
        var accountID: Int?
        var expiresAt: Date
        /// The authorize request's `nonce`, for the `id_token` of this token's answer.
        var nonce: String?
    }

    let configuration: EmulatorConfiguration
    private var consents: [String: Consent] = [:]
    private var codes: [String: IssuedCode] = [:]
    private(set) var tokens: [String: IssuedToken] = [:]
    private var faults: [EmulatorFault] = []
    private var counters: [String: Int] = [:]
    /// How the `id_token`s issued from now on are forged, if at all.
    private(set) var idTokenForgery: EmulatorIDTokens.Forgery?
    /// Browser sessions by session cookie value (EmulatorState+Sessions.swift).
    var sessions: [String: BrowserSession] = [:]
    /// Each client's API requests in the current second and hour (EmulatorState+Quota.swift).
    var quotas: [String: QuotaWindow] = [:]
    /// When the game data last changed, its `Last-Modified`.
    var gameDataModified: Date

    init(configuration: EmulatorConfiguration) {
        self.configuration = configuration
        gameDataModified = Date(timeIntervalSince1970: configuration.now().timeIntervalSince1970.rounded(.down))
    }

    // MARK: Public control

    /// Forges every `id_token` issued from now on (nil: none), to see a relay refuse them.
    public func forgeIDTokens(_ forgery: EmulatorIDTokens.Forgery?) {
        idTokenForgery = forgery
    }

    /// Adds a fault.
    public func inject(_ fault: EmulatorFault) {
        faults.append(fault)
    }

    /// Removes every fault.
    public func clearFaults() {
        faults.removeAll()
    }

    /// How many requests a counter has seen: `token.authorization_code`, `token.client_credentials`,
    /// `userinfo`, `check_token`, `authorize`, `revoke`, `d3`; and of the API's answers, `api.served` (with data),
    /// `api.not_modified` (304) and `api.rate_limited` (429).
    public func count(_ counter: String) -> Int {
        counters[counter, default: 0]
    }

    /// Revokes every issued token, as Blizzard may at any time; the next API call with one answers 401.
    public func revokeAllTokens() {
        tokens.removeAll()
    }

    /// Every counter.
    public func allCounts() -> [String: Int] {
        counters
    }

    // MARK: Used by the routes

    func increment(_ counter: String) {
        counters[counter, default: 0] += 1
    }

    func takeFault(for path: String) -> EmulatorFault.Kind? {
        guard let index = faults.firstIndex(where: { path.hasPrefix($0.pathPrefix) }) else { return nil }
        let fault = faults[index]
        if let count = fault.count {
            if count <= 1 { faults.remove(at: index) } else { faults[index].count = count - 1 }
        }
        return fault.kind
    }

    func client(id: String) -> EmulatorClient? {
        configuration.clients.first { $0.credentials.id == id }
    }

    func player(accountID: Int) -> EmulatorPlayer? {
        configuration.players.first { $0.accountID == accountID }
    }

    func player(battleTag: BattleTag) -> EmulatorPlayer? {
        configuration.players.first { $0.battleTag == battleTag }
    }

    func addConsent(_ consent: Consent) -> String {
        let id = newSecret()
        consents[id] = consent
        return id
    }

    func takeConsent(_ id: String) -> Consent? {
        consents.removeValue(forKey: id)
    }

    func issueCode(
        client: String, redirectURI: String, scopes: [String], accountID: Int, challenge: Challenge?, nonce: String? = nil
    ) -> String {
        let code = newSecret()
        codes[code] = IssuedCode(
            clientID: client, redirectURI: redirectURI, scopes: scopes, accountID: accountID,
            expiresAt: configuration.now().addingTimeInterval(configuration.codeLifetime.timeInterval),
            challenge: challenge, nonce: nonce)
        return code
    }

    enum CodeRedemption {
        case token(String, IssuedToken)
        case invalid(String)
    }

    /// Redeems a code once. A replayed code also revokes the tokens it produced (RFC 6749 section 4.1.2). A code
    /// issued with a PKCE challenge needs the matching verifier (RFC 7636 section 4.6).
    func redeem(code: String, clientID: String, redirectURI: String?, verifier: String?) -> CodeRedemption {
        guard var issued = codes[code], issued.clientID == clientID else {
            return .invalid("Invalid authorization code")
        }
        guard !issued.used else {
            tokens = tokens.filter { !($0.value.accountID == issued.accountID && $0.value.clientID == clientID) }
            return .invalid("Invalid authorization code")
        }
        guard issued.expiresAt > configuration.now() else { return .invalid("Authorization code expired") }
        guard redirectURI == issued.redirectURI else { return .invalid("Redirect URI mismatch.") }
        if let challenge = issued.challenge, !challenge.accepts(verifier) {
            return .invalid(verifier == nil ? "Missing code_verifier." : "Invalid code_verifier.")
        }
        issued.used = true
        codes[code] = issued
        return issueToken(clientID: clientID, scopes: issued.scopes, accountID: issued.accountID, nonce: issued.nonce)
    }

    func issueToken(clientID: String, scopes: [String], accountID: Int?, nonce: String? = nil) -> CodeRedemption {
        let value = newSecret()
        let token = IssuedToken(
            clientID: clientID, scopes: scopes, accountID: accountID,
            expiresAt: configuration.now().addingTimeInterval(configuration.tokenLifetime.timeInterval), nonce: nonce)
        tokens[value] = token
        return .token(value, token)
    }

    /// Revokes one token, if it was issued to `clientID` (RFC 7009 section 2.1).
    func revoke(_ value: String, clientID: String) {
        if tokens[value]?.clientID == clientID { tokens[value] = nil }
    }

    func validToken(_ value: String) -> IssuedToken? {
        guard let token = tokens[value], token.expiresAt > configuration.now() else { return nil }
        return token
    }

    /// A fresh random value for a code, token, consent or session.
    func newSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<24).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Base64URL.encode(Data(bytes))
    }
}
