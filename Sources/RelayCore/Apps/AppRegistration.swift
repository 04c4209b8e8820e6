/// How the relay ends a login for an app once Battle.net has called back.
public enum AppMode: String, Sendable, Codable, CaseIterable {
    /// A device-style login: the person sees "go back to your terminal"; the client polls for the token.
    case poll
    /// The browser is sent to `<scheme>://callback?...` telling the app it may collect; the app polls.
    case redirect
    /// The callback's query is passed unchanged to `<scheme>://?...` and the app exchanges the code itself
    /// (compatible with BattleNetAPI's AuthenticationManager). The code crosses the device: see the README.
    case forward
}

/// An app the relay serves: its name is both the `client_id` and the `<scheme>` of `/redirect/<scheme>`.
public struct AppRegistration: Sendable, Hashable {
    /// The app's name, a valid URL scheme.
    public let name: String
    /// How its logins end.
    public let mode: AppMode
    /// The scopes it may ask for; empty means the relay's default scopes.
    public let allowedScopes: [String]
    /// Where the authorization endpoint may send its browser back (`--redirect-uri NAME=URI`).
    public var redirectURIs: [RegisteredRedirect]

    /// Registers an app after checking its name with ``SchemeValidator``.
    public init(
        name: String, mode: AppMode, allowedScopes: [String] = [], redirectURIs: [RegisteredRedirect] = []
    ) throws(SchemeValidator.Error) {
        self.name = try SchemeValidator.validate(name)
        self.mode = mode
        self.allowedScopes = allowedScopes
        self.redirectURIs = redirectURIs
    }

    /// The registration `requested` matches, if any (see ``RegisteredRedirect/matches(_:)``).
    public func redirect(matching requested: String) -> RegisteredRedirect? {
        redirectURIs.first { $0.matches(requested) }
    }

    /// Whether the app may be sent back to a loopback address (it registered one).
    public var allowsLoopback: Bool {
        redirectURIs.contains { $0.kind == .loopback }
    }

    /// Parses `NAME=MODE` or `NAME=MODE:SCOPES` as given to `--app`: SCOPES, space-separated as for `--scope`, are
    /// the only scopes the app may ask for (see ``ScopeToken``); without them the app gets the relay's default.
    public init(argument: String) throws(AppArgumentError) {
        let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
        let modeAndScopes = parts.count == 2 ? parts[1].split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false) : []
        guard parts.count == 2, let mode = AppMode(rawValue: modeAndScopes[0].lowercased()) else {
            throw AppArgumentError(
                message: "--app \(argument): expected NAME=MODE or NAME=MODE:SCOPES with MODE one of poll, redirect, forward "
                    + "and SCOPES space-separated (`d3=poll:openid d3.profile`)")
        }
        let allowedScopes = modeAndScopes.count == 2
            ? try ScopeToken.parseList(String(modeAndScopes[1]), setting: "--app \(argument)") : []
        do {
            try self.init(name: parts[0], mode: mode, allowedScopes: allowedScopes)
        } catch {
            throw AppArgumentError(message: "--app \(argument): \(error)")
        }
    }
}

/// One `--redirect-uri NAME=URI`: a redirect URI registered for the app `NAME`.
public struct RedirectRegistration: Sendable, Hashable {
    /// The app's name.
    public let app: String
    /// The URI.
    public let redirect: RegisteredRedirect

    /// Parses `NAME=URI`.
    public init(argument: String) throws(AppArgumentError) {
        let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty else {
            throw AppArgumentError(
                message: "--redirect-uri \(argument.prefix(200)): expected NAME=URI, such as myapp=com.example.myapp:/oauth2redirect")
        }
        do {
            redirect = try RegisteredRedirect(validating: parts[1])
        } catch {
            throw AppArgumentError(message: "--redirect-uri \(argument.prefix(200)): \(error)")
        }
        app = parts[0]
    }
}

