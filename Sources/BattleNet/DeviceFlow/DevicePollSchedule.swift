import Foundation

/// The polling rhythm of RFC 8628 section 3.5, without I/O: when the next poll may start, how long the
/// server may hold it, and how `authorization_pending` and `slow_down` change the interval.
public struct DevicePollSchedule: Sendable, Hashable {
    /// The next poll, as decided by ``next(now:)``.
    public enum Step: Sendable, Hashable {
        /// Poll at `date`, asking the server to hold the request up to `wait` seconds (nil: no long-poll).
        case poll(at: Date, wait: Int?)
        /// The codes expire at `date` before another poll may start.
        case expire(at: Date)
    }

    /// The seconds between the starts of two polls.
    public private(set) var interval: Int
    /// When the codes expire.
    public let expiresAt: Date
    /// The longest hold to ask of the server (`wait`), nil when it does not offer long-polling.
    public let longPollWait: Int?
    /// When the previous poll started (the authorization's receipt before the first).
    public private(set) var lastPollStart: Date
    /// How many polls have started.
    public private(set) var attempts = 0

    /// Starts a schedule for an authorization received at `startedAt`.
    public init(authorization: DeviceAuthorization, longPollWait: Int?, startedAt: Date) {
        interval = max(1, authorization.interval)
        expiresAt = authorization.expiresAt
        self.longPollWait = longPollWait.flatMap { $0 > 0 ? $0 : nil }
        lastPollStart = startedAt
    }

    /// The next step: a poll one interval after the previous one started (at once if that is past, and at once
    /// for the first poll when the server holds polls), or expiry when the codes run out first.
    public func next(now: Date) -> Step {
        let earliest = attempts == 0 && longPollWait != nil ? now : lastPollStart.addingTimeInterval(TimeInterval(interval))
        let at = max(now, earliest)
        guard at < expiresAt else { return .expire(at: expiresAt) }
        let remaining = Int(expiresAt.timeIntervalSince(at).rounded(.down))
        let wait = longPollWait.map { min($0, remaining) }.flatMap { $0 > 0 ? $0 : nil }
        return .poll(at: at, wait: wait)
    }

    /// Records that a poll started at `date`.
    public mutating func pollStarted(at date: Date) {
        lastPollStart = date
        attempts += 1
    }

    /// `authorization_pending`: keep polling, at the interval the server repeats when it sends one.
    public mutating func pending(serverInterval: Int?) {
        if let serverInterval, serverInterval > 0 { interval = serverInterval }
    }

    /// `slow_down`: add 5 seconds for this and every later poll, or take the server's interval if larger.
    public mutating func slowDown(serverInterval: Int?) {
        interval = max(interval + 5, serverInterval ?? 0)
    }
}
