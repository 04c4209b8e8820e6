import BattleNet
import Foundation

/// Application (client-credentials) tokens kept across runs in the config directory, one file per OAuth host
/// and client id (`app-token-<host>-<client id>.json`, mode 0600, see ``PrivateFiles``), reused until a minute
/// before they expire. A token the API rejects is forgotten at once.
public actor AppTokenCache: AccessTokenSource {
    private let base: any AccessTokenSource
    private let files: PrivateFiles
    private let name: String
    private let clientID: String

    /// Caches the tokens of `base`, which gets them for `clientID` at `oauthBaseURL`, in `directory`.
    public init(base: any AccessTokenSource, clientID: String, oauthBaseURL: URL, directory: URL) {
        self.base = base
        self.clientID = clientID
        files = PrivateFiles(directory: directory, renewal: "run the command again")
        let safe = { (text: String) in
            String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) ? $0 : "_" }.prefix(64))
        }
        name = "app-token-\(safe(oauthBaseURL.host ?? "oauth"))-\(safe(clientID)).json"
    }

    public func token() async throws -> AccessToken {
        if let data = try? files.read(name), let stored = try? StoredJSON.decoder.decode(Stored.self, from: data),
           stored.clientID == clientID, !stored.token.isExpired(leeway: .seconds(60))
        {
            return stored.token
        }
        let fresh = try await base.token()
        if let data = try? StoredJSON.encoder.encode(Stored(clientID: clientID, token: fresh)) {
            // A cache that cannot be written costs one token request per run, nothing more.
            try? files.write(data, as: name)
        }
        return fresh
    }

    public func tokenWasRejected(_ token: AccessToken) async {
        _ = try? files.delete(name)
        await base.tokenWasRejected(token)
    }

    private struct Stored: Codable {
        var clientID: String
        var token: AccessToken
    }
}
