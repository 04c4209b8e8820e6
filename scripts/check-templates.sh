#!/usr/bin/env bash
# The relay's pages are Mustache templates that escape every value (Sources/RelayServer/Pages/PageTemplates.swift):
# fails on a tag that would not, `{{{name}}}` or `{{&name}}`, and on one that could turn escaping off or hide such a
# tag from this check, `{{%CONTENT_TYPE...}}` or `{{=<% %>=}}`. A line may keep one only with its reason beside it in
# a Mustache comment, `{{! unescaped: WHY }}`.
# Usage: scripts/check-templates.sh [FILE...]   (default: every Swift file of the relay's pages, and every one that
# imports Mustache; run by .ci/run; exits 1 naming each line)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$#" -eq 0 ]; then
    mapfile -t files < <({ find Sources/RelayServer/Pages -name '*.swift'; grep -rl --include='*.swift' '^import Mustache' Sources; } | sort -u)
    set -- "${files[@]}"
fi
# Doc comments (`///`, `//`) name the tags they forbid; a template is never in one.
bad=$(grep -nHE '\{\{\s*[{&%=]' "$@" | grep -vE '^[^:]+:[0-9]+:\s*//' \
    | grep -vE '\{\{! unescaped: [^}]*[[:alpha:]][^}]*\}\}' || true)
if [ -n "$bad" ]; then
    echo "$bad" >&2
    echo "check-templates: a template tag that does not escape (add '{{! unescaped: WHY }}' on its line if it must)" >&2
    exit 1
fi
