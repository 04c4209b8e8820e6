import Foundation

/// A token store in memory only, for tests and previews: nothing survives the process.
///
/// ```swift
/// let session = PlayerSession(relay: RelaySignIn(relayURL: relayURL, app: "myapp", transport: stub),
///                             store: InMemoryTokenStore())
/// ```
public final class InMemoryTokenStore: TokenStore, @unchecked Sendable {
    private let lock = NSLock()
    private var players: [String: SignedInPlayer]

    /// A store holding `players` by key (none by default).
    public init(_ players: [String: SignedInPlayer] = [:]) {
        self.players = players
    }

    public func load(_ key: String) throws -> SignedInPlayer? {
        lock.withLock { players[key] }
    }

    public func save(_ player: SignedInPlayer, as key: String) throws {
        lock.withLock { players[key] = player }
    }

    public func delete(_ key: String) throws {
        _ = lock.withLock { players.removeValue(forKey: key) }
    }
}
