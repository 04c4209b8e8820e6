import Foundation

/// A pending device authorization (RFC 8628 section 3.2): the codes to show the person and to poll with.
///
/// `description` never shows the device code.
public struct DeviceAuthorization: Sendable, Hashable, CustomStringConvertible {
    /// The client the authorization was started for; sent again with every poll.
    public var clientID: String
    /// The secret code the device polls with. Never show it to the person.
    public var deviceCode: String
    /// The short code the person types on the verification page, such as `WDJB-MJHT`.
    public var userCode: String
    /// The page where the person enters the user code.
    public var verificationURI: URL
    /// The verification page with the user code filled in, if the server offers one.
    public var verificationURIComplete: URL?
    /// When the codes stop working, computed at receipt from `expires_in`.
    public var expiresAt: Date
    /// The minimum number of seconds between polls (`interval`, 5 when absent).
    public var interval: Int
    /// Where the browser comes back after Battle.net, when the login was started with a loopback return address
    /// and the server accepted it; nil for a plain device-flow login.
    public var loopbackRedirect: LoopbackRedirect?

    /// Creates an authorization.
    public init(
        clientID: String, deviceCode: String, userCode: String, verificationURI: URL,
        verificationURIComplete: URL? = nil, expiresAt: Date, interval: Int = 5,
        loopbackRedirect: LoopbackRedirect? = nil
    ) {
        self.loopbackRedirect = loopbackRedirect
        self.clientID = clientID
        self.deviceCode = deviceCode
        self.userCode = userCode
        self.verificationURI = verificationURI
        self.verificationURIComplete = verificationURIComplete
        self.expiresAt = expiresAt
        self.interval = interval
    }

    public var description: String {
        "DeviceAuthorization(clientID: \(clientID), userCode: \(userCode), verificationURI: \(verificationURI), "
            + "expiresAt: \(expiresAt), interval: \(interval), deviceCode: <redacted>)"
    }
}

/// What a successful device flow yields: the token and, when the server says, the Battle.net regions it serves.
public struct DeviceFlowToken: Sendable, Hashable {
    /// The access token, with ``AccessToken/battleTag`` and ``AccessToken/accountID`` when sent.
    public var token: AccessToken
    /// The region of the server that issued the token (`region`), such as `us`, if the server sent one.
    public var region: String?
    /// The regions whose API hosts accept the token (`regions`), such as us, eu, kr and tw; names this library
    /// does not know are left out. Empty when the server sent none.
    public var regions: [Region]

    /// Creates a result.
    public init(token: AccessToken, region: String? = nil, regions: [Region] = []) {
        self.token = token
        self.region = region
        self.regions = regions
    }

    /// The result a token response gives, received at `now`.
    init(_ response: TokenResponse, receivedAt now: Date) {
        self.init(
            token: response.accessToken(receivedAt: now), region: response.region,
            regions: (response.regions ?? []).compactMap(Region.init(name:)))
    }
}
