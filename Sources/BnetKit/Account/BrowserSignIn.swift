import Foundation

/// Whether a command renews a sign-in that has expired or was refused by itself (`renew` in config.json,
/// `D3_RENEW`): `auto` renews through the browser without a keystroke when the last sign-in came back through the
/// browser on this machine (else it asks), `prompt` always asks first, `never` never opens a browser for it (it
/// asks, and signs in with the printed code).
public enum RenewalSetting: String, Sendable, Hashable, CaseIterable, Codable {
    case auto, prompt, never
}

/// How the last sign-in came back, as the credential records it: through the browser to this machine's loopback
/// address, or with the code (the device flow, possibly on another device).
public enum SignInRoute: String, Sendable, Hashable, Codable {
    case browser, code
}

/// What a command does when its sign-in is missing, expired or refused.
public enum RenewalPlan: Sendable, Hashable {
    /// Sign in again through the browser at once, saying so in one line.
    case renewInBrowser
    /// Ask "Sign in now and carry on? [Y/n]", then sign in: through the browser when `browser`, else with the code.
    case offer(browser: Bool)
    /// Fail with the "not signed in" message (exit 3).
    case fail

    /// The plan for a command run with `setting` (nil: not set), the last sign-in's `route`, whether a browser can
    /// be opened here (``BrowserLauncher/find(environment:isMacOS:)``), whether a person is at the terminal, and
    /// `--no-prompt`. Without a setting, `auto` applies where a browser can be opened and `never` elsewhere (over
    /// SSH, without a display); `--no-prompt` and runs without a terminal never ask and never open a browser.
    public static func decide(
        setting: RenewalSetting?, route: SignInRoute?, browserAvailable: Bool, interactive: Bool, noPrompt: Bool
    ) -> RenewalPlan {
        guard interactive, !noPrompt else { return .fail }
        switch setting ?? (browserAvailable ? .auto : .never) {
        case .auto: return browserAvailable && route == .browser ? .renewInBrowser : .offer(browser: browserAvailable)
        case .prompt: return .offer(browser: browserAvailable)
        case .never: return .offer(browser: false)
        }
    }
}

/// The program that opens a URL in the person's browser: `$BROWSER` when set (as gh and Python's `webbrowser`
/// honour it: the first of its `:`-separated commands, split at spaces, with `%s` standing for the URL or the URL
/// added at the end), else `open` on macOS, else `xdg-open` when there is a display.
public struct BrowserLauncher: Sendable, Hashable {
    /// The command and its arguments, `%s` where the URL goes.
    public var command: [String]

    /// The launcher for `environment`; nil when no browser can be opened: over SSH (`SSH_CONNECTION`,
    /// `SSH_CLIENT` or `SSH_TTY` set) or, outside macOS, without `DISPLAY` or `WAYLAND_DISPLAY`, unless `$BROWSER`
    /// says which program to run.
    public static func find(environment: [String: String], isMacOS: Bool) -> BrowserLauncher? {
        func isSet(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
        if let browser = environment["BROWSER"],
           let first = browser.split(separator: ":").first(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
        {
            var words = first.split(separator: " ").map(String.init)
            if !words.contains(where: { $0.contains("%s") }) { words.append("%s") }
            return BrowserLauncher(command: words)
        }
        if ["SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY"].contains(where: isSet) { return nil }
        if isMacOS { return BrowserLauncher(command: ["open", "%s"]) }
        guard isSet("DISPLAY") || isSet("WAYLAND_DISPLAY") else { return nil }
        return BrowserLauncher(command: ["xdg-open", "%s"])
    }

    /// The arguments to run for `url`.
    public func arguments(for url: URL) -> [String] {
        command.map { $0.replacingOccurrences(of: "%s", with: url.absoluteString) }
    }
}

/// How long a sign-in through the browser waits for the browser to come back before it falls back to the code:
/// `BNET_BROWSER_WAIT` (`D3_BROWSER_WAIT` for d3) seconds (10 to 900), 120 by default. The CLI shows the bound
/// when it opens the browser.
public enum BrowserWait {
    /// The bound in seconds for `program` in `environment`.
    public static func seconds(environment: [String: String], program: Program) throws(SettingsError) -> Int {
        let variable = program.variable("BROWSER_WAIT")
        guard let text = environment[variable], !text.isEmpty else { return 120 }
        guard let seconds = Int(text), (10...900).contains(seconds) else {
            throw SettingsError(description: "\(variable): \"\(text)\" is not a number of seconds from 10 to 900")
        }
        return seconds
    }

    /// The page the listener answers the browser's return with: what happened, and that the terminal has it.
    public static func returnPage(approved: Bool) -> String {
        approved
            ? page("Signed in", "You are signed in. The terminal has it; you can close this tab.")
            : page("Sign-in not completed", "The sign-in was not completed. The terminal says why; you can close this tab.")
    }

    /// The page for a return that is not the answer to the sign-in the terminal started (another state or relay).
    public static let notThisSignInPage = page(
        "Not this sign-in", "This is not the answer to the sign-in the terminal is waiting for; nothing was signed in.")

    private static func page(_ title: String, _ text: String) -> String {
        """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>\(title)</title>
            <style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}</style>
            </head><body><h1>\(title)</h1><p>\(text)</p></body></html>
            """
    }
}
