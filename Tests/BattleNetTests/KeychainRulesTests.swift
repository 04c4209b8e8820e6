@testable import BattleNet
import Foundation
import Testing

/// `KeychainTokenStore`'s attribute rules, from Apple's Security documentation, on every platform.
@Suite("Keychain attribute rules", .timeLimit(.minutes(1)))
struct KeychainRulesTests {
    @Test("macOS's login keychain gets no accessibility class and refuses an access group; data protection gets both")
    func macOS() throws {
        let login = try KeychainItemRules(dataProtection: false, accessGroup: nil, platform: .macOS)
        #expect(!login.usesDataProtectionKeychain && !login.setsAccessibility && login.accessGroup == nil)
        let error = #expect(throws: KeychainConfigurationError.self) {
            try KeychainItemRules(dataProtection: false, accessGroup: "TEAMID.com.example.shared", platform: .macOS)
        }
        #expect(error?.description.contains("dataProtection: false") == true)
        #expect(error?.recoverySuggestion?.isEmpty == false)
        let protected = try KeychainItemRules(dataProtection: true, accessGroup: "TEAMID.com.example.shared", platform: .macOS)
        #expect(protected.usesDataProtectionKeychain && protected.setsAccessibility)
        #expect(protected.accessGroup == "TEAMID.com.example.shared")
    }

    @Test("iOS and the other platforms always use the data-protection keychain: dataProtection: false is ignored")
    func dataProtectionOnly() throws {
        let rules = try KeychainItemRules(dataProtection: false, accessGroup: "TEAMID.com.example.shared", platform: .dataProtectionOnly)
        #expect(rules.usesDataProtectionKeychain && rules.setsAccessibility && rules.accessGroup != nil)
    }
}
