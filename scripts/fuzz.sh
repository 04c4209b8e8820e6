#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ with swiftc (no SwiftPM) and runs each for SECONDS (default 300).
# Usage: scripts/fuzz.sh [seconds-per-target] [target...]
# New corpus entries go to .build/fuzz/corpus/<target>/ (the seeds in Fuzz/<target>/corpus/ are only read);
# a crash is written to .build/fuzz/crash-<target>-* and fails the script.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-300}"
shift || true
out=.build/fuzz
swiftc="${SWIFTC:-swiftc}"

# Each target and the few source files it needs.
declare -A sources=(
    [FormEncoding]="Sources/BattleNet/Core/FormEncoding.swift"
    [SchemeValidator]="Sources/RelayCore/Apps/SchemeValidator.swift"
    [UserCode]="Sources/RelayCore/Security/UserCode.swift"
    [BattleTag]="Sources/BattleNet/Core/BattleTag.swift"
    [ForwardedHop]="Sources/RelayServer/Network/ForwardedHop.swift Sources/RelayServer/Network/IPAddress.swift"
)
targets=("$@")
[ "${#targets[@]}" -gt 0 ] || targets=(FormEncoding SchemeValidator UserCode BattleTag ForwardedHop)

export SWIFT_BACKTRACE=enable=no
mkdir -p "$out"
failed=()
for target in "${targets[@]}"; do
    echo "== $target: building"
    # shellcheck disable=SC2086
    "$swiftc" -sanitize=fuzzer,address -parse-as-library -O -g \
        Fuzz/Support/*.swift "Fuzz/$target"/*.swift ${sources[$target]} -o "$out/$target" 2> "$out/$target.build.log" \
        || { cat "$out/$target.build.log"; exit 1; }
    mkdir -p "$out/corpus/$target"
    echo "== $target: fuzzing for ${seconds}s"
    if "$out/$target" "$out/corpus/$target" "Fuzz/$target/corpus" \
        -max_total_time="$seconds" -max_len=512 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$out/crash-$target-" > "$out/$target.log" 2>&1; then
        grep -E '^(stat::number_of_executed_units|stat::average_exec_per_sec)' "$out/$target.log" || true
        grep -E 'DONE' "$out/$target.log" | grep -oE 'corp: [0-9]+/[0-9]+b' | sed 's/^/final /' || true
    else
        tail -n 30 "$out/$target.log"
        failed+=("$target")
    fi
done
if [ "${#failed[@]}" -gt 0 ]; then
    echo "fuzzing found crashes in: ${failed[*]} (inputs: $out/crash-*)" >&2
    exit 1
fi
echo "fuzzing: no crash in ${targets[*]}"
