import BattleNet
import Foundation
import Hummingbird
import RelayCore

/// What the relay's routes are built from: the parts the composition root made, handed down.
struct RelayParts: Sendable {
    let settings: RelaySettings
    let apps: AppRegistry
    let logins: LoginService
    let revoker: TokenRevoker
    let keyring: LoginKeyring
    let index: PollIndex
    let metrics: RelayMetrics
    let limits: RelayLimits
    let readiness: ReadinessProbe
    let provider: BattleNetProvider
    let signer: IDTokenSigner
    let trusted: [IPRange]
    let sandbox: Bool
    let version: String
    let gateway: GatewayParts
}

extension RelayParts {
    /// The public router: the device flow, the authorization endpoint, the pages, the callback, the token endpoint,
    /// revocation, OpenID Connect's key set and userinfo, and the relay's metadata.
    func buildRouter() -> Router<RelayContext> {
        let router = Router(context: RelayContext.self)
        router.middlewares.add(ClientAddressMiddleware(trusted: trusted, report: UnusableForwardedReport(metrics: metrics)))
        router.middlewares.add(SecurityHeadersMiddleware())
        router.middlewares.add(RequestLogMiddleware(clock: logins.clock))
        router.middlewares.add(RefusalMiddleware())
        let cookies = BrowserCookies(secure: settings.publicURL.scheme == "https")
        let pages = PageRenderer(sandbox: sandbox)
        DeviceController(
            logins: logins, settings: settings, metrics: metrics, keyring: keyring, apps: apps, startLimit: limits.starts,
            codeLimit: limits.codeEntries, pages: pages, providerOrigin: provider.endpoints.authorizeURL.webOrigin,
            cookies: cookies
        ).register(on: router)
        AuthorizeController(
            logins: logins, apps: apps, settings: settings, metrics: metrics, startLimit: limits.starts, revoker: revoker,
            pages: pages, cookies: cookies
        ).register(on: router)
        CallbackController(logins: logins, apps: apps, pages: pages, cookies: cookies, settings: settings).register(on: router)
        TokenController(logins: logins, settings: settings, signer: signer, revoker: revoker).register(on: router)
        OpenIDController(signer: signer).register(on: router)
        UserInfoController(logins: logins, limits: limits.revocationRequests, metrics: metrics).register(on: router)
        RevocationController(apps: apps, revoker: revoker, limits: limits.revocationRequests, metrics: metrics).register(on: router)
        MetadataController(
            settings: settings, sandbox: sandbox, sandboxAPIURL: provider.sandboxAPIURL, gatewayOn: gateway.gateway != nil
        ).register(on: router)
        MethodNotAllowed.register(on: router)
        GatewayController(gateway: gateway.gateway, regions: gateway.regions, metrics: metrics).register(on: router)
        return router
    }

    /// The operations router: `/healthz`, `/readyz` and `/metrics`.
    func buildOperationsRouter() -> Router<RelayContext> {
        let router = Router(context: RelayContext.self)
        router.middlewares.add(SecurityHeadersMiddleware())
        router.middlewares.add(RequestLogMiddleware(clock: logins.clock))
        router.middlewares.add(RefusalMiddleware())
        OperationsController(
            index: index, metrics: metrics, readiness: readiness, connections: limits.connections, sandbox: sandbox,
            version: version, gateway: gateway.gateway
        ).register(on: router)
        MethodNotAllowed.register(on: router)
        return router
    }
}
