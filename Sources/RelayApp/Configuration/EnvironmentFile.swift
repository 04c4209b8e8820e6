import Foundation

/// A file of `KEY=VALUE` lines read as systemd reads `EnvironmentFile=` (`parse_env_file` in systemd's
/// `src/basic/env-file.c`), or refused where the two readings could differ, with a sentence naming the line, so that
/// `bnet-relay check-config --env-file` never approves a file the unit reads otherwise (R5-3).
///
/// Read alike: blank lines and lines starting with `#` or `;` are skipped; lines end at LF or CRLF; a key is ASCII
/// letters, digits and `_`, not starting with a digit; an unquoted value is trimmed; a value in single quotes loses them; a value in double
/// quotes loses them, and a backslash before `"`, `\`, `` ` `` or `$` is dropped (any other stays). Refused, since
/// systemd reads them otherwise: a carriage return inside a line (systemd ends the line there, also in a comment), a
/// line ending in a backslash (a continuation, also in a comment), a quote that does not close at the end of its
/// value (systemd joins what follows, or reads on into the next lines), and a quote or backslash in an unquoted value
/// (systemd unescapes it and joins quoted parts). It is read by Unicode scalars, as systemd reads bytes, so that a
/// combining mark after a quote or `=` does not hide it.
public enum EnvironmentFile {
    /// The variables in the file at `path`, or a message saying why it cannot be read.
    public static func read(_ path: String) throws(ConfigurationError) -> [String: String] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(message: "--env-file \(path): cannot read the file (run as root: it is mode 0600)")
        }
        // systemd ignores a line that is not UTF-8; check-config would read it as another value.
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigurationError(message: "--env-file \(path) is not UTF-8 text: systemd would skip the lines that are not")
        }
        return try parse(text, path: path)
    }

    /// The variables in `text`.
    public static func parse(_ text: String, path: String) throws(ConfigurationError) -> [String: String] {
        var variables: [String: String] = [:]
        for (number, raw) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let place = "\(path) line \(number + 1)"
            let unterminated = raw.last == "\r" ? raw.dropLast() : raw
            guard !unterminated.contains("\r") else {
                throw ConfigurationError(
                    message: "\(place) has a carriage return inside it: systemd ends a line there, so the unit would read "
                        + "what follows as a line of its own. End every line with LF (or CRLF)")
            }
            guard unterminated.last != "\\" else {
                throw ConfigurationError(
                    message: "\(place) ends with a backslash, which systemd reads as a continuation (in a comment too): the "
                        + "next line would join this one. Remove it")
            }
            let line = trimmed(unterminated)
            if line.isEmpty || line.first == "#" || line.first == ";" { continue }
            guard let equals = line.firstIndex(of: "="),
                case let key = trimmed(line[..<equals]),
                let first = key.first, !("0"..."9").contains(first),
                key.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") })
            else {
                throw ConfigurationError(message: "\(place): expected KEY=VALUE")
            }
            guard let parsed = value(trimmed(line[line.index(after: equals)...])) else {
                throw ConfigurationError(
                    message: "\(place): the value's quotes or backslashes read differently in systemd, which joins quoted "
                        + "parts, reads an open quote on into the next lines and unescapes unquoted text. Write the whole "
                        + "value in single quotes, or in double quotes with \\\" and \\\\ escaped")
            }
            variables[String(String.UnicodeScalarView(key))] = parsed
        }
        return variables
    }

    /// `text` without the spaces and tabs around it: systemd's white space within a line, and no other (a no-break
    /// space is part of a value there; the fuzzer found `CharacterSet.whitespaces` trimming it here).
    private static func trimmed(_ text: Substring.UnicodeScalarView) -> Substring.UnicodeScalarView {
        let blank: Set<Unicode.Scalar> = [" ", "\t"]
        var text = text
        while let first = text.first, blank.contains(first) { text = text.dropFirst() }
        while let last = text.last, blank.contains(last) { text = text.dropLast() }
        return text
    }

    /// A value as systemd reads it, or nil where systemd would read it otherwise than one value on one line.
    private static func value(_ value: Substring.UnicodeScalarView) -> String? {
        guard let first = value.first, first == "\"" || first == "'" else {
            let special: Set<Unicode.Scalar> = ["\"", "'", "\\"]
            return value.contains(where: special.contains) ? nil : String(String.UnicodeScalarView(value))
        }
        guard value.count >= 2, value.last == first else { return nil }
        let inner = value.dropFirst().dropLast()
        guard first == "\"" else { return inner.contains("'") ? nil : String(String.UnicodeScalarView(inner)) }
        var result = String.UnicodeScalarView()
        var backslash = false
        for scalar in inner {
            if backslash {
                if !"\"\\`$".unicodeScalars.contains(scalar) { result.append("\\") }
                result.append(scalar)
                backslash = false
            } else if scalar == "\\" {
                backslash = true
            } else if scalar == "\"" {
                return nil  // closes the quote before the end: systemd joins what follows
            } else {
                result.append(scalar)
            }
        }
        // A backslash before the closing quote escapes it: the quote is still open for systemd.
        return backslash ? nil : String(result)
    }
}
