import BattleNet
import BattleNetHTTPClient
import Foundation
import RelayCore

/// Asks Battle.net, read-only and with the relay's own client, whether what the relay counts on still holds: the
/// discovery document names the endpoints the relay uses, the token endpoint grants a client-credentials token to a
/// POST with HTTP Basic authentication, check_token describes that token, the game-data API answers it in the
/// `Authorization` header, and userinfo is where the relay reads players from. Each change of the past (the token
/// endpoint refusing GET in 2021, the regional OAuth hosts answering 403 from 2023, `?access_token=` refused in
/// October 2024, discovery fields moving) broke libraries whose authors learnt of it from bug reports; this names
/// such a change, with what to do, before a player meets it. Nothing is written at Battle.net: the one token it gets
/// is an application token, which expires by itself.
public struct LiveCheck: Sendable {
    /// One thing checked, and what was found.
    public struct Finding: Sendable, Equatable, CustomStringConvertible {
        /// What was checked, such as `token endpoint`.
        public var subject: String
        /// Nil when it holds; otherwise what changed and what to do.
        public var drift: String?
        /// What was seen when it holds, or why it was not checked.
        public var detail: String
        /// Whether the check could not run (it needs a token that was not granted).
        public var skipped = false

        public var description: String {
            if skipped { return "--     \(subject): \(detail)" }
            return drift.map { "DRIFT  \(subject): \($0)" } ?? "ok     \(subject): \(detail)"
        }
    }

    /// Where Blizzard's guides are now (develop.battle.net leads there).
    public static let guides = "https://community.developer.battle.net/documentation/guides/using-oauth"

    let endpoints: BattleNetEndpoints
    let credentials: ClientCredentials
    let region: Region
    let transport: any HTTPTransport
    let timeout: Duration

    /// A check of the configuration's endpoints with its client, through `transport`.
    public init(
        configuration: RelayConfiguration, credentials: ClientCredentials,
        transport: any HTTPTransport = AsyncHTTPClientTransport.shared, timeout: Duration = .seconds(10))
    {
        var endpoints = configuration.endpoints(emulatorBaseURL: nil)
        // check_token lives beside the token endpoint, as revoke does, when that endpoint is named.
        if let tokenURL = configuration.tokenURL {
            endpoints.checkTokenURL = tokenURL.deletingLastPathComponent().appending(path: "check_token")
        }
        self.endpoints = endpoints
        self.credentials = credentials
        region = configuration.settings.region
        self.transport = transport
        self.timeout = timeout
    }

    /// Runs every check in order; a check that needs the token is reported as not run when no token was granted.
    public func run() async -> [Finding] {
        var findings = [await discovery()]
        let (tokenFinding, token) = await clientToken()
        findings.append(tokenFinding)
        guard let token else {
            return findings + ["check_token", "game-data API", "userinfo"].map {
                Finding(subject: $0, drift: nil, detail: "not checked: no token was granted (see the token endpoint)", skipped: true)
            }
        }
        findings.append(await checkToken(token))
        findings.append(await gameData(token))
        findings.append(await userinfo(token))
        return findings
    }

    // MARK: The checks

    /// The discovery document at the token endpoint's origin names the endpoints the relay uses.
    func discovery() async -> Finding {
        let subject = "discovery"
        let origin = endpoints.tokenURL.deletingPath
        let url = origin.appending(path: ".well-known/openid-configuration")
        let outcome = await get(url, subject: subject, headers: [("Accept", "application/json")])
        guard let response = outcome.response else { return outcome.finding! }
        guard response.status == 200,
              let document = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        else {
            return Finding(subject: subject, drift: "\(url.absoluteString) answered HTTP \(response.status), not the "
                + "OpenID discovery document: Blizzard may have moved its OAuth host; see \(Self.guides)", detail: "")
        }
        var moved: [String] = []
        for (field, used, flag) in [
            ("authorization_endpoint", endpoints.authorizeURL, "--authorize-url"),
            ("token_endpoint", endpoints.tokenURL, "--token-url"),
            ("userinfo_endpoint", endpoints.userinfoURL, "--userinfo-url"),
        ] {
            guard let named = document[field] as? String else {
                moved.append("\(field) is missing (the relay uses \(used.absoluteString))")
                continue
            }
            if Self.trimmed(named) != Self.trimmed(used.absoluteString) {
                moved.append("\(field) is \(named), the relay uses \(used.absoluteString): set \(flag) \(named)")
            }
        }
        guard moved.isEmpty else {
            return Finding(subject: subject, drift: moved.joined(separator: "; ")
                + " (or upgrade bnet-relay once it follows the change)", detail: "")
        }
        return Finding(subject: subject, drift: nil, detail: "names the authorize, token and userinfo endpoints the relay uses")
    }

