/// Schema statements that read the same in SQLite and PostgreSQL, shared by both stores' migrations.
public enum LoginSchema {
    /// ``LoginStatus/open`` as an SQL list, for `status IN ...`: `('pending', 'authorizing', 'approved')`.
    public static let openStatuses = list(LoginStatus.open)
    /// ``LoginStatus/awaitingPerson`` as an SQL list: `('pending', 'authorizing')`.
    public static let awaitingStatuses = list(LoginStatus.awaitingPerson)

    private static func list(_ statuses: [LoginStatus]) -> String {
        "(" + statuses.map { "'\($0.rawValue)'" }.joined(separator: ", ") + ")"
    }

    /// The partial unique index that keeps a user code to one open login.
    public static let openUserCodeIndex = "login_open_user_code"

    /// Migration: a user code names at most one login awaiting the person (pending or authorizing). Logins opened
    /// before this migration that share a code with a newer one (which the code already reached) end as failed first.
    public static let uniqueOpenUserCodes = [
        """
        UPDATE login SET status = 'failed', failure = 'duplicate_user_code'
        WHERE status IN \(awaitingStatuses) AND EXISTS (
            SELECT 1 FROM login AS newer WHERE newer.user_code_hash = login.user_code_hash
            AND newer.status IN \(awaitingStatuses) AND newer.created_at > login.created_at)
        """,
        "CREATE UNIQUE INDEX \(openUserCodeIndex) ON login (user_code_hash) WHERE status IN \(awaitingStatuses)",
    ]

    /// Migration: the binding MAC column. Logins open at the upgrade have none and are refused at their callback or
    /// pickup: their clients start again.
    public static let bindingMAC = ["ALTER TABLE login ADD COLUMN binding_mac TEXT"]

    /// Migration: the network prefix a login was started from (``Login/startNetwork``); none for older logins.
    public static let startNetwork = ["ALTER TABLE login ADD COLUMN start_network TEXT"]

    /// Migration: the loopback return address of a login started with one (``Login/returnURI``); none for others.
    public static let returnURI = ["ALTER TABLE login ADD COLUMN return_uri TEXT"]

    /// Migration: an app's authorization request (``Login/authorizationRequest``, JSON) and when its code was issued
    /// (``Login/codeIssuedAt``); none for device logins.
    public static let authorizationRequests = [
        "ALTER TABLE login ADD COLUMN authorization_request TEXT",
        "ALTER TABLE login ADD COLUMN code_issued_at DOUBLE PRECISION",
    ]
}
