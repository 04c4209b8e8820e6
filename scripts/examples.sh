#!/usr/bin/env bash
# Builds Examples/SignInCLI as an app would: a package of its own that depends on this one's `BattleNet`,
# `BattleNetDiablo3` and `BattleNetURLSession` libraries only, with the default `Server` trait off (`traits: []`),
# its `CoreOnlyExample`, which depends on the core `BattleNet` alone, and its `HearthstoneOnlyExample`, which depends
# on `BattleNetHearthstone` alone. Fails if
#   - resolving it (or Examples/SwiftUIApp, which compiles only on Apple platforms) fetched any package but
#     swift-crypto and swift-asn1 (an app must not download the server's graph),
#   - an example links (and so its build compiled) any server code (SwiftNIO, Hummingbird, AsyncHTTPClient, GRDB,
#     PostgresNIO, the relay's own modules), or a game library it does not use (CoreOnlyExample: none, nor the
#     transport; SignInExample: only Diablo III; HearthstoneOnlyExample: only Hearthstone, no transport), or
#   - it did not find the fetched packages and linked modules it expects (so the check cannot pass vacuously).
# Then builds Examples/GameDataApp (GameDataExample: Diablo III's acts through a relay's gateway, no secret, no
# sign-in) the same way and fails unless it links exactly BattleNet, BattleNetDiablo3, BattleNetURLSession and
# swift-crypto of the package, nothing of the server.
# Prints the two examples' paths, SignInExample's on the first line and GameDataExample's on the second; the interop
# suite (Tests/Interop/test_example.py, test_game_data_example.py) runs them against a sandbox relay.
#
# Usage: scripts/examples.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=$PWD/.build-examples
game_data_scratch=$PWD/.build-examples-gamedata
allowed_packages="swift-asn1 swift-crypto"
expected_modules="BattleNet BattleNetDiablo3 BattleNetURLSession Crypto SignInExample"

fail() { echo "examples: $*" >&2; exit 1; }

# resolve PACKAGE SCRATCH: resolves afresh (so what is listed is what this graph fetched, not what an older one left
# behind) and fails unless exactly the allowed packages were fetched.
resolve() {
    rm -rf "$2/checkouts" "$2/repositories" "$2/workspace-state.json" "$1/Package.resolved"
    swift package --package-path "$1" --scratch-path "$2" resolve >&2
    local fetched
    fetched=$(find "$2/checkouts" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort | xargs)
    echo "examples: packages fetched for $1: $fetched" >&2
    [ "$fetched" = "$allowed_packages" ] \
        || fail "an app with traits: [] must fetch exactly '$allowed_packages', but $1 fetched '$fetched'"
}

# The SwiftUI example compiles only on Apple platforms (.github/workflows/apple.yml); its manifest and graph are
# checked here.
resolve Examples/SwiftUIApp "$PWD/.build-swiftui"
resolve Examples/SignInCLI "$scratch"
resolve Examples/GameDataApp "$game_data_scratch"

# linked PRODUCT: the modules whose object files the product links (its link file list), one a line.
linked() {
    awk -v bin="$bin/" 'index($0, bin) == 1 { path = substr($0, length(bin) + 1); sub(/\.build\/.*/, "", path); print path }' \
        "$bin/$1.product/Objects.LinkFileList" | sort -u
}
server_modules='^(C?NIO|_NIO|Hummingbird|C?AsyncHTTPClient|GRDB|PostgresNIO|Relay|BattleNetEmulator|BattleNetHTTPClient|ServiceLifecycle|Logging|D3)'

# Both examples in one build (swift-crypto is compiled once), without an index store or debug information: nothing
# here reads either (this script on a fresh scratch folder here: 91 s before, 72-86 s since).
build=(swift build --disable-index-store -debug-info-format none --package-path Examples/SignInCLI --scratch-path "$scratch")
bin=$("${build[@]}" --show-bin-path)
"${build[@]}" >&2

