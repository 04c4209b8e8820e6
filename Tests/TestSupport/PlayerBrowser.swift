import BattleNet
import BattleNetHTTPClient
import Foundation

/// A person in one browser, signing in at a relay whose provider is the emulator: opens the verification page,
/// clicks "Continue to Battle.net" (an app in `redirect` mode shows no page: the link goes straight to Battle.net),
/// decides at the emulator (its programmatic approve or deny), and follows Battle.net's redirect back to the relay. Returns where the relay then sends the browser: for an app in
/// `redirect` mode, the `<app>://bnet-relay/callback?...` URL an in-app browser session hands to the app.
public struct PlayerBrowser: Sendable {
    /// The browser's cookies; the relay binds a login to them.
    public let cookies = CookieJar()
    private let transport: any HTTPTransport

    /// A fresh browser.
    public init(transport: any HTTPTransport = AsyncHTTPClientTransport.testing) {
        self.transport = transport
    }

    /// Signs in from `verificationURL` (the relay's page with `user_code`), approving or declining as `battleTag`.
    public func signIn(at verificationURL: URL, approve: Bool = true, battleTag: String = "FaYe#2543") async throws -> URL {
        let page = try await cookies.send(TransportRequest(url: verificationURL), using: transport)
        let authorize = page.status == 303 ? try location(page, expecting: 303, "the verification link") : try await confirm(page, verificationURL)
        let decision = try await transport.send(TransportRequest(url: authorize.appendingQuery([
            ("emulator_decision", approve ? "approve" : "deny"), ("emulator_battletag", battleTag),
        ])))
        let callback = try location(decision, expecting: 302, "Battle.net's consent")
        let back = try await cookies.send(TransportRequest(url: callback), using: transport)
        return try location(back, expecting: 302, "the relay's callback")
    }

    /// Clicks "Continue to Battle.net" on the confirmation page; returns the authorize URL.
    private func confirm(_ page: TransportResponse, _ verificationURL: URL) async throws -> URL {
        let html = String(decoding: page.body, as: UTF8.self)
        guard page.status == 200, let nonce = html.firstMatch(of: /name="confirm" value="([^"]+)"/)?.1,
              let userCode = verificationURL.queryValue("user_code")
        else { throw BrowserError("the verification page did not offer the confirm button (HTTP \(page.status))") }
        let confirm = try await cookies.send(TransportRequest(
            method: "POST", url: verificationURL.deletingQuery,
            headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: Data(FormEncoding.encode([("user_code", userCode), ("confirm", String(nonce))]).utf8)), using: transport)
        return try location(confirm, expecting: 303, "the confirm button")
    }

    private func location(_ response: TransportResponse, expecting status: Int, _ step: String) throws -> URL {
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
