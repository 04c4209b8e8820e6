// Where ASWebAuthenticationSession can present (iOS, macOS, visionOS, Mac Catalyst), and on Linux against the
// stand-ins of scripts/check-apple-sources.sh, which type-check and run this file.
#if canImport(AuthenticationServices) && !os(tvOS) && !os(watchOS)
import AuthenticationServices
import Foundation
#if canImport(SwiftUI)
import SwiftUI
#endif

// Apple only, and kept thin: every decision is in RelaySignIn and PlayerSession, which the Linux tests cover.
//
// Ephemeral or not is the app's choice. Ephemeral (`ephemeral: true`): the sheet shares no cookies with Safari, so
// iOS asks no "wants to use ... to sign in" question first, but the player signs in to Battle.net every time.
// Shared (the default): the system asks that question on each sign-in, and a player signed in to Battle.net in
// Safari only approves. Renewal (`renew`) is always shared: that is what lets Battle.net answer without input. Either way the relay's browser binding lasts for the sheet's lifetime, which is all it needs.

extension RelaySignIn {
    /// Runs the sign-in in an `ASWebAuthenticationSession` presented from `anchor` (a window). Closing the sheet
    /// and cancelling the task are ``SignInResult/cancelled``; cancelling the task also dismisses the sheet.
    @MainActor
    public func run(presentingFrom anchor: ASPresentationAnchor, ephemeral: Bool = false) async -> SignInResult {
        let presenter = WebAuthenticationPresenter(anchor: anchor, ephemeral: ephemeral)
        return await run { @MainActor attempt in try await presenter.present(attempt) }
    }
}

extension PlayerSession {
    /// ``signIn(present:)`` in an `ASWebAuthenticationSession` presented from `anchor` (a window), as
    /// ``RelaySignIn/run(presentingFrom:ephemeral:)`` shows it.
    @MainActor
    @discardableResult
    public func signIn(presentingFrom anchor: ASPresentationAnchor, ephemeral: Bool = false) async -> SignInResult {
        await signIn { @MainActor attempt in
            try await WebAuthenticationPresenter(anchor: anchor, ephemeral: ephemeral).present(attempt)
        }
    }

    /// ``renew(present:)`` in an `ASWebAuthenticationSession` presented from `anchor`, never ephemeral: the sheet
    /// shares Safari's cookies, so Battle.net, which remembers the player and the app's consent, can answer
    /// without input.
    @MainActor
    public func renew(presentingFrom anchor: ASPresentationAnchor) async -> SignInResult? {
        await renew { @MainActor attempt in
            try await WebAuthenticationPresenter(anchor: anchor, ephemeral: false).present(attempt)
        }
    }

    #if canImport(SwiftUI)
    /// ``renew(present:)`` in SwiftUI's `webAuthenticationSession`, with the shared (not ephemeral) browser session.
    @MainActor
    public func renew(using webAuthenticationSession: WebAuthenticationSession) async -> SignInResult? {
        await renew { @MainActor attempt in
            do {
                return try await webAuthenticationSession.authenticate(
                    using: attempt.url, callbackURLScheme: attempt.callbackScheme, preferredBrowserSession: .shared)
            } catch ASWebAuthenticationSessionError.canceledLogin {
                return nil
            }
        }
    }

    /// ``signIn(present:)`` in SwiftUI's `webAuthenticationSession` (from the view's environment).
    @MainActor
    @discardableResult
    public func signIn(using webAuthenticationSession: WebAuthenticationSession, ephemeral: Bool = false) async -> SignInResult {
        await signIn { @MainActor attempt in
            do {
                return try await webAuthenticationSession.authenticate(
                    using: attempt.url, callbackURLScheme: attempt.callbackScheme,
                    preferredBrowserSession: ephemeral ? .ephemeral : .shared)
            } catch ASWebAuthenticationSessionError.canceledLogin {
                return nil
            }
        }
    }
    #endif
}

/// Shows one `ASWebAuthenticationSession` and returns the callback URL, or nil when the player cancelled; a
/// cancelled task dismisses it and throws `CancellationError`.
@MainActor
private final class WebAuthenticationPresenter: NSObject, ASWebAuthenticationPresentationContextProviding {
    private let anchor: ASPresentationAnchor
    private let ephemeral: Bool
    private var session: ASWebAuthenticationSession?

    init(anchor: ASPresentationAnchor, ephemeral: Bool) {
        self.anchor = anchor
        self.ephemeral = ephemeral
    }

    func present(_ attempt: SignInAttempt) async throws -> URL? {
        defer { session = nil }
        let once = ResumeOnce()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                once.set(continuation)
                guard !Task.isCancelled else { return once.resume(.failure(CancellationError())) }
                // @Sendable: the system calls the handler on a queue of its choosing (macOS off the main thread),
                // so it must not inherit this method's main-actor isolation (Swift 6 would check it and trap).
                let session = ASWebAuthenticationSession(url: attempt.url, callbackURLScheme: attempt.callbackScheme) {
                    @Sendable url, error in
                    if let url {
                        once.resume(.success(url))
                    } else if let error, !RelaySignIn.isCancellation(error) {
                        once.resume(.failure(error))
                    } else {
                        once.resume(.success(nil))
                    }
                }
                session.prefersEphemeralWebBrowserSession = ephemeral
                session.presentationContextProvider = self
                self.session = session
                // A session that cannot start (no window, or one that cannot present) is a failure, not the
                // player's Cancel; the handler may also report why, and whichever comes first decides.
                if !session.start() { once.resume(.failure(SheetNotStarted())) }
            }
        } onCancel: {
            Task { @MainActor in
                self.session?.cancel()
                once.resume(.failure(CancellationError()))
            }
        }
    }

    nonisolated func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor {
        MainActor.assumeIsolated { anchor }
    }
}

/// `ASWebAuthenticationSession.start()` refused to show the sheet.
private struct SheetNotStarted: LocalizedError {
    var errorDescription: String? {
        "the system refused to start the browser sheet (the window it was given cannot present it; sign in from a "
            + "window of a scene in the foreground)"
    }
}

/// A continuation resumed by whichever comes first: the session's handler, a failed start or a cancellation.
private final class ResumeOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<URL?, any Error>?
    private var done = false

    func set(_ continuation: CheckedContinuation<URL?, any Error>) {
        lock.withLock { self.continuation = continuation }
    }

    func resume(_ result: Result<URL?, any Error>) {
        let continuation = lock.withLock { () -> CheckedContinuation<URL?, any Error>? in
            guard !done, let continuation = self.continuation else { return nil }
            done = true
            return continuation
        }
        continuation?.resume(with: result)
    }
}
#endif
