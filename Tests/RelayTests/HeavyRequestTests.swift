import BattleNet
import Foundation
import RelayCore
import TestSupport
import Testing

@testable import RelayServer

/// Requests a stranger can make heavy (issue 35, "the memory budget assumes lean requests"), over real sockets.
@Suite("Heavy requests", .timeLimit(.minutes(2)))
struct HeavyRequestTests {
    @Test("OAuth requests with a header block over 4 KiB get 431 (JSON) before any route; pages keep the decoder's 16 KiB")
    func heavyHeaders() async throws {
        try await withRelay { relay in
            let port = relay.baseURL.port!
            let form = [("Content-Type", "application/x-www-form-urlencoded")]
            // 14 KiB of headers, as a held long-poll behind a proxy carried them: four fields of 3.5 KiB.
            let heavy = (1...4).map { ("X-Pad-\($0)", String(repeating: "a", count: 3_500)) }
            for path in ["/oauth/token", "/oauth/device/code", "/oauth/revoke"] {
                let refused = await RawHTTP.roundTrip(
                    RawHTTP.request("POST", path, headers: form + heavy, body: Data("client_id=d3".utf8)), port: port)
                #expect(refused?.status == 431, "\(path)")
                #expect(refused?.header("Content-Type") == "application/json")
                #expect(refused?.text.contains(#""error":"invalid_request""#) == true)
                #expect(refused?.header("Connection") == "close")
            }
            let light = [("X-Pad", String(repeating: "a", count: 3_000))]
            let start = await RawHTTP.roundTrip(
                RawHTTP.request("POST", "/oauth/device/code", headers: form + light, body: Data("client_id=d3".utf8)), port: port)
            #expect(start?.status == 200, "3 KiB of headers is within the OAuth budget")
            let page = await RawHTTP.roundTrip(RawHTTP.request("GET", "/device", headers: heavy), port: port)
            #expect(page?.status == 200, "a browser's page keeps the decoder's 16 KiB")
        }
    }

    @Test("A long-poll held with heavy headers is refused up front; one within the budget is held and answered")
    func heldPollHeaders() async throws {
        try await withRelay { relay in
            let login = try await relay.startLogin()
            let port = relay.baseURL.port!
            let body = Data(FormEncoding.encode([
                ("grant_type", TokenController.deviceCodeGrant), ("device_code", login.deviceCode), ("client_id", "d3"),
                ("wait", "1"),
            ]).utf8)
            let form = [("Content-Type", "application/x-www-form-urlencoded")]
            let heavy = await RawHTTP.roundTrip(
                RawHTTP.request("POST", "/oauth/token", headers: form + [("X-Pad", String(repeating: "a", count: 8_000))], body: body),
                port: port)
            #expect(heavy?.status == 431)
            let held = await RawHTTP.roundTrip(
                RawHTTP.request("POST", "/oauth/token", headers: form + [("X-Pad", String(repeating: "a", count: 2_000))], body: body),
                port: port)
            #expect(held?.status == 400)
            #expect(held?.text.contains("authorization_pending") == true)
        }
    }
}
