import Foundation
import NIOCore
import ServiceLifecycle

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A listener that says which of the relay's addresses it could not bind, and which setting moves it, instead of a
/// bare "Address already in use".
struct NamedListener<Wrapped: Service>: Service {
    /// "public listener" or "operations listener".
    let name: String
    /// `host:port`, as configured.
    let address: String
    /// The flag that changes the port.
    let setting: String
    let wrapped: Wrapped

    func run() async throws {
        do {
            try await wrapped.run()
        } catch let error as IOError {
            guard let failure = ListenFailure(name: name, address: address, setting: setting, error: error) else { throw error }
            throw failure.startupError
        }
    }
}

/// A listener that could not bind its address, in words: which listener, where, why, and the flag that moves it.
struct ListenFailure {
    let name: String
    let address: String
    let setting: String
    let code: Int32

    /// Nil unless `error` is one of the reasons a bind fails (address in use, not permitted, not on this machine).
    init?(name: String, address: String, setting: String, error: any Error) {
        guard let error = error as? IOError, [EADDRINUSE, EACCES, EADDRNOTAVAIL].contains(error.errnoCode) else { return nil }
        (self.name, self.address, self.setting, code) = (name, address, setting, error.errnoCode)
    }

    var startupError: RelayStartupError {
        let why =
            switch code {
            case EADDRINUSE: "another process is listening there (another relay?); stop it, or choose another port with \(setting)"
            case EACCES: "this user may not bind that port; choose one above 1023 with \(setting)"
            default: "no interface of this machine has that address; check the host setting"
            }
        return RelayStartupError(problems: ["the \(name) cannot listen on \(address): \(why)"], cause: .unavailable)
    }
}

/// Why the relay cannot start, in words a person can act on, and what kind of failure it is.
public struct RelayStartupError: Error, CustomStringConvertible {
    /// What kind of failure stopped the start, which decides the exit status (see ``StartupFailureCause``).
    public let cause: StartupFailureCause
    /// Each problem.
    public let problems: [String]

    /// The problems of one cause.
    public init(problems: [String], cause: StartupFailureCause = .configuration) {
        self.problems = problems
        self.cause = cause
    }

    public var description: String { problems.joined(separator: "\n") }
}

/// The kinds of start failure, each with the sysexits(3) status `bnet-relay` exits with, so that systemd (and a
/// person) can tell a mistake that a restart cannot fix from one that may pass.
public enum StartupFailureCause: Sendable {
    /// A setting, key or secret is wrong or missing: 78 (`EX_CONFIG`); restarting does not help.
    case configuration
    /// A port is taken, or PostgreSQL cannot be reached: 69 (`EX_UNAVAILABLE`); may pass once the other side frees it.
    case unavailable
    /// The database file cannot be created, opened or written: 74 (`EX_IOERR`).
    case io
    /// A fault of the relay itself: 70 (`EX_SOFTWARE`).
    case software

    /// The exit status.
    public var exitStatus: Int32 {
        switch self {
        case .configuration: 78
        case .unavailable: 69
        case .io: 74
        case .software: 70
        }
    }
}
