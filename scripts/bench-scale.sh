#!/usr/bin/env bash
# Poll-path latency as the database grows, and during a large purge (figures, never assertions):
#   10k, 100k and 1M logins in SQLite: polls of pending logins (answered from memory) and of finished logins
#   (answered from the database), each with wrk -t2 -c64 through the trusted proxy;
#   then 100k expired logins purged by the sweeper at start-up while the pending polls run.
# Usage: scripts/bench-scale.sh [seconds-per-run=5]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-5}"
command -v wrk >/dev/null || { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q wrk >/dev/null; }
bin="${BNET_RELAY_BIN:-}"
if [ -z "$bin" ]; then
  swift build -c release --product bnet-relay >/dev/null
  bin="$(swift build -c release --show-bin-path)/bnet-relay"
fi
work="$(mktemp -d)"; relay_pid=""
cleanup() { [ -n "$relay_pid" ] && kill "$relay_pid" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
port=18450; db="$work/scale.sqlite"

start_relay() {
  "$bin" serve --port $port --emulator-port $((port + 1)) --trusted-proxy 127.0.0.1 --app d3=poll \
    --database "$db" --seal-key-file "$work/seal.key" --log-level error 2>>"$work/relay.log" &
  relay_pid=$!
  for _ in $(seq 400); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && return; sleep 0.025; done
  echo "relay did not start: $(tail -3 "$work/relay.log")" >&2; exit 1
}
stop_relay() { kill "$relay_pid"; wait "$relay_pid" 2>/dev/null || true; relay_pid=""; }

# Adds logins straight into the database (the relay's own schema): finished ones, kept for the retention period,
# whose device codes are written to a file for polling, or expired ones, due for purging.
add_logins() { # count, kind (finished|expired)
  python3 - "$db" "$1" "$2" "$work/finished-codes" <<'PY'
import base64, hashlib, os, sqlite3, sys, time
db, count, kind, codes_path = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
b64 = lambda b: base64.urlsafe_b64encode(b).rstrip(b"=").decode()
now = time.time()
con = sqlite3.connect(db, timeout=30)
start = con.execute("SELECT count(*) FROM login").fetchone()[0]
codes = open(codes_path, "a") if kind == "finished" else None
rows = []
for i in range(count):
    code = b64(os.urandom(32))
    if codes and i < 2000: codes.write(code + "\n")
    created = now - 60 if kind == "finished" else now - 86400 * 2
    rows.append((b64(os.urandom(16)), "d3", "openid d3.profile", b64(hashlib.sha256(code.encode()).digest()),
                 b64(os.urandom(32)), os.urandom(32), "collected" if kind == "finished" else "pending",
                 created, created + 600, created + 30, 5))
con.executemany("INSERT INTO login (id, app, scopes, device_code_hash, user_code_hash, sealing_public_key, status, "
                "created_at, expires_at, updated_at, interval) VALUES (?,?,?,?,?,?,?,?,?,?,?)", rows)
con.commit()
PY
}
count_logins() { python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT count(*) FROM login').fetchone()[0])" "$db"; }

cat scripts/bench/poll.lua scripts/bench/report.lua > "$work/poll.lua"
poll() { # codes file -> one JSON line
  DEVICE_CODES="$1" wrk -t2 -c64 -d"${seconds}s" --latency -s "$work/poll.lua" "http://127.0.0.1:$port" | tail -1
}
row() { # label, json
  python3 - "$1" "$2" <<'PY2'
import json, sys
r = json.loads(sys.argv[2])
print(f"{sys.argv[1]:34}{r['rps']:>9.0f}{r['p50_ms']:>9.2f}{r['p99_ms']:>9.2f}{r['errors']:>8}")
PY2
}

start_relay
for i in $(seq 1 2000); do
  curl -s -H "X-Forwarded-For: 10.$((i % 250)).$((i / 250)).7" -d client_id=d3 "http://127.0.0.1:$port/oauth/device/code"; echo
done | sed -n 's/.*"device_code":"\([^"]*\)".*/\1/p' > "$work/pending-codes"

echo "machine: $(nproc) cores, $(awk '/MemTotal/ {print int($2/1048576)}' /proc/meminfo) GiB; wrk -t2 -c64, ${seconds}s per run"
printf '%-34s%9s%9s%9s%8s\n' "" "req/s" "p50 ms" "p99 ms" "errors"
have=$(count_logins)
for target in 10000 100000 1000000; do
  add_logins $((target - have)) finished; have=$target
  row "$target logins: pending poll" "$(poll "$work/pending-codes")"
  row "$target logins: finished (db) poll" "$(poll "$work/finished-codes")"
done
row "baseline before purge: pending" "$(poll "$work/pending-codes")"

stop_relay
add_logins 100000 expired
before=$(count_logins)
start_relay
during=$(poll "$work/pending-codes")
after=$(count_logins)
row "while purging 100k expired" "$during"
echo "purge at start-up: $before rows before, $after after ($((before - after)) deleted during the ${seconds}s run)"
echo "database file: $(du -h "$db" | cut -f1); relay RSS $(awk '/VmRSS/ {print int($2/1024)}' /proc/$relay_pid/status) MiB"
