import BattleNet
import Crypto
import CryptoExtras
import Foundation

/// The `id_token`s the emulator issues as Battle.net does for scope `openid`: RS256 JWTs with `sub` and
/// `battle_tag`, signed by a fixed key (the emulator signs nothing real, and a fixed key costs no key generation,
/// which takes seconds in a debug build under load) published at `/jwks/certs`. A test may have them forged
/// (``Forgery``), to see a relay refuse them.
public enum EmulatorIDTokens {
    /// How the next `id_token`s go wrong.
    public enum Forgery: String, Sendable, CaseIterable {
        /// Signed by a key the key set does not hold under the token's `kid`.
        case foreignKey = "foreign_key"
        /// `exp` in the past.
        case expired
        /// `aud` another client's.
        case wrongAudience = "wrong_audience"
        /// `nonce` not the one of the authorize request.
        case wrongNonce = "wrong_nonce"
    }

    struct SigningKey: Sendable {
        let key: _RSA.Signing.PrivateKey
        let kid: String
        let n: String
        let e: String

        init(pem: String) {
            // A constant of this file, so parsing it cannot fail.
            key = try! _RSA.Signing.PrivateKey(pemRepresentation: pem)
            let primitives = try! key.publicKey.getKeyPrimitives()
            n = Base64URL.encode(primitives.modulus)
            e = Base64URL.encode(primitives.publicExponent)
            kid = Base64URL.encode(Data(SHA256.hash(data: Data(n.utf8))).prefix(12))
        }
    }

    /// The key that signs, and the one forged tokens are signed with.
    static let signing = SigningKey(pem: """
        -----BEGIN PRIVATE KEY-----
        MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDdVPJ140gDswcw
        PrZX5jkQOXsOpf/IYBRDvtxa89aDJby8EK/LPGSAeTtnUbCBnDPGOAFpEtMQvCNZ
        dtrQGZH22Z/1H9aBUaAeEcqp4zDbNO703rZb9IbsS4Ns+0KPMa7vu7/iD5N04Szw
        RFqvPlYEmbfua2mNvy4kgLSv3EMeQdwTsP6TFlZWgseDV++ZnLiEDySAL90LkZNO
        0XGiW8QiXHUeMA1RvX0M9dtXxonPteaV1SXmbVi1C+nnqijFqCXUxvD21oGyFloU
        duYfA3Z8U+nQYjYhx9oF/HrOzZGQQgfe/FkVuMgRJGfjQ11u7gGB/s/zDLgIBulS
        W9O5+CKXAgMBAAECggEAO2DEw1e8RDHNZeYNKTu8Z1vkZaOnIWyVQy97EnOEQx7m
        qVWYs9953vWnOCq0PbFYOn9f8X55XW371c6LGXUisaTkwvBNrdfmKur/AeDPhJ+I
        0+zD45uQbug7VAt8acoccnheHBmtp5eZZMQRyB3jGczbiX0LjlmR2X0l/GANKZpl
        45keJsldBUeqTMWIeCVQrTZ61l6AV46afd5JWrQzDl6idHPg13oH2zNQXRyGsD4H
        Sk746R+A8kNRnMVNDb+5WZZyajVWn/wwrYrQVUH92Syicdr2gQryV95MT+SCfWGm
        oj9vJY8kZBzFrTjQUW0pYK6MjGJXMo9uqGzFtTW40QKBgQDw72g2VOX6pAwP6bdR
        wIHTsMfLKXLVgmjYkC2vnsTczX3+tx8+t6pZcHyxdvkcrc63+QWyvB1jloPglqhR
        hiBVBByNVt0OdwdadYkXAvoa4nfsfdI1b467Ox+IJuo9MKwR/OgZD8EMJpqvr/To
        CimmfkiI143Vqxj7iOyFvVhmcwKBgQDrK8DwFNg2cUClbCSworXzFjXYwjQQgQy+
        aDK5AFWeWMaSUEJhd4ZhIBTvvz4Ra5FmOmhfvYpfYlIMZuSE0kIkmvhQ63zq/B3t
        gvsApIy0hMTYGWDK9+q8f4wxjcE5Q3t13rqvBFUu3cuX9sHmUfZucLY7ESUVBRec
        qJ/CcNLmTQKBgErYpJAUSalWIuUinq9H1Uz04uwrASBwta9pArhG4zMQpy5kptEt
        7z5/okzi/7o4CDrAolOG+r5AONGhG8LPnuWqNFB4Bo4Czgb88kxywU1uwwB1icLN
        2BIz6LS8GhJON3YTEesPKNJkf7NKPxOCbLPrEQ9pnwccctNZEtjtHDQfAoGBAOPv
        z5yjh4EVOiRb8h/mRVasg1ppuQ76FgEDe45GnbXRs/2inwRbVjsTXleV1DIMQayF
        Fh8d1l1nLcFphTqblJJoRiAgbz5PSS6pUmGoG9zoBuaxiliP/MvhEGADVnILT0HK
        tMTn/Sxku226NOvpK2KWCnqrvnZmLiGgauCKfE/NAoGAfTXyqWqqfM0TzRZyOOfW
        266MA2NyBXQz2uX+QZnbzuIXaIdApEBaBDhRVBOaLh+2ttecyo9ws66VOvyo/lQs
        QJTQU8ZgDmZ0CtwzSB9pPdYIrv8CkxEiO0nrQ6UcdfTXWeMDcaJ2LlWjfHay/CO5
        0OHS0fn0wMdplcqfv2UdAbQ=
        -----END PRIVATE KEY-----
        """)
    static let foreign = SigningKey(pem: """
        -----BEGIN PRIVATE KEY-----
        MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDC0V2cVKEPf9/k
        soMkJWaMwTVpIwTgiKYUQPfKWZfG6VtP4PmGAiXbhEsd5SCjdY5z8zPxOzE/dFH/
        8oIF4pXAMKMtxWjBQ1PfZ6gilbpzL1Mus8lU5I7oy7I5dALpuZU5MpxfekcQdZ1U
        lIGbx4ghoWOMAry4Fmnuz9NGEvh6XObmCNvmnB05+fHzb8o427kvJLRFDl57rrcJ
        cEZcQl0Z+xvfhSLYSWp+owUuSzpbsSZMf+pJM3LsByNeXrasXvvpmNc+OLqcI8lu
        QabE2gKXOASQnhPr/1d5ifk+66DEYp5YLILW/iDAjriQl9ZCd5qRQNDK+Mr/gN4A
        kO74F8VBAgMBAAECggEAB5UcAl1l3mNQ/Mb45TOCdAiCEms/QZj389JagpjtmBuV
        hvyf4ZgcTpitzsZP+KS27GrjEujFoC1gEqjm6CE7SF1sQHgOPXVoIooXiG8Q8HI/
        V9I+DAyQRl3FPEi4Y03qka0XWnz5HpohSz0zdTN1KC/unrCtlTGkIlwa4j+TRbne
        CoC3M7BWchD4hV9MWkTew95qMPRks1P0iMxZz5DR30wIkGMO+GEcZClsdZryLmzY
        X/vfgDxE+W2DJWdX4W6rywCJ1UgXMWMbiECZSYudgDalaQ540qBdcZveHhM7ZMTf
        UZB1MSdCE+tVzUxUxdfxZt3QpWbPnYl+ciU7YwWb0QKBgQDnl8cItrEj0MEvPdpL
        5YGVrKhdkChCWaOocEG91t4rC/JMLTIZBk5Zig534igbBDL8L3trrecYmpkDOh3I
        6oO99vauDYR0VvRJ1BhasrchyJaxpC0IhxgL+P7bGwHXMoeQoHWWkx8p8IOjSyas
        Qq28nqQ+TuM3oYtFdRPpKCr/aQKBgQDXWWv7V4HH3dn8Ac1sTcJ2Vcf7I4pJoA7V
        nfxQ4Nvb7pSHscKUpzFpGLq6TqFzQgM3GjUlmWOqg1ynsJY1XQl2IiwM9MucglOP
        0yd2KJO7NqQr/NZsQmKO7GB9t2LaWvSpj+ScxEo6g7nq7hAhoF9IRqTAIMIym4vD
        4zZqEve0GQKBgQCZmG73l3rKPyQwubvyxCb6ZoVPcFFTF/JTvwfK6Rt1vzmWTg9A
        y47hEY/g8IwaxuEtoiwf0TlIdxfuLPgeDXMMZSNbcjmbkyP3ZwQz+v08GbXf4PvB
        AR/wqNYV6MaCu89vGwyBrddoUExt22StsJdbVneln1pQxgIBMdHfu7UwqQKBgDWO
        pL9WrQ0zDKKTJC66TBG4FctMtHjJGMdhyj2nHqbc+A2jVPw5dJ1prA7nvVl34mrS
        1sLqGhJvJx0BWuocoFzD9Oan/veGpheP8TF+t/cIiN3zvLQh8ncPLJQ3hps9obmF
        8tpWKwvQdO2LlXF3fBryjsjFnOaPLrxiBsdsvjQJAoGBAMfxDk7ZXT5gqK45qCqR
        E8V+EYPDBGKCV95KoORY7QsuH490I6Zw43mn23L4u7GoJV639jWQKaKYSyuRViQU
        HQUm4LviTIldrfXO9zxVoeByLoYXGJyN3hP0plPbyZ7x/erWvghcvLwKBn4y7dzQ
        xTif8rO0ZGIbbxDcEPEXbboZ
        -----END PRIVATE KEY-----
        """)

