/// The relay's gauges, each with its name and help: values read when `/metrics` is asked for.
public enum RelayGauge: String, CaseIterable, Sendable {
    case openLogins = "bnet_relay_open_logins"
    case heldPolls = "bnet_relay_held_polls"
    case openConnections = "bnet_relay_open_connections"
    case ready = "bnet_relay_ready"
    case buildInfo = "bnet_relay_build_info"
    case gatewayCacheBytes = "bnet_relay_gateway_cache_bytes"
    case gatewayCacheEntries = "bnet_relay_gateway_cache_entries"
    case gatewayBudgetRemaining = "bnet_relay_gateway_budget_remaining"
    case residentMemory = "process_resident_memory_bytes"
    case openFiles = "process_open_fds"
    case maxFiles = "process_max_fds"
    case startTime = "process_start_time_seconds"

    /// The `# HELP` text.
    public var help: String {
        switch self {
        case .openLogins: "Logins in the poll index."
        case .heldPolls: "Long-polls held now."
        case .openConnections: "Client connections open now."
        case .ready: "1 when the last database check succeeded."
        case .buildInfo: "The relay's version and commit, as labels; always 1."
        case .gatewayCacheBytes: "Bytes the game-data cache holds."
        case .gatewayCacheEntries: "Answers the game-data cache holds."
        case .gatewayBudgetRemaining: "Gateway requests to Battle.net left this hour, as this relay counts them."
        case .residentMemory: "Resident memory size in bytes."
        case .openFiles: "Number of open file descriptors."
        case .maxFiles: "Maximum number of open file descriptors."
        case .startTime: "Start time of the process since the Unix epoch in seconds."
        }
    }
}
