#!/usr/bin/env bash
# Type-checks and runs the package's Apple-only code on Linux, against stand-ins of the Apple APIs it uses
# (scripts/apple-stand-ins: AuthenticationServices, Security, SwiftUI, UIKit, each declaration transcribed from
# Apple's documentation with its actor isolation and Sendable-ness).
#
#   1. Compiles the stand-ins as modules of those names, so `canImport(AuthenticationServices)`, `canImport(Security)`
#      and `canImport(SwiftUI)` are true, then the whole BattleNet library (every file behind those checks included)
#      and BattleNetURLSession against them, and the SwiftUI example (Examples/SwiftUIApp), all in Swift 6 language
#      mode with the package's swiftSettings (ExistentialAny, MemberImportVisibility).
#   2. Runs a sign-in through the real RelaySignIn+WebAuthentication code at a sandbox `bnet-relay`, with the
#      stand-in ASWebAuthenticationSession calling its completion handler on a background queue and on the main
#      queue, plus the closed sheet, a sheet that cannot start, a cancelled task, SwiftUI's webAuthenticationSession
#      and KeychainTokenStore over the stand-in keychain (scripts/apple-stand-ins/Check/main.swift).
#   3. Self-check: compiles a copy of the library with a known mistake put back (a non-Sendable `present` closure,
#      the Swift 6 error that once shipped) and fails unless that copy is refused with that error.
#
# What it cannot prove: that the stand-ins match Apple's SDK where the documentation is silent; availability (Linux
# ignores @available for Apple platforms: scripts/apple-availability.sh covers the API versions); the runtime
# isolation check Swift inserts for closures handed to Objective-C APIs (on Apple platforms a main-actor completion
# handler called off the main thread traps; Linux inserts no such check for Swift stand-ins, so the off-main
# delivery here runs the real code but cannot trap: the handler's `@Sendable` is kept by code review and the Apple
# workflow); and how the real sheet, Keychain and SwiftUI behave. The Apple workflow (.github/workflows/apple.yml)
# builds for macOS and the iOS Simulator.
#
# Needs the package built first (`swift build`): it links the built swift-crypto and runs the built bnet-relay.
# Usage: scripts/check-apple-sources.sh   (BIN_DIR=dir: the built package's bin directory, default `swift build --show-bin-path`)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
bin=${BIN_DIR:-$(swift build --show-bin-path)}
out=$root/.build/apple-check
standins=$root/scripts/apple-stand-ins
rm -rf "$out"
mkdir -p "$out/modules"

fail() { echo "check-apple-sources: $*" >&2; exit 1; }
[ -x "$bin/bnet-relay" ] && [ -f "$bin/Modules/Crypto.swiftmodule" ] || fail "build the package first (swift build)"

# The package's swiftSettings, in Swift 6 language mode.
settings=(-package-name BattleNetRelay -swift-version 6 -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility)

# module NAME DIR SOURCES...: compiles one module (whole-module) into DIR (its .swiftmodule and .o), importing what
# $out/modules and the package's build hold.
module() {
    local name=$1 dir=$2
    shift 2
    swiftc "${settings[@]}" -parse-as-library -wmo -enable-testing -module-name "$name" -I "$out/modules" -I "$bin/Modules" \
        -emit-module -emit-module-path "$dir/$name.swiftmodule" -c -o "$dir/$name.o" "$@"
}

# The library sources of a target (from SOURCE-ROOT, the tree or a broken copy).
sources() { find "$1/Sources/$2" -name '*.swift' | sort; }

