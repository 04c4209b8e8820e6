import BattleNet
import BattleNetHTTPClient
import D3Kit
import Foundation

/// How `profile` and `hero` reach the API: the signed-in player's token for the region, else client
/// credentials from `BNET_CLIENT_ID` and `BNET_CLIENT_SECRET`, else the "run `d3 login`" failure.
struct APIAccess {
    /// The client to call.
    let client: Diablo3Client
    /// The region's sign-in, when it is what authenticates the calls.
    let credential: StoredCredential?

    init(context: Context, options: APIOptions) throws {
        let settings = context.settings
        if settings.locale == .multi {
            throw CLIFailure(.usage, "The locale multi sends every language at once, which d3 cannot show: "
                + "give one, such as " + settings.region.locales.map(\.rawValue).joined(separator: ", ") + ".")
        }
        let apiURL = options.apiURL.flatMap(URL.init(string:))
        let transport = AsyncHTTPClientTransport.shared
        let stored = try context.store.load(region: settings.region)
        let tokens: any AccessTokenSource
        if let stored, !stored.token.isExpired(leeway: .zero) {
            tokens = StaticTokenSource(stored.token)
            credential = stored
        } else if let id = context.environment["BNET_CLIENT_ID"], !id.isEmpty,
                  let secret = context.environment["BNET_CLIENT_SECRET"], !secret.isEmpty
        {
            if settings.region == .cn, options.oauthURL == nil { throw CLIFailure.chinaClientCredentials }
            let endpoints = BattleNetEndpoints(
                oauthBaseURL: options.oauthURL.flatMap(URL.init(string:)) ?? settings.region.oauthBaseURL,
                apiBaseURL: apiURL ?? settings.region.apiBaseURL)
            let oauth = OAuthClient(
                credentials: ClientCredentials(id: id, secret: secret), endpoints: endpoints, transport: transport)
            tokens = ClientCredentialsTokenProvider(client: oauth)
            credential = nil
        } else if stored != nil {
            throw CLIFailure.expired(settings.region)
        } else {
            throw CLIFailure.notSignedIn(settings.region)
        }
        client = Diablo3Client(
            region: settings.region, locale: settings.locale, apiBaseURL: apiURL, tokens: tokens,
            transport: transport)
    }
}

/// The stable JSON of `--json`: sorted keys, indented.
func stableJSON<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
}
