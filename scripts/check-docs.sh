#!/usr/bin/env bash
# Checks the documents a person reads: README.md, CHANGELOG.md, docs/, deploy/README.md, Examples/README.md and the
# DocC catalogs (Sources/*/*.docc).
#
#   1. Links: every relative Markdown link names a file or directory that exists, and its #anchor a heading of that
#      file (GitHub's anchors: lower case, punctuation dropped, spaces as hyphens, -1, -2 for repeats); every DocC
#      <doc:Article> an article of the same catalog. Web links (http, https, mailto) are not followed: CI has no
#      network.
#   2. Swift examples: every ```swift block is type-checked in Swift 6 mode against the package's built modules.
#      The blocks of one article make one file: imports first, declarations as written, each block of statements
#      in an async throwing function of its own, member declarations (a view controller's methods) in a class of
#      their own; the names an example takes from its surroundings (`window`, `session`, a value an earlier block
#      made) are declared in that article's prelude below, typed, so that a wrong call still fails. A
#      `.package(...)` line is checked in a manifest against PackageDescription. Articles that use SwiftUI, UIKit
#      or the Keychain are checked against the Apple stand-ins that scripts/check-apple-sources.sh compiles
#      (.build/apple-check/modules: run it first); the others against the debug build (`swift build`).
#
# Usage: scripts/check-docs.sh [--links-only]     (BIN_DIR=dir: the built package's bin directory)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$root/.build/check-docs
rm -rf "$out" && mkdir -p "$out"

python3 - "$out" "${1:-}" <<'PYTHON'
import glob, os, re, sys, json

out, mode = sys.argv[1], sys.argv[2]
files = (["README.md", "CHANGELOG.md", "deploy/README.md", "Examples/README.md"] + sorted(glob.glob("docs/*.md"))
         + sorted(glob.glob("Sources/*/*.docc/*.md")))
files = [f for f in files if os.path.exists(f)]

def strip_code(text):
    """The text outside fenced blocks and code spans, with line numbers kept."""
    lines, inside = [], False
    for line in text.split("\n"):
        if line.lstrip().startswith("```"):
            inside = not inside
            lines.append("")
        else:
            lines.append("" if inside else re.sub(r"`[^`]*`", "", line))
    return lines

def anchors(path):
    found, seen = set(), {}
    inside = False
    for line in open(path, encoding="utf-8").read().split("\n"):
        if line.lstrip().startswith("```"):
            inside = not inside
        if inside or not re.match(r"#{1,6} ", line):
            continue
        title = re.sub(r"^#{1,6} ", "", line).strip()
        title = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", title).replace("`", "")
        slug = re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        found.add(slug if n == 0 else f"{slug}-{n}")
    return found

problems = []
link = re.compile(r"\[(?:[^\]\[]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
for f in files:
    base = os.path.dirname(f)
    catalog = base if base.endswith(".docc") else None
    for number, line in enumerate(strip_code(open(f, encoding="utf-8").read()), 1):
        for target in link.findall(line):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, anchor = target.partition("#")
            resolved = os.path.normpath(os.path.join(base, path)) if path else f
            if not os.path.exists(resolved):
                problems.append(f"{f}:{number}: link to a missing file: {target}")
                continue
            if anchor and os.path.isfile(resolved) and resolved.endswith(".md") and anchor not in anchors(resolved):
                problems.append(f"{f}:{number}: link to a missing heading: {target} (headings of {resolved}: "
                                + ", ".join(sorted(anchors(resolved))) + ")")
        for article in re.findall(r"<doc:([A-Za-z0-9_-]+)>", line):
            if catalog is None or not os.path.exists(os.path.join(catalog, article + ".md")):
                problems.append(f"{f}:{number}: <doc:{article}> names no article of its catalog")
if problems:
    print("\n".join(problems), file=sys.stderr)
    sys.exit(f"check-docs: {len(problems)} broken link(s), above")
print(f"check-docs: links: {len(files)} files, every relative link and anchor resolves")
if mode == "--links-only":
    sys.exit(0)

# Swift examples. The names each article's examples take from their surroundings, typed.
PRELUDES = {
    "AddingSignInToAnApp": """
import UIKit
@MainActor var window: UIWindow { fatalError() }
@MainActor func show(_ player: SignedInPlayer) {}
@MainActor func show(_ message: String) {}
""",
    "SigningInFromSwiftUI": """
@MainActor var account: ObservablePlayerSession { fatalError() }
@MainActor var webAuthenticationSession: WebAuthenticationSession { fatalError() }
var player: SignedInPlayer { fatalError() }
var battleTag: BattleTag { fatalError() }
""",
    "SigningInFromUIKit": """
import UIKit
var session: PlayerSession { fatalError() }
@MainActor var signInButton: UIView { fatalError() }
extension UIView { var window: UIWindow? { nil }; var isHidden: Bool { get { false } set {} } }
@MainActor class SnippetViewController: UIResponder {
    var view: UIView { fatalError() }
    var signInTask: Task<Void, Never>?
    func viewDidDisappear(_ animated: Bool) {}
    func show(_ player: SignedInPlayer) {}
    func showMessage(_ message: String) {}
}
""",
    "SigningInFromACommandLineTool": """
var granted: DeviceFlowToken { fatalError() }
var client: DeviceFlowClient { fatalError() }
var listenerPort: Int { fatalError() }
var returnedURL: URL { fatalError() }
var transport: any HTTPTransport { fatalError() }
func save(_ token: DeviceFlowToken) {}
""",
    "TestingAnApp": """
var stub: StubTransport { fatalError() }
""",
    "CallingTheAPI": """
var clientID: String { fatalError() }
var clientSecret: String { fatalError() }
""",
    "BattleNetDiablo3": "var session: PlayerSession { fatalError() }\n",
    "BattleNetStarCraft2": "var session: PlayerSession { fatalError() }\nvar accountID: Int { fatalError() }\n",
    "BattleNetWorldOfWarcraft": "var session: PlayerSession { fatalError() }\nvar wow: WorldOfWarcraftClient { fatalError() }\n",
    "BattleNetHearthstone": "var gateway: URL { fatalError() }\n",
}
APPLE = re.compile(r"\bimport (SwiftUI|UIKit)\b|KeychainTokenStore|presentingFrom|webAuthenticationSession")
DECLARATION = re.compile(r"^(@main\b|@MainActor\s+(final\s+)?(struct|class)|(public\s+)?(final\s+)?(struct|class|enum|actor|extension|protocol)\s)")
MEMBER = re.compile(r"^(@IBAction|override\s)")

units, manifests = [], []
for f in files:
    blocks, lines, inside = [], open(f, encoding="utf-8").read().split("\n"), False
    for number, line in enumerate(lines, 1):
        if line.lstrip().startswith("```"):
            if not inside:
                inside, language, start, body = True, line.strip()[3:].strip(), number, []
            else:
                inside = False
                if language == "swift":
                    blocks.append((start, body))
        elif inside:
            body.append(line)
    if not blocks:
        continue
    name = os.path.splitext(os.path.basename(f))[0]
    imports, parts = ["import Foundation"], []
    for index, (start, body) in enumerate(blocks):
        code = "\n".join(body)
        where = f"// {f}:{start}"
        if code.lstrip().startswith(".package("):
            manifests.append((f, start, code))
            continue
        kept = []
        for line in body:
            if re.match(r"import \w+", line):
                imports.append(re.sub(r"\s*//.*", "", line))
            else:
                kept.append(line)
        code = "\n".join(kept).strip("\n")
        first = next((l for l in kept if l.strip() and not l.strip().startswith("//")), "")
        if MEMBER.match(first):
            parts.append(f"{where}\nfinal class Snippet{index}: SnippetViewController {{\n{code}\n}}")
        elif DECLARATION.match(first):
            parts.append(f"{where}\n{code}")
        else:
            parts.append(f"{where}\n@MainActor func snippet{index}() async throws {{\n{code}\n}}")
    source = "\n".join(dict.fromkeys(imports)) + "\n" + PRELUDES.get(name, "") + "\n" + "\n\n".join(parts) + "\n"
    apple = bool(APPLE.search("\n".join("\n".join(b) for _, b in blocks)))
    path = os.path.join(out, f"Snippets-{name}.swift")
    open(path, "w").write(source)
    units.append({"doc": f, "file": path, "apple": apple, "blocks": len(blocks)})
