import Foundation
import TestSupport
import Testing

/// What a run of the `d3` binary printed and how it exited.
typealias D3Result = ChildResult

/// Runs the built `d3` binary as a subprocess.
enum D3Process {
    /// The `d3` executable in the same build products directory as this test bundle.
    static func binary() throws -> URL {
        try BuiltExecutable.url("d3")
    }

    /// Runs `d3 arguments` with exactly `environment` (nothing inherited) and no standard input.
    static func run(_ arguments: [String], environment: [String: String]) async throws -> D3Result {
        try await ChildProcess.run(try binary(), arguments, environment: environment)
    }
}
