/// The `Cookie` request header (RFC 6265 section 4.2): `name=value` pairs separated by `;` and optional spaces, in
/// one or more header lines, read byte by byte as a server reads octets (a `;` is a separator whatever follows it).
/// Kept free of any import, so that scripts/fuzz.sh can build it alone.
enum CookieHeader {
    /// The value of the first cookie called `name` in the header `lines`, nil when none is; a pair without `=` is
    /// skipped.
    static func value(_ name: String, in lines: [String]) -> Substring? {
        for line in lines {
            for pair in line.utf8.split(separator: UInt8(ascii: ";")) {
                let trimmed = pair.drop { $0 == UInt8(ascii: " ") }
                guard let equals = trimmed.firstIndex(of: UInt8(ascii: "=")), trimmed[..<equals].elementsEqual(name.utf8)
                else { continue }
                return Substring(String(decoding: trimmed[trimmed.index(after: equals)...], as: UTF8.self))
            }
        }
        return nil
    }
}
