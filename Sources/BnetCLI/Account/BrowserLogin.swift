import BattleNet
import BnetKit
import Foundation

/// How a sign-in through the browser ended.
enum BrowserSignInOutcome {
    /// The browser came back and the token was collected.
    case signedIn(DeviceFlowToken)
    /// Sign in with the code instead; `reuse` is the login to go on with when the relay started a plain
    /// device-flow one (it did not take the loopback address).
    case fallBack(reuse: DeviceAuthorization?)
}

extension DeviceLogin {
    /// Signs in through the browser on this machine (RFC 8252 section 7.3): listens on a loopback address, starts
    /// a login naming it as `redirect_uri`, opens the browser at the relay's link (which goes straight on to
    /// Battle.net), and collects the token with the one-time `callback_code` the browser brings back. Falls back to
    /// the code when the relay did not take the address, the browser could not be started, or it did not come
    /// back within ``BrowserWait``'s bound (said on screen).
    func signInThroughBrowser(
        _ client: DeviceFlowClient, launcher: BrowserLauncher, context: Context, relayURL: URL
    ) async throws -> BrowserSignInOutcome {
        let program = context.program
        let wait = try BrowserWait.seconds(environment: context.environment, program: program)
        let listener = try LoopbackListener()
        defer { listener.close() }
        let authorization = try await client.start(
            clientID: clientID, asking: scopes, relay: relayURL, loopback: listener.redirect)
        guard let redirect = authorization.loopbackRedirect else { return .fallBack(reuse: authorization) }
        let link = try RelayPolicy.verificationLink(for: authorization, relay: relayURL, program: program)
        guard Browser.open(link, with: launcher) else {
            Terminal.printError("\(program.name): the browser could not be started (\(launcher.command.first ?? "")); "
                + "sign in with the code instead.")
            return .fallBack(reuse: nil)
        }
        if !quiet {
            Terminal.printLine("Opening your browser to sign in at Battle.net; waiting up to \(wait) s for it to "
                + "come back (Ctrl-C to stop, or `\(program.command("login --no-browser"))` to use a code).")
        }
        let returned = try await listener.awaitReturn(timeout: .seconds(wait)) { url in
            BrowserWait.returnPage(approved: RelayCallback(loopbackReturn: url, to: redirect)?.outcome == .approved)
        }
        guard let returned else {
            Terminal.printLine("The browser did not come back within \(wait) s; sign in with the code instead.")
            return .fallBack(reuse: nil)
        }
        guard let callback = RelayCallback(loopbackReturn: returned, to: redirect) else {
            throw CLIFailure(.failure, "The browser came back without the relay's answer; run `\(program.login())` again, "
                + "or `\(program.command("login --no-browser"))` to sign in with a code.")
        }
        if callback.outcome == .failed {
            throw CLIFailure(.failure, "The sign-in failed at Battle.net or at the relay ("
                + (callback.error ?? "server_error") + "); run `\(program.login())` again in a minute.")
        }
        return .signedIn(try await client.collect(authorization, after: callback))
    }
}