for n, (f, start, code) in enumerate(manifests):
    path = os.path.join(out, f"Manifest{n}.swift")
    open(path, "w").write(f"import PackageDescription\n// {f}:{start}\nfunc dependencies() -> [Package.Dependency] {{\n    [\n{code}\n    ]\n}}\n")
    units.append({"doc": f, "file": path, "manifest": True, "blocks": 1})
json.dump(units, open(os.path.join(out, "units.json"), "w"))
PYTHON

[ "${1:-}" = "--links-only" ] && exit 0

bin=${BIN_DIR:-$(swift build --show-bin-path)}
apple_modules=$root/.build/apple-check/modules
[ -f "$bin/Modules/BattleNet.swiftmodule" ] || { echo "check-docs: build the package first (swift build)" >&2; exit 1; }
manifest_api=$(dirname "$(dirname "$(command -v swiftc)")")/lib/swift/pm/ManifestAPI
settings=(-swift-version 6 -parse-as-library -typecheck -module-name DocumentedExamples -enable-upcoming-feature ExistentialAny)
# The C modules the package's Swift modules import (swift-crypto's, NIO's, swift-numerics' shims ...).
clang=()
while IFS= read -r map; do clang+=(-Xcc "-fmodule-map-file=$map"); done < <({ find "$bin" -maxdepth 2 -name module.modulemap; find "$root/.build/checkouts" -path '*/Sources/*/include/module.modulemap' 2>/dev/null; } | sort)
failed=0
checked=0
while IFS=$'\t' read -r doc file kind blocks; do
    case $kind in
        manifest) flags=(-I "$manifest_api" -package-description-version 6.1) ;;
        apple)
            [ -f "$apple_modules/BattleNet.swiftmodule" ] \
                || { echo "check-docs: $doc needs the Apple stand-ins: run scripts/check-apple-sources.sh first" >&2; exit 1; }
            flags=(-I "$apple_modules" -I "$bin/Modules" "${clang[@]}") ;;
        *) flags=(-I "$bin/Modules" "${clang[@]}") ;;
    esac
    if swiftc "${settings[@]}" "${flags[@]}" "$file" 2>"$file.log"; then
        checked=$((checked + blocks))
    else
        failed=1
        echo "check-docs: a Swift example of $doc does not compile ($kind; the checked file is $file):" >&2
        cat "$file.log" >&2
    fi
done < <(python3 -c '
import json, sys
for u in json.load(open(sys.argv[1])):
    kind = "manifest" if u.get("manifest") else "apple" if u.get("apple") else "linux"
    print(u["doc"], u["file"], kind, u["blocks"], sep="\t")' "$out/units.json")
[ "$failed" -eq 0 ] || exit 1
echo "check-docs: Swift examples: $checked blocks type-check"
