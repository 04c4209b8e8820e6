/// The upstream ledger's tables, the same in SQLite and PostgreSQL: one row per client and window kind (`s` the
/// clock second, `h` the clock hour) whose count restarts when its window moves on, and Blizzard's pause per client.
public enum UpstreamSchema {
    /// The migration's name, the schema version after v8.
    public static let migration = "v9 upstream budget"

    /// Migration: the ledger's tables.
    public static let tables = [
        """
        CREATE TABLE upstream_budget (
            client_id TEXT NOT NULL, kind TEXT NOT NULL, start BIGINT NOT NULL, spent INTEGER NOT NULL,
            PRIMARY KEY (client_id, kind))
        """,
        "CREATE TABLE upstream_pause (client_id TEXT PRIMARY KEY, until DOUBLE PRECISION NOT NULL)",
    ]

    /// How many of `count` requests fit, given what the second and the hour hold.
    public static func granted(
        _ count: Int, inSecond: Int, perSecond: Int, inHour: Int, perHour: Int
    ) -> Int {
        max(0, min(count, perSecond - inSecond, perHour - inHour))
    }
}
