import Foundation

/// `application/x-www-form-urlencoded` and query-string encoding and strict decoding.
public enum FormEncoding {
    /// Why a form or query string could not be decoded.
    public enum DecodingError: Error, Equatable, CustomStringConvertible {
        /// A `%` not followed by two hexadecimal digits.
        case badPercentEncoding
        /// The decoded bytes are not UTF-8.
        case notUTF8

        public var description: String {
            switch self {
            case .badPercentEncoding: "malformed percent-encoding (a % must be followed by two hex digits)"
            case .notUTF8: "percent-encoded bytes are not valid UTF-8"
            }
        }
    }

    private static let unreserved: Set<UInt8> = Set(
        Array(UInt8(ascii: "A")...UInt8(ascii: "Z")) + Array(UInt8(ascii: "a")...UInt8(ascii: "z"))
            + Array(UInt8(ascii: "0")...UInt8(ascii: "9")) + [UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~")]
    )

    /// Percent-encodes everything but RFC 3986's unreserved characters (a space becomes `%20`).
    public static func escape(_ value: String) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            if unreserved.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    /// Encodes pairs as `a=1&b=2`, in the given order.
    public static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
    }

    /// Decodes `a=1&b=2` into pairs, in order, keeping duplicates. `+` is a space.
    public static func decode(_ string: Substring) throws(DecodingError) -> [(String, String)] {
        var pairs: [(String, String)] = []
        for part in string.utf8.split(separator: UInt8(ascii: "&")) {
            if let equals = part.firstIndex(of: UInt8(ascii: "=")) {
                let value = part[part.index(after: equals)...]
                pairs.append((try unescape(Substring(part[..<equals])), try unescape(Substring(value))))
            } else {
                pairs.append((try unescape(Substring(part)), ""))
            }
        }
        return pairs
    }

    /// Decodes one percent-encoded component; `+` is a space.
    public static func unescape(_ component: Substring) throws(DecodingError) -> String {
        let utf8 = component.utf8
        guard utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else { return String(component) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue)
                else { throw .badPercentEncoding }
                bytes.append(high << 4 | low)
            default:
                bytes.append(byte)
            }
        }
        // `String(validating:as:)` needs macOS 15 / iOS 18: decode with repair, and refuse if anything was repaired.
        let string = String(decoding: bytes, as: UTF8.self)
        guard string.utf8.elementsEqual(bytes) else { throw .notUTF8 }
        return string
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension Array where Element == (String, String) {
    /// The first value for `name` among decoded form or query pairs.
    public func value(_ name: String) -> String? {
        first { $0.0 == name }?.1
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
