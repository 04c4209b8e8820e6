import Foundation

/// The process's own figures for `/metrics`, under the names Prometheus client libraries use: resident memory, open
/// file descriptors (and their limit) and start time. Read from `/proc` on Linux; elsewhere there are none.
public enum ProcessMetrics {
    /// The figures as Prometheus text; empty where `/proc` is not there to read.
    public static func render() -> String {
        #if os(Linux)
        var gauges: [(String, String, Double)] = []
        let pageSize = Double(sysconf(Int32(_SC_PAGESIZE)))
        if let statm = text("/proc/self/statm")?.split(separator: " "), statm.count > 1, let pages = Double(statm[1]) {
            gauges.append(("process_resident_memory_bytes", "Resident memory size in bytes.", pages * pageSize))
        }
        if let open = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
            gauges.append(("process_open_fds", "Number of open file descriptors.", Double(open.count)))
        }
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 {
            gauges.append(("process_max_fds", "Maximum number of open file descriptors.", Double(limit.rlim_cur)))
        }
        if let start = startTime() {
            gauges.append(("process_start_time_seconds", "Start time of the process since the Unix epoch in seconds.", start))
        }
        return gauges.map { name, help, value in
            "# HELP \(name) \(help)\n# TYPE \(name) gauge\n\(name) \(String(format: "%.0f", value))\n"
        }.joined()
        #else
        return ""
        #endif
    }

    #if os(Linux)
    /// Boot time (`btime` of /proc/stat) plus the process's start in clock ticks after boot (field 22 of
    /// /proc/self/stat, counted after the parenthesised command name, which may hold spaces).
    private static func startTime() -> Double? {
        guard let stat = text("/proc/self/stat"), let close = stat.lastIndex(of: ")"),
            case let fields = stat[stat.index(after: close)...].split(separator: " "), fields.count > 19,
            let ticks = Double(fields[19]),
            let boot = text("/proc/stat")?.split(separator: "\n").first(where: { $0.hasPrefix("btime ") })
                .flatMap({ Double($0.dropFirst(6)) })
        else { return nil }
        return boot + ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    private static func text(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }
    #endif
}
