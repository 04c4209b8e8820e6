/// The metadata keys of the relay's log lines, one convention for all: a short lower-case word, snake_case when it
/// needs two, never the same thing under two names. The request line's keys are the ones operators grep for
/// (`client=`, `route=`, `status=`), so they stay as they were.
public enum LogKey {
    public static let httpMethod = "method"
    public static let httpRoute = "route"
    public static let httpStatus = "status"
    public static let clientAddress = "client"
    public static let peer = "peer"
    public static let durationMS = "ms"
    public static let loginID = "login"
    public static let errorType = "error_type"
    public static let errorReason = "reason"
    public static let setting = "setting"
    public static let count = "count"
}
