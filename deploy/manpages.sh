#!/usr/bin/env bash
# Generates the manual pages bnet.1 and d3.1 from the programs' own command trees (their `--experimental-dump-help`)
# with swift-argument-parser's generate-manual tool, the tool of its GenerateManual plugin, built from the copy of
# swift-argument-parser the package resolved (no download, no change to Package.swift). Then checks that `man -l`
# renders each page and that it names the program's subcommands; fails otherwise.
#
#   deploy/manpages.sh BNET_BINARY OUT_DIR     (deploy/build.sh: the release's bnet, into the tarball and the package)
#   SCRATCH=.build deploy/manpages.sh .build/debug/bnet /tmp/man    (the package's scratch path; default .build-release)
#
# The page's date is the commit's, so one commit always makes the same pages.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$#" -eq 2 ] || { echo "usage: deploy/manpages.sh BNET_BINARY OUT_DIR" >&2; exit 2; }
bnet=$(realpath "$1")
out=$(realpath -m "$2")
scratch=$(realpath -m "${SCRATCH:-.build-release}")
parser="$scratch/checkouts/swift-argument-parser"
[ -f "$parser/Package.swift" ] || { echo "manpages.sh: no swift-argument-parser in $parser (build the package there first)" >&2; exit 1; }
command -v man >/dev/null || { echo "manpages.sh: no man to check the pages with (apt-get install man-db)" >&2; exit 1; }

build=(swift build --package-path "$parser" --scratch-path "$scratch/generate-manual" --product generate-manual
       -debug-info-format none)
"${build[@]}" >&2
tool="$("${build[@]}" --show-bin-path)/generate-manual"

# d3 is the same binary under another name, which decides its command tree.
links=$(mktemp -d)
trap 'rm -rf "$links"' EXIT
ln -s "$bnet" "$links/bnet"
ln -s "$bnet" "$links/d3"
date=$(git log -1 --format=%cs)
mkdir -p "$out"
for program in bnet d3; do
    "$tool" "$links/$program" --date "$date" --section 1 \
        --authors "BattleNetRelay maintainers<bnet-relay@localhost>" --output-directory "$out"
    page="$out/$program.1"
    [ -s "$page" ] || { echo "manpages.sh: generate-manual made no $page" >&2; exit 1; }
    sed -i 's/^$/.Pp/' "$page"   # a help text's blank line, as mdoc writes a paragraph break (man warns otherwise)
    rendered=$(MANWIDTH=100 man -l "$page" 2>"$links/warnings" | col -b)
    [ ! -s "$links/warnings" ] || { echo "manpages.sh: man -l $page warns:" >&2; head "$links/warnings" >&2; exit 1; }
    for word in "$program" login logout whoami; do
        grep -qw -- "$word" <<<"$rendered" || { echo "manpages.sh: man -l $page does not show '$word':" >&2; echo "$rendered" | head -40 >&2; exit 1; }
    done
    echo "manpages.sh: $page ($(wc -l <<<"$rendered") lines rendered)" >&2
done
