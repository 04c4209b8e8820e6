import BattleNet
import Foundation
import HTTPTypes
@testable import RelayServer
import Testing

/// The relay's pages in the player's language: the `Accept-Language` parser, the catalogue, and every page
/// language over HTTP, through the relay's router.
@Suite("Page languages", .timeLimit(.minutes(3)))
struct PageLanguageTests {
    @Test(
        "Accept-Language picks the best offered language by weight, then order; malformed members are skipped",
        arguments: [
            ("", "en"), ("de-DE,de;q=0.9,en;q=0.8", "de"), ("fr;q=0.5, de;q=0.8", "de"), ("da, de;q=0.9", "de"),
            ("ja, ko;q=0.5", "ko"), ("ko;q=1.0, it", "ko"), ("it;q=0.7 , es ; q=0.8", "es"), ("ja, da", "en"),
            ("*;q=0.5, de;q=0", "en"), ("de;q=0, de-AT;q=0.9, ru;q=0.5", "ru"), ("de;q=2, fr", "fr"),
            ("de;q=0.1234, it", "it"), ("de;q=, pt", "pt"), ("en-, ru", "ru"), ("1de, es", "es"), (";q=0.9, ko", "ko"),
            ("de;level=1, es", "es"), ("zh-TW", "zh-Hant"), ("ZH-hk", "zh-Hant"), ("zh-Hant-CN", "zh-Hant"),
            ("zh-MO", "zh-Hant"), ("zh-CN", "zh-Hans"), ("zh-Hans", "zh-Hans"), ("zh", "zh-Hans"), ("zh-SG", "zh-Hans"),
            ("pt-BR;q=0.9, en;q=0.9", "pt"), ("en;q=0.001, ru;q=0", "en"),
        ])
    func parser(header: String, expected: String) {
        #expect(PageLanguage(request: [.acceptLanguage: header]).tag == expected, "\(header)")
    }

    @Test("No Accept-Language, or several header lines, are read as one list")
    func headerLines() {
        #expect(PageLanguage(request: [:]) == .english)
        var fields = HTTPFields()
        fields.append(HTTPField(name: .acceptLanguage, value: "da"))
        fields.append(HTTPField(name: .acceptLanguage, value: "it;q=0.4"))
        #expect(PageLanguage(request: fields) == .italian)
    }

    @Test("Accept-Language is read within a budget: bytes, members and one parameter, whatever a client sends")
    func budget() {
        func language(_ lines: String...) -> String {
            var fields = HTTPFields()
            for line in lines { fields.append(HTTPField(name: .acceptLanguage, value: line)) }
            return PageLanguage(request: fields).tag
        }
        // Two 8 KiB fields of `;q=0` parameters cost what their first bytes cost: one member, malformed.
        let parameters = "de" + String(repeating: ";q=0", count: 2_048)
        #expect(AcceptLanguage.ranges([parameters, parameters]).isEmpty)
        #expect(language("fr," + parameters, parameters) == "fr")
        // Only the first bytes count, and a member the limit cuts is dropped, never read as a shorter range.
        let filler = String(repeating: "x", count: AcceptLanguage.maxBytes - 4) + ","
        #expect(language(filler + "de") == "de")
        #expect(language(filler + "ja,de") == "en")
        #expect(language(String(repeating: "x", count: AcceptLanguage.maxBytes - 2) + ",zh-TW") == "en")
        #expect(language(String(repeating: "x", count: AcceptLanguage.maxBytes - 6), "de") == "de")
        #expect(language(String(repeating: "x", count: AcceptLanguage.maxBytes - 2), "de") == "en")
        // Only the first members count, over one line or several.
        let members = Array(repeating: "da", count: AcceptLanguage.maxMembers - 1)
        #expect(language((members + ["de"]).joined(separator: ",")) == "de")
        #expect(language((members + ["ja", "de"]).joined(separator: ",")) == "en")
        #expect(language(members.joined(separator: ","), "ko") == "ko")
        #expect(language(members.joined(separator: ","), "ja", "ko") == "en")
        #expect(AcceptLanguage.ranges([String(repeating: "it,", count: 5_000)]).count == AcceptLanguage.maxMembers)
        // The grammar allows one parameter, the weight: a second makes the member malformed.
        #expect(language("de;q=0.5;q=1, fr;q=0.4") == "fr")
    }

    @Test("Every language has every text, none empty, with the same {marks} as English, and is translated")
    func catalogue() {
        let english = Self.texts(.english)
        #expect(english.count >= 50)
        for language in PageLanguage.allCases {
            let texts = Self.texts(language.text)
            #expect(texts.map(\.key) == english.map(\.key), "\(language)")
            for (key, value) in texts {
                #expect(!value.trimmingCharacters(in: .whitespaces).isEmpty, "\(language).\(key)")
                #expect(Self.marks(value) == Self.marks(english.first { $0.key == key }?.value ?? ""), "\(language).\(key)")
            }
            if language != .english {
                let same = zip(texts, english).filter { $0.value == $1.value }.map(\.0.key)
                #expect(same.count <= 2, "\(language) keeps English for \(same)")
            }
        }
    }

