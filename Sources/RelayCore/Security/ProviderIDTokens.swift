import BattleNet
import Crypto
import CryptoExtras
import Foundation
import NIOConcurrencyHelpers

/// Verifies the provider's (Battle.net's) `id_token` from a code exchange, so that the account id and BattleTag come
/// from it instead of a second call, to userinfo (OpenID Connect Core section 3.1.3.7): an RS256 signature by a key
/// of the provider's key set, `iss` the provider's issuer, `aud` the relay's client id, `exp` in the future and the
/// `nonce` the relay sent. The key set is fetched once and kept; an unknown `kid` fetches it again (a rotation), at
/// most once every ten seconds.
public struct ProviderIDTokens: Sendable {
    /// Why an `id_token` was refused, a safe word for logs and pages.
    public enum Problem: String, Error, Sendable, Equatable {
        case malformed, algorithm, unknownKey = "unknown_key", signature, issuer, audience, expired, nonce
        case keySetUnavailable = "key_set_unavailable"
    }

    /// The claims the relay reads.
    public struct Claims: Sendable, Equatable {
        /// The account id (`sub`).
        public var accountID: Int
        /// The BattleTag (`battle_tag`).
        public var battleTag: String?
    }

    let transport: any HTTPTransport
    let endpoints: BattleNetEndpoints
    let clientID: String
    private let clock: RelayClock
    private let cache = NIOLockedValueBox(KeyCache())

    private struct KeyCache {
        var keys: [String: _RSA.Signing.PublicKey] = [:]
        var fetchedAt: RelayClock.Instant?

        /// The key named `kid` (the only key when the token names none).
        func key(_ kid: String?) -> _RSA.Signing.PublicKey? {
            if let kid { return keys[kid] }
            return keys.count == 1 ? keys.values.first : nil
        }
    }

    /// Verifies tokens of the provider at `endpoints` (its issuer and key set) for `clientID`, fetching keys through
    /// `transport`, at most once in 10 s by `clock`.
    public init(transport: any HTTPTransport, endpoints: BattleNetEndpoints, clientID: String, clock: RelayClock) {
        self.clock = clock
        self.transport = transport
        self.endpoints = endpoints
        self.clientID = clientID
    }

    /// The claims of `idToken` if it verifies for `nonce` at `now`; throws the ``Problem`` otherwise.
    public func verify(_ idToken: String, nonce: String, now: Date) async throws(Problem) -> Claims {
        let parts = idToken.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let headerData = Base64URL.decode(parts[0]), let payloadData = Base64URL.decode(parts[1]),
            let signature = Base64URL.decode(parts[2]),
            let header = try? JSONDecoder().decode(Header.self, from: headerData),
            let payload = try? JSONDecoder().decode(Payload.self, from: payloadData)
        else { throw .malformed }
        guard header.alg == "RS256" else { throw .algorithm }
        let key = try await key(header.kid)
        guard key.isValidSignature(
            _RSA.Signing.RSASignature(rawRepresentation: signature), for: Data((parts[0] + "." + parts[1]).utf8),
            padding: .insecurePKCS1v1_5)
        else { throw .signature }
        guard payload.iss == endpoints.issuer else { throw .issuer }
        guard payload.aud.contains(clientID), payload.aud.count == 1 || payload.azp == clientID else { throw .audience }
        guard Double(payload.exp) > now.timeIntervalSince1970 else { throw .expired }
        guard let sent = payload.nonce, Identifiers.constantTimeEquals(sent, nonce) else { throw .nonce }
        guard let accountID = Int(payload.sub) else { throw .malformed }
        return Claims(accountID: accountID, battleTag: payload.battleTag)
    }

    /// The key named `kid` (any key when the set has one and the token names none).
    private func key(_ kid: String?) async throws(Problem) -> _RSA.Signing.PublicKey {
        // One look under the lock at both the keys and when they were fetched: a sign-in that finds no key while
        // another has just fetched them finds the new keys, rather than a fetch too recent to repeat.
        let (known, due) = cache.withLockedValue { cache in
            (cache.key(kid), cache.fetchedAt.map { clock.now - $0 > .seconds(10) } ?? true)
        }
        if let known { return known }
        guard due else { throw .unknownKey }
        let keys = try await fetch()
        let fetched = cache.withLockedValue { cache in
            cache = KeyCache(keys: keys, fetchedAt: clock.now)
            return cache.key(kid)
        }
        guard let fetched else { throw .unknownKey }
        return fetched
    }

    private func fetch() async throws(Problem) -> [String: _RSA.Signing.PublicKey] {
        guard let response = try? await transport.send(TransportRequest(
            url: endpoints.jwksURL, headers: [("Accept", "application/json")], timeout: .seconds(5), maxResponseBytes: 64 << 10)),
            response.status == 200, let set = try? JSONDecoder().decode(KeySet.self, from: response.body)
        else { throw .keySetUnavailable }
        var keys: [String: _RSA.Signing.PublicKey] = [:]
        for jwk in set.keys where jwk.kty == "RSA" && (jwk.use ?? "sig") == "sig" {
            guard let n = Base64URL.decode(jwk.n ?? ""), let e = Base64URL.decode(jwk.e ?? ""),
                let key = try? _RSA.Signing.PublicKey(n: n, e: e)
            else { continue }
            keys[jwk.kid ?? ""] = key
        }
        return keys
    }

    private struct Header: Decodable {
        var alg: String
        var kid: String?
    }

    private struct Payload: Decodable {
        var iss: String
        var sub: String
        var aud: [String]
        var azp: String?
        var exp: Double
        var nonce: String?
        var battleTag: String?

        enum CodingKeys: String, CodingKey { case iss, sub, aud, azp, exp, nonce, battleTag = "battle_tag" }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            iss = try container.decode(String.self, forKey: .iss)
            sub = try container.decode(String.self, forKey: .sub)
            // `aud` is a string or an array of strings (RFC 7519 section 4.1.3).
            aud = try (try? container.decode([String].self, forKey: .aud)) ?? [container.decode(String.self, forKey: .aud)]
            azp = try container.decodeIfPresent(String.self, forKey: .azp)
            exp = try container.decode(Double.self, forKey: .exp)
            nonce = try container.decodeIfPresent(String.self, forKey: .nonce)
            battleTag = try container.decodeIfPresent(String.self, forKey: .battleTag)
        }
    }

    private struct KeySet: Decodable {
        struct Key: Decodable {
            var kty: String
            var use: String?
            var kid: String?
            var n: String?
            var e: String?
        }
        var keys: [Key]
    }
}
