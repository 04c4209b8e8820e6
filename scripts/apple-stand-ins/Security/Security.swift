// Stand-in for the part of Apple's Security framework that KeychainTokenStore uses (the SecItem functions, their
// kSec keys and values, and the Core Foundation types they are declared with), compiled only by
// scripts/check-apple-sources.sh so that Apple-only files type-check and run on Linux in Swift 6 mode. Each
// declaration is transcribed from the documentation page named above it; availability attributes are kept for the
// reader (Linux does not enforce them). Behind the functions is an in-memory keychain that applies the rules the
// documentation states (see `StandInKeychain`); nothing here ships.
import Foundation

/// https://developer.apple.com/documentation/corefoundation/cfstring (toll-free bridged with NSString).
public typealias CFString = NSString
/// https://developer.apple.com/documentation/corefoundation/cfdictionary (toll-free bridged with NSDictionary).
public typealias CFDictionary = NSDictionary
/// https://developer.apple.com/documentation/corefoundation/cftyperef
public typealias CFTypeRef = AnyObject
/// https://developer.apple.com/documentation/kernel/osstatus
public typealias OSStatus = Int32

/// https://developer.apple.com/documentation/security/errsecsuccess
public var errSecSuccess: OSStatus { 0 }
/// https://developer.apple.com/documentation/security/errsecitemnotfound
public var errSecItemNotFound: OSStatus { -25300 }
/// https://developer.apple.com/documentation/security/errsecduplicateitem
public var errSecDuplicateItem: OSStatus { -25299 }
/// https://developer.apple.com/documentation/security/errsecparam
public var errSecParam: OSStatus { -50 }
/// https://developer.apple.com/documentation/security/errsecmissingentitlement
public var errSecMissingEntitlement: OSStatus { -34018 }

// Item class, attribute, search and return keys and values: `let kSec…: CFString` on each page
// (https://developer.apple.com/documentation/security/item-class-keys-and-values,
// .../item-attribute-keys-and-values, .../search-attribute-keys-and-values, .../item-return-result-keys). The
// strings are the values the SDK's constants hold. Imported C constants are not checked for Sendable-ness, hence
// nonisolated(unsafe).

/// https://developer.apple.com/documentation/security/ksecclass
nonisolated(unsafe) public let kSecClass: CFString = "class"
/// https://developer.apple.com/documentation/security/ksecclassgenericpassword
nonisolated(unsafe) public let kSecClassGenericPassword: CFString = "genp"
/// https://developer.apple.com/documentation/security/ksecattrservice
nonisolated(unsafe) public let kSecAttrService: CFString = "svce"
/// https://developer.apple.com/documentation/security/ksecattraccount
nonisolated(unsafe) public let kSecAttrAccount: CFString = "acct"
/// https://developer.apple.com/documentation/security/ksecattraccessgroup
/// "iOS; also macOS if kSecAttrSynchronizable and/or kSecUseDataProtectionKeychain set".
nonisolated(unsafe) public let kSecAttrAccessGroup: CFString = "agrp"
/// https://developer.apple.com/documentation/security/ksecattraccessible
/// "You can use this attribute for macOS keychain items only if you also set a value of true for the
/// kSecUseDataProtectionKeychain key, the kSecAttrSynchronizable key, or both."
nonisolated(unsafe) public let kSecAttrAccessible: CFString = "pdmn"
/// https://developer.apple.com/documentation/security/ksecattraccessibleafterfirstunlockthisdeviceonly
nonisolated(unsafe) public let kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: CFString = "cku"
/// https://developer.apple.com/documentation/security/ksecattraccessibleafterfirstunlock
nonisolated(unsafe) public let kSecAttrAccessibleAfterFirstUnlock: CFString = "ck"
/// https://developer.apple.com/documentation/security/ksecattraccessiblewhenunlockedthisdeviceonly
nonisolated(unsafe) public let kSecAttrAccessibleWhenUnlockedThisDeviceOnly: CFString = "aku"
/// https://developer.apple.com/documentation/security/ksecattraccessiblewhenunlocked
nonisolated(unsafe) public let kSecAttrAccessibleWhenUnlocked: CFString = "ak"
/// https://developer.apple.com/documentation/security/ksecattrsynchronizable
nonisolated(unsafe) public let kSecAttrSynchronizable: CFString = "sync"
/// https://developer.apple.com/documentation/security/ksecusedataprotectionkeychain (iOS 13.0+, macOS 10.15+):
/// "The data protection key affects operations only in macOS."
nonisolated(unsafe) public let kSecUseDataProtectionKeychain: CFString = "nleg"
/// https://developer.apple.com/documentation/security/ksecvaluedata
nonisolated(unsafe) public let kSecValueData: CFString = "v_Data"
/// https://developer.apple.com/documentation/security/ksecreturndata
nonisolated(unsafe) public let kSecReturnData: CFString = "r_Data"
/// https://developer.apple.com/documentation/security/ksecmatchlimit
nonisolated(unsafe) public let kSecMatchLimit: CFString = "m_Limit"
/// https://developer.apple.com/documentation/security/ksecmatchlimitone
nonisolated(unsafe) public let kSecMatchLimitOne: CFString = "m_LimitOne"

/// https://developer.apple.com/documentation/security/secitemcopymatching(_:_:)
/// `func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus`
public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    StandInKeychain.shared.copyMatching(query, result)
}

/// https://developer.apple.com/documentation/security/secitemadd(_:_:)
/// `func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus`
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    StandInKeychain.shared.add(attributes)
}

/// https://developer.apple.com/documentation/security/secitemupdate(_:_:)
/// `func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus`
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus {
    StandInKeychain.shared.update(query, attributesToUpdate)
}

