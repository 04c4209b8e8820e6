import Foundation

/// A client of the OAuth 2.0 device authorization grant (RFC 8628), for any server that speaks it: start a
/// login, show the person a code, and poll until they approve it elsewhere.
///
/// ```swift
/// let client = try await DeviceFlowClient.discover(relayURL: relay, transport: transport)
/// let authorization = try await client.start(clientID: "d3")
/// print("Open \(authorization.verificationURI) and enter \(authorization.userCode)")
/// let result = try await client.waitForToken(authorization: authorization)
/// ```
///
/// Cancelling the calling task ends a wait at once with `CancellationError`.
public struct DeviceFlowClient: Sendable {
    /// One answer of the token endpoint, as ``poll(_:wait:callbackCode:)`` returns it.
    public enum PollResult: Sendable, Hashable {
        /// The person approved: the token.
        case granted(DeviceFlowToken)
        /// `authorization_pending`, with the interval the server repeated, if any.
        case pending(interval: Int?)
        /// `slow_down` (or HTTP 429), with the interval the server repeated, if any.
        case slowDown(interval: Int?)
    }

    /// Where the requests go.
    public var endpoints: DeviceFlowEndpoints
    /// How they get there.
    public let transport: any HTTPTransport
    /// The time allowed for each call, on top of any long-poll hold.
    public var timeout: Duration
    /// Reads the clock, for expiries.
    public var now: @Sendable () -> Date

    /// Creates a client of known endpoints.
    public init(
        endpoints: DeviceFlowEndpoints, transport: any HTTPTransport, timeout: Duration = .seconds(10),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.endpoints = endpoints
        self.transport = transport
        self.timeout = timeout
        self.now = now
    }

    /// Requests device and user codes (RFC 8628 section 3.1). `scopes` is sent as `scope` when not empty, and
    /// `loopback` as `redirect_uri`: a relay that offers it (``DeviceFlowEndpoints/loopbackRedirect``) repeats it
    /// in its answer, sends the browser straight to Battle.net and back to that address, and the authorization's
    /// ``DeviceAuthorization/loopbackRedirect`` is set; collect the token with ``collect(_:after:)``.
    ///
    /// Throws ``DeviceFlowError/invalidClient(_:)`` for an unknown client id, ``DeviceFlowError/oauth(_:)``
    /// for other refusals (`invalid_scope`, `invalid_request` for a refused `redirect_uri`) and
    /// ``DeviceFlowError/unsupported(_:)`` when the endpoint is absent.
    public func start(
        clientID: String, scopes: [String] = [], loopback: LoopbackRedirect? = nil
    ) async throws -> DeviceAuthorization {
        var form = [("client_id", clientID)]
        if !scopes.isEmpty { form.append(("scope", scopes.joined(separator: " "))) }
        if let loopback { form.append(("redirect_uri", loopback.description)) }
        let response = try await post(endpoints.deviceAuthorizationURL, form: form, timeout: timeout)
        let receivedAt = now()
        guard response.status == 200 else {
            if let error = oauthError(in: response) { throw DeviceFlowError.classify(error) }
            if [404, 405, 501].contains(response.status) {
                throw DeviceFlowError.unsupported(
                    "\(endpoints.deviceAuthorizationURL.absoluteString) answered HTTP \(response.status)")
            }
            throw Self.statusError(response)
        }
        guard let body = try? JSONDecoder().decode(DeviceAuthorizationResponse.self, from: response.body),
              let authorization = body.authorization(clientID: clientID, receivedAt: receivedAt, requested: loopback)
        else { throw BattleNetError.malformedResponse("the device authorization response could not be decoded") }
        return authorization
    }

