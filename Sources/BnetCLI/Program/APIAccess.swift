import BattleNet
import BattleNetDiablo3
import BattleNetHTTPClient
import BnetKit
import Foundation
import NIOConcurrencyHelpers

/// How the API commands reach Battle.net: the signed-in player's token for the region (any sign-in at the
/// region's OAuth host that covers it), else client credentials from `BNET_CLIENT_ID` and `BNET_CLIENT_SECRET`,
/// else the "run `d3 login`" failure. Every answer's body is kept as sent, for `--json`.
struct APIAccess {
    /// The client to call.
    let client: Diablo3Client
    /// The sign-in, when it is what authenticates the calls.
    let credential: StoredCredential?
    /// The bodies Battle.net answered with, in order.
    let answers: AnswerRecorder

    init(context: Context, options: APIOptions, locale: BattleNetLocale? = nil) throws {
        let settings = context.settings
        if (locale ?? settings.locale) == .multi {
            throw CLIFailure(.usage, "The locale multi sends every language at once, which d3 cannot show: "
                + "give one, such as " + settings.region.locales.map(\.rawValue).joined(separator: ", ") + ".")
        }
        var apiURL = options.apiURL.flatMap(URL.init(string:))
        answers = AnswerRecorder(AsyncHTTPClientTransport.shared)
        let stored = try context.store.load(region: settings.region)
        let tokens: any AccessTokenSource
        if let stored, !stored.token.isExpired(leeway: .zero) {
            tokens = StaticTokenSource(stored.token)
            credential = stored
            // A sandbox relay's token works only at its emulator, which the relay named at sign-in.
            apiURL = apiURL ?? stored.apiURL.flatMap(URL.init(string:))
        } else if let id = context.environment["BNET_CLIENT_ID"], !id.isEmpty,
                  let secret = context.environment["BNET_CLIENT_SECRET"], !secret.isEmpty
        {
            if settings.region == .cn, options.oauthURL == nil { throw CLIFailure.chinaClientCredentials }
            let oauthURL = options.oauthURL.flatMap(URL.init(string:)) ?? settings.region.oauthBaseURL
            let endpoints = BattleNetEndpoints(oauthBaseURL: oauthURL, apiBaseURL: apiURL ?? settings.region.apiBaseURL)
            let oauth = OAuthClient(
                credentials: ClientCredentials(id: id, secret: secret), endpoints: endpoints,
                transport: AsyncHTTPClientTransport.shared)
            tokens = AppTokenCache(
                base: ClientCredentialsTokenProvider(client: oauth), clientID: id, oauthBaseURL: oauthURL,
                directory: context.store.directory)
            credential = nil
        } else if stored != nil {
            throw CLIFailure.expired(settings.region)
        } else {
            throw CLIFailure.notSignedIn(settings.region)
        }
        client = Diablo3Client(
            region: settings.region, locale: locale ?? settings.locale, apiBaseURL: apiURL, tokens: tokens,
            transport: answers, maxResponseBytes: options.maxResponseBytes)
    }
}

