#!/usr/bin/env bash
# Builds Examples/SignInCLI as an app would: a package of its own that depends on this one's `BattleNet` and
# `BattleNetURLSession` libraries only. Fails if that build compiled any server code (SwiftNIO, Hummingbird,
# AsyncHTTPClient, GRDB, PostgresNIO, the relay's own modules). Prints the example's path; the interop suite
# (Tests/Interop/test_example.py) runs it against a sandbox relay.
#
# Usage: scripts/examples.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build-examples

swift build --package-path Examples/SignInCLI --scratch-path "$scratch" >&2
bin=$(swift build --package-path Examples/SignInCLI --scratch-path "$scratch" --show-bin-path)

# The modules this build compiled: those whose .build folder holds object files (SwiftPM plans folders for every
# target of the graph, but compiles only what the example needs).
modules=$(cd "$bin" && for dir in *.build; do
    if [ -n "$(find "$dir" -name '*.o' -print -quit)" ]; then echo "${dir%.build}"; fi
done)
echo "examples: modules compiled for the app: $(echo "$modules" | tr '\n' ' ')" >&2
server=$(echo "$modules" | grep -E '^(C?NIO|_NIO|Hummingbird|C?AsyncHTTPClient|GRDB|PostgresNIO|Relay|BattleNetEmulator|BattleNetHTTPClient|ServiceLifecycle|Logging|D3)' || true)
if [ -n "$server" ]; then
    echo "examples: an app using only BattleNet and BattleNetURLSession compiled server modules: $server" >&2
    exit 1
fi
echo "$bin/SignInExample"
