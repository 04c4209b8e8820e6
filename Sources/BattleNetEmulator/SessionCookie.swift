import Foundation
import HTTPTypes
import Hummingbird

/// The cookie by which the emulator, as Battle.net does, knows a browser that has signed in before.
enum SessionCookie {
    /// The cookie's name.
    static let name = "bnet_emulator_session"

    /// The session id the request's cookies carry, if any.
    static func value(in request: Request) -> String? {
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0] == name { return String(parts[1]) }
            }
        }
        return nil
    }

    /// The `Set-Cookie` value that keeps `id` in the browser (30 days, as a "remember me" sign-in lasts).
    static func keep(_ id: String) -> String {
        "\(name)=\(id); Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax"
    }

    /// The `Set-Cookie` value that deletes the cookie.
    static let delete = "\(name)=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax"
}

extension Response {
    /// This response with `cookie` set.
    func settingCookie(_ cookie: String) -> Response {
        var response = self
        response.headers[values: .setCookie].append(cookie)
        return response
    }
}