extension APIAccess {
    /// Runs `body` with API access. When the sign-in is missing, expired or rejected and a person is at the
    /// terminal (standard input, output and error are terminals, so the sign-in's link cannot end up in a pipe;
    /// no `--no-prompt`), signs in again at the relay that issued the old token (else the configured one), as
    /// ``RenewalPlan`` decides: at once through the browser, saying so in one line, when the last sign-in came back
    /// through the browser here and the renewal setting is `auto`; otherwise after asking. Then runs `body` again;
    /// otherwise the failure stands (exit 3).
    static func run(
        context: Context, options: APIOptions, locale: BattleNetLocale? = nil,
        _ body: (APIAccess) async throws -> Void
    ) async throws {
        do {
            try await body(try APIAccess(context: context, options: options, locale: locale))
        } catch {
            let failure = CLIFailure.from(error)
            guard failure.status == .notSignedIn else { throw error }
            let previous = try? context.store.load(region: context.settings.region)
            let plan = RenewalPlan.decide(
                setting: context.settings.renewal, route: previous?.route,
                browserAvailable: Browser.launcher(environment: context.environment) != nil,
                interactive: Terminal.stdinIsTerminal && Terminal.stdoutIsTerminal && Terminal.stderrIsTerminal,
                noPrompt: options.noPrompt)
            var login = DeviceLogin(clientID: "d3", openBrowser: true, qr: false)
            // The same scopes as before, so that a Battle.net that remembers the consent answers without a page.
            if let scopes = previous?.token.scopes, !scopes.isEmpty { login.scopes = scopes }
            switch plan {
            case .fail:
                throw error
            case .renewInBrowser:
                Terminal.printError("d3: \(failure.message.prefix { $0 != ":" }); renewing it through the browser...")
                login.quiet = true
            case .offer(let browser):
                Terminal.writeError("d3: \(failure.message)\nSign in now and carry on? [Y/n] ")
                guard let answer = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces).lowercased(),
                      answer.isEmpty || answer == "y" || answer == "yes"
                else { throw error }
                login = DeviceLogin(clientID: "d3", openBrowser: browser, qr: false, scopes: login.scopes)
            }
            try await login.run(
                context: context, relayURL: previous.flatMap { URL(string: $0.relay) } ?? context.settings.relay)
            try await body(try APIAccess(context: context, options: options, locale: locale))
        }
    }
}

/// A transport that keeps the body of every HTTP 200 answer, so `--json` prints what Battle.net sent, byte for
/// byte, rather than what the models decoded.
final class AnswerRecorder: HTTPTransport, Sendable {
    private let base: any HTTPTransport
    private let bodies = NIOLockedValueBox<[Data]>([])

    init(_ base: any HTTPTransport) {
        self.base = base
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let response = try await base.send(request)
        if response.status == 200 { bodies.withLockedValue { $0.append(response.body) } }
        return response
    }

    /// The last `count` bodies, oldest first.
    func last(_ count: Int) -> [Data] {
        bodies.withLockedValue { Array($0.suffix(count)) }
    }

    /// The last body as text, ending in a line break.
    var lastText: String {
        guard let body = last(1).first else { return "" }
        return JSONText.line(body)
    }
}

/// JSON bodies as `--json` and `d3 api` print them: byte for byte into a pipe or file; on a terminal, with every
/// character that could drive it (C0 and C1 controls, DEL, line separators, bidirectional controls) written as a
/// JSON `\uXXXX` escape, which means the same inside a JSON string, the only place such a character may stand.
enum JSONText {
    /// The bytes as sent (escaped on a terminal), ending in a line break.
    static func line(_ body: Data) -> String {
        let text = String(decoding: body, as: UTF8.self)
        return forOutput(text.hasSuffix("\n") ? text : text + "\n")
    }

    /// One JSON object holding each body as sent under its name, in order: `{"hero":…,"items":…}`.
    static func object(_ members: [(String, Data)]) -> String {
        forOutput("{" + members.map { name, body in
            "\"\(name)\":" + String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }.joined(separator: ",") + "}\n")
    }

    /// The body indented for a person at a terminal, keys and values unchanged (slashes unescaped) and controls
    /// escaped. A body that is not JSON is refused: its bytes could carry anything, and only a file or a pipe
    /// should get them.
    static func pretty(_ body: Data) throws(CLIFailure) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]),
              let data = try? JSONSerialization.data(
                withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
        else {
            throw CLIFailure(
                .failure, "The answer is not JSON (\(body.count) bytes), and d3 does not print other bytes on a terminal: "
                    + "write it to a file or a pipe instead, such as d3 api PATH > answer.txt")
        }
        return line(data)
    }

    /// `text` escaped when standard output is a terminal (see ``escapingControls(_:)``), as is otherwise.
    private static func forOutput(_ text: String) -> String {
        Terminal.stdoutIsTerminal ? escapingControls(text) : text
    }

    /// Every C0 control but line feed and tab, DEL, every C1 control, U+2028 and U+2029, and the bidirectional
    /// marks, embeddings, overrides and isolates as `\uXXXX`.
    static func escapingControls(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x09: result.unicodeScalars.append(scalar)
            case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069:
                result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
