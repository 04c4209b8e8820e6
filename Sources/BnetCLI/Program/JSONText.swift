import BnetKit
import Foundation

/// JSON bodies as `--json` and `bnet api` print them: byte for byte into a pipe or file; on a terminal, with every
/// character that could drive it (C0 and C1 controls, DEL, line separators, bidirectional controls) written as a
/// JSON `\uXXXX` escape, which means the same inside a JSON string, the only place such a character may stand.
enum JSONText {
    /// The bytes as sent (escaped on a terminal), ending in a line break.
    static func line(_ body: Data) -> String {
        let text = String(decoding: body, as: UTF8.self)
        return forOutput(text.hasSuffix("\n") ? text : text + "\n")
    }

    /// Writes `body` to standard output as ``line(_:)`` does, without copying it into a string off a terminal
    /// (an auction house's tens of megabytes).
    static func write(_ body: Data) {
        guard !Terminal.stdoutIsTerminal else { return Terminal.write(line(body)) }
        FileHandle.standardOutput.write(body)
        if body.last != UInt8(ascii: "\n") { FileHandle.standardOutput.write(Data("\n".utf8)) }
    }

    /// One JSON object holding each body as sent under its name, in order: `{"hero":…,"items":…}`.
    static func object(_ members: [(String, Data)]) -> String {
        forOutput("{" + members.map { name, body in
            "\"\(name)\":" + String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }.joined(separator: ",") + "}\n")
    }

    /// The body indented for a person at a terminal, keys and values unchanged (slashes unescaped) and controls
    /// escaped. A body that is not JSON is refused: its bytes could carry anything, and only a file or a pipe
    /// should get them.
    static func pretty(_ body: Data) throws(CLIFailure) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]),
              let data = try? JSONSerialization.data(
                withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
        else {
            throw CLIFailure(
                .failure, "The answer is not JSON (\(body.count) bytes), and \(Program.running.name) does not print "
                    + "other bytes on a terminal: write it to a file or a pipe instead, such as "
                    + "\(Program.running.command("api PATH > answer.txt"))")
        }
        return line(data)
    }

    /// `text` escaped when standard output is a terminal (see ``escapingControls(_:)``), as is otherwise.
    private static func forOutput(_ text: String) -> String {
        Terminal.stdoutIsTerminal ? escapingControls(text) : text
    }

    /// Every C0 control but line feed and tab, DEL, every C1 control, U+2028 and U+2029, and the bidirectional
    /// marks, embeddings, overrides and isolates as `\uXXXX`.
    static func escapingControls(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x09: result.unicodeScalars.append(scalar)
            case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069:
                result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
