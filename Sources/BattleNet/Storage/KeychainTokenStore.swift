#if canImport(Security)
import Foundation
import Security

/// A token store in the Keychain: one generic password per key under `service`, readable only on this device
/// after its first unlock. Apple only, and kept thin: the stored form is ``StoredJSON``'s, as in ``FileTokenStore``.
public struct KeychainTokenStore: TokenStore {
    /// The Keychain service the items belong to, such as the app's bundle identifier.
    public let service: String

    /// A store under `service`.
    public init(service: String) {
        self.service = service
    }

    /// Why the Keychain refused.
    public struct Failure: Error, CustomStringConvertible {
        /// The Keychain's status code.
        public var status: OSStatus
        public var description: String {
            "the Keychain refused (\(status): \(SecCopyErrorMessageString(status, nil) as String? ?? "unknown error"))"
        }
    }

    public func load(_ key: String) throws -> SignedInPlayer? {
        var query = item(key)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: AnyObject?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess, let data = result as? Data else { throw Failure(status: status) }
        return try StoredJSON.decoder.decode(SignedInPlayer.self, from: data)
    }

    public func save(_ player: SignedInPlayer, as key: String) throws {
        let data = try StoredJSON.encoder.encode(player)
        let status = SecItemUpdate(item(key) as CFDictionary, [kSecValueData as String: data] as CFDictionary)
        if status == errSecItemNotFound {
            var add = item(key)
            add[kSecValueData as String] = data
            add[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            let added = SecItemAdd(add as CFDictionary, nil)
            guard added == errSecSuccess else { throw Failure(status: added) }
        } else if status != errSecSuccess {
            throw Failure(status: status)
        }
    }

    public func delete(_ key: String) throws {
        let status = SecItemDelete(item(key) as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw Failure(status: status) }
    }

    private func item(_ key: String) -> [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
            kSecAttrAccount as String: key, kSecUseDataProtectionKeychain as String: true,
        ]
    }
}
#endif
