#!/usr/bin/env bash
# Builds the DocC documentation of the `BattleNet` library (Sources/BattleNet/BattleNet.docc) with the toolchain's
# `docc`, failing on any warning (a broken symbol link, an unknown article, a malformed directive). The symbol
# graph comes from a build of the library alone, with the `Server` trait off, in its own scratch folder.
#
# Usage: scripts/docs.sh [output-dir]     (default .build-docs/BattleNet.doccarchive)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=$PWD/.build-docs
output=${1:-$scratch/BattleNet.doccarchive}
graphs=$scratch/symbol-graphs
library=$scratch/library-graphs

rm -rf "$graphs" "$library" && mkdir -p "$graphs" "$library"
swift build --scratch-path "$scratch" --target BattleNet --disable-default-traits \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" >&2
# The library's own graphs (BattleNet.symbols.json and its extensions of other modules, BattleNet@Swift...).
cp "$graphs"/BattleNet.symbols.json "$graphs"/BattleNet@*.symbols.json "$library"/ 2>/dev/null || true
[ -s "$library/BattleNet.symbols.json" ] || { echo "docs: no symbol graph for BattleNet in $graphs" >&2; exit 1; }

docc convert Sources/BattleNet/BattleNet.docc \
    --additional-symbol-graph-dir "$library" \
    --fallback-display-name BattleNet --fallback-bundle-identifier com.github.battlenetrelay.BattleNet \
    --warnings-as-errors --output-path "$output" >&2
pages=$(find "$output/data/documentation" -name '*.json' | wc -l)
[ "$pages" -gt 20 ] || { echo "docs: only $pages pages were generated in $output" >&2; exit 1; }
echo "docs: $pages pages, no warnings: $output"
