/// The schema of a login store: migrations named `v1 ...` to `vN ...`, applied in order, recorded in the database.
/// A relay refuses a database with migrations it does not know (a newer relay migrated it): it would otherwise
/// read and write a schema it does not understand.
public enum SchemaVersion {
    /// The version a migration name stands for: 4 for `v4 binding MAC`.
    public static func number(of migration: String) -> Int? {
        guard migration.first == "v" else { return nil }
        return Int(migration.dropFirst().prefix { $0.isNumber })
    }

    /// Throws ``SchemaTooNew`` when `applied` holds migrations that are not in `known`.
    public static func check(applied: Set<String>, known: [String]) throws(SchemaTooNew) {
        let unknown = applied.subtracting(known).sorted { (number(of: $0) ?? 0, $0) < (number(of: $1) ?? 0, $1) }
        guard unknown.isEmpty else { throw SchemaTooNew(unknown: unknown, known: known) }
    }
}

/// The database was migrated by a newer relay than this one.
public struct SchemaTooNew: Error, CustomStringConvertible, Equatable {
    /// The migrations in the database that this relay does not know, oldest first.
    public let unknown: [String]
    /// The migrations this relay knows, in order.
    public let known: [String]

    public var description: String {
        let newest = unknown.last.flatMap(SchemaVersion.number(of:)).map { "v\($0)" } ?? unknown.last ?? "?"
        let ours = known.last.flatMap(SchemaVersion.number(of:)).map { "v\($0)" } ?? "none"
        return """
            the database's schema (\(newest)) is newer than this relay knows (\(ours)): a newer bnet-relay migrated \
            it (unknown migrations: \(unknown.joined(separator: ", "))). Run that newer release again, or restore the \
            backup made before the upgrade (deploy/README.md, "Upgrade and roll back"). Nothing was changed.
            """
    }
}
