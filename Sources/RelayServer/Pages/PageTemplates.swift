import BattleNet
import Mustache

/// The relay's pages as Mustache templates (``PageTemplates/sources``), compiled once into one library per language
/// with that language's texts (``PageText``) as partials: `{{>signInTitle}}` is the text, escaped, and a text's
/// `{mark}` is a block, `{{$app}}{{app}}{{/app}}`, that a page may override to dress the value
/// (`{{<confirmAsks}}{{$app}}<strong>{{app}}</strong>{{/app}}{{/confirmAsks}}`). Mustache escapes every value a page
/// fills in; only `{{{x}}}` and `{{&x}}` would not, and scripts/check-templates.sh refuses them.
enum PageTemplates {
    private static let libraries = Dictionary(uniqueKeysWithValues: PageLanguage.allCases.map { ($0, library($0.text)) })

    /// The template `name` filled in with `values`, in `language`.
    static func render(_ name: String, _ values: [String: any Sendable], in language: PageLanguage) -> String {
        guard let html = libraries[language]?.render(values, withTemplate: name) else {
            preconditionFailure("no page template \(name)")
        }
        return html
    }

    /// The page templates and every text of `text`, each under its name.
    static func library(_ text: PageText) -> MustacheLibrary {
        var library = MustacheLibrary()
        let texts = Mirror(reflecting: text).children.compactMap { child in
            (child.value as? String).flatMap { value in child.label.map { ($0, template(ofText: value)) } }
        }
        for (name, source) in sources.merging(texts, uniquingKeysWith: { template, _ in
            preconditionFailure("a page text is named like the template \(template)")
        }) {
            do {
                try library.register(source, named: name)
            } catch {
                preconditionFailure("page template \(name): \(error)")
            }
        }
        return library
    }

    /// `text` as a template: escaped for HTML, each `{mark}` a block that shows the value `mark`, escaped, unless a
    /// page overrides the block.
    static func template(ofText text: String) -> String {
        precondition(!text.contains("{{") && !text.contains("}}"), "a page text holds Mustache's delimiters: \(text)")
        // The pages' one escape by hand: of a text compiled into the relay (never a request's value), into template source.
        return escapeHTML(text).replacing(/\{([a-z]+)\}/) { match in "{{$\(match.1)}}{{\(match.1)}}{{/\(match.1)}}" }
    }
}
