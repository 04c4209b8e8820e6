import BattleNet
import Foundation
import Testing

/// The loopback return addresses a relay accepts and a client listens on (RFC 8252 section 7.3).
@Suite("Loopback return addresses", .timeLimit(.minutes(1)))
struct LoopbackRedirectTests {
    @Test("Accepted: http to 127.0.0.1 or [::1], any port, a plain path", arguments: [
        ("http://127.0.0.1:1/", LoopbackRedirect.Host.ipv4, 1, "/"),
        ("http://127.0.0.1:49152/callback", .ipv4, 49152, "/callback"),
        ("http://[::1]:65535/bnet/Xy-z_1.~", .ipv6, 65535, "/bnet/Xy-z_1.~"),
        ("HTTP://127.0.0.1:8080/a", .ipv4, 8080, "/a"),
    ])
    func accepted(string: String, host: LoopbackRedirect.Host, port: Int, path: String) throws {
        let redirect = try LoopbackRedirect(validating: string)
        #expect(redirect.host == host)
        #expect(redirect.port == port)
        #expect(redirect.path == path)
        #expect(LoopbackRedirect(host: host, port: port, path: path) == redirect)
        #expect(try LoopbackRedirect(validating: redirect.description) == redirect)
    }

    @Test("Refused, each with the reason", arguments: [
        ("http://localhost:8080/cb", LoopbackRedirectError.localhost),
        ("https://127.0.0.1:8080/cb", .https),
        ("https://relay.example.com/cb", .https),
        ("http://example.com:8080/cb", .notLoopback("example.com")),
        ("http://127.0.0.2:8080/cb", .notLoopback("127.0.0.2")),
        ("http://127.0.0.1.example.com:8080/cb", .notLoopback("127.0.0.1.example.com")),
        ("http://[::2]:8080/cb", .notLoopback("[::2]")),
        ("http://[::1]x:8080/cb", .notLoopback("[::1]x:8080")),
        ("http://0x7f000001:8080/cb", .notLoopback("0x7f000001")),
        ("http://user@127.0.0.1:8080/cb", .userInfo),
        ("http://user:pw@127.0.0.1:8080/cb", .userInfo),
        ("http://127.0.0.1:8080/cb#frag", .fragment),
        ("http://127.0.0.1:8080/cb?x=1", .query),
        ("http://127.0.0.1/cb", .missingPort),
        ("http://127.0.0.1:/cb", .missingPort),
        ("http://127.0.0.1:0/cb", .badPort("0")),
        ("http://127.0.0.1:65536/cb", .badPort("65536")),
        ("http://127.0.0.1:+80/cb", .badPort("+80")),
        ("http://127.0.0.1:080/cb", .badPort("080")),
        ("http://127.0.0.1:8080", .badPath),
        ("http://127.0.0.1:8080/a%2Fb", .badPath),
        ("http://127.0.0.1:8080/a b", .badPath),
        ("myapp://bnet-relay/callback", .notHTTP("myapp")),
        ("127.0.0.1:8080/cb", .notAURL),
        ("", .notAURL),
        ("http://127.0.0.1:8080/" + String(repeating: "a", count: 200), .tooLong),
    ])
    func refused(string: String, error: LoopbackRedirectError) {
        #expect(throws: error) { try LoopbackRedirect(validating: string) }
        #expect(error.description.hasSuffix("."))
    }

    @Test("The listener recognises its own address with any query, and nothing else")
    func matches() throws {
        let redirect = try LoopbackRedirect(validating: "http://127.0.0.1:5000/cb")
        #expect(redirect.matches(URL(string: "http://127.0.0.1:5000/cb?result=approved&callback_code=x")!))
        #expect(redirect.matches(URL(string: "http://127.0.0.1:5000/cb")!))
        #expect(!redirect.matches(URL(string: "http://127.0.0.1:5000/other?result=approved")!))
        #expect(!redirect.matches(URL(string: "http://127.0.0.1:5001/cb")!))
        #expect(!redirect.matches(URL(string: "http://[::1]:5000/cb")!))
    }
}
