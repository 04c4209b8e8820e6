extension Array where Element == (String, String) {
    /// The first parameter name that appears more than once (OAuth endpoints refuse a repeated parameter).
    var duplicateName: String? {
        var seen = Set<String>()
        return first { !seen.insert($0.0).inserted }?.0
    }
}
