import BattleNet
import BnetKit
import Foundation
import Testing

/// The decisions behind the sign-in through the browser and its renewal, without a browser.
@Suite("Sign-in through the browser: settings, opener, renewal plan", .timeLimit(.minutes(1)))
struct BrowserSignInTests {
    @Test("The renewal setting comes from D3_RENEW, else config.json's renew; a bad value names its source")
    func setting() throws {
        let file = ConfigFile(renew: "prompt")
        #expect(try Settings.resolve(relay: nil, region: nil, locale: nil, environment: [:], file: ConfigFile(), program: .d3).renewal == nil)
        #expect(try Settings.resolve(relay: nil, region: nil, locale: nil, environment: [:], file: file, program: .d3).renewal == .prompt)
        #expect(try Settings.resolve(
            relay: nil, region: nil, locale: nil, environment: ["D3_RENEW": "NEVER"], file: file, program: .d3).renewal == .never)
        #expect(throws: SettingsError(description: #"D3_RENEW: "always" is not auto, prompt or never"#)) {
            try Settings.resolve(relay: nil, region: nil, locale: nil, environment: ["D3_RENEW": "always"], file: file, program: .d3)
        }
        #expect(throws: SettingsError(description: #"config.json: "yes" is not auto, prompt or never"#)) {
            try Settings.resolve(relay: nil, region: nil, locale: nil, environment: [:], file: ConfigFile(renew: "yes"), program: .d3)
        }
    }

    @Test("The opener: $BROWSER first (its first command, %s or the URL last), else open on macOS, else xdg-open with a display", arguments: [
        (["BROWSER": "firefox"], false, ["firefox", "URL"]),
        (["BROWSER": "/opt/b --new-tab %s:lynx", "SSH_CONNECTION": "1 2 3 4"], false, ["/opt/b", "--new-tab", "URL"]),
        (["DISPLAY": ":0"], false, ["xdg-open", "URL"]),
        (["WAYLAND_DISPLAY": "wayland-0"], false, ["xdg-open", "URL"]),
        ([:], true, ["open", "URL"]),
        (["DISPLAY": ":0", "SSH_TTY": "/dev/pts/1"], false, nil),
        (["SSH_CLIENT": "10.0.0.1 5000 22"], true, nil),
        ([:], false, nil),
        (["BROWSER": ""], false, nil),
    ] as [([String: String], Bool, [String]?)])
    func launcher(environment: [String: String], isMacOS: Bool, expected: [String]?) {
        let url = URL(string: "https://relay.example.com/device?user_code=X")!
        let arguments = BrowserLauncher.find(environment: environment, isMacOS: isMacOS)?.arguments(for: url)
        #expect(arguments == expected?.map { $0 == "URL" ? url.absoluteString : $0 })
    }

    @Test("Renewal: at once through the browser only with auto (or unset, a browser here) after a browser sign-in", arguments: [
        // setting, last route, browser here, interactive, --no-prompt, plan
        (nil, .browser, true, true, false, .renewInBrowser),
        (.auto, .browser, true, true, false, .renewInBrowser),
        (nil, .code, true, true, false, .offer(browser: true)),
        (nil, nil, true, true, false, .offer(browser: true)),
        (nil, .browser, false, true, false, .offer(browser: false)),
        (.auto, .browser, false, true, false, .offer(browser: false)),
        (.prompt, .browser, true, true, false, .offer(browser: true)),
        (.never, .browser, true, true, false, .offer(browser: false)),
        (nil, .browser, true, false, false, .fail),
        (.auto, .browser, true, true, true, .fail),
    ] as [(RenewalSetting?, SignInRoute?, Bool, Bool, Bool, RenewalPlan)])
    func plan(
        setting: RenewalSetting?, route: SignInRoute?, browser: Bool, interactive: Bool, noPrompt: Bool, plan: RenewalPlan
    ) {
        #expect(RenewalPlan.decide(
            setting: setting, route: route, browserAvailable: browser, interactive: interactive, noPrompt: noPrompt) == plan)
    }

    @Test("The bound on the browser's return: 120 s, or D3_BROWSER_WAIT from 10 to 900")
    func wait() throws {
        #expect(try BrowserWait.seconds(environment: [:], program: .d3) == 120)
        #expect(try BrowserWait.seconds(environment: ["D3_BROWSER_WAIT": "15"], program: .d3) == 15)
        for bad in ["5", "901", "soon"] {
            #expect(throws: SettingsError.self) { try BrowserWait.seconds(environment: ["D3_BROWSER_WAIT": bad], program: .d3) }
        }
    }

    @Test("A credential records how the sign-in came back; an older file reads as unknown")
    func route() throws {
        let token = AccessToken(value: "t", expiresAt: Date(timeIntervalSince1970: 2_000_000_000))
        let credential = StoredCredential(region: .us, relay: "http://127.0.0.1:8080", token: token, route: .browser)
        let decoded = try JSONDecoder().decode(StoredCredential.self, from: JSONEncoder().encode(credential))
        #expect(decoded.route == .browser)
        let old = #"{"region":"us","relay":"http://127.0.0.1:8080","token":\#(String(decoding: try JSONEncoder().encode(token), as: UTF8.self))}"#
        #expect(try JSONDecoder().decode(StoredCredential.self, from: Data(old.utf8)).route == nil)
    }
}
