import Foundation
import Testing

/// What a run of the `d3` binary printed and how it exited.
struct D3Result: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs the built `d3` binary as a subprocess, on threads of its own so an in-process emulator keeps
/// answering while the test waits.
enum D3Process {
    /// The `d3` executable in the same build products directory as this test bundle.
    static func binary() throws -> URL {
        let starts = [Bundle.module.bundleURL, Bundle.main.bundleURL, Bundle.main.executableURL]
            .compactMap { $0?.deletingLastPathComponent() }
        for start in starts {
            var directory = start
            for _ in 0..<4 {
                let candidate = directory.appending(path: "d3")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                directory = directory.deletingLastPathComponent()
            }
        }
        throw D3BinaryMissing(searched: starts.map(\.path))
    }

    /// Runs `d3 arguments` with exactly `environment` (nothing inherited) and no standard input.
    static func run(_ arguments: [String], environment: [String: String]) async throws -> D3Result {
        let binary = try binary()
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                let process = Process()
                process.executableURL = binary
                process.arguments = arguments
                process.environment = environment
                let output = Pipe()
                let errors = Pipe()
                process.standardOutput = output
                process.standardError = errors
                process.standardInput = FileHandle.nullDevice
                do {
                    try process.run()
                } catch {
                    continuation.resume(throwing: error)
                    return
                }
                let errorData = Collected()
                let done = DispatchSemaphore(value: 0)
                Thread.detachNewThread {
                    errorData.data = errors.fileHandleForReading.readDataToEndOfFile()
                    done.signal()
                }
                let outputData = output.fileHandleForReading.readDataToEndOfFile()
                done.wait()
                process.waitUntilExit()
                continuation.resume(returning: D3Result(
                    status: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
                    stderr: String(decoding: errorData.data, as: UTF8.self)))
            }
        }
    }

    private final class Collected: @unchecked Sendable {
        var data = Data()
    }
}

/// The `d3` binary was not found next to the tests.
struct D3BinaryMissing: Error, CustomStringConvertible {
    var searched: [String]
    var description: String { "the d3 executable was not found near \(searched); run `swift build` first" }
}
