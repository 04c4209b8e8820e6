#!/usr/bin/env bash
# Memory per open login: starts N logins (each from its own address, through the trusted proxy) against a relay
# and reads its resident memory before and after. Prints figures; fails (exit 1) if any start is not answered 200,
# since the figure would then count fewer logins than it says.
# Usage: scripts/bench-memory.sh [logins=20000]   (BNET_RELAY_BIN=path to test a given binary; default: release)
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-20000}"
bin="${BNET_RELAY_BIN:-}"
if [ -z "$bin" ]; then
  swift build -c release --product bnet-relay >/dev/null
  bin="$(swift build -c release --show-bin-path)/bnet-relay"
fi
work="$(mktemp -d)"; relay_pid=""
cleanup() { [ -n "$relay_pid" ] && kill "$relay_pid" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
port=18460
"$bin" serve --port $port --emulator-port $((port + 1)) --trusted-proxy 127.0.0.1 --app d3=poll \
  --max-open-logins $((count + 200)) --database "$work/relay.sqlite" --seal-key-file "$work/seal.key" \
  --log-level error 2>>"$work/relay.log" &
relay_pid=$!
for _ in $(seq 400); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.025; done
python3 - "$relay_pid" "$port" "$count" <<'PY'
import http.client, sys, threading
pid, port, count = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
def rss_kib():
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"): return int(line.split()[1])
failures = []  # (index, what happened), from every thread
def start(indices):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    for i in indices:
        try:
            connection.request("POST", "/oauth/device/code", body="client_id=d3", headers={
                "Content-Type": "application/x-www-form-urlencoded",
                "X-Forwarded-For": f"10.{i // 65536 % 256}.{i // 256 % 256}.{i % 256}"})
            response = connection.getresponse(); body = response.read()
            if response.status != 200:
                failures.append((i, f"{response.status} {body[:200]!r}"))
        except (OSError, http.client.HTTPException) as error:
            failures.append((i, repr(error)))
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
# Warm up the request path so that the figure is the logins' own memory, not first-use allocations.
start(range(count, count + 200))
before = rss_kib()
threads = [threading.Thread(target=start, args=(range(t, count, 8),)) for t in range(8)]
for thread in threads: thread.start()
for thread in threads: thread.join()
after = rss_kib()
if failures:
    print(f"bench-memory: {len(failures)} of {count + 200} login starts failed; first: {failures[:3]}", file=sys.stderr)
    sys.exit(1)
print(f"open logins: {count}; RSS {before / 1024:.1f} MiB -> {after / 1024:.1f} MiB; "
      f"{(after - before) / count:.2f} KiB per open login")
PY
