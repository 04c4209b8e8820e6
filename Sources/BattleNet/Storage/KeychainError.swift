import Foundation

/// Why the Keychain refused a `KeychainTokenStore` operation: the Keychain's status code (`OSStatus`), with a
/// message (and, as `LocalizedError`, a fix) for the codes an app meets. Platform-neutral, so its messages are tested everywhere.
public struct KeychainError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `errSecMissingEntitlement`: the data-protection keychain needs a signed app with a keychain access group.
    public static let missingEntitlement: Int32 = -34018
    /// `errSecInteractionNotAllowed`: the item is not readable now, typically because the device is locked.
    public static let interactionNotAllowed: Int32 = -25308

    /// The Keychain's status code.
    public var status: Int32
    /// What was being done: `read`, `save` or `delete`.
    public var operation: String
    /// The system's text for `status`, when it has one.
    public var systemMessage: String?

    /// An error for `status`, returned by `operation`.
    public init(status: Int32, operation: String, systemMessage: String? = nil) {
        self.status = status
        self.operation = operation
        self.systemMessage = systemMessage
    }

    public var description: String {
        let detail = systemMessage.map { "\(status): \($0)" } ?? "\(status)"
        return switch status {
        case Self.missingEntitlement:
            "The Keychain refused to \(operation) the sign-in (\(detail)): the data-protection keychain is only open "
                + "to a signed app with a keychain access group."
        case Self.interactionNotAllowed:
            "The Keychain cannot \(operation) the sign-in while the device is locked (\(detail))."
        default:
            "The Keychain refused to \(operation) the sign-in (\(detail))."
        }
    }
}
