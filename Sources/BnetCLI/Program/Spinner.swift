import BnetKit
import Foundation

/// A one-line spinner with the elapsed time on standard error, drawn only when it is a terminal.
final class Spinner: Sendable {
    private let task: Task<Void, Never>?

    /// Starts spinning with `message`; does nothing when standard error is not a terminal.
    init(_ message: String) {
        guard Terminal.stderrIsTerminal else {
            task = nil
            return
        }
        let started = ContinuousClock.now
        task = Task {
            let frames = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
            var frame = 0
            while !Task.isCancelled {
                let seconds = Int((ContinuousClock.now - started).components.seconds)
                let elapsed = "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
                Terminal.writeError("\r\u{1B}[K\(frames[frame % frames.count]) \(message) \(elapsed)")
                frame += 1
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    /// Stops and erases the line.
    func stop() async {
        guard let task else { return }
        task.cancel()
        await task.value
        Terminal.writeError("\r\u{1B}[K")
    }
}
