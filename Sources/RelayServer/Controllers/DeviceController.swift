import BattleNet
import Foundation
import HTTPTypes
import Hummingbird
import RelayCore

/// `POST /oauth/device/code` (RFC 8628 section 3.1) and the verification pages `GET/POST /device`.
struct DeviceController {
    let service: LoginService
    let startLimit: RateLimiter
    let codeLimit: RateLimiter
    let sandbox: Bool
    let providerOrigin: String
    let secureCookies: Bool

    static let cookie = "bnr_confirm"

    func register(on router: Router<RelayContext>) {
        router.post("oauth/device/code") { request, context in try await start(request, context) }
        router.get("device") { request, context in try await show(request, context) }
        router.post("device") { request, context in try await proceed(request, context) }
    }

    private func start(_ request: Request, _ context: RelayContext) async throws -> Response {
        var request = request
        guard let form = try await request.formPairs(context: context) else {
            return .jsonError(.badRequest, "invalid_request", "The body must be application/x-www-form-urlencoded.")
        }
        if let duplicate = form.duplicateName {
            return .jsonError(.badRequest, "invalid_request", "Parameter \(duplicate.prefix(32)) was sent more than once.")
        }
        guard let clientID = form.value("client_id"), !clientID.isEmpty else {
            return .jsonError(.badRequest, "invalid_request", "client_id is required.")
        }
        guard await startLimit.allow(context.clientAddress) else {
            service.metrics.increment("bnet_relay_throttled_total", "limit", "login_start")
            return .jsonError(
                .tooManyRequests, "slow_down", "Too many logins started from this address; wait a minute.",
                headers: [.retryAfter: "60"])
        }
        do {
            let started = try await service.start(clientID: clientID, scope: form.value("scope"))
            return .json(
                .ok,
                [
                    "device_code": .string(started.deviceCode), "user_code": .string(started.userCode),
                    "verification_uri": .string(started.verificationURI.absoluteString),
                    "verification_uri_complete": .string(started.verificationURIComplete.absoluteString),
                    "expires_in": .int(started.expiresIn), "interval": .int(started.interval),
                ], headers: [.cacheControl: "no-store", .pragma: "no-cache"])
        } catch let refusal as LoginService.Refusal {
            return .jsonError(.init(code: refusal.status), refusal.error, refusal.description)
        }
    }

    private func show(_ request: Request, _ context: RelayContext) async throws -> Response {
        guard let query = request.queryPairs else {
            return DevicePages.enterCode(message: "That link is malformed; type the code instead.")
                .response(.badRequest, sandbox: sandbox)
        }
        guard let typed = query.value("user_code"), !typed.isEmpty else {
            return DevicePages.enterCode().response(.ok, sandbox: sandbox)
        }
        switch try await find(typed, context) {
        case .failure(let page):
            return page
        case .success(let login):
            let nonce = Identifiers.state()
            let code = UserCode.format(UserCode.normalize(typed)!)
            let cookie = "\(Self.cookie)=\(nonce); Path=/; Max-Age=600; HttpOnly; SameSite=Strict\(secureCookies ? "; Secure" : "")"
            return DevicePages.confirm(login: login, userCode: code, region: service.settings.region.rawValue, nonce: nonce)
                .response(.ok, sandbox: sandbox, formAction: [providerOrigin], headers: [.setCookie: cookie])
        }
    }

    private func proceed(_ request: Request, _ context: RelayContext) async throws -> Response {
        var request = request
        let cookie = request.headers[values: .cookie].flatMap { $0.split(separator: ";") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix(Self.cookie + "=") }?.dropFirst(Self.cookie.count + 1)
        guard let form = try await request.formPairs(context: context), let typed = form.value("user_code"),
            let nonce = form.value("confirm"), let cookie, Identifiers.constantTimeEquals(nonce, cookie)
        else {
            return DevicePages.enterCode(message: "This confirmation expired or did not come from this page; enter the code again.")
                .response(.badRequest, sandbox: sandbox)
        }
        switch try await find(typed, context) {
        case .failure(let page):
            return page
        case .success(let login):
            guard let url = try await service.authorizeURL(for: login) else {
                return DevicePages.message(title: "Code expired", "This code has expired; start a new sign-in.")
                    .response(.gone, sandbox: sandbox)
            }
            var response = Response.redirect(location: url.absoluteString, status: .seeOther)
            response.headers[.setCookie] = "\(Self.cookie)=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict"
            return response
        }
    }

    private enum Lookup {
        case success(Login)
        case failure(Response)
    }

    /// Looks a typed code up, throttled per client address (RFC 8628 section 5.1).
    private func find(_ typed: String, _ context: RelayContext) async throws -> Lookup {
        guard await codeLimit.allow(context.clientAddress) else {
            service.metrics.increment("bnet_relay_throttled_total", "limit", "user_code")
            return .failure(
                DevicePages.message(title: "Too many attempts", "Too many codes were tried from this address. Wait a few minutes and try again.")
                    .response(.tooManyRequests, sandbox: sandbox, headers: [.retryAfter: "60"]))
        }
        guard UserCode.normalize(typed) != nil else {
            return .failure(DevicePages.enterCode(message: "That is not a valid code: it has 8 letters, like WDJB-MJHT.", typed: String(typed.prefix(16)))
                .response(.badRequest, sandbox: sandbox))
        }
        guard let login = try await service.login(userCode: typed) else {
            return .failure(DevicePages.enterCode(message: "That code is unknown or has expired. Check it, or start a new sign-in.", typed: String(typed.prefix(16)))
                .response(.notFound, sandbox: sandbox))
        }
        return .success(login)
    }
}

extension Array where Element == (String, String) {
    /// The first parameter name that appears more than once.
    var duplicateName: String? {
        var seen = Set<String>()
        return first { !seen.insert($0.0).inserted }?.0
    }
}
