import ArgumentParser
import BattleNet
import BattleNetWorldOfWarcraft
import BnetKit
import Foundation

/// `d3 api PATH`: a GET of any Blizzard API path, or of an `href` from an answer, printing the JSON.
struct APICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "api",
        abstract: "Call any Blizzard API path and print its JSON answer.",
        discussion: """
            PATH is a path on the region's API host, such as /d3/data/act/1, or an absolute link from an \
            answer (an `href`) on that host; its query is kept. The call carries the signed-in player's token \
            (else client credentials from BNET_CLIENT_ID and BNET_CLIENT_SECRET) and the locale. The answer is \
            printed indented on a terminal, with control and bidirectional characters escaped (an answer that is not \
            JSON is refused there: redirect it to a file), and exactly as Battle.net sent it otherwise. Failures exit as the \
            other commands do (3 not signed in, 4 not found, 5 unreachable).

            The namespace: --namespace, else the link's own `namespace=`, else, for a World of Warcraft path, the \
            one Blizzard documents for it in the region (said on standard error): profile-REGION for \
            /profile/... and /data/wow/guild/..., dynamic-REGION for live state (/data/wow/realm, connected-realm, \
            auctions, token, mythic-keystone, pvp-season, ...), static-REGION for the other /data/wow/ families; \
            --classic, --classic-era and --classic-anniversary ask those games' (profile-classic-REGION, ...). \
            Other paths get none unless given.

            Examples:
              \(Program.running.name) api /d3/data/follower/templar
              \(Program.running.name) api profile/wow/character/tarren-mill/aelyth
              \(Program.running.name) api /data/wow/realm/index --classic-era --region eu
              \(Program.running.name) api /data/d3/season/ --namespace 2-6-us
              \(Program.running.name) api /d3/profile/FaYe-2543/ --region eu | jq '.heroes[0].name'
            """)

    @Argument(help: "The API path, such as /d3/data/act/1, or an absolute https link on the API host.")
    var path: String

    @Option(help: "The namespace sent (default: the link's own, else the rule below), such as profile-eu or 2-6-us.")
    var namespace: String?

    @OptionGroup var game: WoWGameFlags
    @OptionGroup var region: RegionOption
    @OptionGroup var api: APIOptions

    func run() async throws {
        let context = try Context(region: region.region, locale: api.locale)
        let parsed = try APIPath.parse(path)
        let relative = parsed.path
        var query = parsed.query
        // A locale in the link wins over the region's default, but not over --locale or BNET_LOCALE (D3_LOCALE).
        let linkLocale = query.first { $0.0 == "locale" }.flatMap { BattleNetLocale(rawValue: $0.1) }
        var space = namespace
        if space == nil, let index = query.firstIndex(where: { $0.0 == "namespace" }) {
            space = query[index].1
        }
        query.removeAll { $0.0 == "locale" || $0.0 == "namespace" }
        if space == nil, let found = game.game.namespace(forPath: String(relative.trimmingPrefix("/")), region: context.settings.region) {
            space = found
            Terminal.printError("\(context.program.name): namespace \(found), as Blizzard documents for this path (--namespace to change it).")
        }
        try await APIAccess.run(
            context: context, options: api, locale: context.settings.locale == nil ? linkLocale : nil
        ) { [query, space] access in
            try APIPath.checkHost(path, apiBaseURL: access.api.apiBaseURL)
            let body = try await access.api.data(relative, query: query, namespace: space)
            Terminal.write(Terminal.stdoutIsTerminal ? try JSONText.pretty(body) : JSONText.line(body))
        }
    }
}

/// Reading `d3 api`'s argument.
enum APIPath {
    /// The path (without the host) and the query pairs of a path or absolute link.
    static func parse(_ text: String) throws(CLIFailure) -> (path: String, query: [(String, String)]) {
        let absolute = text.contains("://")
        guard absolute || !text.hasPrefix("//") else {
            throw CLIFailure(.usage, "\"\(text.prefix(200))\" names a host (//host/...): give a path on the API host, such as "
                + "/d3/data/act/1, or a whole https link on it.")
        }
        guard let components = URLComponents(string: absolute ? text : "/" + text.trimmingPrefix("/")),
              !components.path.isEmpty || absolute
        else {
            throw CLIFailure(.usage, "\"\(text)\" is not an API path such as /d3/data/act/1.")
        }
        var query: [(String, String)] = []
        if let raw = components.percentEncodedQuery, !raw.isEmpty {
            do {
                query = try FormEncoding.decode(Substring(raw))
            } catch {
                throw CLIFailure(.usage, "The query of \"\(text)\" is not valid form encoding: \(error).")
            }
        }
        let path = components.percentEncodedPath
        // `..` and `.` segments, spelled or percent-encoded, would name another path than the one written: the API
        // host (or a proxy before it) resolves them (R4-8).
        if let dot = path.split(separator: "/").first(where: { [".", ".."].contains($0.removingPercentEncoding ?? String($0)) }) {
            throw CLIFailure(.usage, "\"\(text.prefix(200))\" has a \"\(dot)\" segment: give the API path itself, such as "
                + "/d3/data/act/1.")
        }
        return (path.isEmpty ? "/" : path, query)
    }

    /// Refuses an absolute link to any other origin than the API host's: the token goes only there.
    static func checkHost(_ text: String, apiBaseURL: URL) throws(CLIFailure) {
        guard text.contains("://") else { return }
        guard let url = URL(string: text), let origin = WebOrigin(url), origin == WebOrigin(apiBaseURL) else {
            throw CLIFailure(.usage, "\(text) is not on the API host \(WebOrigin(apiBaseURL)?.description ?? apiBaseURL.absoluteString): "
                + "\(Program.running.name) sends the token only there. Give a path, or pick the region (or --api-url) of that host.")
        }
    }
}