/// https://developer.apple.com/documentation/security/secitemdelete(_:)
/// `func SecItemDelete(_ query: CFDictionary) -> OSStatus`
public func SecItemDelete(_ query: CFDictionary) -> OSStatus {
    StandInKeychain.shared.delete(query)
}

/// https://developer.apple.com/documentation/security/seccopyerrormessagestring(_:_:)
/// `func SecCopyErrorMessageString(_ status: OSStatus, _ reserved: UnsafeMutableRawPointer?) -> CFString?`
public func SecCopyErrorMessageString(_ status: OSStatus, _ reserved: UnsafeMutableRawPointer?) -> CFString? {
    switch status {
    case errSecParam: "One or more parameters passed to a function were not valid."
    case errSecMissingEntitlement: "A required entitlement isn't present."
    case errSecItemNotFound: "The specified item could not be found in the keychain."
    default: nil
    }
}

/// Stand-in only, not an Apple API: the keychain behind the SecItem functions. Generic passwords are kept by
/// service, account and access group. It refuses, with `errSecParam`, what the documentation rules out: on macOS,
/// `kSecAttrAccessible` or `kSecAttrAccessGroup` without `kSecUseDataProtectionKeychain` (or
/// `kSecAttrSynchronizable`) set to true; and, for an unsigned macOS program (`signed` false), the data-protection
/// keychain answers `errSecMissingEntitlement` (-34018).
public final class StandInKeychain: @unchecked Sendable {
    /// The platform whose rules apply.
    public enum Platform: Sendable { case iOS, macOS }

    public static let shared = StandInKeychain()

    private let lock = NSLock()
    private var items: [[String]: Data] = [:]
    private var platformValue = Platform.iOS
    private var signedValue = true

    /// The platform whose rules apply (iOS by default).
    public var platform: Platform {
        get { lock.withLock { platformValue } }
        set { lock.withLock { platformValue = newValue } }
    }

    /// Whether the program is signed with a keychain access group (macOS's data-protection keychain needs it).
    public var signed: Bool {
        get { lock.withLock { signedValue } }
        set { lock.withLock { signedValue = newValue } }
    }

    /// Removes every item.
    public func reset() {
        lock.withLock { items = [:] }
    }

    func copyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
        let query = Query(query)
        if let refusal = refusal(query) { return refusal }
        guard let data = lock.withLock({ items[query.key] }) else { return errSecItemNotFound }
        if query.bool(kSecReturnData) { result?.pointee = NSData(data: data) }
        return errSecSuccess
    }

    func add(_ attributes: CFDictionary) -> OSStatus {
        let query = Query(attributes)
        if let refusal = refusal(query) { return refusal }
        guard let data = query.data(kSecValueData) else { return errSecParam }
        return lock.withLock {
            guard items[query.key] == nil else { return errSecDuplicateItem }
            items[query.key] = data
            return errSecSuccess
        }
    }

    func update(_ query: CFDictionary, _ attributes: CFDictionary) -> OSStatus {
        let query = Query(query)
        let changes = Query(attributes)
        if let refusal = refusal(query) ?? refusal(Query(query, adding: changes)) { return refusal }
        return lock.withLock {
            guard items[query.key] != nil else { return errSecItemNotFound }
            if let data = changes.data(kSecValueData) { items[query.key] = data }
            return errSecSuccess
        }
    }

    func delete(_ query: CFDictionary) -> OSStatus {
        let query = Query(query)
        if let refusal = refusal(query) { return refusal }
        return lock.withLock { items.removeValue(forKey: query.key) == nil ? errSecItemNotFound : errSecSuccess }
    }

    /// The documented rules, as a status; nil when the request is allowed.
    private func refusal(_ query: Query) -> OSStatus? {
        guard query.string(kSecClass) == kSecClassGenericPassword.description else { return errSecParam }
        guard platform == .macOS else { return nil }
        let dataProtection = query.bool(kSecUseDataProtectionKeychain) || query.bool(kSecAttrSynchronizable)
        if !dataProtection, query.has(kSecAttrAccessible) || query.has(kSecAttrAccessGroup) { return errSecParam }
        if query.bool(kSecUseDataProtectionKeychain), !signed { return errSecMissingEntitlement }
        return nil
    }
}

/// A query or attribute dictionary, read by key. Core Foundation hands over bridged objects (NSString, NSNumber,
/// NSData), or Swift values boxed as they were: both are read.
private struct Query {
    private var values: [String: Any] = [:]

    init(_ dictionary: CFDictionary) {
        for (key, value) in dictionary {
            if let key = Self.string(key) { values[key] = value }
        }
    }

    init(_ query: Query, adding other: Query) {
        values = query.values.merging(other.values) { $1 }
    }

    var key: [String] {
        [string(kSecAttrService) ?? "", string(kSecAttrAccount) ?? "", string(kSecAttrAccessGroup) ?? ""]
    }

    func has(_ key: CFString) -> Bool { value(key) != nil }

    func bool(_ key: CFString) -> Bool {
        guard let value = value(key) else { return false }
        return (value as? Bool) ?? (value as? NSNumber)?.boolValue ?? false
    }

    func string(_ key: CFString) -> String? { value(key).flatMap(Self.string) }

    func data(_ key: CFString) -> Data? {
        guard let value = value(key) else { return nil }
        return (value as? Data) ?? (value as? NSData).map { Data(referencing: $0) }
    }

    private func value(_ key: CFString) -> Any? { values[key.description] }

    private static func string(_ value: Any) -> String? {
        (value as? String) ?? (value as? NSString)?.description
    }
}
