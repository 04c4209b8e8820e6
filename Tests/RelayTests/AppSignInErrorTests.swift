import BattleNet
import BattleNetEmulator
import BattleNetURLSession
import Foundation
import RelayApp
import RelayServer
import Testing

/// What an app is told when a sign-in cannot start, against the relay in process over the URLSession transport:
/// each cause its own ``SignInFailure/Reason``, with a message that says what to do, before any sheet is shown.
@Suite("App sign-in errors an app can act on", .serialized, .timeLimit(.minutes(2)))
struct AppSignInErrorTests {
    /// Starts a sign-in that must fail before any sheet; returns the failure.
    private func failure(_ signIn: RelaySignIn) async throws -> SignInFailure {
        let result = await signIn.run { _ in
            Issue.record("a sheet was shown for a sign-in that cannot succeed")
            return nil
        }
        guard case .failed(let failure) = result else {
            Issue.record("expected a failure, got \(result)")
            throw CancellationError()
        }
        #expect(!failure.description.hasSuffix(".."), "\(failure.description)")
        #expect(failure.description.hasSuffix("."), "\(failure.description)")
        #expect(failure.recoverySuggestion?.isEmpty == false)
        return failure
    }

    /// A sign-in client of `url` for `app`, over `transport` (a test relay's, which reaches the relay at its public
    /// URL, where its metadata points), or URLSession.
    private func signIn(
        _ url: URL, app: String = "myapp", transport: any HTTPTransport = URLSessionTransport.shared
    ) -> RelaySignIn {
        RelaySignIn(relayURL: url, app: app, transport: transport)
    }

    @Test("An unknown app, an app without its scheme's return (poll mode) and a URL that is not a relay are told apart at start")
    func refusedAtStart() async throws {
        try await withRelay { relay in
            let unknown = try await failure(signIn(relay.baseURL, app: "nosuchapp", transport: relay.transport))
            #expect(unknown.reason == .unknownApp)
            #expect(unknown.description.contains("--app nosuchapp=redirect"))

            let poll = try await failure(signIn(relay.baseURL, app: "d3", transport: relay.transport))
            #expect(poll.reason == .unknownApp)
            #expect(poll.description.contains("d3://bnet-relay/callback") && poll.description.contains("--app d3=redirect"))
            #expect(await relay.emulator.state.count("authorize") == 0, "asked without sending anyone to Battle.net")

            // The emulator is an OAuth server, but not a relay: no RFC 8414 metadata.
            let notRelay = try await failure(signIn(relay.emulator.baseURL, transport: relay.transport))
            #expect(notRelay.reason == .notARelay)
            #expect(notRelay.description.contains("is not a bnet-relay"))
            let wrongPath = try await failure(signIn(relay.baseURL.appending(path: "oauth"), transport: relay.transport))
            #expect(wrongPath.reason == .notARelay)
        }
    }

    @Test("Rate limited: the relay's refusal comes back to the app, with advice to wait")
    func rateLimited() async throws {
        try await withRelay({ $0.startsPerMinute = 1; $0.startsPerMinutePer56 = 1; $0.startsPerMinutePer48 = 1 }) { relay in
            // The browser's first step at the relay: a sign-in started (to Battle.net) or refused (back to the app).
            let firstStep: @Sendable (SignInAttempt) async throws -> URL? = { attempt in
                try await relay.transport.send(TransportRequest(url: attempt.url, timeout: .seconds(10))).header("Location")
                    .flatMap(URL.init(string:))
            }
            let first = await signIn(relay.baseURL, transport: relay.transport).run(present: firstStep)
            #expect(first == .failed(SignInFailure(.unrecognisedCallback, first.failureDescription)), "it went to Battle.net")
            let limited = await signIn(relay.baseURL, transport: relay.transport).run(present: firstStep)
            guard case .failed(let failure) = limited else { Issue.record("got \(limited)"); return }
            #expect(failure.reason == .rateLimited)
            #expect(failure.retryAfter == .seconds(60))
            #expect(failure.description.contains("Wait a minute"))
            #expect(failure.recoverySuggestion?.isEmpty == false)
        }
    }

    @Test("A relay that cannot be reached is unreachable")
    func unreachable() async throws {
        let dead = try await failure(signIn(try #require(URL(string: "http://127.0.0.1:1"))))
        #expect(dead.reason == .unreachable)
        #expect(dead.description.contains("could not be reached"))
    }

    @Test("A forged or early callback is reported at once: the token request asks for no hold")
    func forgedCallbackAtOnce() async throws {
        try await withRelay { relay in
            let signIn = signIn(relay.baseURL, transport: relay.transport)
            let attempt = try await signIn.start()
            let forged = try #require(URL(string: "myapp://bnet-relay/callback?result=approved&callback_code=forged"))
            let result = await signIn.finish(attempt, callbackURL: forged)
            guard case .failed(let failure) = result else { Issue.record("got \(result)"); return }
            #expect(failure.reason == .unrecognisedCallback, "not the answer to this sign-in: the relay is not asked")
        }
    }
}

extension SignInResult {
    /// A failed result's description, for comparing whole results.
    fileprivate var failureDescription: String {
        if case .failed(let failure) = self { return failure.description }
        return "not a failure: \(self)"
    }
}
