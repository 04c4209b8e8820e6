import Foundation

/// The process's own figures for `/metrics`, under the names Prometheus client libraries use: resident memory, open
/// file descriptors (and their limit) and start time. Read from `/proc` on Linux; elsewhere there are none.
public enum ProcessMetrics {
    /// Sets the process's gauges of `metrics` to their values now; none where `/proc` is not there to read.
    public static func record(in metrics: RelayMetrics) {
        for (gauge, value) in read() { metrics.set(gauge, to: value) }
    }

    private static func read() -> [(RelayGauge, Double)] {
        #if os(Linux)
        var gauges: [(RelayGauge, Double)] = []
        let pageSize = Double(sysconf(Int32(_SC_PAGESIZE)))
        if let statm = text("/proc/self/statm")?.split(separator: " "), statm.count > 1, let pages = Double(statm[1]) {
            gauges.append((.residentMemory, pages * pageSize))
        }
        if let open = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
            gauges.append((.openFiles, Double(open.count)))
        }
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 {
            gauges.append((.maxFiles, Double(limit.rlim_cur)))
        }
        if let start = startTime() {
            gauges.append((.startTime, start.rounded()))
        }
        return gauges
        #else
        return []
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
