import BattleNet
import BattleNetEmulator
import BattleNetHTTPClient
import Foundation
import TestSupport
import Testing

/// The three OAuth wire messages: recorded bodies decode, extra fields are ignored, and encoding writes the wire names.
@Suite("Wire messages: token, device authorization and error responses", .timeLimit(.minutes(1)))
struct WireMessageTests {
    static let docsExample = "oauth_token_client_credentials_blizzard_docs_example_via_blizzapi_issue334.json"
    static let ssoRecording = "oauth_token_response_redacted_oauth.battle.net_python-bna_issue41.json"
    /// RFC 8628 section 3.2's example, verbatim.
    static let rfcDeviceAuthorization = """
        {
          "device_code": "GmRhmhcxhwAzkoEqiMEg_DnyEysNkuNhszIySk9eS",
          "user_code": "WDJB-MJHT",
          "verification_uri": "https://example.com/device",
          "verification_uri_complete": "https://example.com/device?user_code=WDJB-MJHT",
          "expires_in": 1800,
          "interval": 5
        }
        """

    /// `json` with the fields of `extra` added.
    private func adding(_ extra: [String: Any], to json: Data) throws -> Data {
        try jsonData(try jsonObject(json).merging(extra) { old, _ in old })
    }

    /// The keys `value` encodes to.
    private func keys(_ value: some Encodable) throws -> Set<String> {
        Set(try jsonObject(JSONEncoder().encode(value)).keys)
    }

    // MARK: Token response

