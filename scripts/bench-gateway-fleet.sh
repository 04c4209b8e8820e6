#!/usr/bin/env bash
# The gateway's shared budget across a fleet (issue 43; figures, run by hand, never from .ci/run): a throwaway
# PostgreSQL cluster, one Battle.net emulator enforcing Blizzard's limits (100 a second, 36,000 an hour per client),
# three production relays on that database with the gateway on, and `relay-load gateway-fleet` replaying mixed
# game-data requests over them from many client networks while people sign in. Prints the requests answered with
# data, the relays' own 429s (each with Retry-After), the emulator's 429s (must be zero) and the sign-in times during
# the replay beside idle ones and beside a control (the same requests at /healthz: as many in flight, no game data);
# exits non-zero on any upstream 429, unanswered request or failed sign-in.
# Usage: scripts/bench-gateway-fleet.sh [requests=50000] [concurrency=48]
#   CONFIGURATION=debug uses the debug build (default release).
set -euo pipefail
cd "$(dirname "$0")/.."
requests="${1:-50000}"; concurrency="${2:-48}"
configuration="${CONFIGURATION:-release}"
build=(flock /tmp/swift-build.lock swift build -c "$configuration")
"${build[@]}" --product bnet-relay >/dev/null
"${build[@]}" --product relay-load >/dev/null
bin="$("${build[@]}" --show-bin-path)"

# PostgreSQL (Debian's) refuses to run as root: as root, the cluster runs as the postgres user.
pg=$(dirname "$(readlink -f "$(command -v initdb || ls /usr/lib/postgresql/*/bin/initdb | tail -n 1)")")
dir=$(mktemp -d /tmp/bench-gateway-fleet.XXXXXX)
as=()
if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$dir"; as=(runuser -u postgres --); fi
port=$((20000 + RANDOM % 12000))
"${as[@]}" "$pg/initdb" -D "$dir/data" -U bnet -A trust --no-sync -E UTF8 >"$dir/initdb.log"
"${as[@]}" "$pg/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
trap '"${as[@]}" "$pg/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null; rm -rf "$dir"' EXIT

echo "gateway fleet ($configuration build): relay-load gateway-fleet --requests $requests --concurrency $concurrency"
"$bin/relay-load" gateway-fleet --relay-binary "$bin/bnet-relay" --database "postgres://bnet@127.0.0.1:$port/postgres" \
    --requests "$requests" --concurrency "$concurrency"
