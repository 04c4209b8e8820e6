#!/usr/bin/env bash
# Builds the DocC documentation of the libraries an app uses, each from its catalog, with the toolchain's `docc`,
# failing on any warning (a broken symbol link, an unknown article, a malformed directive):
#   BattleNet                  Sources/BattleNet/BattleNet.docc (sign-in, tokens, the generic API call)
#   BattleNetDiablo3           Sources/BattleNetDiablo3/BattleNetDiablo3.docc
#   BattleNetWorldOfWarcraft   Sources/BattleNetWorldOfWarcraft/BattleNetWorldOfWarcraft.docc
#   BattleNetStarCraft2        Sources/BattleNetStarCraft2/BattleNetStarCraft2.docc
#   BattleNetHearthstone       Sources/BattleNetHearthstone/BattleNetHearthstone.docc
# Each symbol graph is extracted (`swift symbolgraph-extract`) from the library's module in the package's debug build
# (.build, built here if it is not there yet: after `swift build --build-tests` nothing is compiled). The libraries
# hold no trait-dependent code, so their public API is the one an app with `traits: []` gets. A game's pages name the
# core's types in code font (DocC links do not cross archives).
#
# Usage: scripts/docs.sh [output-dir]     (default .build-docs; one <Library>.doccarchive each)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=$PWD/.build-docs
output=${1:-$scratch}
graphs=$scratch/symbol-graphs

modules=$(swift build --show-bin-path)/Modules
triple=$(swift -print-target-info | sed -n 's/.*"triple": "\(.*\)".*/\1/p' | head -1)
rm -rf "$graphs" && mkdir -p "$graphs" "$output"
for library in BattleNet BattleNetDiablo3 BattleNetWorldOfWarcraft BattleNetStarCraft2 BattleNetHearthstone; do
    if grep -rnE '^[[:space:]]*#(if|elseif).*\bServer\b' "Sources/$library"; then
        echo "docs: $library has code under the Server trait (above): its graph must come from a build without it" >&2
        exit 1
    fi
    swift build --target "$library" >&2
    # The library's own graphs (X.symbols.json and its extensions of other modules, X@Swift...).
    own=$graphs/$library
    mkdir -p "$own"
    swift symbolgraph-extract -module-name "$library" -target "$triple" -I "$modules" -minimum-access-level public \
        -output-dir "$own" >&2
    [ -s "$own/$library.symbols.json" ] || { echo "docs: no symbol graph for $library in $own" >&2; exit 1; }
    archive=$output/$library.doccarchive
    docc convert "Sources/$library/$library.docc" \
        --additional-symbol-graph-dir "$own" \
        --fallback-display-name "$library" --fallback-bundle-identifier "com.github.battlenetrelay.$library" \
        --warnings-as-errors --output-path "$archive" >&2
    pages=$(find "$archive/data/documentation" -name '*.json' | wc -l)
    [ "$pages" -gt 5 ] || { echo "docs: only $pages pages were generated in $archive" >&2; exit 1; }
    echo "docs: $library: $pages pages, no warnings: $archive"
done
