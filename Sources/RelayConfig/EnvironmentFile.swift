import Foundation

/// A file of `KEY=VALUE` lines read the way systemd reads `EnvironmentFile=`: blank lines and lines starting with
/// `#` or `;` are skipped, lines end at LF or CRLF, a key is ASCII letters, digits and `_`, an unquoted value is
/// trimmed, a value in double or single quotes loses them (and, in double quotes, a backslash before `"`, `\\`,
/// `` ` `` or `$` is dropped; any other stays). It is read by Unicode scalars, as systemd reads bytes, so that a
/// combining mark after a quote or `=` does not hide it. `bnet-relay check-config --env-file` reads `relay.env` so.
public enum EnvironmentFile {
    /// The variables in the file at `path`, or a message saying why it cannot be read.
    public static func read(_ path: String) throws(ConfigurationError) -> [String: String] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(message: "--env-file \(path): cannot read the file (run as root: it is mode 0600)")
        }
        return try parse(String(decoding: data, as: UTF8.self), path: path)
    }

    /// The variables in `text`.
    public static func parse(_ text: String, path: String) throws(ConfigurationError) -> [String: String] {
        var variables: [String: String] = [:]
        for (number, raw) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = trimmed(raw.last == "\r" ? raw.dropLast() : raw)
            if line.isEmpty || line.first == "#" || line.first == ";" { continue }
            guard let equals = line.firstIndex(of: "="),
                case let key = trimmed(line[..<equals]),
                !key.isEmpty, key.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") })
            else {
                throw ConfigurationError(message: "\(path) line \(number + 1): expected KEY=VALUE")
            }
            variables[String(String.UnicodeScalarView(key))] = unquote(trimmed(line[line.index(after: equals)...]))
        }
        return variables
    }

    private static func trimmed(_ text: Substring.UnicodeScalarView) -> Substring.UnicodeScalarView {
        let blank = CharacterSet.whitespaces
        var text = text
        while let first = text.first, blank.contains(first) { text = text.dropFirst() }
        while let last = text.last, blank.contains(last) { text = text.dropLast() }
        return text
    }

    private static func unquote(_ value: Substring.UnicodeScalarView) -> String {
        guard value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first else {
            return String(String.UnicodeScalarView(value))
        }
        let inner = value.dropFirst().dropLast()
        guard first == "\"" else { return String(String.UnicodeScalarView(inner)) }
        var result = String.UnicodeScalarView()
        var backslash = false
        for scalar in inner {
            if backslash {
                if !"\"\\`$".unicodeScalars.contains(scalar) { result.append("\\") }
                result.append(scalar)
                backslash = false
            } else if scalar == "\\" {
                backslash = true
            } else {
                result.append(scalar)
            }
        }
        if backslash { result.append("\\") }
        return String(result)
    }
}