    @Test("A text is escaped into a template, each of its marks a block that shows its value")
    func filling() {
        #expect(PageTemplates.template(ofText: "<{a}> & {b}") == "&lt;{{$a}}{{a}}{{/a}}&gt; &amp; {{$b}}{{b}}{{/b}}")
    }

    @Test(
        "Each page language renders with its lang, its words, Vary and the security headers",
        arguments: [
            ("en-US,en;q=0.9", "en", "Sign in with Battle.net", "Signed in as FaYe#2543"),
            ("de-DE,de;q=0.9,en;q=0.8", "de", "Mit Battle.net anmelden", "Angemeldet als FaYe#2543"),
            ("fr-CA,fr;q=0.8", "fr", "Se connecter avec Battle.net", "Connecté en tant que FaYe#2543"),
            ("es-MX", "es", "Iniciar sesión con Battle.net", "Sesión iniciada como FaYe#2543"),
            ("it", "it", "Accedi con Battle.net", "Accesso effettuato come FaYe#2543"),
            ("pt-BR,pt;q=0.9", "pt", "Entrar com a Battle.net", "Sessão iniciada como FaYe#2543"),
            ("ru-RU,ru;q=0.9,en-US;q=0.8", "ru", "Вход через Battle.net", "Вход выполнен: FaYe#2543"),
            ("ko-KR,ko;q=0.9", "ko", "Battle.net으로 로그인", "FaYe#2543(으)로 로그인했습니다"),
            ("zh-TW,zh;q=0.9", "zh-Hant", "使用 Battle.net 登入", "已以 FaYe#2543 登入"),
            ("zh-CN,zh;q=0.9", "zh-Hans", "使用 Battle.net 登录", "已以 FaYe#2543 登录"),
        ])
    func rendersOverHTTP(header: String, tag: String, signIn: String, signedIn: String) async throws {
        try await withRelay(via: .router, emulator: try await .shared) { relay in
            let language = [("Accept-Language", header)]
            let entry = try await relay.get("/device", headers: language)
            #expect(entry.status == 200)
            #expect(entry.text.contains("<html lang=\"\(tag)\">"))
            #expect(entry.text.contains("<h1>\(signIn)</h1>"))
            Self.expectPageHeaders(entry)

            let reflected = try await relay.get("/device?user_code=%3Cscript%3E%27%22%26x", headers: language)
            #expect(reflected.status == 400)
            #expect(reflected.text.contains("<html lang=\"\(tag)\">"))
            #expect(reflected.text.contains("value=\"&lt;script&gt;&#39;&quot;&amp;x\""))
            #expect(!reflected.text.contains("<script>"))
            Self.expectPageHeaders(reflected)

            let login = try await relay.startLogin()
            let confirm = try await relay.get(login.verificationURIComplete, headers: language)
            #expect(confirm.status == 200)
            #expect(confirm.text.contains("<html lang=\"\(tag)\">"))
            #expect(confirm.text.contains("<strong>us, eu, kr, tw</strong>"))
            #expect(confirm.text.contains("<code>d3.profile</code>"))
            Self.expectPageHeaders(confirm)
            #expect(confirm.header("Content-Security-Policy")?.contains("form-action 'self' ") == true)

            let callback = try await relay.decide(try await relay.confirm(login))
            let done = try await relay.get(callback, headers: language)
            #expect(done.status == 200)
            #expect(done.text.contains("<html lang=\"\(tag)\">"))
            #expect(done.text.contains("<h1>\(signedIn)</h1>"))
            Self.expectPageHeaders(done)
        }
    }

    @Test("A result page says why a sign-in failed in the person's language, the reflected code escaped")
    func problemInLanguage() async throws {
        try await withRelay(via: .router, emulator: try await .shared) { relay in
            let replay = try await relay.get("/redirect/d3?state=unknown&code=x", headers: [("Accept-Language", "de")])
            #expect(replay.status == 400)
            #expect(replay.text.contains("<h1>Anmeldelink ungültig</h1>"))
            #expect(replay.text.contains("Dieser Anmeldelink ist unbekannt, abgelaufen oder wurde bereits verwendet."))
            Self.expectPageHeaders(replay)
        }
    }

    private static func expectPageHeaders(_ response: TransportResponse) {
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        #expect(response.header("Vary") == "Accept-Language")
        let policy = response.header("Content-Security-Policy") ?? ""
        #expect(policy.hasPrefix("default-src 'none'; style-src 'sha256-"))
        #expect(policy.contains("frame-ancestors 'none'"))
        #expect(response.header("Cache-Control") == "no-store")
        #expect(response.header("X-Content-Type-Options") == "nosniff")
        #expect(response.header("X-Frame-Options") == "DENY")
        #expect(response.header("Referrer-Policy") != nil)
    }

    private static func texts(_ text: PageText) -> [(key: String, value: String)] {
        Mirror(reflecting: text).children.compactMap { child in
            guard let key = child.label, let value = child.value as? String else { return nil }
            return (key, value)
        }
    }

    private static func marks(_ text: String) -> [String] {
        text.matches(of: /\{[a-z]+\}/).map { String($0.output) }.sorted()
    }
}
