import BattleNet
import BattleNetHTTPClient
import Foundation
import TestSupport

/// The browser `d3` opens, played by the test: `$BROWSER` is a two-line script that appends each URL it is given
/// to a file, and this browser, keeping one cookie jar for its whole life (as a real browser keeps its cookies
/// across sign-ins, for every port of 127.0.0.1), opens each new URL: follows redirects, submits a page's first form
/// (or with `.notMe` the relay's "This wasn't me" form) with its first button when `clicks` allows (the relay's
/// consent page, the emulator's consent page, a page that posts itself), and stops at the first page it does not
/// submit or at a non-http(s) address.
final class ScriptedBrowser: @unchecked Sendable {
    /// One response the browser received.
    struct Visit: Sendable {
        var url: URL
        var status: Int
        /// The page's text, for a 200 with a body.
        var html: String?
    }

    /// What the browser submits: every form (a person who clicks through), every form but "This wasn't me" on the
    /// relay's consent page, or only pages that post themselves.
    enum Clicks { case everything, notMe, nothing }

    let directory: URL
    private let cookies = CookieJar()
    private let transport = AsyncHTTPClientTransport.testing
    private let lock = NSLock()
    private var visitsValue: [Visit] = []
    private var handled = 0
    private var clicksValue: Clicks

    /// What the browser submits from now on.
    var clicks: Clicks {
        get { lock.withLock { clicksValue } }
        set { lock.withLock { clicksValue = newValue } }
    }

    /// The value for `$BROWSER`: the script in `directory`.
    var command: String { directory.appending(path: "browser.sh").path }

    private var log: URL { directory.appending(path: "opened.txt") }

    /// A browser whose script lives in `directory`.
    init(directory: URL, clicks: Clicks = .everything) throws {
        self.directory = directory
        clicksValue = clicks
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script = "#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(log.path)'\n"
        try Data(script.utf8).write(to: directory.appending(path: "browser.sh"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: command)
    }

    /// Every response so far, in order.
    var visits: [Visit] { lock.withLock { visitsValue } }

    /// The URLs `d3` asked the browser to open so far.
    var opened: [URL] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { URL(string: String($0)) }
    }

    /// Runs until cancelled: opens each URL `d3` hands over.
    func run() async {
        while !Task.isCancelled {
            let urls = opened
            let next = lock.withLock { () -> URL? in
                guard handled < urls.count else { return nil }
                handled += 1
                return urls[handled - 1]
            }
            if let next {
                try? await browse(next)
            } else {
                try? await Task.sleep(for: .milliseconds(50))
            }
        }
    }

    private func browse(_ start: URL) async throws {
        var request = TransportRequest(url: start, timeout: .seconds(10))
        for _ in 0..<20 {
            guard ["http", "https"].contains(request.url.scheme ?? "") else { return }
            let response = try await cookies.send(request, using: transport)
            let html = response.status == 200 ? String(decoding: response.body, as: UTF8.self) : nil
            lock.withLock { visitsValue.append(Visit(url: request.url, status: response.status, html: html)) }
            if (300..<400).contains(response.status), let location = response.header("Location"),
               let next = URL(string: location, relativeTo: request.url)?.absoluteURL
            {
                request = TransportRequest(url: next, timeout: .seconds(10))
                continue
            }
            let clicks = self.clicks
            let forms = html.map { Self.forms(in: $0, at: request.url) } ?? []
            let notMe = forms.first { $0.fields.contains { $0 == ("action", "not_me") } }
            guard let html, let form = clicks == .notMe ? notMe ?? forms.first : forms.first,
                  clicks != .nothing || html.contains(Self.selfPosting)
            else { return }
            request = TransportRequest(
                method: "POST", url: form.action, headers: [("Content-Type", "application/x-www-form-urlencoded")],
                body: Data(FormEncoding.encode(form.fields).utf8), timeout: .seconds(10))
        }
    }

    /// What the relay's self-posting page runs.
    private static let selfPosting = "document.forms[0].submit()"

    /// Every `<form method="post">` of `html`: its action and what submitting it with its first button sends
    /// (hidden inputs, checked checkboxes and radios, the button's name and value).
    static func forms(in html: String, at url: URL) -> [(action: URL, fields: [(String, String)])] {
        html.matches(of: /<form method="post" action="([^"]*)">(.*?)<\/form>/.dotMatchesNewlines()).compactMap { match in
            URL(string: String(match.1), relativeTo: url).map { form(String(match.2), action: $0.absoluteURL) }
        }
    }

    private static func form(_ body: String, action: URL) -> (action: URL, fields: [(String, String)]) {
        var fields: [(String, String)] = []
        for input in body.matches(of: /<input ([^>]*)>/) {
            let attributes = String(input.1)
            guard let name = attributes.firstMatch(of: /name="([^"]*)"/)?.1,
                  let value = attributes.firstMatch(of: /value="([^"]*)"/)?.1
            else { continue }
            let type = attributes.firstMatch(of: /type="([^"]*)"/)?.1 ?? "text"
            if ["checkbox", "radio"].contains(type), !attributes.contains(" checked") { continue }
            if type == "radio", fields.contains(where: { $0.0 == String(name) }) { continue }
            fields.append((String(name), Self.unescape(String(value))))
        }
        if let button = body.firstMatch(of: /<button type="submit" name="([^"]*)" value="([^"]*)">/) {
            fields.append((String(button.1), String(button.2)))
        }
        return (action, fields)
    }

    private static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
