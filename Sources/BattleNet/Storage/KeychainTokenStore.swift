#if canImport(Security)
import Foundation
import Security

/// A token store in the Keychain: one generic password per key under `service`. Apple only, and kept thin: the
/// stored form is ``StoredJSON``'s, as in ``FileTokenStore``, and the errors are ``KeychainError``s.
///
/// It uses the data-protection keychain (the iOS keychain, also on macOS), which needs a signed app: an unsigned
/// macOS build or a command-line tool (`swift run`) gets ``KeychainError/missingEntitlement`` (-34018) there, and
/// passes `dataProtection: false` to use the file-based login keychain instead (macOS only; other platforms ignore
/// it). The login keychain has no accessibility classes and no access groups: `accessibility` is not applied there,
/// and an `accessGroup` is refused with ``KeychainConfigurationError`` on every call.
public struct KeychainTokenStore: TokenStore {
    /// When the stored token can be read (`kSecAttrAccessible`); applied on every save to the data-protection keychain.
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
    private let platform: KeychainItemRules.Platform

    /// A store under `service`, in `accessGroup` (nil: the app's own), readable as `accessibility` says.
    public init(
        service: String, accessGroup: String? = nil, accessibility: Accessibility = .afterFirstUnlockThisDeviceOnly,
        dataProtection: Bool = true
    ) {
        self.init(
            service: service, accessGroup: accessGroup, accessibility: accessibility, dataProtection: dataProtection,
            platform: .current)
    }

    /// A store applying `platform`'s keychain rules (the tests' way to apply macOS's on another platform).
    init(
        service: String, accessGroup: String?, accessibility: Accessibility, dataProtection: Bool,
        platform: KeychainItemRules.Platform
    ) {
        self.service = service
        self.accessGroup = accessGroup
        self.accessibility = accessibility
        self.dataProtection = dataProtection
        self.platform = platform
    }

    public func load(_ key: String) throws -> SignedInPlayer? {
        var query = try item(key)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: AnyObject?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess, let data = result as? Data else { throw failure(status, "read") }
        return try StoredJSON.decoder.decode(SignedInPlayer.self, from: data)
    }

    public func save(_ player: SignedInPlayer, as key: String) throws {
        let query = try item(key)
        let data = try StoredJSON.encoder.encode(player)
        var attributes: [String: Any] = [kSecValueData as String: data]
        if try rules().setsAccessibility { attributes[kSecAttrAccessible as String] = accessibility.attribute }
        let status = SecItemUpdate(query as CFDictionary, attributes as CFDictionary)
        if status == errSecItemNotFound {
            let added = SecItemAdd(query.merging(attributes) { $1 } as CFDictionary, nil)
            guard added == errSecSuccess else { throw failure(added, "save") }
        } else if status != errSecSuccess {
            throw failure(status, "save")
        }
    }

    public func delete(_ key: String) throws {
        let status = SecItemDelete(try item(key) as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw failure(status, "delete") }
    }

    private func rules() throws(KeychainConfigurationError) -> KeychainItemRules {
        try KeychainItemRules(dataProtection: dataProtection, accessGroup: accessGroup, platform: platform)
    }

    private func item(_ key: String) throws(KeychainConfigurationError) -> [String: Any] {
        let rules = try rules()
        var item: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
            kSecAttrAccount as String: key,
        ]
        // Left out, macOS uses the file-based login keychain; other platforms always use the data-protection one.
        if rules.usesDataProtectionKeychain { item[kSecUseDataProtectionKeychain as String] = true }
        if let accessGroup = rules.accessGroup { item[kSecAttrAccessGroup as String] = accessGroup }
        return item
    }

    private func failure(_ status: OSStatus, _ operation: String) -> KeychainError {
        KeychainError(status: status, operation: operation, systemMessage: SecCopyErrorMessageString(status, nil) as String?)
    }
}
#endif
