import BattleNet
import Foundation
import Hummingbird
import RelayCore

/// What the relay's routes are built from: the parts the composition root (the application module) made, handed
/// down.
package struct RelayParts: Sendable {
    let settings: RelaySettings
    let apps: AppRegistry
    let logins: LoginService
    let revoker: TokenRevoker
    let keyring: LoginKeyring
    let index: PollIndex
    let metrics: RelayMetrics
    /// Logins started, user codes typed and requests that present a token, per client network.
    let limits: RouteLimits
    /// The public listener's connection gate, whose open connections `/metrics` reports.
    let connections: ConnectionLimits
    let readiness: any Readiness
    /// The web origin of Battle.net's authorize page, where the device page's form may go.
    let providerOrigin: String
    /// The sandbox emulator's API address, which the metadata names; nil outside sandbox mode.
    let sandboxAPIURL: URL?
    let signer: IDTokenSigner
    let trusted: [IPRange]
    let sandbox: Bool
    let version: String
    /// The game-data gateway, nil when off, and the regions whose API it calls.
    let gateway: GameDataGateway?
    let gatewayRegions: [Region]

    package init(
        settings: RelaySettings, apps: AppRegistry, logins: LoginService, revoker: TokenRevoker, keyring: LoginKeyring,
        index: PollIndex, metrics: RelayMetrics, limits: RouteLimits, connections: ConnectionLimits,
        readiness: any Readiness, providerOrigin: String, sandboxAPIURL: URL?, signer: IDTokenSigner, trusted: [IPRange],
        sandbox: Bool, version: String, gateway: GameDataGateway?, gatewayRegions: [Region]
    ) {
        (self.settings, self.apps, self.logins, self.revoker, self.keyring) = (settings, apps, logins, revoker, keyring)
        (self.index, self.metrics, self.limits, self.connections, self.readiness) = (index, metrics, limits, connections, readiness)
        (self.providerOrigin, self.sandboxAPIURL, self.signer, self.trusted) = (providerOrigin, sandboxAPIURL, signer, trusted)
        (self.sandbox, self.version, self.gateway, self.gatewayRegions) = (sandbox, version, gateway, gatewayRegions)
    }
}

extension RelayParts {
    /// The public router: the device flow, the authorization endpoint, the pages, the callback, the token endpoint,
    /// revocation, OpenID Connect's key set and userinfo, and the relay's metadata.
    package func buildRouter() -> Router<RelayContext> {
        let router = Router(context: RelayContext.self)
        router.middlewares.add(ClientAddressMiddleware(trusted: trusted, report: UnusableForwardedReport(metrics: metrics)))
        router.middlewares.add(SecurityHeadersMiddleware())
        router.middlewares.add(RequestLogMiddleware(clock: logins.clock))
        router.middlewares.add(RefusalMiddleware())
        let cookies = BrowserCookies(secure: settings.publicURL.scheme == "https")
        let pages = PageRenderer(sandbox: sandbox)
        DeviceController(
            logins: logins, settings: settings, metrics: metrics, keyring: keyring, apps: apps, startLimit: limits.starts,
            codeLimit: limits.codeEntries, pages: pages, providerOrigin: providerOrigin,
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
            settings: settings, sandbox: sandbox, sandboxAPIURL: sandboxAPIURL, gatewayOn: gateway != nil
        ).register(on: router)
        MethodNotAllowed.register(on: router)
        GatewayController(gateway: gateway, regions: gatewayRegions, metrics: metrics).register(on: router)
        return router
    }

    /// The operations router: `/healthz`, `/readyz` and `/metrics`.
    package func buildOperationsRouter() -> Router<RelayContext> {
        let router = Router(context: RelayContext.self)
        router.middlewares.add(SecurityHeadersMiddleware())
        router.middlewares.add(RequestLogMiddleware(clock: logins.clock))
        router.middlewares.add(RefusalMiddleware())
        OperationsController(
            index: index, metrics: metrics, readiness: readiness, connections: connections, sandbox: sandbox,
            version: version, gateway: gateway
        ).register(on: router)
        MethodNotAllowed.register(on: router)
        return router
    }
}
