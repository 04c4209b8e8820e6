import BattleNet
import Foundation

/// Changes Blizzard made that broke Battle.net clients, replayed as emulator faults against what clients do today,
/// so that a check (`bnet-relay check-config --live`) can be shown to notice the next one.
public enum BattleNetChange: String, CaseIterable, Sendable {
    /// February 2021: the token endpoint stopped accepting GET (HTTP 400 `invalid_request`). Replayed as it refusing
    /// the request clients send now, a POST with HTTP Basic authentication.
    case tokenMethodRefused
    /// 2023 to 2025: the regional OAuth hosts (`us.battle.net/oauth`, `eu.battle.net/oauth`, ...) answered 403.
    /// Replayed as the token endpoint answering 403.
    case oauthHostForbidden
    /// October 2024: the API gateway refused tokens sent as `?access_token=`. Replayed as it refusing the token where
    /// clients send it now, the `Authorization` header.
    case apiTokenRefused
    /// The discovery document's fields moving: the token and authorization endpoints under a new path, userinfo gone.
    case discoveryMoved

    /// The faults that replay the change, on every spelling of the paths it touches.
    public var faults: [EmulatorFault] {
        switch self {
        case .tokenMethodRefused:
            ["/token", "/oauth/token"].map {
                EmulatorFault(pathPrefix: $0, kind: .oauthError(
                    status: 400, error: "invalid_request", description: "HTTP method POST is not supported"))
            }
        case .oauthHostForbidden:
            ["/token", "/oauth/token"].map { EmulatorFault(pathPrefix: $0, kind: .status(403)) }
        case .apiTokenRefused:
            ["/data/", "/d3/"].map { EmulatorFault(pathPrefix: $0, kind: .status(401)) }
        case .discoveryMoved:
            [EmulatorFault(pathPrefix: "/.well-known/openid-configuration", kind: .json(status: 200, body: """
                {"issuer":"https://oauth.battle.net","authorization_endpoint":"https://oauth.battle.net/oauth2/authorize",\
                "token_endpoint":"https://oauth.battle.net/oauth2/token","jwks_uri":"https://oauth.battle.net/oauth2/jwks/certs"}
                """))]
        }
    }
}
