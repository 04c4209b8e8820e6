import BattleNet
import Foundation

/// A relay's device-authorization and token endpoints as an ``HTTPTransport``, for the app side's unit tests: one
/// login per start, and a token only for that login's `device_code` with the `callback_code` of its callback, once,
/// as a relay in redirect mode hands it out. It records every request.
final class StubRelay: HTTPTransport, @unchecked Sendable {
    enum Decision { case approve, deny, pending }

    static let baseURL = URL(string: "https://relay.example.com")!
    static let callbackCode = "cb_0123456789-abcdef.~"
    static let faye = try! BattleTag(parsing: "FaYe#2543")

    private let lock = NSLock()
    private var sent: [TransportRequest] = []
    private var logins = 0
    private var collected: Set<String> = []
    private var decisionValue = Decision.approve
    private var hangValue = false
    private var revokesValue = true
    private var appModeValue = "redirect"
    private var loopbackValue = true
    private var sandboxAPIValue: String?

    /// What the player did at Battle.net.
    var decision: Decision {
        get { lock.withLock { decisionValue } }
        set { lock.withLock { decisionValue = newValue } }
    }
    /// Whether token requests wait until cancelled, as a slow network would.
    var hangsTokenRequests: Bool {
        get { lock.withLock { hangValue } }
        set { lock.withLock { hangValue = newValue } }
    }
    /// Whether the relay offers revocation (`/oauth/revoke`); 404 otherwise.
    var revokes: Bool {
        get { lock.withLock { revokesValue } }
        set { lock.withLock { revokesValue = newValue } }
    }
    /// The `app_mode` the start answer carries.
    var appMode: String {
        get { lock.withLock { appModeValue } }
        set { lock.withLock { appModeValue = newValue } }
    }
    /// Whether the relay offers loopback return addresses: says so in its metadata and repeats `redirect_uri`.
    var offersLoopback: Bool {
        get { lock.withLock { loopbackValue } }
        set { lock.withLock { loopbackValue = newValue } }
    }
    /// The `sandbox_api_url` its metadata names (a sandbox relay's API), nil for none.
    var sandboxAPI: String? {
        get { lock.withLock { sandboxAPIValue } }
        set { lock.withLock { sandboxAPIValue = newValue } }
    }
    /// Every request so far.
    var requests: [TransportRequest] { lock.withLock { sent } }
    /// The forms of the token requests so far, in order.
    var tokenForms: [[(String, String)]] { forms(of: "/oauth/token") }

    /// The forms of the requests to `path` so far, in order.
    func forms(of path: String) -> [[(String, String)]] {
        requests.filter { $0.url.path == path }.map { request in
            (try? FormEncoding.decode(Substring(String(decoding: request.body ?? Data(), as: UTF8.self)))) ?? []
        }
    }

    /// The callback the relay sends the browser to after an approval.
    static func approvedCallback(code: String = callbackCode) -> URL {
        URL(string: "myapp://bnet-relay/callback?result=approved&callback_code=\(code)")!
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        lock.withLock { sent.append(request) }
        try Task.checkCancellation()
        switch request.url.path {
        case "/.well-known/oauth-authorization-server":
            var metadata: [String: Any] = [
                "issuer": "https://relay.example.com", "device_authorization_endpoint": "https://relay.example.com/oauth/device/code",
                "token_endpoint": "https://relay.example.com/oauth/token", "revocation_endpoint": "https://relay.example.com/oauth/revoke",
                "loopback_redirect_supported": offersLoopback,
            ]
            metadata["sandbox_api_url"] = sandboxAPI
            return Self.json(200, metadata)
        case "/oauth/device/code":
            let login = lock.withLock { logins += 1; return logins }
            let form = forms(of: "/oauth/device/code").last ?? []
            var body: [String: Any] = [
                "device_code": "device-\(login)", "user_code": "WDJB-MJH\(login)",
                "verification_uri": "https://relay.example.com/device",
                "verification_uri_complete": "https://relay.example.com/device?user_code=WDJB-MJH\(login)",
                "expires_in": 600, "interval": 5, "app_mode": appMode,
            ]
            if offersLoopback, let redirect = form.first(where: { $0.0 == "redirect_uri" })?.1 {
                body["redirect_uri"] = redirect
            }
            return Self.json(200, body)
        case "/oauth/token":
            if hangsTokenRequests { try await Task.sleep(for: .seconds(3600)) }
            let body = String(decoding: request.body ?? Data(), as: UTF8.self)
            let form = Dictionary(try FormEncoding.decode(Substring(body)), uniquingKeysWith: { first, _ in first })
            return token(for: form)
        case "/oauth/revoke" where revokes:
            return TransportResponse(status: 200)
        default:
            return TransportResponse(status: 404)
        }
    }

    private func token(for form: [String: String]) -> TransportResponse {
        switch decision {
        case .deny: return Self.error("access_denied", "The player declined.")
        case .pending: return Self.error("authorization_pending", "Waiting for the player.")
        case .approve: break
        }
        guard let device = form["device_code"] else { return Self.error("invalid_request", "device_code is required.") }
        guard let code = form["callback_code"] else { return Self.error("invalid_request", "callback_code is required.") }
        guard code == Self.callbackCode else { return Self.error("invalid_grant", "The callback_code does not match.") }
        let first = lock.withLock { collected.insert(device).inserted }
        guard first else { return Self.error("invalid_grant", "The token was already collected.") }
        return Self.json(200, [
            "access_token": "token-\(device)", "token_type": "bearer", "expires_in": 86_399,
            "battletag": Self.faye.description, "region": "us",
            "regions": ["us", "eu", "kr", "tw"],
        ])
    }

    private static func error(_ code: String, _ description: String) -> TransportResponse {
        json(400, ["error": code, "error_description": description])
    }

    private static func json(_ status: Int, _ object: [String: Any]) -> TransportResponse {
        TransportResponse(
            status: status, headers: [("Content-Type", "application/json")],
            body: try! JSONSerialization.data(withJSONObject: object))
    }
}

/// Counts calls across tasks.
actor Counter {
    private(set) var value = 0

    func increment() {
        value += 1
    }
}

/// A switch a test flips while a presenter waits on it.
actor Gate {
    private(set) var isOpen = false

    func open() {
        isOpen = true
    }

    /// Waits until the gate is open; throws `CancellationError` when the task is cancelled first.
    func wait() async throws {
        while !isOpen { try await Task.sleep(for: .milliseconds(5)) }
    }
}

/// A sheet that stays up until its task is cancelled: it opens `shown` when presented and counts in `dismissed`
/// the cancellations that took it down, as `ASWebAuthenticationSession` is dismissed.
struct SheetUntilCancelled {
    let shown = Gate()
    let dismissed = Counter()

    func present(_ attempt: SignInAttempt) async throws -> URL? {
        await shown.open()
        do {
            try await Gate().wait()
        } catch {
            await dismissed.increment()
            throw error
        }
        return nil
    }
}