echo "check-apple-sources: the stand-ins" >&2
module UIKit "$out/modules" "$standins"/UIKit/*.swift
module AuthenticationServices "$out/modules" "$standins"/AuthenticationServices/*.swift
module Security "$out/modules" "$standins"/Security/*.swift
module SwiftUI "$out/modules" "$standins"/SwiftUI/*.swift

apple_only=$(grep -rlE 'canImport\((AuthenticationServices|Security|SwiftUI)\)' Sources Examples --include='*.swift' | sort | xargs)
echo "check-apple-sources: the library, with its Apple-only files: $apple_only" >&2
mapfile -t battlenet < <(sources "$root" BattleNet)
module BattleNet "$out/modules" "${battlenet[@]}"
mapfile -t urlsession < <(sources "$root" BattleNetURLSession)
module BattleNetURLSession "$out/modules" "${urlsession[@]}"
# The example shows Diablo III data: its library, built on the BattleNet module just compiled.
mapfile -t diablo3 < <(sources "$root" BattleNetDiablo3)
module BattleNetDiablo3 "$out/modules" "${diablo3[@]}"

echo "check-apple-sources: the SwiftUI example" >&2
mapfile -t appui < <(find Examples/SwiftUIApp/Sources/SignInAppUI -name '*.swift' | sort)
module SignInAppUI "$out/modules" "${appui[@]}"
swiftc "${settings[@]}" -parse-as-library -typecheck -I "$out/modules" -I "$bin/Modules" \
    $(find Examples/SwiftUIApp/Sources/SignInApp -name '*.swift' | sort)

# The built swift-crypto, which BattleNet links.
mapfile -t crypto < <(find "$bin"/{Crypto,CryptoBoringWrapper,CCryptoBoringSSL,CCryptoBoringSSLShims,CXKCP,CXKCPShims}.build -name '*.o' | sort)

# link OBJECT-DIR OUTPUT: the sign-in check, linked with the library objects in OBJECT-DIR.
link() {
    swiftc "${settings[@]}" -module-name AppleSignInCheck -I "$out/modules" -I "$bin/Modules" -o "$2" \
        "$standins/Check/main.swift" "$out"/modules/{UIKit,AuthenticationServices,Security,SwiftUI}.o \
        "$1/BattleNet.o" "$1/BattleNetURLSession.o" "${crypto[@]}" -lstdc++
}
link "$out/modules" "$out/apple-sign-in-check"

# A sandbox relay with `myapp` in redirect mode, on free ports, stopped on exit.
relay_dir=$(mktemp -d)
relay_pid=
cleanup() {
    if [ -n "$relay_pid" ]; then kill "$relay_pid" 2>/dev/null || true; wait "$relay_pid" 2>/dev/null || true; fi
    rm -rf "$relay_dir"
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=$(free_port)
(cd "$relay_dir" && exec env -u BNET_CLIENT_ID -u BNET_CLIENT_SECRET "$bin/bnet-relay" serve --port "$port" \
    --ops-port "$(free_port)" --emulator-port "$(free_port)" --app d3=poll --app myapp=redirect \
    --database "$relay_dir/relay.sqlite" --seal-key-file "$relay_dir/relay.key" >"$relay_dir/relay.log" 2>&1) &
relay_pid=$!
for _ in $(seq 1 100); do
    curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
    kill -0 "$relay_pid" 2>/dev/null || { cat "$relay_dir/relay.log" >&2; fail "the sandbox relay did not start"; }
    sleep 0.2
done
curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null || fail "the sandbox relay did not answer /healthz"

echo "check-apple-sources: signing in at the sandbox relay on port $port" >&2
"$out/apple-sign-in-check" "http://127.0.0.1:$port" >&2 || fail "the sign-in through the Apple-only code failed (above)"

# The self-check: a copy of the library with a mistake put back must be refused.
broken=$out/broken
mkdir -p "$broken/obj"
mkdir -p "$broken/Sources" && cp -R Sources/BattleNet "$broken/Sources/"
file=Sources/BattleNet/SignIn/RelaySignIn.swift
sed -i 's/public func run(present: @Sendable (SignInAttempt)/public func run(present: (SignInAttempt)/' "$broken/$file"
cmp -s "$file" "$broken/$file" && fail "self-check: could not break $file (the line it edits has changed)"
mapfile -t broken_sources < <(sources "$broken" BattleNet)
if module BattleNet "$broken/obj" "${broken_sources[@]}" 2>"$broken/error.log"; then
    fail "self-check: a copy with a non-Sendable present closure in $file compiled; the check proves nothing"
fi
grep -q "risks causing data races" "$broken/error.log" \
    || { cat "$broken/error.log" >&2; fail "self-check: the broken copy failed for another reason (above)"; }
echo "check-apple-sources: self-check: a non-Sendable present closure is refused, as it should be" >&2

echo "check-apple-sources: the Apple-only code compiles in Swift 6 mode and signs in (completion off and on the main queue)"
