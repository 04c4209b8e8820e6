#!/usr/bin/env bash
# Long crash-safety run: SIGKILLs the relay KILLS times (default 200) while logins run, restarts it each time, and
# checks every acknowledged login is collected exactly once. CI runs the same test with 12 kills.
# The suite has a 3-minute time limit (as every suite: scripts/check-time-limits.sh) and a kill takes about 1.2 s
# (12 kills: 14.6 s on the 2-core machine), so the kills run in rounds of at most ROUND (default 50) kills, each a
# test run of its own; the script fails if any round does.
# Usage: scripts/crash-test.sh [kills]   (ROUND=n: kills per round)
set -euo pipefail
cd "$(dirname "$0")/.."
kills="${1:-200}"
round="${ROUND:-50}"
[[ "$kills" =~ ^[1-9][0-9]*$ && "$round" =~ ^[1-9][0-9]*$ ]] || { echo "usage: scripts/crash-test.sh [kills]  (ROUND=n)" >&2; exit 64; }
swift build --build-tests
left=$kills
while [ "$left" -gt 0 ]; do
    now=$(( left < round ? left : round ))
    BNET_RELAY_CRASH_KILLS=$now swift test --skip-build --filter CrashTests > .build/crash-test.log 2>&1 \
        || { grep -E "crash test|issue|failed" .build/crash-test.log >&2; echo "crash-test: a round of $now kills failed (.build/crash-test.log)" >&2; exit 1; }
    grep -E "crash test:" .build/crash-test.log
    left=$(( left - now ))
done
echo "crash-test: $kills kills in rounds of at most $round passed"