    /// The key set, as `/jwks/certs` answers it.
    static var keySet: [String: [[String: String]]] {
        ["keys": [["kty": "RSA", "use": "sig", "alg": "RS256", "kid": signing.kid, "n": signing.n, "e": signing.e]]]
    }

    /// A signed `id_token` for `accountID` of `player`, for `clientID`, from `issuer`.
    static func issue(
        issuer: String, clientID: String, accountID: Int, battleTag: String?, nonce: String?, now: Date, lifetime: TimeInterval,
        forgery: Forgery?
    ) -> String {
        let issued = Int(now.timeIntervalSince1970)
        var claims: [String: Any] = [
            "iss": issuer, "sub": String(accountID), "aud": forgery == .wrongAudience ? "another-client" : clientID,
            "iat": issued, "exp": forgery == .expired ? issued - 60 : issued + Int(lifetime), "azp": clientID,
        ]
        if let battleTag { claims["battle_tag"] = battleTag }
        if let nonce { claims["nonce"] = forgery == .wrongNonce ? nonce + "-changed" : nonce }
        let header = ["alg": "RS256", "kid": signing.kid, "typ": "JWT"]
        let input = [header as [String: Any], claims].map {
            Base64URL.encode((try? JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys])) ?? Data())
        }.joined(separator: ".")
        let key = forgery == .foreignKey ? foreign.key : signing.key
        let signature = (try? key.signature(for: Data(input.utf8), padding: .insecurePKCS1v1_5).rawRepresentation) ?? Data()
        return input + "." + Base64URL.encode(signature)
    }
}
