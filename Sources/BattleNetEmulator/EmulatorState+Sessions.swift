import Foundation

/// Battle.net's memory of a browser: once a player has signed in and approved a client's scopes there, the next
/// authorize for that client and scopes (or fewer) from the same browser redirects back at once, with no page.
extension EmulatorState {
    /// One browser's sign-in: the account and, per client, the scopes the player approved.
    struct BrowserSession {
        var accountID: Int
        var approved: [String: Set<String>] = [:]

        /// Whether the player already approved `scopes` (or more) for `clientID`.
        func remembers(clientID: String, scopes: [String]) -> Bool {
            approved[clientID].map { Set(scopes).isSubset(of: $0) } ?? false
        }
    }

    /// The browser session behind a session cookie's value, if the emulator still remembers it.
    func session(_ id: String?) -> BrowserSession? {
        id.flatMap { sessions[$0] }
    }

    /// Remembers that the browser with session `id` (nil: a browser without one) signed in as `accountID` and
    /// approved `scopes` for `clientID`; returns the session's id, new when the browser had none or changed account.
    func remember(session id: String?, accountID: Int, clientID: String, scopes: [String]) -> String {
        var key = id ?? ""
        if sessions[key]?.accountID != accountID {
            key = newSecret()
            sessions[key] = BrowserSession(accountID: accountID)
        }
        sessions[key]?.approved[clientID, default: []].formUnion(scopes)
        return key
    }

    /// Forgets one browser's session (Battle.net's `/logout`).
    func forgetSession(_ id: String) {
        sessions[id] = nil
    }

    /// Forgets every browser's sign-in and approvals: each browser's next authorize shows the consent page again.
    public func forgetSessions() {
        sessions.removeAll()
    }

    /// How many browsers the emulator remembers.
    public var rememberedSessionCount: Int { sessions.count }
}
