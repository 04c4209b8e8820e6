#!/usr/bin/env bash
# Every top-level test suite, and every test outside one, has a Swift Testing time limit of at most 3 minutes, so a
# test that hangs fails by its name well before scripts/test-bounded.sh stops the whole run (.ci/run: 7 minutes).
# Usage: scripts/check-time-limits.sh   (run by .ci/run; exits 1 naming each declaration without a limit)
set -euo pipefail
cd "$(dirname "$0")/.."
python3 - <<'PY'
import pathlib, re, sys
bad = []
for path in sorted(pathlib.Path("Tests").rglob("*.swift")):
    text = path.read_text()
    for match in re.finditer(r"^@(Suite|Test)\b", text, re.M):
        # The attribute's argument list: from the opening parenthesis to the one that closes it.
        start, depth, end = match.end(), 0, match.end()
        if text[start:start + 1] == "(":
            for end in range(start, len(text)):
                depth += {"(": 1, ")": -1}.get(text[end], 0)
                if depth == 0:
                    break
        arguments = text[start:end + 1]
        limit = re.search(r"\.timeLimit\(\.minutes\((\d+)\)\)", arguments)
        line = text.count("\n", 0, match.start()) + 1
        if not limit:
            bad.append(f"{path}:{line}: top-level @{match.group(1)} without .timeLimit")
        elif int(limit.group(1)) > 3:
            bad.append(f"{path}:{line}: .timeLimit over 3 minutes")
for entry in bad:
    print(entry, file=sys.stderr)
sys.exit(1 if bad else 0)
PY
