import BattleNet
import BattleNetEmulator
import Foundation
import RelayApp
import RelayCore
import TestSupport
import RelayServer
import Testing

@Suite("Device flow: start, confirm, decide, callback, poll", .timeLimit(.minutes(2)))
struct DeviceFlowTests {
    @Test("Start, enter the code, approve at Battle.net, callback, poll: the client gets a working token once")
    func endToEnd() async throws {
        let clock = ManualClock(Date())
        try await withRelay(clock: clock.relay, { $0.settings.pollInterval = 1 }) { relay in
            let login = try await relay.startLogin()
            #expect(login.deviceCode.count >= 43)
            #expect(login.userCode.wholeMatch(of: /[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}/) != nil)
            #expect(login.verificationURI.absoluteString == "\(publicBase)/device")
            #expect(login.interval == 1)

            let pending = try await relay.poll(login)
            #expect(pending.status == 400)
            #expect(pending.json["error"] as? String == "authorization_pending")
            #expect(pending.json["interval"] as? Int == 1)
            #expect(pending.header("Cache-Control") == "no-store")

            let authorize = try await relay.confirm(login)
            #expect(authorize.absoluteString.hasPrefix(relay.emulator.baseURL.absoluteString + "/authorize?"))
            #expect(authorize.queryValue("redirect_uri") == "\(publicBase)/redirect/d3")
            #expect(authorize.queryValue("client_id") == relayCredentials.id)
            #expect(authorize.queryValue("scope") == "openid wow.profile sc2.profile d3.profile")
            #expect(authorize.queryValue("code_challenge_method") == "S256")
            let state = try #require(authorize.queryValue("state"))
            #expect(state.count >= 43)

            let callbackURL = try await relay.decide(authorize)
            #expect(callbackURL.absoluteString.hasPrefix("\(publicBase)/redirect/d3?code="))
            let callback = try await relay.get(callbackURL)
            #expect(callback.status == 200)
            #expect(callback.text.contains("Signed in as FaYe#2543"))
            #expect(callback.text.contains("go back to your terminal"))
            #expect(callback.header("Referrer-Policy") == "no-referrer")
            #expect(callback.header("Content-Security-Policy")?.contains("frame-ancestors 'none'") == true)

            clock.advance(.seconds(1.1))
            let granted = try await relay.poll(login)
            #expect(granted.status == 200, "\(granted.text)")
            #expect(granted.header("Cache-Control") == "no-store")
            #expect(granted.header("Pragma") == "no-cache")
            let json = granted.json
            let accessToken = try #require(json["access_token"] as? String)
            #expect(json["token_type"] as? String == "bearer")
            #expect(json["battletag"] as? String == "FaYe#2543")
            #expect(json["account_id"] as? Int == 100_000_001)
            #expect(json["scope"] as? String == "openid wow.profile sc2.profile d3.profile")
            #expect(json["region"] as? String == "eu")
            #expect(json["regions"] as? [String] == ["us", "eu", "kr", "tw"])
            #expect((json["expires_in"] as? Int ?? 0) > 86_000)

            let user = try await OAuthClient(credentials: relayCredentials, endpoints: relay.emulator.endpoints, transport: relay.transport)
                .userInfo(accessToken: accessToken)
            #expect(user.battletag == "FaYe#2543")

            clock.advance(.seconds(1.1))
            let again = try await relay.poll(login)
            #expect(again.json["error"] as? String == "invalid_grant")
        }
    }

    @Test("Two concurrent pickups yield exactly one token")
    func concurrentPickup() async throws {
        try await withRelay(via: .router) { relay in
            for _ in 0..<5 {
                let (login, callback) = try await relay.loginUntilCallback()
                #expect(try await relay.get(callback).status == 200)
                async let first = relay.poll(login, wait: 1)
                async let second = relay.poll(login, wait: 1)
                let results = try await [first, second]
                #expect(results.filter { $0.status == 200 }.count == 1)
                #expect(results.filter { $0.json["error"] as? String == "invalid_grant" }.count == 1)
            }
        }
    }

