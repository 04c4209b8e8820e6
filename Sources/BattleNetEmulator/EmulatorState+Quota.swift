import Foundation

extension EmulatorState {
    /// Counts an API request against its client's quota: nil when admitted, else the seconds until the client may
    /// ask again. A request without a valid token is admitted: the route answers it 401.
    func admitAPIRequest(bearer: String?) -> Int? {
        guard let bearer, let token = validToken(bearer) else { return nil }
        var window = quotas[token.clientID, default: QuotaWindow()]
        let wait = window.admit(at: configuration.now(), limits: configuration.apiLimits)
        quotas[token.clientID] = window
        return wait
    }

    /// Marks the game data changed now: its `Last-Modified` moves, and conditional requests get it whole again.
    public func touchGameData() {
        gameDataModified = Date(timeIntervalSince1970: configuration.now().timeIntervalSince1970.rounded(.down))
    }

    /// When the game data last changed.
    func lastModified() -> Date {
        gameDataModified
    }
}

extension EmulatorState {
    /// The values of the tokens issued to `clientID` and still held, for tests that check a token appears nowhere.
    public func tokenValues(ofClient clientID: String) -> [String] {
        tokens.filter { $0.value.clientID == clientID }.map(\.key)
    }
}
