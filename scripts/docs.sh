#!/usr/bin/env bash
# Builds the DocC documentation of the libraries an app uses, each from its catalog, with the toolchain's `docc`,
# failing on any warning (a broken symbol link, an unknown article, a malformed directive):
#   BattleNet                  Sources/BattleNet/BattleNet.docc (sign-in, tokens, the generic API call)
#   BattleNetDiablo3           Sources/BattleNetDiablo3/BattleNetDiablo3.docc
#   BattleNetWorldOfWarcraft   Sources/BattleNetWorldOfWarcraft/BattleNetWorldOfWarcraft.docc
#   BattleNetStarCraft2        Sources/BattleNetStarCraft2/BattleNetStarCraft2.docc
# Each symbol graph comes from a build of the library alone, with the `Server` trait off, in its own scratch
# folder. A game's pages name the core's types in code font (DocC links do not cross archives).
#
# Usage: scripts/docs.sh [output-dir]     (default .build-docs; one <Library>.doccarchive each)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=$PWD/.build-docs
output=${1:-$scratch}
graphs=$scratch/symbol-graphs

rm -rf "$graphs" && mkdir -p "$graphs" "$output"
# A build with the Server trait off resolves fewer packages and would rewrite the committed Package.resolved
# without them: keep the committed file as it is.
cp Package.resolved "$scratch/Package.resolved.committed"
trap 'cp "$scratch/Package.resolved.committed" Package.resolved' EXIT
for library in BattleNet BattleNetDiablo3 BattleNetWorldOfWarcraft BattleNetStarCraft2; do
    swift build --scratch-path "$scratch" --target "$library" --disable-default-traits \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" >&2
    # The library's own graphs (X.symbols.json and its extensions of other modules, X@Swift...).
    own=$scratch/graphs-$library
    rm -rf "$own" && mkdir -p "$own"
    cp "$graphs/$library.symbols.json" "$own"/ 2>/dev/null || true
    cp "$graphs/$library"@*.symbols.json "$own"/ 2>/dev/null || true
    [ -s "$own/$library.symbols.json" ] || { echo "docs: no symbol graph for $library in $graphs" >&2; exit 1; }
    archive=$output/$library.doccarchive
    docc convert "Sources/$library/$library.docc" \
        --additional-symbol-graph-dir "$own" \
        --fallback-display-name "$library" --fallback-bundle-identifier "com.github.battlenetrelay.$library" \
        --warnings-as-errors --output-path "$archive" >&2
    pages=$(find "$archive/data/documentation" -name '*.json' | wc -l)
    [ "$pages" -gt 5 ] || { echo "docs: only $pages pages were generated in $archive" >&2; exit 1; }
    echo "docs: $library: $pages pages, no warnings: $archive"
done
