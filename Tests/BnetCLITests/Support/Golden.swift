import Foundation
import Testing

/// Compares text with `Golden/<name>` exactly. With `D3_RECORD_GOLDEN=1` the file is rewritten in the
/// source tree instead (rebuild to pick it up).
func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    if ProcessInfo.processInfo.environment["D3_RECORD_GOLDEN"] == "1" {
        let url = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Golden/\(name)")
        try Data(actual.utf8).write(to: url)
        return
    }
    let url = try #require(
        Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Golden"),
        "Golden/\(name) is missing; record it with D3_RECORD_GOLDEN=1", sourceLocation: sourceLocation)
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(actual == expected, sourceLocation: sourceLocation)
}
