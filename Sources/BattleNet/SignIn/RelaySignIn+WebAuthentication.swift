#if canImport(AuthenticationServices) && (os(iOS) || os(macOS) || os(visionOS))
import AuthenticationServices
import Foundation

// Apple only, and kept thin: every decision is in RelaySignIn, which the Linux tests cover.
extension RelaySignIn {
    /// Runs the sign-in in an `ASWebAuthenticationSession` presented from `anchor` (a window). Closing the sheet
    /// is ``SignInResult/cancelled``.
    @MainActor
    public func run(presentingFrom anchor: ASPresentationAnchor) async -> SignInResult {
        let presenter = WebAuthenticationPresenter(anchor: anchor)
        return await run { attempt in try await presenter.present(attempt) }
    }
}

/// Shows one `ASWebAuthenticationSession` and returns the callback URL, or nil when the player cancelled.
@MainActor
private final class WebAuthenticationPresenter: NSObject, ASWebAuthenticationPresentationContextProviding {
    private let anchor: ASPresentationAnchor
    private var session: ASWebAuthenticationSession?

    init(anchor: ASPresentationAnchor) {
        self.anchor = anchor
    }

    func present(_ attempt: SignInAttempt) async throws -> URL? {
        defer { session = nil }
        return try await withCheckedThrowingContinuation { continuation in
            let once = ResumeOnce(continuation)
            let session = ASWebAuthenticationSession(url: attempt.url, callbackURLScheme: attempt.callbackScheme) { url, error in
                if let url {
                    once.resume(.success(url))
                } else if (error as? ASWebAuthenticationSessionError)?.code == .canceledLogin {
                    once.resume(.success(nil))
                } else {
                    once.resume(.failure(error ?? CancellationError()))
                }
            }
            // Not ephemeral: the relay binds the login to this browser with a cookie it must keep until the callback.
            session.prefersEphemeralWebBrowserSession = false
            session.presentationContextProvider = self
            self.session = session
            if !session.start() { once.resume(.failure(CancellationError())) }
        }
    }

    nonisolated func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor {
        MainActor.assumeIsolated { anchor }
    }
}
/// A continuation resumed by whichever comes first: the session's handler or a failed start.
private final class ResumeOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<URL?, any Error>?

    init(_ continuation: CheckedContinuation<URL?, any Error>) {
        self.continuation = continuation
    }

    func resume(_ result: Result<URL?, any Error>) {
        let continuation = lock.withLock { () -> CheckedContinuation<URL?, any Error>? in
            defer { self.continuation = nil }
            return self.continuation
        }
        continuation?.resume(with: result)
    }
}
#endif
