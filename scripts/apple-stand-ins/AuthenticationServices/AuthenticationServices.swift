// Stand-in for the part of Apple's AuthenticationServices that the package and its examples use, compiled only by
// scripts/check-apple-sources.sh so that Apple-only files type-check and run on Linux in Swift 6 mode. Each
// declaration is transcribed from the documentation page named above it, with its actor isolation and Sendable-ness
// (an Objective-C class and its completion handler are not Sendable; the presentation-context protocol is
// @MainActor); availability attributes are kept for the reader (Linux does not enforce them). The session's
// behaviour is the documented one, played by `StandInBrowser` (this stand-in's only addition). Nothing here ships.
import Foundation
import UIKit

/// https://developer.apple.com/documentation/authenticationservices/aspresentationanchor
/// `typealias ASPresentationAnchor = UIWindow` on iOS (`NSWindow` on macOS).
@available(iOS 12.0, macOS 10.15, *)
public typealias ASPresentationAnchor = UIWindow

/// https://developer.apple.com/documentation/authenticationservices/aswebauthenticationpresentationcontextproviding
/// `@MainActor protocol ASWebAuthenticationPresentationContextProviding : NSObjectProtocol` (iOS 13.0+, macOS 10.15+).
@available(iOS 13.0, macOS 10.15, *)
@MainActor
public protocol ASWebAuthenticationPresentationContextProviding: NSObjectProtocol {
    /// https://developer.apple.com/documentation/authenticationservices/aswebauthenticationpresentationcontextproviding/presentationanchor(for:)
    func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor
}

/// https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsessionerrordomain
/// `let ASWebAuthenticationSessionErrorDomain: String` (iOS 12.0+).
@available(iOS 12.0, macOS 10.15, *)
public let ASWebAuthenticationSessionErrorDomain = "com.apple.AuthenticationServices.WebAuthenticationSession"

/// https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsessionerror
/// `struct ASWebAuthenticationSessionError` (an imported NS_ERROR_ENUM: `CustomNSError`, `Hashable`), with
/// https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsessionerror/code
/// `enum Code : Int, @unchecked Sendable` (canceledLogin 1, presentationContextNotProvided 2,
/// presentationContextInvalid 3).
@available(iOS 12.0, macOS 10.15, *)
public struct ASWebAuthenticationSessionError: CustomNSError, Hashable {
    public enum Code: Int, @unchecked Sendable, Equatable {
        case canceledLogin = 1
        case presentationContextNotProvided = 2
        case presentationContextInvalid = 3
    }

    public let code: Code

    public init(_ code: Code) {
        self.code = code
    }

    public static var errorDomain: String { ASWebAuthenticationSessionErrorDomain }
    public var errorCode: Int { code.rawValue }

    public static var canceledLogin: Code { .canceledLogin }
    public static var presentationContextNotProvided: Code { .presentationContextNotProvided }
    public static var presentationContextInvalid: Code { .presentationContextInvalid }
}

/// Foundation's `~=` for imported error codes (`catch ASWebAuthenticationSessionError.canceledLogin`), which
/// matches by domain and code as Foundation's does for every `_ErrorCodeProtocol`.
public func ~= (match: ASWebAuthenticationSessionError.Code, error: any Error) -> Bool {
    let error = error as NSError
    return error.domain == ASWebAuthenticationSessionErrorDomain && error.code == match.rawValue
}

/// https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession
/// `class ASWebAuthenticationSession : NSObject` (iOS 12.0+, macOS 10.15+): not Sendable, not isolated.
@available(iOS 12.0, macOS 10.15, *)
public class ASWebAuthenticationSession: NSObject {
    /// https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/completionhandler
    /// `typealias CompletionHandler = (URL?, (any Error)?) -> Void`: not `@Sendable`, and called on whichever
    /// queue the system chooses (macOS calls it off the main thread).
    public typealias CompletionHandler = (URL?, (any Error)?) -> Void

    /// https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/presentationcontextprovider
    /// `weak var presentationContextProvider: (any ASWebAuthenticationPresentationContextProviding)?` (iOS 13.0+).
    public weak var presentationContextProvider: (any ASWebAuthenticationPresentationContextProviding)?
    /// https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/prefersephemeralwebbrowsersession
    /// `var prefersEphemeralWebBrowserSession: Bool` (iOS 13.0+).
    public var prefersEphemeralWebBrowserSession = false

