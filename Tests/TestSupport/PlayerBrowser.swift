import BattleNet
import BattleNetHTTPClient
import Foundation

/// A person in one browser, signing in at a relay whose provider is the emulator. Each step of the sign-in is one
/// method, written once for every test target: open the verification link and click "Continue to Battle.net"
/// (``confirm(at:headers:)``), decide at the emulator (``decide(_:approve:battleTag:scope:)``), and follow Battle.net's
/// redirect back to the relay (``follow(_:headers:)``); ``signIn(at:approve:battleTag:)`` takes them all.
public struct PlayerBrowser: Sendable {
    /// The browser's cookies; the relay binds a login to them.
    public let cookies: CookieJar
    /// What carries the browser's requests: the network, or a test's route to a relay running in process.
    public let transport: any HTTPTransport
    /// How long each request may take.
    public let timeout: Duration

    /// A browser with `cookies` (a fresh jar by default) sending through `transport`, each request within `timeout`:
    /// by default the 40 s the relay harness gives its own requests, since the emulator shared by the whole suite has
    /// taken over 10 s to answer an authorize request while the suite loads both cores (the tests of a timeout set
    /// their own).
    public init(
        cookies: CookieJar = CookieJar(), transport: any HTTPTransport = AsyncHTTPClientTransport.testing,
        timeout: Duration = .seconds(40)
    ) {
        self.cookies = cookies
        self.transport = transport
        self.timeout = timeout
    }

    /// Signs in from `verificationURL` (the relay's page with `user_code`, or an authorization request), approving
    /// or declining as `battleTag`, and Allow on the relay's consent page when it shows one. Returns where the relay
    /// then sends the browser: for an app in `redirect` mode, the `<app>://bnet-relay/callback?...` URL an in-app
    /// browser session hands to the app.
    public func signIn(at verificationURL: URL, approve: Bool = true, battleTag: String? = "FaYe#2543") async throws -> URL {
        let callback = try await decide(try await confirm(at: verificationURL), approve: approve, battleTag: battleTag)
        let answer = try await follow(callback)
        if answer.status == 200 { return try await allow(answer) }
        return try Self.location(answer, expecting: 302, "the relay's callback")
    }

    /// Allow on the relay's consent page (its first form, with its hidden fields); returns where it sends the browser.
    public func allow(_ page: TransportResponse) async throws -> URL {
        let html = String(decoding: page.body, as: UTF8.self)
        guard let form = html.firstMatch(of: /<form method="post" action="([^"]+)">(.*?)<\/form>/.dotMatchesNewlines()),
            let action = URL(string: String(form.1).replacingOccurrences(of: "&amp;", with: "&"))
        else {
            throw BrowserError("the relay's answer was neither a redirect nor its consent page: \(html.prefix(500))")
        }
        let fields = String(form.2).matches(of: /<input type="hidden" name="([^"]+)" value="([^"]*)">/).map {
            (String($0.1), String($0.2))
        }
        let allowed = try await cookies.send(TransportRequest(
            method: "POST", url: action, headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: Data(FormEncoding.encode(fields).utf8), timeout: timeout), using: transport)
        return try Self.location(allowed, expecting: 303, "the consent page's Allow")
    }

    /// Opens the verification link and, on the confirmation page, clicks "Continue to Battle.net"; returns the
    /// provider's authorize URL. An app in `redirect` mode shows no page: the link itself redirects to Battle.net.
    public func confirm(at verificationURL: URL, headers: [(name: String, value: String)] = []) async throws -> URL {
        let page = try await cookies.send(TransportRequest(url: verificationURL, headers: headers, timeout: timeout), using: transport)
        if page.status == 303 { return try Self.location(page, expecting: 303, "the verification link") }
        let html = String(decoding: page.body, as: UTF8.self)
        guard page.status == 200, let nonce = html.firstMatch(of: /name="confirm" value="([^"]+)"/)?.1,
            let userCode = html.firstMatch(of: /name="user_code" value="([^"]+)"/)?.1
        else {
            throw BrowserError("the verification page did not offer the confirm button (HTTP \(page.status)): \(html.prefix(500))")
        }
        let confirmed = try await cookies.send(TransportRequest(
            method: "POST", url: verificationURL.deletingQuery,
            headers: headers + [("Content-Type", "application/x-www-form-urlencoded")],
            body: Data(FormEncoding.encode([("user_code", String(userCode)), ("confirm", String(nonce))]).utf8),
            timeout: timeout),
            using: transport)
        return try Self.location(confirmed, expecting: 303, "the confirm button")
    }

    /// Decides at the emulator with its programmatic decision, as `battleTag` (nil: the emulator's first player),
    /// granting `scope` when given (fewer scopes than asked); returns where Battle.net redirects the browser back to.
    public func decide(
        _ authorizeURL: URL, approve: Bool = true, battleTag: String? = "FaYe#2543", scope: String? = nil
    ) async throws -> URL {
        var decision = [("emulator_decision", approve ? "approve" : "deny")]
        if let battleTag { decision.append(("emulator_battletag", battleTag)) }
        if let scope { decision.append(("emulator_scope", scope)) }
        let response = try await transport.send(TransportRequest(url: authorizeURL.appendingQuery(decision), timeout: timeout))
        return try Self.location(response, expecting: 302, "Battle.net's consent")
    }

    /// Follows Battle.net's redirect back to the relay, with this browser's cookies; returns the relay's answer.
    public func follow(_ callback: URL, headers: [(name: String, value: String)] = []) async throws -> TransportResponse {
        try await cookies.send(TransportRequest(url: callback, headers: headers, timeout: timeout), using: transport)
    }

    private static func location(_ response: TransportResponse, expecting status: Int, _ step: String) throws -> URL {
        guard response.status == status, let location = response.header("Location").flatMap(URL.init(string:)) else {
            throw BrowserError("\(step) answered HTTP \(response.status), not a \(status) redirect: "
                + String(decoding: response.body.prefix(500), as: UTF8.self))
        }
        return location
    }
}

/// The browser could not take a step of the sign-in.
public struct BrowserError: Error, CustomStringConvertible {
    public var description: String
    /// Creates an error saying what went wrong.
    public init(_ description: String) { self.description = description }
}

extension URL {
    fileprivate var deletingQuery: URL {
        var components = URLComponents(url: self, resolvingAgainstBaseURL: false)
        components?.query = nil
        return components?.url ?? self
    }
}
