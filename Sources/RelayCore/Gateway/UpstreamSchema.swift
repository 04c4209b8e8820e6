/// The upstream ledger's tables, the same in SQLite and PostgreSQL: one row per client holding the windows of
/// ``BudgetWindows`` (the second and the hour: each its number and what it holds, restarting when the window moves
/// on) and what the last take granted, so that a take is one statement; and Blizzard's pause per client.
public enum UpstreamSchema {
    /// The migration's name, the schema version after v8.
    public static let migration = "v9 upstream budget"

    /// Migration: the ledger's tables.
    public static let tables = [
        """
        CREATE TABLE upstream_budget (
            client_id TEXT PRIMARY KEY, second_start BIGINT NOT NULL, in_second INTEGER NOT NULL,
            hour_start BIGINT NOT NULL, in_hour INTEGER NOT NULL, granted INTEGER NOT NULL)
        """,
        "CREATE TABLE upstream_pause (client_id TEXT PRIMARY KEY, until DOUBLE PRECISION NOT NULL)",
    ]
}
