import Foundation
import TestSupport
import Testing

/// Reads a QR code as a phone would: the printed half-block text is drawn as a bitmap (PBM, 4 pixels per
/// module) and decoded by Debian's `zbarimg` (package zbar-tools).
enum QRDecoder {
    /// The text of the one QR code in `printed`: lines of `█`, `▀`, `▄` and spaces, two rows of modules each.
    static func decode(printed: String) async throws -> String {
        let lines = printed.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { line in
                line.allSatisfy { "\u{2588}\u{2580}\u{2584} ".contains($0) } && line.contains { $0 != " " }
            }
        var rows: [[Bool]] = []
        for line in lines {
            rows.append(line.map { $0 == "\u{2588}" || $0 == "\u{2580}" })
            rows.append(line.map { $0 == "\u{2588}" || $0 == "\u{2584}" })
        }
        return try await decode(modules: rows)
    }

    /// The text of a module grid, drawn with a quiet zone of 4 modules.
    static func decode(modules: [[Bool]]) async throws -> String {
        let scale = 4, quiet = 4
        let width = ((modules.map(\.count).max() ?? 0) + 2 * quiet) * scale
        let height = (modules.count + 2 * quiet) * scale
        var pixels = "P1\n\(width) \(height)\n"
        for y in 0..<height {
            let row = y / scale - quiet
            pixels += (0..<width).map { x -> String in
                let column = x / scale - quiet
                let dark = modules.indices.contains(row) && modules[row].indices.contains(column) && modules[row][column]
                return dark ? "1" : "0"
            }.joined(separator: " ") + "\n"
        }
        let file = FileManager.default.temporaryDirectory.appending(path: "qr-\(UUID().uuidString).pbm")
        try Data(pixels.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await ChildProcess.run(
            URL(filePath: "/usr/bin/zbarimg"), ["--raw", "-q", file.path], environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "zbarimg (install zbar-tools) could not read the code: \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .newlines)
    }
}
