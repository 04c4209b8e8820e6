/// The upstream ledger's tables, the same in SQLite and PostgreSQL: one row per client and window kind (`t` the
/// clock's tenth of a second, `s` its second, `h` its hour; see ``BudgetWindows``) whose count restarts when its
/// window moves on, and Blizzard's pause per client.
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
}
