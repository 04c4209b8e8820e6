import Foundation
import Logging

/// How the relay writes its log: readable text (the default) or JSON lines.
public enum LogFormat: String, Sendable, CaseIterable {
    case text
    case json
}

/// Writes each event to standard error as one JSON object on one line, for journald, Loki or any collector:
/// `time` (ISO 8601, UTC), `level`, `logger`, `message`, and the event's metadata under its own keys, which are
/// the text format's `key=value` fields. Nothing else is added, so what the text log never holds (tokens, codes,
/// secrets) the JSON log never holds either.
public struct JSONLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let clock: RelayClock

    /// A handler for the logger named `label`, stamping each event's `time` from `clock`.
    public init(label: String, clock: RelayClock) {
        self.label = label
        self.clock = clock
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var fields = metadata.merging(metadataProvider?.get() ?? [:]) { $1 }.merging(event.metadata ?? [:]) { $1 }
            .mapValues(Self.json)
        if let error = event.error { fields["error"] = "\(error)" }
        fields["time"] = clock.date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        fields["level"] = event.level.rawValue
        fields["logger"] = label
        fields["message"] = event.message.description
        guard var line = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return }
        line.append(0x0A)
        // One write(2) per line, so that lines from concurrent tasks never interleave.
        line.withUnsafeBytes { _ = Foundation.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    private static func json(_ value: Logger.Metadata.Value) -> Any {
        switch value {
        case .string(let text): text
        case .stringConvertible(let convertible): convertible.description
        case .array(let values): values.map(json)
        case .dictionary(let values): values.mapValues(json)
        }
    }
}
