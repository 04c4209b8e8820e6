#!/usr/bin/env bash
# Builds Examples/SignInCLI as an app would: a package of its own that depends on this one's `BattleNet`,
# `BattleNetDiablo3` and `BattleNetURLSession` libraries only, with the default `Server` trait off (`traits: []`);
# then a package that depends on the core `BattleNet` alone (written to .build-examples-core). Fails if
#   - resolving it (or Examples/SwiftUIApp, which compiles only on Apple platforms) fetched any package but
#     swift-crypto and swift-asn1 (an app must not download the server's graph),
#   - the build compiled any server code (SwiftNIO, Hummingbird, AsyncHTTPClient, GRDB, PostgresNIO, the relay's own
#     modules), or a game library it does not use (the core-only package: none; SignInCLI: only Diablo III), or
#   - it did not find the fetched packages and compiled modules it expects (so the check cannot pass vacuously).
# Prints the example's path; the interop suite (Tests/Interop/test_example.py) runs it against a sandbox relay.
#
# Usage: scripts/examples.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=$PWD/.build-examples
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

swift build --package-path Examples/SignInCLI --scratch-path "$scratch" >&2
bin=$(swift build --package-path Examples/SignInCLI --scratch-path "$scratch" --show-bin-path)

# The modules this build compiled: those whose .build folder holds object files (SwiftPM plans folders for every
# target of the graph, but compiles only what the example needs).
modules=$(cd "$bin" && for dir in *.build; do
    if [ -n "$(find "$dir" -name '*.o' -print -quit)" ]; then echo "${dir%.build}"; fi
done)
echo "examples: modules compiled for the app: $(echo "$modules" | xargs)" >&2
for module in $expected_modules; do
    grep -qx "$module" <<<"$modules" || fail "expected the app's build to compile $module; it did not (see the list above)"
done
server=$(grep -E '^(C?NIO|_NIO|Hummingbird|C?AsyncHTTPClient|GRDB|PostgresNIO|Relay|BattleNetEmulator|BattleNetHTTPClient|ServiceLifecycle|Logging|D3)' <<<"$modules" || true)
[ -z "$server" ] || fail "an app using only BattleNet and BattleNetURLSession compiled server modules: $(echo "$server" | xargs)"
games=$(grep -E '^BattleNet(WorldOfWarcraft|StarCraft2)$' <<<"$modules" || true)
[ -z "$games" ] || fail "an app using only BattleNetDiablo3 of the games compiled $(echo "$games" | xargs)"
[ -x "$bin/SignInExample" ] || fail "no executable at $bin/SignInExample"

# A consumer of the core alone: it signs in (types of BattleNet) and compiles no game library.
core=$PWD/.build-examples-core
mkdir -p "$core/app/Sources/CoreOnly"
cat >"$core/app/Package.swift" <<MANIFEST
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "CoreOnly",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(name: "BattleNetRelay", path: "$PWD", traits: [])],
    targets: [.executableTarget(name: "CoreOnly", dependencies: [.product(name: "BattleNet", package: "BattleNetRelay")])]
)
MANIFEST
cat >"$core/app/Sources/CoreOnly/main.swift" <<'SOURCE'
import BattleNet
print(BattleNetEndpoints(region: .eu).apiBaseURL, try BattleTag(parsing: "FaYe#2543"))
SOURCE
swift build --package-path "$core/app" --scratch-path "$core/scratch" >&2
core_bin=$(swift build --package-path "$core/app" --scratch-path "$core/scratch" --show-bin-path)
core_modules=$(cd "$core_bin" && for dir in *.build; do
    if [ -n "$(find "$dir" -name '*.o' -print -quit)" ]; then echo "${dir%.build}"; fi
done)
echo "examples: modules compiled for a core-only app: $(echo "$core_modules" | xargs)" >&2
grep -qx BattleNet <<<"$core_modules" || fail "the core-only app did not compile BattleNet (see the list above)"
extra=$(grep -E '^BattleNet[A-Z0-9]|^(C?NIO|_NIO|Hummingbird|C?AsyncHTTPClient|GRDB|PostgresNIO|Relay|D3)' <<<"$core_modules" || true)
[ -z "$extra" ] || fail "an app depending only on BattleNet compiled $(echo "$extra" | xargs)"

echo "$bin/SignInExample"
