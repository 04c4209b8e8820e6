import BattleNet
import Foundation
import Testing

@testable import RelayServer

/// The relay writes the wire messages `BattleNet` defines with its own JSON writer: the same JSON JSONEncoder gives,
/// in the message's field order, slashes unescaped, and nothing it cannot write.
@Suite("Wire bodies", .timeLimit(.minutes(1)))
struct WireBodyTests {
    static let token = TokenResponse(
        accessToken: "tok/en+=", expiresIn: 86_399, scope: "openid d3.profile", battletag: "전사#3100",
        accountID: 100_000_001, region: "us", regions: ["us", "eu", "kr", "tw"])
    static let device = DeviceAuthorizationResponse(
        deviceCode: "GmRhmhcxhwAzkoEqiMEg_DnyEysNkuNhszIySk9eS", userCode: "WDJB-MJHT",
        verificationURI: "https://relay.example.com/device",
        verificationURIComplete: "https://relay.example.com/device?user_code=WDJB-MJHT", expiresIn: 900, interval: 5)
    static let error = OAuthErrorResponse(error: "slow_down", errorDescription: "Wait \"10\" s.\n", interval: 10)

    @Test("Each message is written field by field in its declared order, nil fields left out, slashes as they are")
    func exactBytes() throws {
        #expect(try JSONBody(Self.token).text == #"{"access_token":"tok/en+=","token_type":"bearer","expires_in":86399,"#
            + #""scope":"openid d3.profile","battletag":"전사#3100","account_id":100000001,"region":"us","#
            + #""regions":["us","eu","kr","tw"]}"#)
        #expect(try JSONBody(Self.device).text == #"{"device_code":"GmRhmhcxhwAzkoEqiMEg_DnyEysNkuNhszIySk9eS","#
            + #""user_code":"WDJB-MJHT","verification_uri":"https://relay.example.com/device","#
            + #""verification_uri_complete":"https://relay.example.com/device?user_code=WDJB-MJHT","expires_in":900,"#
            + #""interval":5}"#)
        #expect(try JSONBody(Self.error).text == #"{"error":"slow_down","error_description":"Wait \"10\" s.\n","interval":10}"#)
        #expect(try JSONBody(OAuthErrorResponse(error: "invalid_client")).text == #"{"error":"invalid_client"}"#)
    }

    @Test("The relay's writer and JSONEncoder give the same JSON for every message, and it decodes back")
    func sameAsJSONEncoder() throws {
        func check<T: Codable & Equatable>(_ message: T) throws {
            let fast = Data(try JSONBody(message).text.utf8)
            let foundation = try JSONEncoder().encode(message)
            let parsed = try #require(JSONSerialization.jsonObject(with: fast) as? NSDictionary)
            #expect(parsed == (try JSONSerialization.jsonObject(with: foundation) as? NSDictionary))
            #expect(try JSONDecoder().decode(T.self, from: fast) == message)
        }
        try check(Self.token)
        try check(Self.device)
        try check(Self.error)
        try check(TokenResponse(accessToken: "a"))
    }

    @Test("A shape the writer cannot write throws instead of writing something else")
    func unsupportedShapes() {
        struct Nested: Encodable { var inner = ["a": 1] }
        struct Fraction: Encodable { var seconds = 1.5 }
        struct Numbers: Encodable { var list = [1, 2] }
        struct Null: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: JSONBodyKey.self)
                try container.encodeNil(forKey: .value)
            }
        }
        #expect(throws: EncodingError.self) { try JSONBody(Nested()) }
        #expect(throws: EncodingError.self) { try JSONBody(Fraction()) }
        #expect(throws: EncodingError.self) { try JSONBody(Numbers()) }
        #expect(throws: EncodingError.self) { try JSONBody(["a", "b"]) }
        #expect(throws: EncodingError.self) { try JSONBody("text") }
        #expect(throws: EncodingError.self) { try JSONBody(Null()) }
    }
}

private enum JSONBodyKey: String, CodingKey {
    case value
}
