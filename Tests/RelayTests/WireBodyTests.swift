import BattleNet
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Testing

@testable import RelayServer

/// The relay writes the wire messages `BattleNet` defines with Foundation's JSONEncoder (``RelayJSON``): keys
/// sorted, slashes as they are, nil fields left out, and any shape an `Encodable` holds.
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

    static func text(_ message: some Encodable) throws -> String { String(buffer: try ByteBuffer(relayJSON: message)) }

    @Test("Each message is written with its keys sorted, nil fields left out, slashes as they are")
    func exactBytes() throws {
        #expect(try Self.text(Self.token) == #"{"access_token":"tok/en+=","account_id":100000001,"battletag":"전사#3100","#
            + #""expires_in":86399,"region":"us","regions":["us","eu","kr","tw"],"scope":"openid d3.profile","#
            + #""token_type":"bearer"}"#)
        #expect(try Self.text(Self.device) == #"{"device_code":"GmRhmhcxhwAzkoEqiMEg_DnyEysNkuNhszIySk9eS","#
            + #""expires_in":900,"interval":5,"user_code":"WDJB-MJHT","verification_uri":"https://relay.example.com/device","#
            + #""verification_uri_complete":"https://relay.example.com/device?user_code=WDJB-MJHT"}"#)
        #expect(try Self.text(Self.error) == #"{"error":"slow_down","error_description":"Wait \"10\" s.\n","interval":10}"#)
        #expect(try Self.text(OAuthErrorResponse(error: "invalid_client")) == #"{"error":"invalid_client"}"#)
    }

    @Test("Every message decodes back to itself")
    func roundTrip() throws {
        func check<T: Codable & Equatable>(_ message: T) throws {
            #expect(try JSONDecoder().decode(T.self, from: Data(try Self.text(message).utf8)) == message)
        }
        try check(Self.token)
        try check(Self.device)
        try check(Self.error)
        try check(TokenResponse(accessToken: "a"))
    }

    @Test("A nested object, an array of numbers, a fraction and a null are written, never refused with a 500")
    func anyShape() throws {
        struct Nested: Encodable {
            var inner = ["a": 1]
            var list = [1, 2]
            var seconds = 1.5
            var missing: String?
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(inner, forKey: .inner)
                try container.encode(list, forKey: .list)
                try container.encode(seconds, forKey: .seconds)
                try container.encode(missing, forKey: .missing)
            }
            enum Key: String, CodingKey { case inner, list, seconds, missing }
        }
        let response = try Response.json(.ok, message: Nested(), headers: [.cacheControl: "no-store"])
        #expect(response.status == .ok)
        #expect(response.headers[.contentType] == "application/json")
        #expect(response.headers[.cacheControl] == "no-store")
        #expect(try Self.text(Nested()) == #"{"inner":{"a":1},"list":[1,2],"missing":null,"seconds":1.5}"#)
    }
}