    @Test("A long-poll held from the start returns within moments of the callback, not when the person confirms")
    func longPoll() async throws {
        // The relay's clock never reaches the 20 s wait: only the callback can answer the poll.
        try await withRelay(clock: ManualClock(Date()).relay) { relay in
            let login = try await relay.startLogin()
            let clock = ContinuousClock()
            async let held = relay.poll(login, wait: 20)
            try await relay.held()
            let callback = try await relay.decide(try await relay.confirm(login))
            let delivered = clock.now
            #expect(try await relay.get(callback).status == 200)
            let response = try await held
            let lag = clock.now - delivered
            #expect(response.status == 200, "\(response.text)")
            // Woken at once by the callback; the bound leaves room for a loaded machine.
            #expect(lag < .seconds(10), "the held poll answered \(lag) after the callback")
        }
    }

    @Test("A long-poll with nothing happening is held until the relay's clock reaches its wait, then answers authorization_pending")
    func longPollTimesOut() async throws {
        let clock = ManualClock(Date())
        try await withRelay(clock: clock.relay) { relay in
            let login = try await relay.startLogin()
            async let answer = relay.poll(login, wait: 1)
            try await relay.held()
            clock.advance(.milliseconds(900))
            // More real time than the wait: a relay on the system's clock would have answered by now.
            try await Task.sleep(for: .milliseconds(1_500))
            #expect(HeldPolls.count(in: try await relay.ops("/metrics")) == 1, "held 0.9 s into its 1 s wait")
            clock.advance(.milliseconds(200))
            let response = try await answer
            #expect(response.json["error"] as? String == "authorization_pending")
        }
    }

    @Test("Polling faster than the interval gets slow_down and a longer interval; the first poll is never punished")
    func slowDown() async throws {
        try await withRelay(via: .router) { relay in
            let login = try await relay.startLogin()
            let first = try await relay.poll(login)
            #expect(first.json["error"] as? String == "authorization_pending")
            let second = try await relay.poll(login)
            #expect(second.json["error"] as? String == "slow_down")
            #expect(second.json["interval"] as? Int == 10)
            let third = try await relay.poll(login)
            #expect(third.json["interval"] as? Int == 15)
        }
    }

    @Test("A poll within the grace of the interval is accepted")
    func grace() async throws {
        let clock = ManualClock(Date())
        try await withRelay(clock: clock.relay, { $0.settings.pollInterval = 1 }) { relay in
            let login = try await relay.startLogin()
            _ = try await relay.poll(login)
            clock.advance(.milliseconds(850))
            let response = try await relay.poll(login)
            #expect(response.json["error"] as? String == "authorization_pending")
            clock.advance(.milliseconds(700))
            let early = try await relay.poll(login)
            #expect(early.json["error"] as? String == "slow_down", "0.7 s is past the grace of a 1 s interval")
        }
    }

    @Test("A login not finished in time answers expired_token")
    func expired() async throws {
        let clock = ManualClock(Date())
        try await withRelay(clock: clock.relay, { $0.settings.loginLifetime = .seconds(1) }) { relay in
            let login = try await relay.startLogin()
            let pending = try await relay.poll(login)
            #expect(pending.json["error"] as? String == "authorization_pending", "0 s into its 1 s life")
            clock.advance(.seconds(1.2))
            let response = try await relay.poll(login)
            #expect(response.json["error"] as? String == "expired_token")
            let page = try await relay.get(login.verificationURIComplete)
            #expect(page.status == 404)
        }
    }

    @Test("A poll with another client's id or an unknown device code is refused")
    func wrongClient() async throws {
        try await withRelay(via: .router) { relay in
            let login = try await relay.startLogin()
            let wrong = try await relay.poll(login, clientID: "myapp")
            #expect(wrong.json["error"] as? String == "invalid_client")
            var unknown = login
            unknown.deviceCode = "not-a-real-device-code"
            #expect(try await relay.poll(unknown).json["error"] as? String == "invalid_grant")
        }
    }

    @Test("Declining at Battle.net is shown to the person and reported to the poller")
    func denied() async throws {
        try await withRelay(via: .router) { relay in
            let (login, callback) = try await relay.loginUntilCallback(approve: false)
            #expect(callback.queryValue("error") == "access_denied")
            let page = try await relay.get(callback)
            #expect(page.text.contains("declined"))
            #expect(try await relay.poll(login).json["error"] as? String == "access_denied")
            #expect(await relay.emulator.state.count("token.authorization_code") == 0)
        }
    }
}
