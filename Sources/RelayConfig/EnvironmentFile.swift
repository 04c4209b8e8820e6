import Foundation

/// A file of `KEY=VALUE` lines read the way systemd reads `EnvironmentFile=`: blank lines and lines starting with
/// `#` or `;` are skipped, lines end at LF or CRLF, an unquoted value is trimmed, a value in double or single quotes
/// loses them (and, in double quotes, a backslash before `"`, `\\`, `` ` `` or `$` is dropped; any other stays).
/// `bnet-relay check-config --env-file` reads `relay.env` so.
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
        for (number, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            guard let equals = line.firstIndex(of: "="),
                case let key = line[..<equals].trimmingCharacters(in: .whitespaces),
                !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            else {
                throw ConfigurationError(message: "\(path) line \(number + 1): expected KEY=VALUE")
            }
            variables[key] = unquote(line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces))
        }
        return variables
    }

    private static func unquote(_ value: String) -> String {
        guard value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first else {
            return value
        }
        let inner = value.dropFirst().dropLast()
        guard first == "\"" else { return String(inner) }
        var result = ""
        var backslash = false
        for character in inner {
            if backslash {
                if !"\"\\`$".contains(character) { result.append("\\") }
                result.append(character)
                backslash = false
            } else if character == "\\" {
                backslash = true
            } else {
                result.append(character)
            }
        }
        if backslash { result.append("\\") }
        return result
    }
}
