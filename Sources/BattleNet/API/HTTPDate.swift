import Foundation

/// HTTP dates in RFC 9110's IMF-fixdate form (`Sun, 06 Nov 1994 08:49:37 GMT`), as `Last-Modified` and
/// `If-Modified-Since` carry them. Written by hand: `DateFormatter` is neither cheap nor `Sendable`.
package enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// The date, to the second, as an IMF-fixdate.
    package static func format(_ date: Date) -> String {
        let parts = utc.dateComponents([.weekday, .day, .month, .year, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return "\(days[(parts.weekday ?? 1) - 1]), \(two(parts.day)) \(months[(parts.month ?? 1) - 1]) "
            + "\(parts.year ?? 1970) \(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) GMT"
    }

    /// The date an IMF-fixdate names; nil for anything else (RFC 9110 lets a recipient ignore an invalid date).
    package static func parse(_ text: String) -> Date? {
        let fields = text.split(separator: " ")
        guard fields.count == 6, fields[5] == "GMT", let day = Int(fields[1]),
            let month = months.firstIndex(of: String(fields[2])), let year = Int(fields[3])
        else { return nil }
        let clock = fields[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3 else { return nil }
        return utc.date(from: DateComponents(
            year: year, month: month + 1, day: day, hour: clock[0], minute: clock[1], second: clock[2]))
    }
}