    /// A client-credentials token from a POST with HTTP Basic authentication, as the relay's code exchange sends.
    func clientToken() async -> (Finding, String?) {
        let subject = "token endpoint"
        let request = TransportRequest(
            method: "POST", url: endpoints.tokenURL,
            headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json"),
                ("Authorization", credentials.basicAuthorization)],
            body: Data("grant_type=client_credentials".utf8), timeout: timeout, maxResponseBytes: 64 << 10)
        let response: TransportResponse
        do {
            response = try await transport.send(request)
        } catch {
            return (unreachable(subject, endpoints.tokenURL, error), nil)
        }
        let body = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:]
        if response.status == 200, let token = body["access_token"] as? String, !token.isEmpty {
            return (Finding(subject: subject, drift: nil, detail: "grants a client-credentials token to POST with HTTP Basic"), token)
        }
        let said = [body["error"], body["error_description"]].compactMap { $0 as? String }.joined(separator: ": ")
        let answer = "HTTP \(response.status)" + (said.isEmpty ? "" : " (\(said))")
        let drift: String =
            switch response.status {
            case 401:
                "\(answer): the client id or secret is refused; check them at https://community.developer.battle.net/access/clients"
            case 403:
                "\(answer) from \(endpoints.tokenURL.host ?? "the OAuth host"): Blizzard's regional OAuth hosts "
                    + "(us.battle.net/oauth, eu.battle.net/oauth, apac.battle.net/oauth) have answered 403 since 2023; use "
                    + "https://oauth.battle.net (remove --token-url and --authorize-url, or point them there)"
            case 400, 405:
                "\(answer): the token endpoint refuses how the relay asks (a POST, HTTP Basic, a form body), as it "
                    + "refused GET in 2021; every code exchange would fail. See \(Self.guides) for how it is called now, "
                    + "and upgrade bnet-relay once it follows"
            default:
                "\(answer): no token; see \(Self.guides)"
            }
        return (Finding(subject: subject, drift: drift, detail: ""), nil)
    }

    /// check_token describes the token: this client's id and an expiry.
    func checkToken(_ token: String) async -> Finding {
        let subject = "check_token"
        let request = TransportRequest(
            method: "POST", url: endpoints.checkTokenURL,
            headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json")],
            body: Data(FormEncoding.encode([("token", token)]).utf8), timeout: timeout, maxResponseBytes: 64 << 10)
        let response: TransportResponse
        do {
            response = try await transport.send(request)
        } catch {
            return unreachable(subject, endpoints.checkTokenURL, error)
        }
        let body = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:]
        guard response.status == 200, body["client_id"] as? String == credentials.id, body["exp"] != nil else {
            return Finding(subject: subject, drift: "\(endpoints.checkTokenURL.absoluteString) answered HTTP "
                + "\(response.status) without this client's client_id and an exp: token introspection changed; see "
                + Self.guides, detail: "")
        }
        return Finding(subject: subject, drift: nil, detail: "names this client and the token's expiry")
    }

    /// The game-data API answers the token sent in the `Authorization` header (the only way since October 2024).
    func gameData(_ token: String) async -> Finding {
        let subject = "game-data API"
        var components = URLComponents(url: endpoints.apiBaseURL.appending(path: "data/d3/season/"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "namespace", value: "2-6-\(region.rawValue)")]
        let url = components.url!
        let outcome = await get(url, subject: subject, headers: [("Authorization", "Bearer \(token)"), ("Accept", "application/json")])
        guard let response = outcome.response else { return outcome.finding! }
        guard response.status == 200, (try? JSONSerialization.jsonObject(with: response.body)) is [String: Any] else {
            let why =
                response.status == 401 || response.status == 403
                ? "refuses the token in the Authorization header, the way the relay's clients send it (as `?access_token=` "
                    + "was refused from October 2024): every API call of d3 and the apps would fail"
                : "did not answer with JSON"
            return Finding(subject: subject, drift: "\(url.absoluteString) answered HTTP \(response.status): it \(why); see "
                + Self.guides, detail: "")
        }
        return Finding(subject: subject, drift: nil, detail: "answers a token in the Authorization header (\(url.path()))")
    }

    /// userinfo is where the relay reads the player (`id`, `battletag`): an application token is refused there, as
    /// Battle.net documents; a player's answer is read at each sign-in.
    func userinfo(_ token: String) async -> Finding {
        let subject = "userinfo"
        let outcome = await get(endpoints.userinfoURL, subject: subject, headers: [("Authorization", "Bearer \(token)"), ("Accept", "application/json")])
        guard let response = outcome.response else { return outcome.finding! }
        switch response.status {
        case 401, 403:
            return Finding(subject: subject, drift: nil, detail: "refuses an application token (HTTP \(response.status)), as "
                + "documented; a player's id and battletag are read at each sign-in")
        case 200:
            let body = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:]
            guard body["id"] is Int, body["battletag"] is String else {
                return Finding(subject: subject, drift: "answers without the numeric id and the battletag the relay reads "
                    + "(fields: \(body.keys.sorted().joined(separator: ", "))): sign-ins would fail; upgrade bnet-relay once it "
                    + "follows the change", detail: "")
            }
            return Finding(subject: subject, drift: nil, detail: "answers id and battletag")
        default:
            return Finding(subject: subject, drift: "\(endpoints.userinfoURL.absoluteString) answered HTTP \(response.status): "
                + "the userinfo endpoint may have moved (the discovery document names it); see \(Self.guides)", detail: "")
        }
    }

    // MARK: Helpers

    /// A GET, or the finding that it could not be sent.
    private func get(_ url: URL, subject: String, headers: [(name: String, value: String)])
        async -> (response: TransportResponse?, finding: Finding?)
    {
        do {
            return (try await transport.send(TransportRequest(url: url, headers: headers, timeout: timeout, maxResponseBytes: 1 << 20)), nil)
        } catch {
            return (nil, unreachable(subject, url, error))
        }
    }

    private func unreachable(_ subject: String, _ url: URL, _ error: any Error) -> Finding {
        Finding(subject: subject, drift: "\(url.absoluteString) could not be reached (\(error)): check this machine's "
            + "DNS, firewall and outgoing HTTPS", detail: "")
    }

    private static func trimmed(_ url: String) -> String {
        url.hasSuffix("/") ? String(url.dropLast()) : url
    }
}

extension URL {
    /// The scheme, host and port alone.
    fileprivate var deletingPath: URL {
        var components = URLComponents(url: self, resolvingAgainstBaseURL: false) ?? URLComponents()
        components.path = ""
        components.query = nil
        components.fragment = nil
        return components.url ?? self
    }
}
