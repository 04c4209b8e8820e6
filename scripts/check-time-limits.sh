#!/usr/bin/env bash
# Every test has a Swift Testing time limit of at most 3 minutes, its own or an enclosing suite's (a suite's traits
# reach its nested suites and the tests of its extensions), so a test that hangs fails by its name well before
# scripts/test-bounded.sh stops the whole run (.ci/run: 7 minutes). Suites and tests are found at any indentation:
# in a type nested in an enum or a struct without @Suite, or in an extension.
# The script first checks itself on small fixtures (an indented suite without a limit must be reported, a test
# covered by its suite's limit must not), and fails if it cannot tell them apart.
# Usage: scripts/check-time-limits.sh   (run by .ci/run; exits 1 naming each declaration without a limit)
set -euo pipefail
cd "$(dirname "$0")/.."
python3 - <<'PY'
import pathlib, re, sys

def blank(text):
    """The text with comments and string literals replaced by spaces (newlines kept), so braces and attributes
    inside them are not seen."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i)); i = j
        elif text.startswith("/*", i):
            depth, j = 0, i
            while j < n:
                if text.startswith("/*", j): depth += 1; j += 2
                elif text.startswith("*/", j):
                    depth -= 1; j += 2
                    if depth == 0: break
                else: j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j])); i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', text[i:])):
            hashes = len(re.match(r"#*", text[i:]).group(0))
            start = i + hashes
            triple = text.startswith('"""', start)
            close = ('"""' if triple else '"') + "#" * hashes
            j = start + (3 if triple else 1)
            while j < n and not text.startswith(close, j):
                j += 2 if text[j] == "\\" and hashes == 0 else 1
                if not triple and j < n and text[j] == "\n": break
            j = min(n, j + len(close))
            out.append(re.sub(r"[^\n]", " ", text[i:j])); i = j
        else:
            out.append(c); i += 1
    return "".join(out)

ATTRIBUTE = re.compile(r"@(Suite|Test)\b")
LIMIT = re.compile(r"\.timeLimit\(\.minutes\((\d+)\)\)")
TYPE = re.compile(r"\b(struct|class|enum|actor|extension)\s+([A-Za-z_][\w.]*)")

def arguments(text, at):
    """The attribute's argument list starting at `at`, or "" when it has none."""
    if text[at:at + 1] != "(": return ""
    depth = 0
    for end in range(at, len(text)):
        depth += {"(": 1, ")": -1}.get(text[end], 0)
        if depth == 0: return text[at:end + 1]
    return text[at:]

def scopes(text):
    """For each `{` of a type or extension: (open, close, type name, is extension, the header's @Suite limit or None,
    whether the header has @Suite)."""
    found, stack, last = [], [], 0
    for i, c in enumerate(text):
        if c == "{":
            header = text[last:i]
            stack.append((i, header))
            last = i + 1
        elif c == "}":
            if stack:
                open_at, header = stack.pop()
                kind = TYPE.search(header)
                if kind and not re.search(r"\b(func|var|let|init)\b", header[kind.end():]):
                    suite = re.search(r"@Suite\b", header)
                    limit = LIMIT.search(arguments(header, suite.end())) if suite else None
                    found.append((open_at, i, kind.group(2).split(".")[-1], kind.group(1) == "extension",
                                  int(limit.group(1)) if limit else None, bool(suite)))
            last = i + 1
        elif c == ";":
            last = i + 1
    return found

def check(files):
    """The problems in `files` (name -> text)."""
    cleaned = {name: blank(text) for name, text in files.items()}
    suite_limits = {}
    for text in cleaned.values():
        for (_, _, name, extension, limit, suite) in scopes(text):
            if suite and not extension and limit is not None: suite_limits[name] = limit
    bad = []
    for name, text in cleaned.items():
        found = scopes(text)
        for match in ATTRIBUTE.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            own = LIMIT.search(arguments(text, match.end()))
            enclosing = sorted((s for s in found if s[0] < match.start() < s[1]), key=lambda s: s[0])
            inherited = [s[4] if not s[3] else suite_limits.get(s[2]) for s in enclosing]
            inherited = [limit for limit in inherited if limit is not None]
            limits = ([int(own.group(1))] if own else []) + inherited
            if not limits:
                bad.append(f"{name}:{line}: @{match.group(1)} without .timeLimit, its own or a suite's around it")
            elif own and int(own.group(1)) > 3:
                bad.append(f"{name}:{line}: .timeLimit over 3 minutes")
    return bad

# Self-check: what the check must report and must not.
fixtures = {
    "Indented.swift": 'enum Outer {\n    @Suite("nested, no limit")\n    struct Inner {\n        @Test func a() {}\n    }\n}\n',
    "Plain.swift": 'struct NoSuite {\n    @Test("braces { in a string") func b() {}\n}\n',
    "Covered.swift": '@Suite("s", .timeLimit(.minutes(2)))\nstruct Limited {\n    @Suite struct Deeper { @Test func c() {} }\n    @Test func d() { let x = "}"; _ = x }\n}\n',
    "Extension.swift": 'extension Limited {\n    @Test func e() {}\n}\n',
    "Long.swift": '@Suite(.timeLimit(.minutes(9))) struct Long { @Test func f() {} }\n',
}
expected = {"Indented.swift:2", "Indented.swift:4", "Plain.swift:2", "Long.swift:1"}
reported = {":".join(entry.split(":")[:2]) for entry in check(fixtures)}
if reported != expected:
    print(f"check-time-limits: the self-check failed: reported {sorted(reported)}, expected {sorted(expected)}", file=sys.stderr)
    sys.exit(2)

bad = check({str(path): path.read_text() for path in sorted(pathlib.Path("Tests").rglob("*.swift"))})
for entry in bad:
    print(entry, file=sys.stderr)
sys.exit(1 if bad else 0)
PY
