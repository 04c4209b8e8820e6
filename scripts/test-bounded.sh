#!/usr/bin/env bash
# Runs `swift test` with a time limit, its output shown and kept in LOG (default .build/swift-test.log), and exits
# with its status. `swift test` starts the test bundle in a process group of its own, so `timeout` alone would stop
# only `swift test` and leave the bundle (and the relays and databases it started) running, holding the output pipe
# open; here everything runs in a session of its own, and a run past the limit has the whole session killed. It then
# exits 124 and lists the tests that started and never finished.
# Usage: scripts/test-bounded.sh SECONDS [swift test arguments...]   (used by .ci/run and scripts/test-repeat.sh)
set -u
limit="${1:?usage: scripts/test-bounded.sh SECONDS [swift test arguments...]}"
shift
cd "$(dirname "$0")/.."
log="${LOG:-.build/swift-test.log}"
mkdir -p "$(dirname "$log")"
marker="$log.timed-out"
rm -f "$marker"

# At most 8 tests at once (Swift Testing's own cap; unset, it starts them all): on a 2-core machine whose host steals
# CPU time (vmstat's st at 3-33%), the default had 46 of 680 tests fail their deadlines in 129.5 s; with 8, the same
# build passed in 126.3 s. A caller's own value is kept.
export SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH="${SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH:-8}"

# Not a process-group leader (no job control in a script), so setsid makes this job a session of its own, id $!.
# stdbuf: the test bundle's output line-buffered (it is a pipe here), so a stopped run's log ends where it stopped.
setsid bash -c 'stdbuf -oL -eL swift test "$@" 2>&1 | tee "$0"; exit "${PIPESTATUS[0]}"' "$log" "$@" &
session=$!
(
    for _ in $(seq "$limit"); do
        sleep 1
        kill -0 "$session" 2>/dev/null || exit 0
    done
    touch "$marker"
    pkill -KILL -s "$session"
) >/dev/null 2>&1 &
watchdog=$!
status=0
wait "$session" || status=$?
wait "$watchdog" 2>/dev/null

if [ -e "$marker" ]; then
    rm -f "$marker"
    echo "swift test did not finish within $limit s and was stopped: a test hangs. Started and never finished" \
        "(the last one or two may only have lost their final output line):" >&2
    awk '/^◇ Test ".*" started\.$/ { name = substr($0, index($0, "\"")); sub(/ started\.$/, "", name); open[name] = 1 }
        /^(✔|✘) Test ".*" (with .* )?(passed|failed) after / {
            name = substr($0, index($0, "\"")); sub(/" (with|passed|failed) .*/, "\"", name); delete open[name] }
        END { for (name in open) print "  Test " name }' "$log" >&2
    exit 124
fi
exit "$status"