# 1. CoreOnlyExample, a consumer of the core alone: it links BattleNet and swift-crypto, no game library, no
#    transport, and runs.
modules=$(linked CoreOnlyExample)
echo "examples: modules in a core-only app: $(echo "$modules" | xargs)" >&2
for module in BattleNet Crypto CoreOnlyExample; do
    grep -qx "$module" <<<"$modules" || fail "expected the core-only app to link $module; it does not (see the list above)"
done
extra=$(grep -E "^BattleNet[A-Z0-9]|$server_modules" <<<"$modules" || true)
[ -z "$extra" ] || fail "an app depending only on BattleNet links $(echo "$extra" | xargs)"
printed=$("$bin/CoreOnlyExample" 'FaYe#2543' eu)
[ "$printed" = "https://eu.api.blizzard.com FaYe-2543" ] || fail "CoreOnlyExample printed '$printed'"

# 2. HearthstoneOnlyExample, a consumer of BattleNetHearthstone alone: it links the core and Hearthstone, no other
#    game library, no transport, and runs.
modules=$(linked HearthstoneOnlyExample)
echo "examples: modules in a Hearthstone-only app: $(echo "$modules" | xargs)" >&2
for module in BattleNet BattleNetHearthstone Crypto HearthstoneOnlyExample; do
    grep -qx "$module" <<<"$modules" || fail "expected the Hearthstone-only app to link $module; it does not (see the list above)"
done
extra=$(grep -E "^BattleNet[A-Z0-9]|$server_modules" <<<"$modules" | grep -vx BattleNetHearthstone || true)
[ -z "$extra" ] || fail "an app depending only on BattleNetHearthstone links $(echo "$extra" | xargs)"
printed=$("$bin/HearthstoneOnlyExample" 'AAECAQcG+wyd/A==')
[ "$printed" = "hearthstone/deck code=AAECAQcG+wyd/A==" ] || fail "HearthstoneOnlyExample printed '$printed'"

# 3. SignInExample: BattleNet, BattleNetURLSession and BattleNetDiablo3, and nothing of the server.
modules=$(linked SignInExample)
echo "examples: modules in the app: $(echo "$modules" | xargs)" >&2
for module in $expected_modules; do
    grep -qx "$module" <<<"$modules" || fail "expected the app to link $module; it did not (see the list above)"
done
server=$(grep -E "$server_modules" <<<"$modules" || true)
[ -z "$server" ] || fail "an app using only BattleNet and BattleNetURLSession links server modules: $(echo "$server" | xargs)"
games=$(grep -E '^BattleNet(WorldOfWarcraft|StarCraft2|Hearthstone)$' <<<"$modules" || true)
[ -z "$games" ] || fail "an app using only BattleNetDiablo3 of the games links $(echo "$games" | xargs)"
[ -x "$bin/SignInExample" ] || fail "no executable at $bin/SignInExample"
sign_in_example=$bin/SignInExample

# 4. GameDataExample (a package of its own): the same three libraries as SignInExample, nothing of the server and
#    no other game.
build=(swift build --disable-index-store -debug-info-format none --package-path Examples/GameDataApp --scratch-path "$game_data_scratch")
bin=$("${build[@]}" --show-bin-path)
"${build[@]}" >&2
modules=$(linked GameDataExample)
echo "examples: modules in the game-data app: $(echo "$modules" | xargs)" >&2
for module in BattleNet BattleNetDiablo3 BattleNetURLSession Crypto GameDataExample; do
    grep -qx "$module" <<<"$modules" || fail "expected the game-data app to link $module; it did not (see the list above)"
done
extra=$(grep -E "$server_modules|^BattleNet(WorldOfWarcraft|StarCraft2|Hearthstone)$" <<<"$modules" || true)
[ -z "$extra" ] || fail "the game-data app, using BattleNet, BattleNetURLSession and BattleNetDiablo3, links $(echo "$extra" | xargs)"
printed=$("$bin/GameDataExample" 2>&1 || true)
[ "$printed" = "game-data-example: usage: GameDataExample RELAY_URL [REGION]" ] || fail "GameDataExample printed '$printed'"

echo "$sign_in_example"
echo "$bin/GameDataExample"
