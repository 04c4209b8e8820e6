import Foundation
import RelayCore

/// A default of the relay's configuration as its source declares it: a property or parameter `name`, with its value
/// written as a literal (`maxHeldPolls = 5_000`, `requestTimeout: Duration = .seconds(10)`, `host = "127.0.0.1"`).
struct DeclaredDefault {
    let name: String
    let value: String
    /// The literal as Swift may write it.
    let literal: String

    /// The scalar defaults (numbers, durations, strings) of `value`'s stored properties, and of those of the relay's
    /// own structs within it (the protocol settings, the connection caps).
    static func all(in value: Any) -> [DeclaredDefault] {
        Mirror(reflecting: value).children.flatMap { child -> [DeclaredDefault] in
            guard let name = child.label else { return [] }
            switch child.value {
            case let number as Int: return [DeclaredDefault(name: name, value: "\(number)", literal: digits(number))]
            case let number as Double where number == number.rounded():
                return [DeclaredDefault(name: name, value: "\(number)", literal: digits(Int(number)) + #"(\.0)?"#)]
            case let duration as Duration where duration.components.attoseconds == 0:
                let seconds = Int(duration.components.seconds)
                return [DeclaredDefault(name: name, value: "\(duration)", literal: #"\.seconds\("# + digits(seconds) + #"\)"#)]
            case let text as String:
                return [DeclaredDefault(name: name, value: text, literal: NSRegularExpression.escapedPattern(for: "\"\(text)\""))]
            default:
                let type = String(reflecting: Swift.type(of: child.value))
                let ours = ["RelayCore.", "RelayServer.", "RelayApp."].contains { type.hasPrefix($0) }
                return ours && Mirror(reflecting: child.value).displayStyle == .struct ? all(in: child.value) : []
            }
        }
    }

    /// A whole number's digits, each optionally followed by Swift's `_` separator.
    private static func digits(_ number: Int) -> String {
        String(number).map(String.init).joined(separator: "_?")
    }

    /// Where `sources` declare `name` with this value: `name = literal` or `name: Type = literal`.
    func places(in sources: [SourceFile]) throws -> [String] {
        let pattern = try NSRegularExpression(pattern: #"\b"# + name + #"\b\s*(:\s*[A-Za-z.]+\s*)?=\s*"# + literal + #"(?![0-9_.])"#)
        return sources.flatMap { source in
            let range = NSRange(source.text.startIndex..., in: source.text)
            return Array(repeating: source.path, count: pattern.numberOfMatches(in: source.text, range: range))
        }
    }
}

/// A Swift file of the relay's modules, read as text.
struct SourceFile {
    let path: String
    let text: String

    /// Every Swift file of RelayCore, RelayServer, RelayApp and BnetRelay.
    static func relay() throws -> [SourceFile] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../../Sources")
        return try ["RelayCore", "RelayServer", "RelayApp", "BnetRelay"].flatMap { module in
            let directory = root.appending(path: module)
            let files = FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String } ?? []
            return try files.filter { $0.hasSuffix(".swift") }.sorted().map { file in
                SourceFile(path: "\(module)/\(file)", text: try String(contentsOf: directory.appending(path: file), encoding: .utf8))
            }
        }
    }
}
