import ArgumentParser
import BattleNet
import BnetKit

/// What every game-data command shares: `--json`, `--region`, `--locale`, `--api-url`, `--oauth-url`, and how it
/// runs: call the API with the player's sign-in or client credentials, then print Battle.net's JSON or text.
struct GameDataOptions: ParsableArguments {
    @Flag(help: "Print Battle.net's JSON answer exactly as it was sent, instead of text.")
    var json = false

    @OptionGroup var region: RegionOption
    @OptionGroup var api: APIOptions

    /// Calls `fetch` on the API, then prints Battle.net's last answer as sent (`--json`) or `render`'s text. A
    /// missing resource exits 4 with `hint`. `gameData` (no player data) may go through the relay's gateway.
    func show<Value>(
        hint: String, gameData: Bool = false, _ fetch: (BlizzardAPI) async throws -> Value, render: (Value) -> String
    ) async throws {
        try await APIAccess.run(region: region, options: api, gameData: gameData) { access in
            let value: Value
            do {
                value = try await fetch(access.api)
            } catch BattleNetError.notFound(let what) {
                throw CLIFailure(.notFound, "\(what) was not found in region \(access.context.settings.region): \(hint)")
            }
            Terminal.write(json ? access.answers.lastText : render(value))
        }
    }
}
