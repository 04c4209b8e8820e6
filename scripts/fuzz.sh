#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ with swiftc (no SwiftPM) and runs each for SECONDS (default 300), two
# targets at a time (one per core of the 2-core CI machine; FUZZ_JOBS=n to change). A target is built again only
# when a file it is built from is newer than its binary, so `--build-only` builds them ahead (as .ci/run does, at idle
# priority beside the release build) and a later run only fuzzes.
# Usage: scripts/fuzz.sh [seconds-per-target] [target...]
#        scripts/fuzz.sh --build-only [target...]
# New corpus entries go to .build/fuzz/corpus/<target>/ (the seeds in Fuzz/<target>/corpus/ are only read);
# a crash is written to .build/fuzz/crash-<target>-* and fails the script.
set -euo pipefail
cd "$(dirname "$0")/.."

build_only=false
if [ "${1:-}" = --build-only ]; then build_only=true; shift; fi
seconds=300
if ! $build_only && [ $# -gt 0 ]; then seconds=$1; shift; fi
out=.build/fuzz
swiftc="${SWIFTC:-swiftc}"
jobs="${FUZZ_JOBS:-2}"

# Each target and the few source files it needs (each kept free of package imports for this).
declare -A sources=(
    [FormEncoding]="Sources/BattleNet/Core/FormEncoding.swift"
    [SchemeValidator]="Sources/RelayCore/Apps/SchemeValidator.swift"
    [UserCode]="Sources/RelayCore/Security/UserCode.swift"
    [BattleTag]="Sources/BattleNet/Core/BattleTag.swift"
    [ForwardedHop]="Sources/RelayServer/Network/ForwardedHop.swift Sources/RelayServer/Network/IPAddress.swift"
    [AcceptLanguage]="Sources/RelayServer/Pages/AcceptLanguage.swift"
    [CookieHeader]="Sources/RelayServer/Browser/CookieHeader.swift"
    [EnvironmentFile]="Sources/RelayApp/Configuration/EnvironmentFile.swift Sources/RelayApp/Configuration/ConfigurationError.swift"
)
targets=("$@")
[ "${#targets[@]}" -gt 0 ] || targets=(FormEncoding SchemeValidator UserCode BattleTag ForwardedHop AcceptLanguage CookieHeader EnvironmentFile)
for target in "${targets[@]}"; do
    [ -n "${sources[$target]:-}" ] || { echo "unknown fuzz target $target (known: ${!sources[*]})" >&2; exit 64; }
done

export SWIFT_BACKTRACE=enable=no
mkdir -p "$out"

# Builds one target unless its binary is newer than every file it is built from.
build_one() {
    local target="$1"
    # shellcheck disable=SC2086
    local inputs=(Fuzz/Support/*.swift "Fuzz/$target"/*.swift ${sources[$target]})
    if [ -x "$out/$target" ] && [ -z "$(find "${inputs[@]}" -newer "$out/$target")" ]; then
        echo "== $target: built already"
        return 0
    fi
    if ! "$swiftc" -sanitize=fuzzer,address -parse-as-library -package-name BattleNetRelay -O -g "${inputs[@]}" -o "$out/$target" \
        2> "$out/$target.build.log"; then
        rm -f "$out/$target"
        echo "== $target: build failed"
        cat "$out/$target.build.log"
        return 2
    fi
    echo "== $target: built"
}

# Builds (if needed) and fuzzes one target; its report goes to standard output, its status says whether it found a
# crash.
fuzz_one() {
    local target="$1"
    build_one "$target" || return
    $build_only && return 0
    mkdir -p "$out/corpus/$target"
    if "$out/$target" "$out/corpus/$target" "Fuzz/$target/corpus" \
        -max_total_time="$seconds" -max_len=512 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$out/crash-$target-" > "$out/$target.log" 2>&1; then
        echo "== $target: fuzzed for ${seconds}s"
        grep -E '^(stat::number_of_executed_units|stat::average_exec_per_sec)' "$out/$target.log" || true
        grep -E 'DONE' "$out/$target.log" | grep -oE 'corp: [0-9]+/[0-9]+b' | sed 's/^/final /' || true
    else
        echo "== $target: FAILED"
        tail -n 30 "$out/$target.log"
        return 1
    fi
}

declare -A running=()
failed=()
# Waits for one running target, prints its report and notes a failure.
reap() {
    local finished status=0
    wait -n -p finished "${!running[@]}" || status=$?
    local target="${running[$finished]}"
    unset "running[$finished]"
    cat "$out/$target.report"
    [ "$status" -eq 0 ] || failed+=("$target")
}
for target in "${targets[@]}"; do
    while [ "${#running[@]}" -ge "$jobs" ]; do reap; done
    if $build_only; then echo "== $target: building"; else echo "== $target: building and fuzzing"; fi
    fuzz_one "$target" > "$out/$target.report" 2>&1 &
    running[$!]="$target"
done
while [ "${#running[@]}" -gt 0 ]; do reap; done

if [ "${#failed[@]}" -gt 0 ]; then
    $build_only && { echo "fuzz targets failed to build: ${failed[*]}" >&2; exit 1; }
    echo "fuzzing failed in: ${failed[*]} (inputs: $out/crash-*)" >&2
    exit 1
fi
if $build_only; then echo "fuzzing: built ${targets[*]}"; else echo "fuzzing: no crash in ${targets[*]}"; fi
