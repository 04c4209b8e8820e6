// The runtime half of scripts/check-apple-sources.sh: signs in through the real RelaySignIn+WebAuthentication code
// (compiled against the stand-ins) at a sandbox `bnet-relay`, with the stand-in ASWebAuthenticationSession calling
// its completion handler on a background queue and then on the main queue, and keeps the token in the real
// KeychainTokenStore (over the stand-in keychain). Usage: apple-sign-in-check <relay URL>. Exits 1 on any failure.
import AuthenticationServices
@testable import BattleNet
import BattleNetURLSession
import Dispatch
import Foundation
import Security
import SwiftUI
import UIKit

@MainActor
func check(_ condition: Bool, _ what: String) {
    if condition {
        print("apple-check: ok: \(what)")
    } else {
        print("apple-check: FAILED: \(what)")
        exit(1)
    }
}

/// A player in the sheet: opens the relay's authorization URL (which sends the browser on to the sandbox Battle.net),
/// approves there, follows Battle.net's redirect back to the relay and presses Continue on the relay's consent page,
/// which sends the browser to the app's callback URL (a decline goes back at once).
struct Player: Sendable {
    let approve: Bool

    func signIn(at url: URL, scheme: String) async -> Result<URL, any Error> {
        do {
            var cookies: [String] = []
            let authorize = try await follow(try await send(TransportRequest(url: url), cookies: &cookies), from: url, cookies: &cookies)
            var components = URLComponents(url: authorize, resolvingAgainstBaseURL: false)!
            components.queryItems = (components.queryItems ?? []) + [
                URLQueryItem(name: "emulator_decision", value: approve ? "approve" : "deny"),
                URLQueryItem(name: "emulator_battletag", value: "FaYe#2543"),
            ]
            let back = try await redirect(from: components.url!, expecting: 302, cookies: &cookies)
            let callback = try await follow(try await send(TransportRequest(url: back), cookies: &cookies), from: back, cookies: &cookies)
            guard callback.scheme == scheme else { throw PlayerError("the relay sent the browser to \(callback)") }
            return .success(callback)
        } catch {
            print("apple-check: the player's browser: \(error)")
            return .failure(error)
        }
    }

    /// Where the relay's answer sends the browser: its redirect, or for a page (the consent page) where posting the
    /// page's first form, as the person's click does, sends it.
    private func follow(_ page: TransportResponse, from url: URL, cookies: inout [String]) async throws -> URL {
        guard page.status == 200 else {
            guard (300..<400).contains(page.status), let location = page.header("Location").flatMap(URL.init(string:))
            else { throw PlayerError("\(url.path) answered \(page.status), not a redirect or a page") }
            return location
        }
        let html = String(decoding: page.body, as: UTF8.self)
        guard let form = html.firstMatch(of: /<form method="post" action="([^"]+)">(.*?)<\/form>/.dotMatchesNewlines()),
            let target = URL(string: String(form.1).replacingOccurrences(of: "&amp;", with: "&"), relativeTo: url)?.absoluteURL
        else { throw PlayerError("\(url.path) answered a page without a form") }
        let fields = String(form.2).matches(of: /<input type="hidden" name="([^"]+)" value="([^"]*)">/).map { match in
            "\(match.1)=\(String(match.2).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
        }
        let post = TransportRequest(
            method: "POST", url: target, headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: Data(fields.joined(separator: "&").utf8))
        return try location(of: try await send(post, cookies: &cookies), from: target, expecting: 303)
    }

    private func redirect(from url: URL, expecting status: Int, cookies: inout [String]) async throws -> URL {
        try location(of: try await send(TransportRequest(url: url), cookies: &cookies), from: url, expecting: status)
    }

    /// Sends `request` with the cookies kept so far, and keeps those it sets.
    private func send(_ request: TransportRequest, cookies: inout [String]) async throws -> TransportResponse {
        var request = request
        if !cookies.isEmpty { request.headers.append(("Cookie", cookies.joined(separator: "; "))) }
        let response = try await URLSessionTransport.shared.send(request)
        // URLSession joins several Set-Cookie fields into one, separated by commas (the relay's authorization
        // answer sets two cookies): each name=value starts the field or follows a comma.
        for header in response.headers where header.name.lowercased() == "set-cookie" {
            for match in header.value.matches(of: /(?:^|,\s*)([A-Za-z0-9_.\-]+=[^;,]*)/) { cookies.append(String(match.1)) }
        }
        return response
    }

    private func location(of response: TransportResponse, from url: URL, expecting status: Int) throws -> URL {
        guard response.status == status, let location = response.header("Location").flatMap(URL.init(string:)) else {
            throw PlayerError("\(url.path) answered \(response.status), not \(status)")
        }
        return location
    }
}

struct PlayerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Signs in once with completions on `queue`; returns the result.
@MainActor
func signIn(_ relay: URL, queue: DispatchQueue, player: Player) async -> SignInResult {
    StandInBrowser.completionQueue = queue
    StandInBrowser.play { url, scheme in await player.signIn(at: url, scheme: scheme) }
    let signIn = RelaySignIn(relayURL: relay, app: "myapp", transport: URLSessionTransport.shared)
    return await signIn.run(presentingFrom: UIWindow())
}

