import Foundation

/// Which keychain a `KeychainTokenStore` item goes to and which attributes it may carry, by the rules of Apple's
/// Security documentation (`kSecUseDataProtectionKeychain`, `kSecAttrAccessible`, `kSecAttrAccessGroup`):
/// platform-neutral, so the rules are tested everywhere.
///
/// - iOS, tvOS, watchOS and visionOS always use the data-protection keychain: `dataProtection` is ignored.
/// - On macOS, `dataProtection: false` uses the file-based login keychain, where an item may carry neither an
///   accessibility class nor an access group (Apple allows both on macOS only with the data-protection keychain or
///   synchronizable items, which this store does not make): the class is left out, and an access group is refused.
struct KeychainItemRules: Sendable, Hashable {
    /// Where the rules are applied.
    enum Platform: Sendable, Hashable {
        case macOS
        /// iOS, tvOS, watchOS, visionOS: the data-protection keychain only.
        case dataProtectionOnly

        /// The platform this code runs on.
        static var current: Platform {
            #if os(macOS)
            .macOS
            #else
            .dataProtectionOnly
            #endif
        }
    }

    /// Whether `kSecUseDataProtectionKeychain` is sent as true.
    var usesDataProtectionKeychain: Bool
    /// Whether `kSecAttrAccessible` is sent.
    var setsAccessibility: Bool
    /// The `kSecAttrAccessGroup` sent, if any.
    var accessGroup: String?

    /// The rules for a store asking for `dataProtection` and `accessGroup` on `platform`; throws
    /// ``KeychainConfigurationError`` for a combination the platform rules out.
    init(dataProtection: Bool, accessGroup: String?, platform: Platform) throws(KeychainConfigurationError) {
        let dataProtection = dataProtection || platform == .dataProtectionOnly
        if !dataProtection, let accessGroup {
            throw KeychainConfigurationError(description: "A keychain access group (\(accessGroup)) needs the "
                + "data-protection keychain, but the store was made with dataProtection: false (the macOS login "
                + "keychain, which has no access groups).")
        }
        usesDataProtectionKeychain = dataProtection
        setsAccessibility = dataProtection
        self.accessGroup = accessGroup
    }
}

/// A `KeychainTokenStore` was made with settings Apple's keychain rules out; nothing was read or written.
public struct KeychainConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var description: String
}

extension KeychainConfigurationError: LocalizedError {
    public var errorDescription: String? { description }
    public var recoverySuggestion: String? {
        "Sign the app with a keychain access group and keep dataProtection: true to share the token, or leave "
            + "accessGroup out to keep it in this app's login keychain."
    }
}
