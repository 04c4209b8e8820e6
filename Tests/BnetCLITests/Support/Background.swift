import Foundation
import TestSupport

/// A built executable (`d3` or `bnet-relay`) running in the background, its output collected in a file.
typealias Background = BackgroundProcess

extension BackgroundProcess {
    /// Starts the built executable `name` with `arguments` and exactly `environment`.
    convenience init(_ name: String, _ arguments: [String], environment: [String: String], directory: URL) throws {
        try self.init(BuiltExecutable.url(name), arguments, environment: environment, directory: directory)
    }
}
