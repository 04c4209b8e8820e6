/// An independent reading of an environment file: a port of systemd's `parse_env_file_internal`
/// (`src/basic/env-file.c`, systemd 252 as Debian 12 ships it), state for state, over Unicode scalars. Lines end at
/// LF or CR; a backslash continues a line, in a comment too; quoted parts join what follows; an open quote reads on;
/// keys that are not valid variable names are ignored. The fuzz target's oracle: `EnvironmentFile` must read what
/// this reads, or refuse.
enum SystemdEnvironmentFile {
    private enum State {
        case preKey, key, preValue, value, valueEscape, singleQuote, doubleQuote, doubleQuoteEscape, comment, commentEscape
    }

    static func parse(_ text: String) -> [String: String] {
        let newline: Set<Unicode.Scalar> = ["\n", "\r"]
        let whitespace: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r"]
        let needEscape: Set<Unicode.Scalar> = ["\"", "\\", "`", "$"]
        var variables: [String: String] = [:]
        var state = State.preKey
        var key = String.UnicodeScalarView()
        var value = String.UnicodeScalarView()
        var keyWhitespace: Int?
        var valueWhitespace: Int?

        func push() {
            var name = key
            if let keyWhitespace { name = String.UnicodeScalarView(name.prefix(keyWhitespace)) }
            var content = value
            if let valueWhitespace { content = String.UnicodeScalarView(content.prefix(valueWhitespace)) }
            if isValidName(name) { variables[String(name)] = String(content) }
            key = String.UnicodeScalarView()
            value = String.UnicodeScalarView()
            keyWhitespace = nil
            valueWhitespace = nil
        }

        for c in text.unicodeScalars {
            switch state {
            case .preKey:
                if c == "#" || c == ";" {
                    state = .comment
                } else if !whitespace.contains(c) {
                    state = .key
                    key = String.UnicodeScalarView([c])
                    keyWhitespace = nil
                }
            case .key:
                if newline.contains(c) {
                    state = .preKey
                    key = String.UnicodeScalarView()
                } else if c == "=" {
                    state = .preValue
                    valueWhitespace = nil
                } else {
                    if !whitespace.contains(c) { keyWhitespace = nil } else if keyWhitespace == nil { keyWhitespace = key.count }
                    key.append(c)
                }
            case .preValue:
                if newline.contains(c) {
                    state = .preKey
                    push()
                } else if c == "'" {
                    state = .singleQuote
                } else if c == "\"" {
                    state = .doubleQuote
                } else if c == "\\" {
                    state = .valueEscape
                } else if !whitespace.contains(c) {
                    state = .value
                    value.append(c)
                }
            case .value:
                if newline.contains(c) {
                    state = .preKey
                    push()
                } else if c == "\\" {
                    state = .valueEscape
                    valueWhitespace = nil
                } else {
                    if !whitespace.contains(c) { valueWhitespace = nil } else if valueWhitespace == nil { valueWhitespace = value.count }
                    value.append(c)
                }
            case .valueEscape:
                state = .value
                if !newline.contains(c) { value.append(c) }
            case .singleQuote:
                if c == "'" { state = .preValue } else { value.append(c) }
            case .doubleQuote:
                if c == "\"" { state = .preValue } else if c == "\\" { state = .doubleQuoteEscape } else { value.append(c) }
            case .doubleQuoteEscape:
                state = .doubleQuote
                if needEscape.contains(c) {
                    value.append(c)
                } else if c != "\n" {
                    value.append("\\")
                    value.append(c)
                }
            case .comment:
                if c == "\\" { state = .commentEscape } else if newline.contains(c) { state = .preKey }
            case .commentEscape:
                state = .comment
            }
        }
        switch state {
        case .preValue, .value, .valueEscape, .singleQuote, .doubleQuote, .doubleQuoteEscape: push()
        case .preKey, .key, .comment, .commentEscape: break
        }
        return variables
    }

    /// systemd's `env_name_is_valid`: a letter or `_`, then letters, digits and `_`.
    private static func isValidName(_ name: String.UnicodeScalarView) -> Bool {
        guard let first = name.first, first.isASCII, first.properties.isAlphabetic || first == "_" else { return false }
        return name.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }
}
