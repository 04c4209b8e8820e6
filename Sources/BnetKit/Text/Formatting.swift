import Foundation

/// Number, date and width helpers shared by the renderers; dates are shown in a given time zone (UTC by
/// default) so that output is the same on every machine.
public enum Formatting {
    /// `1234567` as `1,234,567`.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (value < 0 ? "-" : "") + out
    }

    /// A number rounded to a whole and grouped, `1234567.8` as `1,234,568`.
    public static func grouped(_ value: Double) -> String {
        guard value.isFinite, value.magnitude < 1e18 else { return String(value) }
        return grouped(Int(value.rounded()))
    }

    /// A share as a percentage with one decimal, `0.1234` as `12.3%`.
    public static func percent(_ share: Double) -> String {
        let tenths = Int((share * 1000).rounded())
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// `2019-12-01`.
    public static func day(_ date: Date, timeZone: TimeZone = .gmt) -> String {
        let c = calendar(timeZone).dateComponents([.year, .month, .day], from: date)
        return "\(pad(c.year ?? 0, 4))-\(pad(c.month ?? 0, 2))-\(pad(c.day ?? 0, 2))"
    }

    /// `2019-12-01 23:04 UTC`.
    public static func minute(_ date: Date, timeZone: TimeZone = .gmt) -> String {
        let c = calendar(timeZone).dateComponents([.hour, .minute], from: date)
        let zone = timeZone == .gmt ? "UTC" : (timeZone.abbreviation(for: date) ?? timeZone.identifier)
        return "\(day(date, timeZone: timeZone)) \(pad(c.hour ?? 0, 2)):\(pad(c.minute ?? 0, 2)) \(zone)"
    }

    /// How long until `end`, to the minute: `23 h 59 min`, `5 min`, `less than a minute`; `expired` once past.
    public static func remaining(until end: Date, now: Date = Date()) -> String {
        let seconds = Int(end.timeIntervalSince(now).rounded(.down))
        guard seconds > 0 else { return "expired" }
        let minutes = seconds / 60
        switch minutes {
        case 0: return "less than a minute"
        case ..<60: return "\(minutes) min"
        default: return "\(minutes / 60) h" + (minutes % 60 == 0 ? "" : " \(minutes % 60) min")
        }
    }

    /// The columns a string takes in a terminal: East Asian wide characters take two, marks none.
    public static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: return total
            default: return total + (isWide(scalar.value) ? 2 : 1)
            }
        }
    }

    /// `text` padded with spaces to `columns` terminal columns.
    public static func padded(_ text: String, to columns: Int, alignRight: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, columns - width(text)))
        return alignRight ? fill + text : text + fill
    }

    /// `text` broken into lines of at most `columns` terminal columns: at spaces where it can, inside a word
    /// longer than a line where it must; a text that fits is left as it is. Always at least one line.
    public static func wrap(_ text: String, columns: Int) -> [String] {
        let columns = max(1, columns)
        guard width(text) > columns else { return [text] }
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            var word = word
            if !current.isEmpty, width(current) + 1 + width(word) <= columns {
                current += " " + word
                continue
            }
            if !current.isEmpty { lines.append(current) }
            current = ""
            while width(word) > columns {
                var head = ""
                for character in word {
                    if width(head + String(character)) > columns { break }
                    head.append(character)
                }
                if head.isEmpty { head = String(word.prefix(1)) }
                lines.append(head)
                word.removeFirst(head.count)
            }
            current = word
        }
        lines.append(current)
        return lines
    }

    private static func isWide(_ v: UInt32) -> Bool {
        (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
            || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1FAFF).contains(v) || (0x20000...0x3FFFD).contains(v)
    }

    private static func calendar(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
