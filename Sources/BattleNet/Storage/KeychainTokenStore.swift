#if canImport(Security)
import Foundation
import Security

/// A token store in the Keychain: one generic password per key under `service`. Apple only, and kept thin: the
/// stored form is ``StoredJSON``'s, as in ``FileTokenStore``, and the errors are ``KeychainError``s.
///
/// It uses the data-protection keychain (the iOS keychain, also on macOS), which needs a signed app: an unsigned
/// macOS build or a command-line tool gets ``KeychainError/missingEntitlement`` (-34018) there, and passes
/// `dataProtection: false` to use the file-based login keychain instead (macOS only; iOS ignores it).
public struct KeychainTokenStore: TokenStore {
    /// When the stored token can be read (`kSecAttrAccessible`); applied on every save.
    public enum Accessibility: Sendable, Hashable {
        /// After the first unlock since boot, on this device only: background work can read it; no backup
        /// restores it elsewhere. The default.
        case afterFirstUnlockThisDeviceOnly
        /// After the first unlock since boot; moves to a new device with an encrypted backup.
        case afterFirstUnlock
        /// Only while the device is unlocked, on this device only.
        case whenUnlockedThisDeviceOnly
        /// Only while the device is unlocked; moves to a new device with an encrypted backup.
        case whenUnlocked

        var attribute: CFString {
            switch self {
            case .afterFirstUnlockThisDeviceOnly: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            case .afterFirstUnlock: kSecAttrAccessibleAfterFirstUnlock
            case .whenUnlockedThisDeviceOnly: kSecAttrAccessibleWhenUnlockedThisDeviceOnly
            case .whenUnlocked: kSecAttrAccessibleWhenUnlocked
            }
        }
    }

    /// The Keychain service the items belong to, such as the app's bundle identifier.
    public let service: String
    /// The keychain access group shared with extensions and widgets (`TEAMID.com.example.shared`); nil for the
    /// app's default group.
    public let accessGroup: String?
    /// When the token can be read.
    public let accessibility: Accessibility
    /// Whether the data-protection keychain is used (always on iOS); false on macOS for the login keychain.
    public let dataProtection: Bool

    /// A store under `service`, in `accessGroup` (nil: the app's own), readable as `accessibility` says.
    public init(
        service: String, accessGroup: String? = nil, accessibility: Accessibility = .afterFirstUnlockThisDeviceOnly,
        dataProtection: Bool = true
    ) {
        self.service = service
        self.accessGroup = accessGroup
        self.accessibility = accessibility
        self.dataProtection = dataProtection
    }

    public func load(_ key: String) throws -> SignedInPlayer? {
        var query = item(key)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: AnyObject?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess, let data = result as? Data else { throw failure(status, "read") }
        return try StoredJSON.decoder.decode(SignedInPlayer.self, from: data)
    }

    public func save(_ player: SignedInPlayer, as key: String) throws {
        let data = try StoredJSON.encoder.encode(player)
        let attributes: [String: Any] = [kSecValueData as String: data, kSecAttrAccessible as String: accessibility.attribute]
        let status = SecItemUpdate(item(key) as CFDictionary, attributes as CFDictionary)
        if status == errSecItemNotFound {
            let added = SecItemAdd(item(key).merging(attributes) { $1 } as CFDictionary, nil)
            guard added == errSecSuccess else { throw failure(added, "save") }
        } else if status != errSecSuccess {
            throw failure(status, "save")
        }
    }

    public func delete(_ key: String) throws {
        let status = SecItemDelete(item(key) as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw failure(status, "delete") }
    }

    private func item(_ key: String) -> [String: Any] {
        var item: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
            kSecAttrAccount as String: key,
        ]
        // Left out, macOS uses the file-based login keychain; iOS always uses the data-protection one.
        if dataProtection { item[kSecUseDataProtectionKeychain as String] = true }
        if let accessGroup { item[kSecAttrAccessGroup as String] = accessGroup }
        return item
    }

    private func failure(_ status: OSStatus, _ operation: String) -> KeychainError {
        KeychainError(status: status, operation: operation, systemMessage: SecCopyErrorMessageString(status, nil) as String?)
    }
}
#endif