@MainActor
func main() async {
    guard CommandLine.arguments.count == 2, let relay = URL(string: CommandLine.arguments[1]) else {
        print("usage: apple-sign-in-check <relay URL>")
        exit(2)
    }
    let background = DispatchQueue(label: "com.apple.AuthenticationServices.stand-in", qos: .userInitiated)
    for (name, queue) in [("a background queue", background), ("the main queue", DispatchQueue.main)] {
        let result = await signIn(relay, queue: queue, player: Player(approve: true))
        guard case .approved(let player) = result else {
            return check(false, "sign-in with the completion on \(name): \(result)")
        }
        check(player.battleTag?.description == "FaYe#2543", "sign-in with the completion on \(name)")
    }
    check(await signIn(relay, queue: background, player: Player(approve: false)) == .denied, "declined at Battle.net")

    StandInBrowser.play { _, _ in .failure(ASWebAuthenticationSessionError(.canceledLogin)) }
    let closed = await RelaySignIn(relayURL: relay, app: "myapp", transport: URLSessionTransport.shared)
        .run(presentingFrom: UIWindow())
    check(closed == .cancelled, "the player closing the sheet is cancelled")

    StandInBrowser.anchorsCanPresent = false
    let unpresentable = await RelaySignIn(relayURL: relay, app: "myapp", transport: URLSessionTransport.shared)
        .run(presentingFrom: UIWindow())
    StandInBrowser.anchorsCanPresent = true
    guard case .failed(let failure) = unpresentable else {
        return check(false, "a sheet that cannot start is a failure, not \(unpresentable)")
    }
    check(failure.reason == .browser, "a sheet that cannot start is a browser failure: \(failure.description)")

    // Cancelling the task dismisses the sheet.
    StandInBrowser.play { _, _ in
        try? await Task.sleep(for: .seconds(3600))
        return .failure(CancellationError())
    }
    let dismissedBefore = StandInBrowser.dismissed
    let waiting = Task { @MainActor in
        await RelaySignIn(relayURL: relay, app: "myapp", transport: URLSessionTransport.shared).run(presentingFrom: UIWindow())
    }
    try? await Task.sleep(for: .milliseconds(500))
    waiting.cancel()
    check(await waiting.value == .cancelled, "a cancelled task ends the sign-in as cancelled")
    check(StandInBrowser.dismissed == dismissedBefore + 1, "a cancelled task dismisses the sheet")

    // PlayerSession through SwiftUI's webAuthenticationSession, with the token in the Keychain.
    StandInBrowser.completionQueue = background
    StandInBrowser.play { url, scheme in await Player(approve: true).signIn(at: url, scheme: scheme) }
    let store = KeychainTokenStore(service: "com.example.myapp")
    let session = PlayerSession(
        relay: RelaySignIn(relayURL: relay, app: "myapp", transport: URLSessionTransport.shared), store: store)
    let swiftUI = await session.signIn(using: EnvironmentValues().webAuthenticationSession)
    guard case .approved(let player) = swiftUI else { return check(false, "SwiftUI sign-in: \(swiftUI)") }
    check((try? store.load("default")) == player, "the player is stored in the Keychain and reads back equal")
    try? await session.signOut()
    check((try? store.load("default")) == .some(nil), "sign-out removes the Keychain item")

    // macOS's rules (the store told it runs there): without the data-protection keychain, no accessibility class
    // and no access group, which the stand-in keychain refuses as Apple's documentation rules them out.
    StandInKeychain.shared.platform = .macOS
    StandInKeychain.shared.signed = false
    func macOSStore(dataProtection: Bool, accessGroup: String? = nil) -> KeychainTokenStore {
        KeychainTokenStore(
            service: "com.example.myapp", accessGroup: accessGroup, accessibility: .afterFirstUnlockThisDeviceOnly,
            dataProtection: dataProtection, platform: .macOS)
    }
    let unsigned = macOSStore(dataProtection: false)
    do {
        try unsigned.save(player, as: "default")
        check(try unsigned.load("default") == player, "an unsigned macOS program stores in the login keychain, and reads back")
    } catch {
        check(false, "an unsigned macOS program stores in the login keychain: \(error)")
    }
    do {
        try macOSStore(dataProtection: false, accessGroup: "TEAMID.com.example.shared").save(player, as: "default")
        check(false, "an access group without the data-protection keychain is refused")
    } catch {
        check(error is KeychainConfigurationError, "an access group without the data-protection keychain is refused: \(error)")
    }
    let entitled = macOSStore(dataProtection: true)
    do {
        try entitled.save(player, as: "default")
        check(false, "the data-protection keychain refuses an unsigned program")
    } catch let error as KeychainError {
        check(error.status == KeychainError.missingEntitlement, "the data-protection keychain refuses an unsigned program")
    } catch {
        check(false, "unexpected \(error)")
    }
    print("apple-check: all checks passed")
    exit(0)
}

Task { @MainActor in await main() }
dispatchMain()
