import Crypto
import Foundation
import Logging
import RelayApp
import RelayCore
import RelayServer
import Testing

@Suite("Login stores: issued tokens for revocation", .timeLimit(.minutes(2)))
struct IssuedTokenStoreTests {
    @Test("Only a recorded, unexpired, unrevoked token is claimed, once; a failed call's claim is given back; expired records are purged", arguments: StoreKind.allCases)
    func claims(kind: StoreKind) async throws {
        try await DatabaseLocation(parsing: try await kind.newDatabase()).withStore(logger: Logger(label: "store-test")) { store in
            let keyring = LoginKeyring(current: SymmetricKey(size: .bits256))
            let now = Date(timeIntervalSince1970: 1_800_000_000)
            let live = keyring.tokenDigests("live-token")
            try await store.recordIssued(IssuedToken(digest: live[0], expiresAt: now.addingTimeInterval(3600)))
            try await store.recordIssued(IssuedToken(digest: keyring.tokenDigest("old-token"), expiresAt: now.addingTimeInterval(-1)))

            #expect(try await !store.claimRevocation(digests: keyring.tokenDigests("made-up"), now: now), "never issued")
            #expect(try await !store.claimRevocation(digests: keyring.tokenDigests("old-token"), now: now), "expired")
            #expect(try await store.claimRevocation(digests: live, now: now))
            #expect(try await !store.claimRevocation(digests: live, now: now), "already revoked")
            try await store.releaseRevocation(digests: live)
            #expect(try await store.claimRevocation(digests: live, now: now), "claimable again after a failed call")

            #expect(try await store.purgeIssued(expiredBefore: now, limit: 10) == 1)
            #expect(try await store.purgeIssued(expiredBefore: now, limit: 10) == 0)
            #expect(try await store.purgeIssued(expiredBefore: now.addingTimeInterval(7200), limit: 10) == 1)
        }
    }

    @Test("A token's digest depends on the key and never contains the token; a rotated key still finds it")
    func digests() {
        let old = SymmetricKey(size: .bits256)
        let rotated = LoginKeyring(current: SymmetricKey(size: .bits256), previous: [old])
        let digest = LoginKeyring(current: old).tokenDigest("EUabc")
        #expect(rotated.tokenDigests("EUabc").dropFirst().contains(digest))
        #expect(rotated.tokenDigest("EUabc") != digest)
        #expect(!digest.contains("EUabc"))
    }
}
