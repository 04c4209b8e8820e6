extension PageTemplates {
    /// Every page's template: `frame` around the others (``PageRenderer``). A value is `{{name}}`, escaped; a text is
    /// a partial, `{{>name}}`, or with its marks dressed a parent, `{{<name}}…{{/name}}`. Never `{{{name}}}` or
    /// `{{&name}}` (scripts/check-templates.sh).
    static let sources: [String: String] = [
        // The stylesheet and the script are the very texts whose hashes the Content-Security-Policy allows.
        "frame": """
            <!doctype html>
            <html lang="{{lang}}"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>{{title}} · BattleNetRelay</title>
            <style>\(Page.style)</style>
            </head><body><main>
            {{#sandbox}}<p class="sandbox" role="alert"><strong>{{>sandboxLabel}}</strong> {{>sandboxText}}</p>{{/sandbox}}
            {{>*content}}</main>{{#autoSubmit}}<script>\(Page.autoSubmit)</script>{{/autoSubmit}}</body></html>
            """,
        "enterCode": """
            <h1>{{>signInTitle}}</h1>
            {{#message}}<p class="warn" role="alert">{{message}}</p>{{/message}}
            <form method="get" action="device">
            <label for="user_code">{{>enterCodeLabel}}</label>
            <input id="user_code" name="user_code" autocomplete="off" autocapitalize="characters" spellcheck="false" \
            maxlength="16" value="{{typed}}" required>
            <button type="submit">{{>next}}</button>
            </form>
            """,
        "confirm": """
            <h1>{{>confirmTitle}}</h1>
            {{#otherNetwork}}{{>otherNetworkAlert}}{{/otherNetwork}}{{#unknownNetwork}}<div class="alert" role="alert" \
            id="unknown-network"><h2>{{>unknownNetworkTitle}}</h2><p>{{>unknownNetworkText}}</p></div>{{/unknownNetwork}}
            <p>{{<confirmAsks}}{{$app}}<strong>{{app}}</strong>{{/app}}{{$regions}}<strong>{{regions}}</strong>{{/regions}}{{/confirmAsks}}</p>
            <p id="started">{{#network}}{{<startedFrom}}{{$ago}}{{>ago}}{{/ago}}{{$network}}<code>{{network}}</code>{{/network}}\
            {{/startedFrom}}{{/network}}{{^network}}{{<startedAt}}{{$ago}}{{>ago}}{{/ago}}{{/startedAt}}{{/network}}</p>
            {{>scopes}}
            <p>{{>checkCode}}</p>
            <p class="code" aria-label="{{>codeLabel}}">{{userCode}}</p>
            <p class="warn"><strong>{{>warnOnlyYou}}</strong> {{>warnSentLink}}</p>
            <form method="post" action="device">
            {{>codeFields}}
            <button type="submit">{{>continueButton}}</button>
            </form>
            <form method="post" action="device">
            {{>codeFields}}
            <input type="hidden" name="action" value="not_me">
            <button type="submit">{{>notMeButton}}</button>
            </form>
            """,
        // How long ago a login started, for `startedFrom` and `startedAt`.
        "ago": "{{#justNow}}{{>agoJustNow}}{{/justNow}}{{^justNow}}{{>agoMinutes}}{{/justNow}}",
        "otherNetworkAlert": """
            <div class="alert" role="alert" id="other-network"><h2>{{>otherNetworkTitle}}</h2><p>{{>otherNetworkText}}</p></div>
            """,
        "scopes": "<ul>{{#scopes}}<li><code>{{.}}</code></li>{{/scopes}}</ul>",
        "codeFields": """
            <input type="hidden" name="user_code" value="{{userCode}}">
            <input type="hidden" name="confirm" value="{{nonce}}">
            """,
        "continuing": """
            <h1>{{>continuingTitle}}</h1>
            <p>{{<continuingText}}{{$app}}<strong>{{app}}</strong>{{/app}}{{/continuingText}}</p>
            <form method="post" action="device">
            {{>codeFields}}
            <button type="submit">{{>continueButton}}</button>
            </form>
            """,
        "message": "<h1>{{title}}</h1><p>{{paragraph}}</p>",
        // A text named by `sentence` (its code dressed), and with `advice` what to do about a rejected sign-in.
        "sentence": """
            <h1>{{title}}</h1><p>{{<*sentence}}{{$code}}<code>{{code}}</code>{{/code}}{{/*sentence}}\
            {{#advice}} {{>rejectedAdvice}}{{/advice}}</p>
            """,
        "approved": """
            <h1>{{#battletag}}{{>signedInAs}}{{/battletag}}{{^battletag}}{{>signedInTitle}}{{/battletag}}</h1>
            <p>{{<closeTab}}{{$app}}<strong>{{app}}</strong>{{/app}}{{/closeTab}}</p>
            """,
        "consent": """
            <h1>{{>consentTitle}}</h1>
            {{#otherNetwork}}{{>otherNetworkAlert}}{{/otherNetwork}}
            <p>{{<consentAsks}}{{$app}}<strong>{{app}}</strong>{{/app}}{{$battletag}}<strong>{{battletag}}</strong>{{/battletag}}\
            {{/consentAsks}}</p>
            {{>scopes}}
            <p id="destination">{{<consentReturn}}{{$destination}}{{#loopback}}{{>consentThisComputer}} (<code>{{returnURI}}</code>)\
            {{/loopback}}{{^loopback}}<code>{{returnSource}}</code>{{/loopback}}{{/destination}}{{/consentReturn}}</p>
            <p class="warn">{{<consentWarn}}{{$app}}<strong>{{app}}</strong>{{/app}}{{/consentWarn}}</p>
            <form method="post" action="{{action}}">
            {{>consentFields}}
            <button type="submit">{{>consentAllow}}</button>
            </form>
            <form method="post" action="{{action}}">
            {{>consentFields}}
            <input type="hidden" name="action" value="not_me">
            <button type="submit">{{>notMeButton}}</button>
            </form>
            """,
        "consentFields": """
            <input type="hidden" name="login" value="{{login}}">
            <input type="hidden" name="confirm" value="{{nonce}}">
            {{#device}}<input type="hidden" name="device" value="{{device}}">{{/device}}
            """,
    ]
}