    private let url: URL
    private let callbackURLScheme: String?
    private let completionHandler: CompletionHandler
    private var browser: Task<Void, Never>?
    private var started = false

    /// https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/init(url:callbackurlscheme:completionhandler:)-7fpox
    /// `init(url URL: URL, callbackURLScheme: String?, completionHandler: @escaping ASWebAuthenticationSession.CompletionHandler)`
    public init(url URL: URL, callbackURLScheme: String?, completionHandler: @escaping CompletionHandler) {
        url = URL
        self.callbackURLScheme = callbackURLScheme
        self.completionHandler = completionHandler
    }

    /// https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/canstart
    /// `var canStart: Bool { get }` (iOS 13.4+).
    public var canStart: Bool { !started }

    /// https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/start()
    /// `func start() -> Bool`: false when the session cannot start. Without a presentation context provider (or
    /// with an anchor that cannot present) the completion handler gets `presentationContextNotProvided`
    /// (`presentationContextInvalid`), as the header documents.
    public func start() -> Bool {
        guard !started else { return false }
        started = true
        guard let contextProvider = presentationContextProvider else {
            deliver(nil, ASWebAuthenticationSessionError(.presentationContextNotProvided))
            return false
        }
        // The provider is @MainActor: the system asks it on the main thread, as this does (and traps otherwise).
        nonisolated(unsafe) let provider = contextProvider
        nonisolated(unsafe) let session = self
        let anchor = MainActor.assumeIsolated { provider.presentationAnchor(for: session) }
        guard StandInBrowser.canPresent(from: anchor) else {
            deliver(nil, ASWebAuthenticationSessionError(.presentationContextInvalid))
            return false
        }
        let url = url
        let scheme = callbackURLScheme ?? ""
        browser = Task.detached {
            let result = await StandInBrowser.show(url, scheme)
            guard !Task.isCancelled else { return }
            switch result {
            case .success(let callback): session.deliver(callback, nil)
            case .failure(let error): session.deliver(nil, error)
            }
        }
        return true
    }

    /// https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/cancel()
    /// `func cancel()`: dismisses the sheet; the completion handler is not called.
    public func cancel() {
        guard let browser else { return }
        self.browser = nil
        browser.cancel()
        StandInBrowser.recordDismissal()
    }

    /// Calls the completion handler on `StandInBrowser.completionQueue`, as the system calls it on a queue of
    /// its choosing: the handler's own isolation is never assumed.
    private func deliver(_ url: URL?, _ error: (any Error)?) {
        nonisolated(unsafe) let handler = completionHandler
        StandInBrowser.completionQueue.async { handler(url, error) }
    }
}

/// Stand-in only, not an Apple API: the browser the check plays in code, and the queue the session calls its
/// completion handler on (set by the check: a background queue, then the main queue).
public enum StandInBrowser {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var browser: (@Sendable (URL, String) async -> Result<URL, any Error>)?
    nonisolated(unsafe) private static var queue = DispatchQueue.main
    nonisolated(unsafe) private static var dismissals = 0
    nonisolated(unsafe) private static var presentable = true

    /// Plays the browser: given the page and the callback scheme, the callback URL or the error the session
    /// reports (`ASWebAuthenticationSessionError(.canceledLogin)` when the player closes the sheet).
    public static func play(_ browser: @escaping @Sendable (URL, String) async -> Result<URL, any Error>) {
        lock.withLock { self.browser = browser }
    }

    /// The queue the completion handler is called on.
    public static var completionQueue: DispatchQueue {
        get { lock.withLock { queue } }
        set { lock.withLock { queue = newValue } }
    }

    /// Whether anchors can present (false: `presentationContextInvalid`, as a window outside a foreground scene).
    public static var anchorsCanPresent: Bool {
        get { lock.withLock { presentable } }
        set { lock.withLock { presentable = newValue } }
    }

    /// How many shown sheets `cancel()` dismissed.
    public static var dismissed: Int { lock.withLock { dismissals } }

    static func canPresent(from anchor: ASPresentationAnchor) -> Bool { anchorsCanPresent }

    static func recordDismissal() {
        lock.withLock { dismissals += 1 }
    }

    static func show(_ url: URL, _ scheme: String) async -> Result<URL, any Error> {
        guard let browser = lock.withLock({ self.browser }) else {
            return .failure(ASWebAuthenticationSessionError(.canceledLogin))
        }
        return await browser(url, scheme)
    }
}
