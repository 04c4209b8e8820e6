import Foundation

/// One malformed request and what the relay may answer to it.
struct BadInput: Sendable {
    enum Expectation: Sendable {
        /// A 4xx with a JSON error or an HTML page.
        case clientError
        /// A 4xx, or the connection closed without an answer (limits enforced by the HTTP parser).
        case clientErrorOrClosed
        /// A redirect whose Location starts with this prefix (forward mode passes odd queries on, encoded).
        case redirect(prefix: String)
    }

    var name: String
    var request: Data
    var expectation: Expectation = .clientError
}

/// The bad input corpus: every endpoint, with what a careless client, a fuzzer or an attacker might send.
enum BadInputCorpus {
    static let deviceGrant = "urn:ietf:params:oauth:grant-type:device_code"
    static let crlf = "%0d%0aSet-Cookie:x"
    static let oddUnicode: [(String, String)] = [
        ("RTL override", "%E2%80%AE"), ("zero-width joiner", "%E2%80%8D"), ("NUL", "%00"), ("emoji", "%F0%9F%98%80"),
        ("full-width letters", "%EF%BC%A2%EF%BC%A3%EF%BC%A4%EF%BC%A6"),
    ]

    static func get(_ name: String, _ target: String, _ expectation: BadInput.Expectation = .clientError) -> BadInput {
        BadInput(name: name, request: RawHTTP.request("GET", target), expectation: expectation)
    }

    static func post(
        _ name: String, _ target: String, _ body: String, contentType: String = "application/x-www-form-urlencoded",
        extraHeaders: [(String, String)] = []
    ) -> BadInput {
        BadInput(
            name: name,
            request: RawHTTP.request("POST", target, headers: [("Content-Type", contentType)] + extraHeaders, body: Data(body.utf8)))
    }

    static var all: [BadInput] {
        oversized + encoding + parameters + overlong + unicode + schemes + injection + methods
    }

    static var oversized: [BadInput] {
        let pad = "&pad=" + String(repeating: "a", count: 17 << 10)
        let chunked = "4400\r\n" + String(repeating: "b", count: 0x4400) + "\r\n0\r\n\r\n"
        return [
            post("oversized body on /oauth/device/code", "/oauth/device/code", "client_id=d3" + pad),
            post("oversized body on /oauth/token", "/oauth/token", "grant_type=\(deviceGrant)&device_code=x" + pad),
            post("oversized body on /device", "/device", "user_code=BCDF-GHJK&confirm=x" + pad),
            post("oversized chunked body on /oauth/token", "/oauth/token", chunked, extraHeaders: [("Transfer-Encoding", "chunked")]),
            chunkSizeOverflow,
            BadInput(
                name: "a 20 KiB header",
                request: RawHTTP.request("GET", "/healthz", headers: [("X-Big", String(repeating: "h", count: 20 << 10))]),
                expectation: .clientErrorOrClosed),
            BadInput(
                name: "100 headers",
                request: RawHTTP.request("GET", "/healthz", headers: (0..<100).map { ("X-Header-\($0)", "v") }),
                expectation: .clientErrorOrClosed),
        ]
    }

    /// A chunk size that does not fit 64 bits: malformed framing, the client's fault.
    static let chunkSizeOverflow = post(
        "a chunk size that overflows", "/oauth/token", "fffffffffffffffffffff\r\nx\r\n0\r\n\r\n",
        extraHeaders: [("Transfer-Encoding", "chunked")])

    static var encoding: [BadInput] {
        ["%zz", "%4", "%ff%fe"].flatMap { bad in
            [
                get("\(bad) in the /device query", "/device?user_code=\(bad)"),
                get("\(bad) in the callback query", "/redirect/d3?code=\(bad)&state=s"),
                get("\(bad) as a query name", "/redirect/myapp?\(bad)=1&state=s"),
                post("\(bad) in the start body", "/oauth/device/code", "client_id=\(bad)"),
                post("\(bad) in the token body", "/oauth/token", "grant_type=\(deviceGrant)&device_code=\(bad)&client_id=d3"),
                post("\(bad) in the confirm body", "/device", "user_code=\(bad)&confirm=x"),
            ]
        }
    }

    static var parameters: [BadInput] {
        let grant = "grant_type=\(deviceGrant)"
        return [
            post("duplicate client_id on start", "/oauth/device/code", "client_id=d3&client_id=d3"),
            post("duplicate scope on start", "/oauth/device/code", "client_id=d3&scope=openid&scope=openid"),
            post("missing client_id on start", "/oauth/device/code", "scope=openid"),
            post("empty client_id on start", "/oauth/device/code", "client_id="),
            post("empty body on start", "/oauth/device/code", ""),
            post("only separators on start", "/oauth/device/code", "&&&==&"),
            post("duplicate grant_type on token", "/oauth/token", "\(grant)&\(grant)&device_code=x&client_id=d3"),
            post("duplicate device_code on token", "/oauth/token", "\(grant)&device_code=x&device_code=y&client_id=d3"),
            post("missing grant_type on token", "/oauth/token", "device_code=x&client_id=d3"),
            post("missing device_code on token", "/oauth/token", "\(grant)&client_id=d3"),
            post("missing client_id on token", "/oauth/token", "\(grant)&device_code=x"),
            post("non-numeric wait on token", "/oauth/token", "\(grant)&device_code=x&client_id=d3&wait=soon"),
            post("negative wait on token", "/oauth/token", "\(grant)&device_code=x&client_id=d3&wait=-1"),
            post("overflowing wait on token", "/oauth/token", "\(grant)&device_code=x&client_id=d3&wait=99999999999999999999999"),
            post("confirm without cookie", "/device", "user_code=BCDF-GHJK&confirm=x"),
            get("callback without state", "/redirect/d3?code=abc"),
            get("callback with two states", "/redirect/d3?code=abc&state=a&state=b"),
            get("callback with an empty query", "/redirect/d3"),
        ]
    }

