import BattleNetDiablo3
import BnetKit

/// Diablo III's data commands take the options every game-data command takes.
typealias DataOptions = GameDataOptions

extension GameDataOptions {
    /// Calls `fetch` on a Diablo III client (game data: through the relay's gateway when it has one), then prints its answer as JSON or through `render`. A missing resource
    /// exits 4 with `hint`.
    func show<Value>(
        hint: String, _ fetch: (Diablo3Client) async throws -> Value, render: (DataRenderer, Value) -> String
    ) async throws {
        try await show(hint: hint, gameData: true, { try await fetch(Diablo3Client(api: $0)) }, render: {
            render(DataRenderer(program: .running, format: .terminal), $0)
        })
    }
}
