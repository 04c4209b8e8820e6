import Foundation

/// A transport's account of a connection that failed (``BattleNet/BattleNetError/unreachable(_:)``'s reason, such
/// as `relay.example.com: connection reset (error set): Connection refused (errno: 111)`), read as a sentence a
/// person can act on: the host, and what went wrong in words, never the errno chain.
public struct NetworkFailure: Sendable, Equatable {
    /// The host named at the start of the reason, if any.
    public var host: String?
    /// What went wrong, as a clause: `nothing answered there (the connection was refused)`.
    public var problem: String

    /// Reads `reason`; its start is the host when it is one (letters, digits, `.`, `-`, `_`, `:`, `[`, `]`) before
    /// `: `.
    public init(reason: String) {
        let head = reason.range(of: ": ").map { String(reason[..<$0.lowerBound]) }
        let hostCharacters = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: ".-_:[]"))
        host = head.flatMap { head in
            !head.isEmpty && head.unicodeScalars.allSatisfy { $0.isASCII && hostCharacters.contains($0) } ? head : nil
        }
        let text = reason.lowercased()
        problem = Self.problems.first { markers, _ in markers.contains { text.contains($0) } }?.1
            ?? (text.contains("closed the connection") ? "it closed the connection before answering"
                : text.contains("cancelled") ? "the request was cancelled"
                : "the connection failed")
    }

    /// Markers of a raw error's text, and what they mean.
    private static let problems: [([String], String)] = [
        (["connection refused", "errno: 111"], "nothing answered there (the connection was refused)"),
        (["socketaddresserror", "dnsaerror", "name or service not known", "nodename nor servname", "unknown(host"],
         "its name could not be resolved"),
        (["network is unreachable", "errno: 101"], "the network is unreachable from this machine"),
        (["no route to host", "errno: 113"], "there is no route to it from this machine"),
        (["connection reset", "errno: 104"], "it reset the connection"),
        (["handshake", "niossl", "certificate", "tls"], "the TLS handshake failed (its certificate was not accepted)"),
    ]
}
