#!/usr/bin/env bash
# Peak memory of `bnet wow auctions` on the largest auction answers the sandbox serves: connected realm 4 (US, the
# recording) and connected realm 1084 (EU, 10,000 generated auctions). Starts a sandbox relay, signs in with
# scripts/try-login.sh, then runs each command (the table of page 1, and --json; output into /dev/null) under
# /usr/bin/time and prints the answer's size and the command's maximum resident set size.
# Run by hand; not part of .ci/run.
# Usage: scripts/bench-auctions-memory.sh
#        BNET_BIN_DIR=dir uses the bnet and bnet-relay in dir; default: a release build (swift build -c release).
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${BNET_BIN_DIR:-}"
if [ -z "$dir" ]; then
  swift build -c release --product bnet-relay >/dev/null
  swift build -c release --product bnet >/dev/null
  dir="$(swift build -c release --show-bin-path)"
fi
work="$(mktemp -d)"; relay_pid=""
cleanup() { [ -n "$relay_pid" ] && kill "$relay_pid" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
port=18470
"$dir/bnet-relay" serve --port $port --emulator-port $((port + 1)) --ops-port $((port + 2)) \
  --database "$work/relay.sqlite" --seal-key-file "$work/seal.key" --log-level error 2>>"$work/relay.log" &
relay_pid=$!
for _ in $(seq 400); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.05; done
TRY_LOGIN_TOKEN_FILE="$work/token" scripts/try-login.sh "http://127.0.0.1:$port" >/dev/null \
  || { echo "bench-auctions-memory: the sandbox sign-in failed; the relay's log:" >&2; cat "$work/relay.log" >&2; exit 1; }
api="http://127.0.0.1:$((port + 1))"
echo "build: $dir"
for realm in "4 us" "1084 eu"; do
  set -- $realm
  size=$(curl -s -H "Authorization: Bearer $(cat "$work/token")" \
    "$api/data/wow/connected-realm/$1/auctions?namespace=dynamic-$2&locale=en_US" | wc -c)
  for shown in "" "--json"; do
    command=(wow auctions --connected-realm "$1" --region "$2" $shown)
    peak=$(BNET_TOKEN="$(cat "$work/token")" XDG_CONFIG_HOME="$work" /usr/bin/time -f "%M" \
      "$dir/bnet" "${command[@]}" --api-url "$api" 2>&1 >/dev/null | tail -n 1)
    printf 'answer %5.1f MiB  bnet %-52s peak RSS %5.1f MiB\n' "$(echo "$size / 1048576" | bc -l)" \
      "${command[*]}" "$(echo "$peak / 1024" | bc -l)"
  done
done
