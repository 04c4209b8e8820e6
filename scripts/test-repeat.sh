#!/usr/bin/env bash
# Runs the whole `swift test` N times in a row (default 10) and prints `passed X of N`; exits 1 unless all passed.
# Each run's output is kept in .build/test-repeat/run-<i>.log; a run still going after 7 minutes is stopped as hung (as in .ci/run).
# Extra arguments go to `swift test` (on the shared build machine:
# scripts/test-repeat.sh 10 --scratch-path /work/main/.build, under flock).
set -u
runs="${1:-10}"
shift || true
case "$runs" in ''|*[!0-9]*) echo "usage: scripts/test-repeat.sh [N] [swift test arguments...]" >&2; exit 2 ;; esac
cd "$(dirname "$0")/.."
logs=.build/test-repeat
mkdir -p "$logs"
swift build --build-tests "$@" >"$logs/build.log" 2>&1 || { echo "build failed: see $logs/build.log" >&2; exit 1; }
passed=0
for i in $(seq 1 "$runs"); do
    status=0
    LOG="$logs/run-$i.log" scripts/test-bounded.sh 420 --skip-build "$@" >/dev/null 2>&1 || status=$?
    if [ "$status" -eq 0 ]; then
        passed=$((passed + 1))
        echo "run $i: passed"
    elif [ "$status" -eq 124 ]; then
        echo "run $i: HUNG, stopped after 7 minutes (see $logs/run-$i.log: tests \"started\" and never \"passed\")"
    else
        echo "run $i: FAILED (see $logs/run-$i.log)"
    fi
done
echo "passed $passed of $runs"
[ "$passed" -eq "$runs" ]
