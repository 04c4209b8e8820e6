import Foundation
import HTTPTypes
import RelayCore

/// The relay's two cookies, both per login, so that tabs and logins never overwrite each other:
///
/// - the confirm nonce (`bnr_confirm_<login id>`), set by the confirm page and echoed by its form: a click on
///   "Continue" must come from that page (`SameSite=Strict`);
/// - the browser binding (`bnr_login_<login id>`), set when the person clicks Continue and checked when Battle.net
///   sends the browser back: only the browser that confirmed can finish the login. It is `SameSite=Lax` because
///   Battle.net's redirect back to the relay is a cross-site navigation, on which a Strict cookie is not sent.
///
/// Over https both carry `Secure` and the `__Host-` prefix, so a sibling subdomain or a plain-http page cannot plant
/// or overwrite them.
struct BrowserCookies: Sendable {
    /// Whether the public URL is https.
    let secure: Bool

    private var prefix: String { secure ? "__Host-" : "" }

    func confirmName(loginID: String) -> String { prefix + "bnr_confirm_" + loginID }
    func bindingName(loginID: String) -> String { prefix + "bnr_login_" + loginID }
    /// The authorization code of a login of the authorization endpoint, held by the browser until the person
    /// consents (`SameSite=Lax`, like the binding: it must come back from Battle.net).
    func codeName(loginID: String) -> String { prefix + "bnr_code_" + loginID }

    /// A `Set-Cookie` value for the whole site, readable by no script.
    func set(_ name: String, _ value: String, maxAge: Int, sameSite: String) -> String {
        "\(name)=\(value); Path=/; Max-Age=\(max(0, maxAge)); HttpOnly; SameSite=\(sameSite)\(secure ? "; Secure" : "")"
    }

    /// A `Set-Cookie` value that deletes `name`.
    func expire(_ name: String) -> String { set(name, "", maxAge: 0, sameSite: "Lax") }

    /// The value of cookie `name` in a request's `Cookie` headers.
    static func value(_ name: String, in headers: HTTPFields) -> Substring? {
        CookieHeader.value(name, in: headers[values: .cookie])
    }
}
