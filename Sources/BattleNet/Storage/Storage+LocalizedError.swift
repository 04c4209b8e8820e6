import Foundation

extension PrivateFiles.Failure: LocalizedError {
    public var errorDescription: String? { description }
    public var recoverySuggestion: String? { "Follow the command in the message, then sign in again." }
}

extension KeychainError: LocalizedError {
    public var errorDescription: String? { description }
    public var recoverySuggestion: String? {
        switch status {
        case Self.missingEntitlement:
            "Sign the app with a development team (Xcode adds the keychain-access-groups entitlement), or, for a "
                + "command-line tool or an unsigned macOS build, use KeychainTokenStore(service:dataProtection: false), "
                + "which keeps the token in the login keychain."
        case Self.interactionNotAllowed:
            "Try again once the device is unlocked; for work in the background while it is locked, store the token "
                + "with accessibility .afterFirstUnlockThisDeviceOnly (the default)."
        default:
            "Sign in again; if this persists, delete the app's Keychain items (or reinstall the app)."
        }
    }
}