    /// Values just past the relay's own limits, then 10 KiB ones: in a URL those exceed the HTTP parser's
    /// 8 KiB line limit, which answers a bare 400 before the relay sees them.
    static var overlong: [BadInput] {
        let long = String(repeating: "A", count: 10 << 10)
        func over(_ limit: Int) -> String { String(repeating: "B", count: limit + 1) }
        return [
            post("a 10 KiB device_code", "/oauth/token", "grant_type=\(deviceGrant)&client_id=d3&device_code=\(long)"),
            post("a 10 KiB user_code in the confirm body", "/device", "user_code=\(long)&confirm=x"),
            post("a 10 KiB client_id", "/oauth/device/code", "client_id=\(long)"),
            post("a 10 KiB scope", "/oauth/device/code", "client_id=d3&scope=\(long)"),
            post("a device_code past 256 bytes", "/oauth/token", "grant_type=\(deviceGrant)&client_id=d3&device_code=\(over(256))"),
            get("a user_code past 64 bytes", "/device?user_code=\(over(64))"),
            get("a state past 512 bytes", "/redirect/d3?code=abc&state=\(over(512))"),
            get("a code past 2 KiB", "/redirect/d3?code=\(over(2048))&state=s"),
            get("a forward-mode query past 4 KiB", "/redirect/fwdapp?code=\(over(4096))&state=s"),
            get("a 10 KiB user_code in the query", "/device?user_code=\(long)", .clientErrorOrClosed),
            get("a 10 KiB state in the callback", "/redirect/d3?code=abc&state=\(long)", .clientErrorOrClosed),
            get("a 10 KiB code in the callback", "/redirect/d3?code=\(long)&state=s", .clientErrorOrClosed),
            get("a 10 KiB query in forward mode", "/redirect/fwdapp?code=\(long)&state=s", .clientErrorOrClosed),
        ]
    }

    static var unicode: [BadInput] {
        oddUnicode.flatMap { name, encoded in
            [
                get("\(name) in user_code", "/device?user_code=BCDF\(encoded)GHJK"),
                post("\(name) in client_id", "/oauth/device/code", "client_id=d3\(encoded)"),
                post("\(name) in scope", "/oauth/device/code", "client_id=d3&scope=openid\(encoded)"),
                get("\(name) in state", "/redirect/d3?code=abc&state=\(encoded)"),
                post("\(name) in device_code", "/oauth/token", "grant_type=\(deviceGrant)&client_id=d3&device_code=\(encoded)"),
            ]
        } + [
            get("full-width user_code alone", "/device?user_code=\(oddUnicode[4].1)\(oddUnicode[4].1)"),
            get("raw non-ASCII bytes in forward mode", "/redirect/fwdapp?code=\u{00e9}&state=s", .clientErrorOrClosed),
        ]
    }

    static var schemes: [BadInput] {
        [
            "/redirect/..%2F..%2Fetc", "/redirect/%2e%2e", "/redirect/d3%2F..", "/redirect/javascript", "/redirect/http",
            "/redirect/D3", "/redirect/", "/redirect/d3/extra", "/redirect/%64%33", "/redirect/d3%00", "/../../etc/passwd",
            "/device%zz", "/%ff",
        ].map { get("scheme path \($0)", $0 + "?code=abc&state=s") }
    }

    static var injection: [BadInput] {
        [
            get("CRLF in the forward-mode query", "/redirect/fwdapp?code=abc\(crlf)&state=s", .redirect(prefix: "fwdapp://?")),
            get("CRLF as a forward-mode parameter name", "/redirect/fwdapp?\(crlf)=1", .redirect(prefix: "fwdapp://?")),
            get("CRLF in user_code", "/device?user_code=\(crlf)"),
            post("CRLF in the confirmed user_code", "/device", "user_code=BCDF\(crlf)&confirm=x"),
            get("CRLF in state (redirect mode)", "/redirect/myapp?code=abc&state=\(crlf)"),
            get("CRLF in error (redirect mode)", "/redirect/myapp?error=access_denied\(crlf)&state=s"),
            post("CRLF in client_id", "/oauth/device/code", "client_id=myapp\(crlf)"),
            post("CRLF in scope", "/oauth/device/code", "client_id=myapp&scope=openid\(crlf)"),
            BadInput(
                name: "raw CRLF in the request target",
                request: Data("GET /redirect/fwdapp?code=a\r\nSet-Cookie: x HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8),
                expectation: .clientErrorOrClosed),
        ]
    }

    static var methods: [BadInput] {
        [
            get("GET /oauth/token", "/oauth/token"),
            get("GET /oauth/device/code", "/oauth/device/code"),
            BadInput(name: "PUT /device", request: RawHTTP.request("PUT", "/device", body: Data("user_code=x".utf8))),
            BadInput(name: "DELETE /oauth/device/code", request: RawHTTP.request("DELETE", "/oauth/device/code")),
            BadInput(name: "POST /redirect/d3", request: RawHTTP.request("POST", "/redirect/d3", body: Data("code=a&state=s".utf8))),
            post("JSON body on start", "/oauth/device/code", #"{"client_id":"d3"}"#, contentType: "application/json"),
            post("JSON body on token", "/oauth/token", #"{"grant_type":"\#(deviceGrant)","device_code":"x"}"#, contentType: "application/json"),
            post("JSON body on confirm", "/device", #"{"user_code":"BCDF-GHJK","confirm":"x"}"#, contentType: "application/json"),
        ]
    }
}
