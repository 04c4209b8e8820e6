/// A setting with a value that cannot be used, in words a person can act on.
public struct ConfigurationError: Error, CustomStringConvertible {
    public let message: String
    /// Whether the command line itself is malformed (an unknown flag, a flag without its value), rather than a
    /// setting's value wrong: the one kind of error `bnet-relay` answers with its usage text and exit 64.
    public var isUsage = false
    public var description: String { message }

    /// An error with `message`.
    public init(message: String, isUsage: Bool = false) {
        self.message = message
        self.isUsage = isUsage
    }
}
