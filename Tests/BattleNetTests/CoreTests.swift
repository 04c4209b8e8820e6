import BattleNet
import BattleNetHTTPClient
import Foundation
import Testing

@Suite("Regions, locales, endpoints", .timeLimit(.minutes(2)))
struct RegionTests {
    @Test("Each region has its OAuth and API host and its locales")
    func hosts() {
        #expect(Region.us.oauthBaseURL.absoluteString == "https://oauth.battle.net")
        #expect(Region.cn.oauthBaseURL.absoluteString == "https://oauth.battlenet.com.cn")
        #expect(Region.eu.apiBaseURL.absoluteString == "https://eu.api.blizzard.com")
        #expect(Region.cn.apiBaseURL.absoluteString == "https://gateway.battlenet.com.cn")
        #expect(Region.kr.defaultLocale == .koKR)
        #expect(Region.eu.locales.contains(.frFR))
        #expect(Region.us.locales == [.enUS, .esMX, .ptBR])
        #expect(Region(name: " EU ") == .eu)
        #expect(Region(name: "mars") == nil)
    }

    @Test("Locales are normalised and validated")
    func locales() {
        #expect(BattleNetLocale(rawValue: "en-gb")?.rawValue == "en_GB")
        #expect(BattleNetLocale(rawValue: "EN_us") == .enUS)
        #expect(BattleNetLocale(rawValue: "english") == nil)
        #expect(BattleNetLocale(rawValue: "e1_US") == nil)
    }

    @Test("Every endpoint can be overridden by a full URL")
    func overrides() throws {
        var endpoints = BattleNetEndpoints(region: .eu)
        #expect(endpoints.tokenURL.absoluteString == "https://oauth.battle.net/token")
        #expect(endpoints.userinfoURL.absoluteString == "https://oauth.battle.net/userinfo")
        endpoints.tokenURL = try #require(URL(string: "https://idp.example.org/oauth2/token"))
        #expect(endpoints.tokenURL.host == "idp.example.org")
        let emulator = BattleNetEndpoints(emulatorBaseURL: try #require(URL(string: "http://127.0.0.1:9000")))
        #expect(emulator.authorizeURL.absoluteString == "http://127.0.0.1:9000/authorize")
        #expect(emulator.apiBaseURL.absoluteString == "http://127.0.0.1:9000")
    }
}

@Suite("Secrets stay out of descriptions", .timeLimit(.minutes(2)))
struct SecretTests {
    @Test("Client credentials never print their secret")
    func credentials() {
        let secret = testCredentials.secret
        let texts = [
            "\(testCredentials)", String(describing: testCredentials), String(reflecting: testCredentials),
            testCredentials.debugDescription, dumped(testCredentials), "\([testCredentials])",
        ]
        for text in texts {
            #expect(!text.contains(secret), "\(text)")
        }
        #expect("\(testCredentials)".contains(testCredentials.id))
    }

    @Test("Access tokens never print their value")
    func tokens() {
        let token = AccessToken(value: "EUsecretTokenValue42", expiresAt: Date(timeIntervalSince1970: 2_000_000_000))
        for text in ["\(token)", String(reflecting: token), dumped(token), "\(Optional(token) as Any)"] {
            #expect(!text.contains(token.value), "\(text)")
        }
    }

    @Test("Basic authorization form-encodes id and secret before base64")
    func basicAuthorization() throws {
        let credentials = ClientCredentials(id: "my id", secret: "p:ss&")
        let encoded = try #require(credentials.basicAuthorization.split(separator: " ").last)
        let decoded = String(decoding: try #require(Data(base64Encoded: String(encoded))), as: UTF8.self)
        #expect(decoded == "my%20id:p%3Ass%26")
    }

    private func dumped<T>(_ value: T) -> String {
        var out = ""
        dump(value, to: &out)
        return out
    }
}

@Suite("Form encoding", .timeLimit(.minutes(2)))
struct FormEncodingTests {
    @Test("Pairs round-trip, keeping order and duplicates")
    func roundTrip() throws {
        let pairs = [("a b", "1+2=3"), ("name", "전사#3100"), ("a b", ""), ("x", "~-._")]
        let encoded = FormEncoding.encode(pairs)
        #expect(encoded == "a%20b=1%2B2%3D3&name=%EC%A0%84%EC%82%AC%233100&a%20b=&x=~-._")
        let decoded = try FormEncoding.decode(Substring(encoded))
        #expect(decoded.map(\.0) == pairs.map(\.0))
        #expect(decoded.map(\.1) == pairs.map(\.1))
        #expect(try FormEncoding.decode("q=a+b") .first?.1 == "a b")
    }

    @Test("Malformed percent-encoding and invalid UTF-8 are errors")
    func malformed() {
        #expect(throws: FormEncoding.DecodingError.badPercentEncoding) { try FormEncoding.decode("a=%zz") }
        #expect(throws: FormEncoding.DecodingError.badPercentEncoding) { try FormEncoding.decode("a=%4") }
        #expect(throws: FormEncoding.DecodingError.notUTF8) { try FormEncoding.decode("a=%ff%fe") }
    }

    @Test("Base64url has no padding, plus or slash, and decodes back")
    func base64url() throws {
        let data = Data([0xfb, 0xff, 0xfe, 0x00, 0x10])
        let encoded = Base64URL.encode(data)
        #expect(encoded == "-__-ABA")
        #expect(Base64URL.decode(encoded) == data)
        #expect(Base64URL.decode("not base64!") == nil)
    }
}

@Suite("Base64url against Foundation", .timeLimit(.minutes(2)))
struct Base64URLTests {
    @Test("Encoding matches Foundation's base64 with the URL alphabet and no padding, for every length up to 64")
    func matchesFoundation() throws {
        var generator = SystemRandomNumberGenerator()
        for length in 0...64 {
            let data = Data((0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
            let expected = data.base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            #expect(Base64URL.encode(data) == expected)
            #expect(Base64URL.decode(Base64URL.encode(data)) == data)
        }
    }
}
