import Foundation

/// The device authorization response (RFC 8628 section 3.2), one definition for the relay that sends it and the
/// clients in this library that read it.
///
/// Each property is encoded under the wire name its documentation gives; optional ones that are nil are left out.
/// Decoding ignores fields it does not know.
///
/// ```json
/// {"device_code":"GmRhmhcxhwAzkoEqiMEg_DnyEysNkuNhszIySk9eS","user_code":"WDJB-MJHT",
///  "verification_uri":"https://relay.example.com/device",
///  "verification_uri_complete":"https://relay.example.com/device?user_code=WDJB-MJHT","expires_in":900,"interval":5}
/// ```
public struct DeviceAuthorizationResponse: Sendable, Hashable, Codable {
    /// The secret code the device polls with (`device_code`).
    public var deviceCode: String
    /// The short code the person types on the verification page (`user_code`).
    public var userCode: String
    /// The page where the person enters the user code (`verification_uri`).
    public var verificationURI: String
    /// The verification page with the user code filled in (`verification_uri_complete`, optional).
    public var verificationURIComplete: String?
    /// Seconds until the codes expire (`expires_in`). A fractional number is rounded.
    public var expiresIn: Int
    /// The minimum number of seconds between polls (`interval`, optional; clients then wait 5).
    public var interval: Int?
    /// How the relay serves the app that started the login (`app_mode`, a bnet-relay extension): `redirect` (the
    /// browser returns to the app) or `poll`. Nil from other servers.
    public var appMode: String?
    /// The loopback return address the login was started with (`redirect_uri`, a bnet-relay extension), repeated
    /// when the relay accepted it: the browser comes back there after Battle.net. Nil otherwise.
    public var redirectURI: String?

    /// Creates a device authorization response.
    public init(
        deviceCode: String, userCode: String, verificationURI: String, verificationURIComplete: String? = nil,
        expiresIn: Int, interval: Int? = nil, appMode: String? = nil, redirectURI: String? = nil
    ) {
        self.redirectURI = redirectURI
        self.deviceCode = deviceCode
        self.userCode = userCode
        self.verificationURI = verificationURI
        self.verificationURIComplete = verificationURIComplete
        self.expiresIn = expiresIn
        self.interval = interval
        self.appMode = appMode
    }

    /// The authorization this response starts for `clientID`, received at `now`; nil when `verification_uri` is
    /// not a URL. A `verification_uri_complete` that is not a URL is left out. The authorization's
    /// ``DeviceAuthorization/loopbackRedirect`` is `requested` when the response repeats it exactly, else nil.
    public func authorization(
        clientID: String, receivedAt now: Date, requested: LoopbackRedirect? = nil
    ) -> DeviceAuthorization? {
        guard let verification = URL(string: verificationURI) else { return nil }
        return DeviceAuthorization(
            clientID: clientID, deviceCode: deviceCode, userCode: userCode, verificationURI: verification,
            verificationURIComplete: verificationURIComplete.flatMap(URL.init(string:)),
            expiresAt: now.addingTimeInterval(TimeInterval(expiresIn)), interval: interval ?? 5,
            loopbackRedirect: requested.flatMap { redirectURI == $0.description ? $0 : nil })
    }

    enum CodingKeys: String, CodingKey {
        case deviceCode = "device_code", userCode = "user_code", verificationURI = "verification_uri"
        case verificationURIComplete = "verification_uri_complete", expiresIn = "expires_in", interval
        case appMode = "app_mode", redirectURI = "redirect_uri"
    }

    /// Decodes the body; `expires_in` may be fractional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        deviceCode = try container.decode(String.self, forKey: .deviceCode)
        userCode = try container.decode(String.self, forKey: .userCode)
        verificationURI = try container.decode(String.self, forKey: .verificationURI)
        verificationURIComplete = try container.decodeIfPresent(String.self, forKey: .verificationURIComplete)
        guard let expiresIn = try container.decodeSecondsIfPresent(forKey: .expiresIn) else {
            throw DecodingError.keyNotFound(
                CodingKeys.expiresIn, .init(codingPath: container.codingPath, debugDescription: "expires_in is required"))
        }
        self.expiresIn = expiresIn
        interval = try container.decodeIfPresent(Int.self, forKey: .interval)
        appMode = try container.decodeIfPresent(String.self, forKey: .appMode)
        redirectURI = try container.decodeIfPresent(String.self, forKey: .redirectURI)
    }
}
