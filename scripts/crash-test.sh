#!/usr/bin/env bash
# Long crash-safety run: SIGKILLs the relay KILLS times (default 200) while logins run, restarts it each time,
# and checks every acknowledged login is collected exactly once. CI runs the same test with 12 kills.
set -euo pipefail
cd "$(dirname "$0")/.."
export BNET_RELAY_CRASH_KILLS="${1:-200}"
swift build --build-tests
swift test --skip-build --filter CrashTests 2>&1 | grep -E "crash test|passed|failed|issue"
