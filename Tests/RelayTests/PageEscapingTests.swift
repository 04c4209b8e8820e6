import BattleNet
import Foundation
import Mustache
import RelayCore
import Testing

@testable import RelayServer

/// The relay's pages escape by construction (issue 47, item 10): every value a stranger can fill in comes out
/// escaped on each page, in every language, and a template tag that would not escape is refused.
@Suite("Page escaping", .timeLimit(.minutes(1)))
struct PageEscapingTests {
    /// A value with each character HTML gives a meaning, and Mustache's own delimiters.
    static let hostile = #"<script>"'&{{x}}"#
    static let escaped = "&lt;script&gt;&quot;&#39;&amp;{{x}}"

    static let login = Login(
        id: hostile, app: hostile, scopes: [hostile], deviceCodeHash: hostile, userCodeHash: "u", sealingPublicKey: Data(),
        createdAt: Date(), expiresAt: Date(), interval: 5, startNetwork: hostile)

    @Test("Each page shows every value a stranger fills in escaped, once per place it is shown", arguments: PageLanguage.allCases)
    func everySlotEscaped(language: PageLanguage) {
        let origin = DevicePages.Origin(minutesAgo: 2, startNetwork: Self.hostile, pageNetwork: "192.0.2.0/24")
        let pages: [(String, Page, Int)] = [
            ("enter code", DevicePages.enterCode(language, message: \.invalidCode, typed: Self.hostile), 1),
            // The app, the network, the scope, the user code shown and in both forms, the nonce in both forms.
            ("confirm", DevicePages.confirm(
                language, login: Self.login, userCode: Self.hostile, regions: [.eu], nonce: Self.hostile, origin: origin), 8),
            ("continuing", DevicePages.continuing(language, app: Self.hostile, userCode: Self.hostile, nonce: Self.hostile), 3),
            ("refusal", DevicePages.message(language, title: \.failedTitle, text: Self.hostile), 1),
            ("provider error", DevicePages.sentence(
                language, title: \.failedTitle, PageText.sentence(.providerError(code: Self.hostile))), 1),
            ("exchange refused", DevicePages.sentence(
                language, title: \.rejectedTitle, PageText.sentence(.exchangeRefused(code: Self.hostile)), advice: true), 1),
            ("malformed request", AuthorizePages.malformed(language, reason: Self.hostile), 1),
            ("signed in", CallbackPages.approved(language, battleTag: Self.hostile, app: Self.hostile), 2),
            // The app twice, the BattleTag, the scope, where the browser goes back; in both forms the action, the
            // login id, the nonce and the device code hash.
            ("consent", AuthorizePages.consent(
                language, login: Self.login, returnURI: Self.hostile, battleTag: Self.hostile, nonce: Self.hostile,
                origin: origin, action: Self.hostile), 13),
        ]
        for (name, page, places) in pages {
            let html = PageRenderer(sandbox: true).html(page)
            #expect(!html.contains("<script"), "\(name) in \(language)")
            #expect(html.components(separatedBy: Self.escaped).count - 1 == places, "\(name) in \(language): \(html)")
            #expect(html.contains(#"<p class="sandbox" role="alert">"#), "\(name) in \(language)")
        }
    }

    @Test("A code reflected in a problem is shown as code; a missing BattleTag shows the plain title")
    func dressedValues() {
        let page = DevicePages.sentence(.english, title: \.failedTitle, PageText.sentence(.providerError(code: "<x>")))
        #expect(page.body.contains("<code>&lt;x&gt;</code>"))
        let rejected = DevicePages.sentence(.english, title: \.rejectedTitle, PageText.sentence(.noCode), advice: true)
        #expect(rejected.body.hasSuffix(" " + PageText.english.rejectedAdvice + "</p>"))
        #expect(CallbackPages.approved(.english, battleTag: nil, app: "d3").body.contains("<h1>Signed in</h1>"))
    }

    @Test("The frame carries the very stylesheet and script the Content-Security-Policy hashes allow")
    func frameHashes() {
        let page = DevicePages.continuing(.english, app: "d3", userCode: "WDJB-MJHT", nonce: "n")
        let html = PageRenderer(sandbox: false).html(page, autoSubmitting: true)
        #expect(html.contains("<style>\(Page.style)</style>"))
        #expect(html.contains("<script>\(Page.autoSubmit)</script>"))
        #expect(!html.contains(#"class="sandbox""#))
        #expect(!PageRenderer(sandbox: false).html(page).contains("<script"))
    }

    @Test("Every partial a template names, and every problem's text, is in each language's library")
    func partialsExist() throws {
        let named = PageTemplates.sources.values.flatMap { source in
            source.matches(of: /\{\{[<>]([A-Za-z]+)\}\}/).map { String($0.output.1) }
        }
        #expect(named.count > 30)
        let problems: [CallbackProblem] = [
            .unknownApp, .noValidState, .unknownState, .storeUnreadable, .recordChanged, .wrongApp,
            .providerError(code: "c"), .noCode, .exchangeRefused(code: "c"), .timeout, .unreachable, .malformedResponse,
            .rateLimited, .providerServerError, .exchangeFailed, .loginEnded, .storeUnwritable,
        ]
        for language in PageLanguage.allCases {
            let library = PageTemplates.library(language.text)
            for name in named + problems.map({ PageText.sentence($0).name }) + ["authorizeBadRequest"] {
                #expect(library.getTemplate(named: name) != nil, "\(name) in \(language)")
            }
        }
    }

    @Test("scripts/check-templates.sh passes the relay's templates and refuses a tag that would not escape")
    func checkScript() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("check-templates-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func check(_ source: String?) throws -> Int32 {
            let process = Process()
            process.executableURL = root.appendingPathComponent("scripts/check-templates.sh")
            if let source {
                let file = directory.appendingPathComponent("Template.swift")
                try source.write(to: file, atomically: true, encoding: .utf8)
                process.arguments = [file.path]
            }
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        #expect(try check(nil) == 0, "the relay's own templates")
        #expect(try check(#"let page = "<p>{{name}}</p>""#) == 0)
        #expect(try check(#"let page = "<p>{{{name}}}</p>""#) == 1)
        #expect(try check(#"let page = "<p>{{& name}}</p>""#) == 1)
        #expect(try check(#"let page = "{{%CONTENT_TYPE: TEXT}}<p>{{name}}</p>""#) == 1)
        #expect(try check(#"let page = "{{=<% %>=}}<p><%{name}%></p>""#) == 1)
        #expect(try check(#"let page = "<p>{{{name}}}{{! unescaped: markup the relay built }}</p>""#) == 0)
    }
}