    /// Asks the token endpoint once (RFC 8628 section 3.4), holding up to `wait` seconds when the server
    /// offers long-polling. `callbackCode` is sent as `callback_code`: the one-time value a relay in `redirect`
    /// mode put in the app's callback (``RelayCallback/callbackCode``). Final refusals throw ``DeviceFlowError``.
    public func poll(_ authorization: DeviceAuthorization, wait: Int? = nil, callbackCode: String? = nil) async throws -> PollResult {
        var form = [
            ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"),
            ("device_code", authorization.deviceCode), ("client_id", authorization.clientID),
        ]
        if let wait { form.append(("wait", String(wait))) }
        if let callbackCode { form.append(("callback_code", callbackCode)) }
        let response = try await post(endpoints.tokenURL, form: form, timeout: timeout + .seconds(wait ?? 0))
        let receivedAt = now()
        if response.status == 200, let body = try? JSONDecoder().decode(TokenResponse.self, from: response.body) {
            return .granted(DeviceFlowToken(body, receivedAt: receivedAt))
        }
        if let body = try? JSONDecoder().decode(OAuthErrorResponse.self, from: response.body) {
            switch body.code {
            case .authorizationPending: return .pending(interval: body.interval)
            case .slowDown: return .slowDown(interval: body.interval)
            default: throw DeviceFlowError.classify(OAuthError(body, status: response.status))
            }
        }
        if response.status == 429 { return .slowDown(interval: response.retryAfter.map { Int($0.timeInterval) }) }
        if response.status == 200 {
            throw BattleNetError.malformedResponse("the token response has no access_token")
        }
        throw Self.statusError(response)
    }

    /// Polls at the server's pace until the person approves, declines or the codes expire.
    ///
    /// - Parameters:
    ///   - authorization: the login ``start(clientID:scopes:loopback:)`` began.
    ///   - longPollWait: the hold to ask for each poll, capped by the server's `long_poll_wait_max`; nil asks
    ///     for that maximum. Ignored when the server does not offer long-polling.
    ///   - onTick: called after every pending answer with the schedule so far.
    public func waitForToken(
        authorization: DeviceAuthorization, longPollWait: Int? = nil,
        onTick: @Sendable (DevicePollSchedule) -> Void = { _ in }
    ) async throws -> DeviceFlowToken {
        let wait = endpoints.longPollWaitMax.map { max in min(longPollWait ?? max, max) }
        var schedule = DevicePollSchedule(authorization: authorization, longPollWait: wait, startedAt: now())
        while true {
            switch schedule.next(now: now()) {
            case .expire(let date):
                try await sleep(until: date)
                throw DeviceFlowError.expired
            case .poll(let date, let wait):
                try await sleep(until: date)
                schedule.pollStarted(at: now())
                switch try await poll(authorization, wait: wait) {
                case .granted(let token): return token
                case .pending(let interval): schedule.pending(serverInterval: interval)
                case .slowDown(let interval): schedule.slowDown(serverInterval: interval)
                }
                onTick(schedule)
            }
        }
    }

    private func sleep(until date: Date) async throws {
        let seconds = date.timeIntervalSince(now())
        if seconds > 0 { try await Task.sleep(for: .milliseconds(Int64(seconds * 1000))) }
        try Task.checkCancellation()
    }

    private func post(_ url: URL, form: [(String, String)], timeout: Duration) async throws -> TransportResponse {
        let request = TransportRequest(
            method: "POST", url: url,
            headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json")],
            body: Data(FormEncoding.encode(form).utf8), timeout: timeout, maxResponseBytes: 64 << 10)
        return try await transport.send(request)
    }

    private func oauthError(in response: TransportResponse) -> OAuthError? {
        (try? JSONDecoder().decode(OAuthErrorResponse.self, from: response.body)).map {
            OAuthError($0, status: response.status)
        }
    }

    static func statusError(_ response: TransportResponse) -> BattleNetError {
        switch response.status {
        case 429: .rateLimited(retryAfter: response.retryAfter)
        case 500...: .serverError(status: response.status)
        default: .unexpectedStatus(response.status)
        }
    }
}
