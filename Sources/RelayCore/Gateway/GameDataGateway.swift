import BattleNet
import Foundation

/// Answers game-data requests from its cache, or from Blizzard with the relay's own application token: a fresh
/// answer is a hit; a stale one is revalidated with `If-Modified-Since`; identical misses in flight share one upstream
/// request (single flight); every upstream request is admitted by the ``UpstreamBudget`` first. When Blizzard fails,
/// limits the client, or the budget is spent, a stale answer is served for at most ``staleIfErrorBound`` seconds past
/// its freshness; without one the caller gets the relay's own refusal. The application token never leaves this type.
public actor GameDataGateway {
    /// Where upstream is and how it is called.
    public struct Upstream: Sendable {
        /// Carries the gateway's requests (in production a client of its own, apart from sign-ins').
        public var transport: any HTTPTransport
        /// The API base URL of a region: Blizzard's host, or `--api-url`.
        public var baseURL: @Sendable (Region) -> URL
        /// The relay's application tokens (client credentials).
        public var tokens: any AccessTokenSource
        /// How long one upstream request may take.
        public var timeout: Duration = .seconds(10)
        /// The largest answer passed on.
        public var maxAnswerBytes = 8 << 20

        /// An upstream.
        public init(transport: any HTTPTransport, baseURL: @escaping @Sendable (Region) -> URL, tokens: any AccessTokenSource) {
            self.transport = transport
            self.baseURL = baseURL
            self.tokens = tokens
        }
    }

    private typealias Outcome = Result<(CachedAnswer, String), GatewayRefusal>

    /// How long past freshness a stale answer may be served while upstream fails, at most.
    public let staleIfErrorBound: Int
    private let cache: GatewayCache
    private let budget: UpstreamBudget
    private let upstream: Upstream
    private let metrics: RelayMetrics
    private let clock: RelayClock
    private var flights: [String: Task<Outcome, Never>] = [:]

    /// A gateway over `cache`, spending `budget`, calling `upstream`, aging its answers by `clock`.
    public init(
        cache: GatewayCache, budget: UpstreamBudget, upstream: Upstream, metrics: RelayMetrics, staleIfErrorBound: Int = 300,
        clock: RelayClock
    ) {
        self.cache = cache
        self.budget = budget
        self.upstream = upstream
        self.metrics = metrics
        self.staleIfErrorBound = staleIfErrorBound
        self.clock = clock
    }

    nonisolated private func now() -> Date { clock.date }

    /// The answer to `path` for a caller from `network` (an IPv4 address or IPv6 /64, for the fair share).
    public func answer(_ path: GatewayPath, network: String) async throws(GatewayRefusal) -> GatewayAnswer {
        let key = path.key
        if let cached = await cache.answer(key), cached.isFresh(at: now()) {
            metrics.gatewayRequests.increment(.hit)
            let ttl = cached.policy.maxAge - cached.age(at: now())
            return GatewayAnswer(cached, at: now(), cacheStatus: "hit; ttl=\(ttl)")
        }
        let outcome: Outcome
        if let flight = flights[key] {
            metrics.gatewayRequests.increment(.coalesced)
            outcome = await flight.value
            if case .success(let (answer, status)) = outcome {
                return GatewayAnswer(answer, at: now(), cacheStatus: status + "; collapsed")
            }
        } else {
            let flight = Task { await self.fetch(path, network: network) }
            flights[key] = flight
            outcome = await flight.value
            flights[key] = nil
        }
        switch outcome {
        case .success(let (answer, status)): return GatewayAnswer(answer, at: now(), cacheStatus: status)
        case .failure(let refusal):
            metrics.gatewayRefused.increment(refusal.reason)
            throw refusal
        }
    }

    /// The bytes and answers the cache holds, and the gateway's upstream requests left this hour.
    public func gauges() async -> (cacheBytes: Int, cacheEntries: Int, budgetLeft: Int) {
        let usage = await cache.usage
        return (usage.bytes, usage.entries, await budget.remainingThisHour)
    }

    /// One upstream request for `path` (the leader of its flight), revalidating the stale answer if there is one.
    private func fetch(_ path: GatewayPath, network: String) async -> Outcome {
        let key = path.key
        let stale = await cache.answer(key)
        if case .wait(let seconds, let reason) = await budget.admitGateway(network: network) {
            metrics.gatewayThrottled.increment(reason)
            return serveStale(stale, or: GatewayRefusal(
                .rateLimited,
                "The relay's share of Blizzard's quota for this client network is spent for now; ask again in \(seconds) s.",
                status: 429, retryAfter: seconds))
        }
        let response: TransportResponse
        do {
            response = try await send(path, ifModifiedSince: stale?.lastModified)
        } catch BattleNetError.responseTooLarge {
            metrics.gatewayUpstream.increment(.error)
            return .failure(GatewayRefusal(
                .answerTooLarge, "Blizzard's answer is larger than the gateway passes on (\(upstream.maxAnswerBytes >> 20) MiB); ask for a smaller page.",
                status: 502))
        } catch {
            metrics.gatewayUpstream.increment(.error)
            return serveStale(stale, or: unavailable)
        }
        let received = now()
        switch response.status {
        case 304 where stale != nil:
            metrics.gatewayUpstream.increment(.notModified)
            metrics.gatewayRequests.increment(.revalidated)
            let policy = response.header("Cache-Control").map { CachePolicy(cacheControl: $0) }
            await cache.refresh(key, at: received, policy: policy)
            var refreshed = stale!
            refreshed.storedAt = received
            if let policy { refreshed.policy = policy }
            return .success((refreshed, "fwd=stale; fwd-status=304"))
        case 429:
            metrics.gatewayUpstream.increment(.tooManyRequests)
            let wait = response.header("Retry-After").flatMap { Int($0) } ?? 1
            await budget.obeyRateLimit(retryAfter: wait)
            return serveStale(stale, or: GatewayRefusal(
                .rateLimited, "Blizzard asked this relay's client to slow down; ask again in \(wait) s.", status: 429,
                retryAfter: wait))
        case 200, 404:
            metrics.gatewayUpstream.increment(UpstreamStatus(response.status))
            metrics.gatewayRequests.increment(stale == nil ? .miss : .refetched)
            let policy = CachePolicy(cacheControl: response.header("Cache-Control"))
            let answer = CachedAnswer(
                status: response.status,
                headers: response.headers.filter { GatewayAnswer.passedOn.contains($0.name.lowercased()) },
                body: response.body, storedAt: received, policy: policy)
            let keep = policy.storable && response.status == 200 && (policy.maxAge > 0 || answer.lastModified != nil)
            if keep { await cache.store(answer, for: key) } else { await cache.remove(key) }
            let forwarded = stale == nil ? "fwd=miss" : "fwd=stale; fwd-status=\(response.status)"
            return .success((answer, forwarded + (keep ? "; stored" : "")))
        default:
            metrics.gatewayUpstream.increment(response.status >= 500 ? .serverError : .other)
            return serveStale(stale, or: unavailable)
        }
    }

    /// The upstream request with the application token; one retry with a new token after a 401.
    private func send(_ path: GatewayPath, ifModifiedSince: String?) async throws -> TransportResponse {
        var base = upstream.baseURL(path.region).absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base + path.path + (path.query.isEmpty ? "" : "?" + path.query))
        else { throw BattleNetError.malformedResponse("unusable URL") }
        var rejected = false
        while true {
            let token = try await upstream.tokens.token()
            var headers = [("Authorization", "Bearer \(token.value)"), ("Accept", "application/json")]
            if let ifModifiedSince { headers.append(("If-Modified-Since", ifModifiedSince)) }
            let response = try await upstream.transport.send(TransportRequest(
                url: url, headers: headers, timeout: upstream.timeout, maxResponseBytes: upstream.maxAnswerBytes))
            guard response.status == 401, !rejected else { return response }
            rejected = true
            await upstream.tokens.tokenWasRejected(token)
        }
    }

    private var unavailable: GatewayRefusal {
        GatewayRefusal(.upstreamUnavailable, "Blizzard's API did not answer the relay; try again in a minute.", status: 503, retryAfter: 60)
    }

    /// The stale answer while it may still be served (within ``staleIfErrorBound``), else the refusal.
    private func serveStale(_ stale: CachedAnswer?, or refusal: GatewayRefusal) -> Outcome {
        guard let stale, stale.status == 200, stale.servableOnError(at: now(), bound: staleIfErrorBound) else {
            return .failure(refusal)
        }
        metrics.gatewayRequests.increment(.stale)
        return .success((stale, "hit; ttl=\(stale.policy.maxAge - stale.age(at: now())); detail=stale-if-error"))
    }
}
