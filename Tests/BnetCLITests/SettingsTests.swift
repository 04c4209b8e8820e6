import BattleNet
import BnetKit
import Foundation
import Testing

@Suite("Settings precedence and the config directory", .timeLimit(.minutes(2)))
struct SettingsTests {
    private let file = ConfigFile(relay: "https://file.example.com", region: "kr", locale: "ko_KR")

    @Test("Flags win over the environment, which wins over config.json")
    func precedence() throws {
        let environment = ["D3_RELAY_URL": "https://env.example.com", "D3_REGION": "EU", "D3_LOCALE": "fr-fr"]
        let fromFlags = try Settings.resolve(
            relay: "https://flag.example.com", region: "tw", locale: "zh_TW", environment: environment, file: file, program: .d3)
        #expect(fromFlags == Settings(relay: URL(string: "https://flag.example.com")!, region: .tw, locale: .zhTW))
        let fromEnvironment = try Settings.resolve(
            relay: nil, region: nil, locale: nil, environment: environment, file: file, program: .d3)
        #expect(fromEnvironment == Settings(relay: URL(string: "https://env.example.com")!, region: .eu, locale: .frFR))
        let fromFile = try Settings.resolve(relay: nil, region: nil, locale: nil, environment: [:], file: file, program: .d3)
        #expect(fromFile == Settings(relay: URL(string: "https://file.example.com")!, region: .kr, locale: .koKR))
    }

    @Test("Without any source the sandbox relay and region us are used")
    func defaults() throws {
        let settings = try Settings.resolve(relay: nil, region: nil, locale: nil, environment: [:], file: ConfigFile(), program: .d3)
        #expect(settings == Settings(
            relay: URL(string: "http://127.0.0.1:8080")!, region: .us, locale: nil, relayIsDefault: true))
    }

    @Test("A bad value names where it came from")
    func badValues() {
        #expect(throws: SettingsError(description: #"D3_REGION: "mars" is not a region; use one of us, eu, kr, tw, cn"#)) {
            try Settings.resolve(relay: nil, region: nil, locale: nil, environment: ["D3_REGION": "mars"], file: ConfigFile(), program: .d3)
        }
        #expect(throws: SettingsError(description: #"config.json: "ftp://x" is not an http(s) URL"#)) {
            try Settings.resolve(relay: nil, region: nil, locale: nil, environment: [:], file: ConfigFile(relay: "ftp://x"), program: .d3)
        }
    }

    @Test("Each program's config directory follows XDG_CONFIG_HOME, else ~/.config")
    func configDirectory() {
        let xdg = ["XDG_CONFIG_HOME": "/tmp/xdg", "HOME": "/home/p"]
        #expect(ConfigDirectory.url(for: .d3, environment: xdg).path == "/tmp/xdg/d3")
        #expect(ConfigDirectory.url(for: .bnet, environment: xdg).path == "/tmp/xdg/bnet")
        let relative = ["XDG_CONFIG_HOME": "config", "HOME": "/home/p"]
        #expect(ConfigDirectory.url(for: .bnet, environment: relative).path == "/home/p/.config/bnet")
        #expect(ConfigDirectory.url(for: .d3, environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/p"]).path
            == "/home/p/.config/d3")
    }
}
