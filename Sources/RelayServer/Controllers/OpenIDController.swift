import Foundation
import HTTPTypes
import Hummingbird
import RelayCore

/// OpenID Connect's key set, `GET /oauth/jwks` (RFC 7517): the keys that verify the relay's `id_token`s.
struct OpenIDController {
    let signer: IDTokenSigner

    func register(on router: Router<RelayContext>) {
        router.get("oauth/jwks") { _, _ in try keySet() }
    }

    /// The current key and any retired one; cacheable for five minutes, as the metadata is, so a rotation's new
    /// key is fetched within that time (clients also refetch on an unknown `kid`).
    private func keySet() throws -> Response {
        struct KeySet: Encodable { var keys: [IDTokenSigner.PublicJWK] }
        var response = try Response.json(.ok, message: KeySet(keys: signer.keySet), headers: [.cacheControl: "public, max-age=300"])
        response.headers[.contentType] = "application/jwk-set+json"
        return response
    }
}