    @Test("Battle.net's documented client-credentials answer decodes, and its token lasts expires_in from receipt")
    func tokenDocsExample() throws {
        let response = try decodeSample(TokenResponse.self, Self.docsExample)
        #expect(response == TokenResponse(
            accessToken: "USVb1nGO9kwQlhNRRnI4iWVy2UV5j7M6h7", tokenType: "bearer", expiresIn: 86_399,
            scope: "example.scope"))
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let token = response.accessToken(receivedAt: now)
        #expect(token.value == "USVb1nGO9kwQlhNRRnI4iWVy2UV5j7M6h7")
        #expect(token.expiresAt == now.addingTimeInterval(86_399))
        #expect(token.scopes == ["example.scope"])
        #expect(token.battleTag == nil && token.accountID == nil)
    }

    @Test("A live oauth.battle.net answer decodes with its sub and id_token, and extra fields (refresh_token, nested) are ignored")
    func tokenLiveRecordingAndExtraFields() throws {
        let recorded = try sample(Self.ssoRecording)
        let response = try JSONDecoder().decode(TokenResponse.self, from: recorded)
        #expect(response.sub == "XXX")
        #expect(response.expiresIn == 0)
        #expect(response.scopes == ["auth.authenticator"])
        let extended = try adding(
            ["refresh_token": "r", "id_token": "a.b.c", "ext": unknownValue, "account_id": 7, "regions": ["us", "xx"]],
            to: recorded)
        var expected = response
        expected.accountID = 7
        expected.regions = ["us", "xx"]
        expected.idToken = "a.b.c"
        #expect(try JSONDecoder().decode(TokenResponse.self, from: extended) == expected)
    }

    @Test("A relay's token response round-trips through the wire names, and an AccessToken through the response")
    func tokenRelayRoundTrip() throws {
        let tag = try BattleTag(parsing: "FaYe#2543")
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let token = AccessToken(
            value: "tok", expiresAt: now.addingTimeInterval(3_600), scopes: ["openid", "d3.profile"],
            accountID: 100_000_001, battleTag: tag)
        let response = TokenResponse(token: token, expiresIn: 3_600, region: "us", regions: ["us", "eu", "kr", "tw"])
        #expect(try keys(response) == [
            "access_token", "token_type", "expires_in", "scope", "battletag", "account_id", "region", "regions",
        ])
        let decoded = try roundTrip(response)
        #expect(decoded == response)
        #expect(decoded.scope == "openid d3.profile")
        #expect(decoded.accessToken(receivedAt: now) == token)
    }

    @Test("Absent optionals are left out; token_type defaults to bearer; a fractional expires_in is rounded")
    func tokenDefaults() throws {
        #expect(try keys(TokenResponse(accessToken: "a")) == ["access_token", "token_type"])
        let minimal = try decode(TokenResponse.self, json: #"{"access_token":"a","expires_in":3599.6}"#)
        #expect(minimal.tokenType == "bearer")
        #expect(minimal.expiresIn == 3_600)
        #expect(minimal.accessToken(receivedAt: Date(timeIntervalSince1970: 0)).expiresAt.timeIntervalSince1970 == 3_600)
        let unknownExpiry = try decode(TokenResponse.self, json: #"{"access_token":"a"}"#)
        #expect(unknownExpiry.accessToken(receivedAt: Date(timeIntervalSince1970: 0)).expiresAt.timeIntervalSince1970 == 86_399)
        #expect(unknownExpiry.accessToken(receivedAt: Date()).scopes.isEmpty)
        #expect(throws: DecodingError.self) { try decode(TokenResponse.self, json: #"{"token_type":"bearer"}"#) }
        #expect(throws: DecodingError.self) { try decode(TokenResponse.self, json: #"{"access_token":"a","expires_in":"soon"}"#) }
        #expect(throws: DecodingError.self) { try decode(TokenResponse.self, json: #"{"access_token":"a","expires_in":1e300}"#) }
        let badTag = try decode(TokenResponse.self, json: #"{"access_token":"a","battletag":"no tag"}"#)
        #expect(badTag.accessToken(receivedAt: Date()).battleTag == nil)
    }

    @Test("The emulator's token answers have Battle.net's key set, sub included, and decode as TokenResponse")
    func emulatorTokenResponse() async throws {
        try await withEmulator { emulator in
            let body = Data(FormEncoding.encode([
                ("grant_type", "client_credentials"), ("client_id", testCredentials.id),
                ("client_secret", testCredentials.secret),
            ]).utf8)
            let answer = try await emulator.transport.send(TransportRequest(
                method: "POST", url: emulator.endpoints.tokenURL,
                headers: [("Content-Type", "application/x-www-form-urlencoded")], body: body))
            #expect(answer.status == 200)
            let live = try Set(jsonObject(sample(Self.ssoRecording)).keys).subtracting(["scope"])
            #expect(try Set(jsonObject(answer.body).keys) == live)
            let response = try JSONDecoder().decode(TokenResponse.self, from: answer.body)
            #expect(response.sub == testCredentials.id)
            #expect(response.tokenType == "bearer")
            #expect(response.expiresIn == 86_399)
        }
    }

    // MARK: Device authorization response

    @Test("RFC 8628's example decodes into an authorization that expires expires_in after receipt")
    func deviceAuthorizationRFCExample() throws {
        let response = try decode(DeviceAuthorizationResponse.self, json: Self.rfcDeviceAuthorization)
        #expect(response.expiresIn == 1_800)
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let authorization = try #require(response.authorization(clientID: "d3", receivedAt: now))
        #expect(authorization == DeviceAuthorization(
            clientID: "d3", deviceCode: "GmRhmhcxhwAzkoEqiMEg_DnyEysNkuNhszIySk9eS", userCode: "WDJB-MJHT",
            verificationURI: URL(string: "https://example.com/device")!,
            verificationURIComplete: URL(string: "https://example.com/device?user_code=WDJB-MJHT")!,
            expiresAt: now.addingTimeInterval(1_800), interval: 5))
        #expect(try roundTrip(response) == response)
        #expect(try keys(response) == [
            "device_code", "user_code", "verification_uri", "verification_uri_complete", "expires_in", "interval",
        ])
    }

    @Test("Extra fields are ignored; interval defaults to 5; the optional fields may be absent; expires_in may not")
    func deviceAuthorizationVariants() throws {
        let extended = try adding(
            ["verification_url": "https://example.com/device", "message": "Go there", "ext": unknownValue],
            to: Data(Self.rfcDeviceAuthorization.utf8))
        #expect(try JSONDecoder().decode(DeviceAuthorizationResponse.self, from: extended)
            == decode(DeviceAuthorizationResponse.self, json: Self.rfcDeviceAuthorization))
        let minimal = try decode(
            DeviceAuthorizationResponse.self,
            json: #"{"device_code":"d","user_code":"U","verification_uri":"https://example.com/device","expires_in":599.5}"#)
        #expect(minimal.expiresIn == 600)
        #expect(try keys(minimal) == ["device_code", "user_code", "verification_uri", "expires_in"])
        let authorization = try #require(minimal.authorization(clientID: "d3", receivedAt: Date()))
        #expect(authorization.interval == 5)
        #expect(authorization.verificationURIComplete == nil)
        #expect(throws: DecodingError.self) {
            try decode(DeviceAuthorizationResponse.self, json: #"{"device_code":"d","user_code":"U","verification_uri":"https://example.com/device"}"#)
        }
        #expect(throws: DecodingError.self) {
            try decode(DeviceAuthorizationResponse.self, json: #"{"device_code":"d","verification_uri":"https://example.com/device","expires_in":5}"#)
        }
    }

    // MARK: Error response

    @Test("Battle.net's error shape and a relay's with interval decode; extra fields are ignored; nil fields are left out")
    func errorResponse() throws {
        let battleNet = try decode(
            OAuthErrorResponse.self, json: #"{"error":"invalid_token","error_description":"Invalid SSO token."}"#)
        #expect(battleNet == OAuthErrorResponse(error: "invalid_token", errorDescription: "Invalid SSO token."))
        #expect(OAuthError(battleNet, status: 401) == OAuthError(
            error: "invalid_token", errorDescription: "Invalid SSO token.", status: 401))
        let relay = try decode(
            OAuthErrorResponse.self,
            json: #"{"error":"slow_down","error_description":"Wait.","interval":10,"error_uri":"https://x","ext":{"a":[1,null]}}"#)
        #expect(relay == OAuthErrorResponse(error: "slow_down", errorDescription: "Wait.", interval: 10))
        #expect(try roundTrip(relay) == relay)
        #expect(try keys(OAuthErrorResponse(error: "access_denied")) == ["error"])
        #expect(try keys(relay) == ["error", "error_description", "interval"])
        #expect(throws: DecodingError.self) { try decode(OAuthErrorResponse.self, json: #"{"error_description":"x"}"#) }
    }
}
