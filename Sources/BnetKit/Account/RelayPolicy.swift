import BattleNet
import Foundation

/// What `bnet` and `d3` require of a relay before it sends it anything or shows one of its links: https, or plain http
/// only on this machine (unless the person insists), and sign-in links only on the relay's own origin.
public enum RelayPolicy {
    /// The environment variable that, set to `1`, allows a plain-http relay on another machine.
    public static func allowInsecureVariable(_ program: Program) -> String {
        program.variable("ALLOW_INSECURE_RELAY")
    }

    /// Refuses a relay URL that is not https, unless it is plain http on this machine (loopback) or
    /// `allowInsecure` is set: over plain http the device code and the access token would cross the network
    /// in clear, for anyone on the path to read or replace. A usage error (exit 2).
    public static func checkTransport(_ relay: URL, allowInsecure: Bool, program: Program) throws(CLIFailure) {
        guard let origin = WebOrigin(relay) else {
            throw CLIFailure(.usage, "The relay URL \(relay.absoluteString) is not an http(s) URL.")
        }
        guard origin.scheme == "http", !origin.isLoopback, !allowInsecure else { return }
        throw CLIFailure(.usage, "Refusing the relay at \(origin): it uses plain http to another machine, so "
            + "the sign-in code and the access token would cross the network unencrypted. Use the relay's https "
            + "URL, or pass --allow-insecure-relay (or set \(allowInsecureVariable(program))=1) if you trust every network "
            + "in between.")
    }

    /// Refuses endpoints named by the relay's metadata (device authorization, token, revocation, authorization)
    /// that are not on the relay's own origin: the codes and the token travel to them, and the relay URL is the
    /// only server the person chose (and ``checkTransport(_:allowInsecure:program:)`` checked). Exit 1: the relay is
    /// misconfigured, or something in its place is not the relay.
    public static func checkEndpoints(
        _ endpoints: DeviceFlowEndpoints, relay: URL, program: Program
    ) throws(CLIFailure) {
        let named = [endpoints.deviceAuthorizationURL, endpoints.tokenURL]
            + [endpoints.revocationURL, endpoints.authorizationURL].compactMap { $0 }
        for endpoint in named where !isSameOrigin(endpoint, as: relay) {
            let elsewhere = WebOrigin(endpoint).map { "on another origin (\($0))" } ?? "that is not an http(s) URL"
            throw CLIFailure(.failure, "The relay at \(relay.absoluteString) is misconfigured or is not a "
                + "\(program.name) relay: its metadata names an endpoint \(elsewhere), and \(program.name) sends the sign-in code and the token "
                + "only to \(WebOrigin(relay)?.description ?? relay.absoluteString). Tell its operator; if the relay "
                + "is reached at another address than its public URL, use its public URL as --relay.")
        }
    }

    /// The API URL a sandbox relay names, if the CLI may send the relay's tokens there (``WebOrigin/sandboxAPI(_:of:)``).
    public static func sandboxAPIURL(_ endpoints: DeviceFlowEndpoints, relay: URL) -> URL? {
        endpoints.sandboxAPIURL.flatMap { WebOrigin.sandboxAPI($0, of: relay) }
    }

    /// The relay's game-data gateway (`api_gateway_endpoint`), if it is on the relay's own origin; anything else is
    /// ignored, and game data goes with the player's token as before.
    public static func gatewayURL(_ endpoints: DeviceFlowEndpoints, relay: URL) -> URL? {
        endpoints.apiGatewayURL.flatMap { isSameOrigin($0, as: relay) ? $0 : nil }
    }

    /// Whether `url` has the same origin (scheme, host, port) as `relay`; false when either is not http(s).
    public static func isSameOrigin(_ url: URL, as relay: URL) -> Bool {
        guard let origin = WebOrigin(url), let relayOrigin = WebOrigin(relay) else { return false }
        return origin == relayOrigin
    }

    /// Whether a browser may be asked to open `url`: http or https with a host, nothing else.
    public static func isOpenable(_ url: URL) -> Bool {
        WebOrigin(url) != nil
    }

    /// The link to show and open for a sign-in: `verification_uri_complete` when the relay sent one, else
    /// `verification_uri`. Both must be on the relay's own origin; otherwise the sign-in is refused (exit 1),
    /// since a relay, or someone in its place, could send the person to a look-alike page that collects the
    /// code or the Battle.net password.
    public static func verificationLink(
        for authorization: DeviceAuthorization, relay: URL, program: Program
    ) throws(CLIFailure) -> URL {
        let links = [authorization.verificationURI] + (authorization.verificationURIComplete.map { [$0] } ?? [])
        for link in links where !isSameOrigin(link, as: relay) {
            let elsewhere = WebOrigin(link).map { "on another site (\($0))" } ?? "that is not an http(s) link"
            let relayOrigin = WebOrigin(relay)?.description ?? relay.absoluteString
            throw CLIFailure(.failure, "The relay at \(relay.absoluteString) sent a sign-in link \(elsewhere); "
                + "\(program.name) opens and shows only links on \(relayOrigin), so the sign-in was refused. If the relay is "
                + "reached at another address than its public URL, use its public URL as --relay.")
        }
        return authorization.verificationURIComplete ?? authorization.verificationURI
    }
}
