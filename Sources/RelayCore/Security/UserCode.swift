/// User codes (RFC 8628 section 6.1): what a person reads on one screen and types on another.
/// Pure functions without I/O or cryptography, so they can be fuzzed on their own.
public enum UserCode {
    /// Consonants only: no vowels (so no words), no look-alikes (no 0/O, 1/I).
    public static let alphabet = Array("BCDFGHJKLMNPQRSTVWXZ")
    /// Characters in a code, shown as `XXXX-XXXX`: 20^8 codes, about 34.6 bits.
    public static let length = 8

    /// A fresh code such as `WDJB-MJHT`.
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let characters = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
        return format(String(characters))
    }

    /// Normalises what a person typed: case-insensitive, hyphens and spaces ignored. Nil when it cannot be a
    /// code (wrong length, or a character outside the alphabet). Only ASCII is read, so no letter upper-cases
    /// into two (`ß` would become `SS`).
    public static func normalize(_ typed: String) -> String? {
        guard typed.utf8.count <= 64, typed.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        let kept = typed.uppercased().filter { !($0 == "-" || $0 == " " || $0 == "\t") }
        guard kept.count == length, kept.allSatisfy(alphabet.contains) else { return nil }
        return kept
    }

    /// `XXXXXXXX` shown as `XXXX-XXXX`.
    public static func format(_ normalized: String) -> String {
        String(normalized.prefix(4)) + "-" + String(normalized.dropFirst(4))
    }
}
