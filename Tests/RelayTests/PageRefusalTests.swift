import BattleNet
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RelayCore
import Testing

@testable import RelayServer

/// A person's browser is answered with a page, whatever goes wrong under a page route: the same status and
/// `Retry-After` as the API's JSON refusal, the pages' header policy, the sandbox banner when there is one.
@Suite("Pages render their own refusals", .timeLimit(.minutes(1)))
struct PageRefusalTests {
    /// A router as the relay's: JSON refusals around everything, pages' refusals around the page routes.
    static func router(sandbox: Bool) -> Router<RelayContext> {
        let router = Router(context: RelayContext.self)
        router.middlewares.add(RefusalMiddleware())
        let pages = router.group().add(middleware: PageRefusalMiddleware(pages: PageRenderer(sandbox: sandbox)))
        pages.get("store") { _, _ -> Response in throw LoginStoreUnavailable(reason: "test") }
        pages.get("slow") { _, _ -> Response in throw Throttle.loginStart.refusal! }
        pages.get("other") { _, _ -> Response in throw CancellationError() }
        router.get("api") { _, _ -> Response in throw LoginStoreUnavailable(reason: "test") }
        return router
    }

    @Test("A store outage, a throttle and an unexpected error under a page route are pages; the API stays JSON")
    func pages() async throws {
        try await Application(router: Self.router(sandbox: true)).test(.router) { client in
            for (path, status, words) in [("/store", 503, "database"), ("/slow", 429, "Too many"), ("/other", 500, "failed")] {
                let response = TransportResponse(try await client.execute(uri: path, method: .get, headers: [.acceptLanguage: "en"]))
                #expect(response.status == status, "\(path)")
                #expect(response.header("Content-Type") == "text/html; charset=utf-8", "\(path)")
                #expect(response.header("Content-Security-Policy")?.hasPrefix("default-src 'none'") == true, "\(path)")
                #expect(response.header("Cache-Control") == "no-store", "\(path)")
                #expect(response.header("Retry-After") == (status == 500 ? nil : "60"), "\(path)")
                #expect(response.text.contains(words), "\(path): \(response.text)")
                #expect(response.text.contains("class=\"sandbox\""), "\(path)")
            }
            let api = TransportResponse(try await client.execute(uri: "/api", method: .get))
            #expect(api.status == 503)
            #expect(api.header("Content-Type") == "application/json")
        }
    }

    @Test("Without the sandbox, no page carries its banner")
    func noBanner() async throws {
        try await Application(router: Self.router(sandbox: false)).test(.router) { client in
            let response = TransportResponse(try await client.execute(uri: "/store", method: .get))
            #expect(response.status == 503)
            #expect(!response.text.contains("class=\"sandbox\""))
        }
    }
}