/// A malformed `--app` argument.
public struct AppArgumentError: Error, CustomStringConvertible, Equatable {
    /// What is wrong.
    public let message: String
    public var description: String { message }
}

/// The set of registered apps. Only these are served. Names match case-insensitively, as URL schemes do
/// (RFC 3986 section 3.1); the registered spelling is the one the relay gives out.
public struct AppRegistry: Sendable {
    private let apps: [String: AppRegistration]

    /// Creates a registry; with no apps, `d3` in poll mode (the CLI's default client). Of names that differ only in
    /// case the last wins; ``conflicts(_:)`` reports them as a configuration error first. Each of `redirects` is
    /// added to its app (``unknownApps(_:redirects:)`` reports those naming no app first); the CLI's apps, `d3` and
    /// `bnet`, have the loopback return registered whatever else they register, and an app in redirect mode its scheme's
    /// return (``schemeReturn(_:)``).
    public init(_ apps: [AppRegistration], redirects: [RedirectRegistration] = []) {
        var list = apps.isEmpty ? Self.defaultApps : apps
        for index in list.indices {
            let name = list[index].name.lowercased()
            list[index].redirectURIs += redirects.filter { $0.app.lowercased() == name }.map(\.redirect)
            if Self.cliApps.contains(name) { list[index].redirectURIs += Self.cliLoopback }
            if list[index].mode == .redirect, let scheme = Self.schemeReturn(list[index].name) {
                list[index].redirectURIs.append(scheme)
            }
        }
        self.apps = Dictionary(list.map { ($0.name.lowercased(), $0) }, uniquingKeysWith: { _, last in last })
    }

    /// The CLI's own apps.
    static let cliApps: Set<String> = ["d3", "bnet"]
    /// The loopback return the CLI listens on (`LoopbackListener`: `/callback` on a port the system picks).
    static let cliLoopback = ["http://127.0.0.1/callback", "http://[::1]/callback"].map { try! RegisteredRedirect(validating: $0) }

    /// The return of an app in redirect mode, `<name>://bnet-relay/callback`: where redirect mode sends the browser
    /// back, and so where the Swift library's standard sign-in (authorization code with PKCE) returns too.
    static func schemeReturn(_ name: String) -> RegisteredRedirect? {
        try? RegisteredRedirect(validating: "\(name.lowercased())://bnet-relay/callback")
    }

    /// The names of `redirects` that name no app of `apps`, for a configuration error.
    public static func unknownApps(_ apps: [AppRegistration], redirects: [RedirectRegistration]) -> [String] {
        let names = Set((apps.isEmpty ? defaultApps : apps).map { $0.name.lowercased() })
        return redirects.map(\.app).filter { !names.contains($0.lowercased()) }
    }

    /// Names registered more than once, ignoring case (`MyApp` and `myapp` are one scheme), each as the spellings.
    public static func conflicts(_ apps: [AppRegistration]) -> [[String]] {
        let groups = Dictionary(grouping: apps.map(\.name), by: { $0.lowercased() })
        return groups.values.filter { $0.count > 1 }.sorted { $0[0] < $1[0] }
    }

    /// The CLI's apps in poll mode: `bnet`, which the CLI signs in as where the relay has it, and `d3`.
    public static var defaultApps: [AppRegistration] {
        ["bnet", "d3"].map { try! AppRegistration(name: $0, mode: .poll) }
    }

    /// What the relay's pages call the app named `name`: the CLI's apps by what they are, any other by its name.
    public static func displayName(of name: String) -> String {
        switch name.lowercased() {
        case "bnet": "Battle.net CLI (bnet)"
        case "d3": "Diablo III CLI (d3)"
        default: name
        }
    }

    /// The app with this name, in any case.
    public func app(named name: String) -> AppRegistration? {
        apps[name.lowercased()]
    }

    /// All apps, sorted by name.
    public var all: [AppRegistration] {
        apps.values.sorted { $0.name < $1.name }
    }
}
