import BattleNet
import BattleNetHTTPClient
import BnetKit
import Foundation

extension DeviceLogin {
    /// Signs in through the browser on this machine at the relay's standard authorization endpoint (RFC 6749
    /// section 4.1 with PKCE S256, RFC 8252 section 7.3): listens on `127.0.0.1` at `/callback` on a port the
    /// system picks, opens the browser at `endpoint` (Battle.net, then the relay's consent page), reads the
    /// return against the request (its `state` and the relay's `iss`; any other return is refused and the wait
    /// goes on), and redeems the one-time code with the verifier. Nil, to sign in with the code instead, when the
    /// browser could not be started or did not come back within ``BrowserWait``'s bound (said on screen).
    func signInThroughBrowser(
        at endpoint: URL, endpoints: DeviceFlowEndpoints, launcher: BrowserLauncher, context: Context
    ) async throws -> DeviceFlowToken? {
        let program = context.program
        let wait = try BrowserWait.seconds(environment: context.environment, program: program)
        let listener = try LoopbackListener(path: "/callback")
        defer { listener.close() }
        let request = AuthorizationCodeRequest(
            endpoint: endpoint, clientID: clientID, redirectURI: listener.redirect.description, scopes: scopes,
            issuer: endpoints.issuer)
        guard Browser.open(request.url, with: launcher) else {
            Terminal.printError("\(program.name): the browser could not be started (\(launcher.command.first ?? "")); "
                + "sign in with the code instead.")
            return nil
        }
        if !quiet {
            Terminal.printLine("Opening your browser to sign in at Battle.net; waiting up to \(wait) s for it to "
                + "come back (Ctrl-C to stop, or `\(program.command("login --no-browser"))` to use a code).")
        }
        let returned = try await listener.awaitReturn(timeout: .seconds(wait)) { url in
            switch request.callback(url) {
            case nil: .refuse(page: BrowserWait.notThisSignInPage)
            case .code: .accept(page: BrowserWait.returnPage(approved: true))
            case .error: .accept(page: BrowserWait.returnPage(approved: false))
            }
        }
        let refused = listener.statistics.refused
        if refused > 0 {
            Terminal.printError("\(program.name): refused \(refused == 1 ? "a return" : "\(refused) returns") to this "
                + "machine's sign-in address that did not answer this sign-in (another state or relay).")
        }
        guard let returned, let callback = request.callback(returned) else {
            Terminal.printLine("The browser did not come back within \(wait) s; sign in with the code instead.")
            return nil
        }
        switch callback {
        case .code(let code):
            return try await redeem(code, request, tokenURL: endpoints.tokenURL, program: program)
        case .error("access_denied", _):
            throw CLIFailure(.loginRefused, "The sign-in was declined in the browser (\"This wasn't me\" at the relay, "
                + "or Battle.net's Cancel); nothing was saved. Run `\(program.login())` again to sign in.")
        case .error(let error, let description):
            let detail = description.map { ": \($0)" } ?? ""
            throw CLIFailure(.failure, "The relay ended the sign-in (\(error)\(detail)); nothing was saved. Run "
                + "`\(program.login())` again in a minute, or `\(program.command("login --no-browser"))` to sign in "
                + "with a code.")
        }
    }

    /// The token for `code`, redeemed once with the request's verifier.
    private func redeem(
        _ code: String, _ request: AuthorizationCodeRequest, tokenURL: URL, program: Program
    ) async throws -> DeviceFlowToken {
        switch try await request.redeem(
            code: code, at: tokenURL, transport: AsyncHTTPClientTransport.shared, timeout: .seconds(30))
        {
        case .granted(let token):
            return token
        case .refused(let error):
            throw CLIFailure(.loginRefused, "The relay refused the sign-in's code (\(error.error)"
                + (error.errorDescription.map { ": \($0)" } ?? "") + "); nothing was saved. Run `\(program.login())` again.")
        case .unexpected(let response):
            throw CLIFailure(.failure, "The relay's token endpoint answered HTTP \(response.status) without a token "
                + "or an OAuth error; nothing was saved. Try `\(program.login())` again in a minute, or tell its operator.")
        }
    }
}
