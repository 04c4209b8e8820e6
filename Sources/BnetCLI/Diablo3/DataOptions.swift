import ArgumentParser
import BattleNet
import BattleNetDiablo3
import BnetKit

/// What every data command shares: `--json`, `--region`, `--locale`, `--api-url`, `--oauth-url`, and how it
/// runs: call the API with the player's sign-in or client credentials, then print Battle.net's JSON or text.
struct DataOptions: ParsableArguments {
    @Flag(help: "Print Battle.net's JSON answer exactly as it was sent, instead of text.")
    var json = false

    @OptionGroup var region: RegionOption
    @OptionGroup var api: APIOptions

    /// Calls `fetch`, then prints its value as JSON or through `render`. A missing resource exits 4 with `hint`.
    func show<Value: Encodable>(
        hint: String, _ fetch: (Diablo3Client) async throws -> Value,
        render: (DataRenderer, Value) -> String
    ) async throws {
        try await APIAccess.run(region: region, options: api) { access in
            let context = access.context
            let value: Value
            do {
                value = try await fetch(Diablo3Client(api: access.api))
            } catch BattleNetError.notFound(let what) {
                throw CLIFailure(.notFound, "\(what) was not found in region \(context.settings.region): \(hint)")
            }
            if json {
                Terminal.write(access.answers.lastText)
            } else {
                Terminal.write(render(DataRenderer(program: context.program, format: .terminal), value))
            }
        }
    }
}
