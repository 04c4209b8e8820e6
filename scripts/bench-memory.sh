#!/usr/bin/env bash
# Memory at the caps, with the heaviest requests a stranger can send: fills a relay to N open logins (each from its
# own address through the trusted proxy, at most 50 per IPv4 /24, so that every per-network limit keeps its default),
# then holds H long-polls (wait=30, each from its own address, re-sent as soon as answered) whose headers fill the
# OAuth endpoints' 4 KiB budget, and C more connections that each send a page request with nearly 8 KiB of headers
# (the decoder's limit) and a body that stalls (the relay cuts it off at its 10 s request timeout, and the client opens a new one at once), and
# watches its resident memory through three sweeps (the sweeper runs every 30 s); then restarts it on the same
# database, with the polls and connections coming back, and watches the warm-up and three more sweeps. Prints RSS and
# its peak (sampled every 100 ms) for each phase. Fails (exit 1) if any start is not answered 200, if the open-files
# limit cannot be raised to hold every connection (relay and client each need H + C descriptors), if fewer than 95% of
# the long-polls are held or of the connections open when it measures (read from the relay's /metrics), or if a
# connection could not be opened or a held poll failed while it measured: the figures would then count less than they
# say. Every connection error is counted by kind and printed. At the default caps it fails, too, when the worst peak
# exceeds the unit's MemoryHigh= (deploy/bnet-relay.service, the one place the budget is declared).
# Usage: scripts/bench-memory.sh [logins=100000] [held-polls=5000] [connections=4900]
#        (the defaults are the relay's caps; H + C stays 100 under its 10,000 connections, for the script's probes)
#        BNET_RELAY_BIN=path tests a given binary; default: a release build.
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-100000}"
held="${2:-5000}"
idle="${3:-4900}"
# The relay and the client each hold every connection at once, plus their files and the script's probes.
files=$((held + idle + 1024))
if [ "$(ulimit -n)" != unlimited ] && [ "$(ulimit -n)" -lt "$files" ]; then
  ulimit -n "$files" 2>/dev/null || {
    echo "bench-memory: needs $files open files for $held polls and $idle connections; the hard limit is $(ulimit -Hn)" >&2
    exit 1
  }
fi
bin="${BNET_RELAY_BIN:-}"
if [ -z "$bin" ]; then
  flock /tmp/swift-build.lock swift build -c release --product bnet-relay >/dev/null
  bin="$(swift build -c release --show-bin-path)/bnet-relay"
fi
work="$(mktemp -d)"; relay_pid=""; poller=""
cleanup() {
  for pid in $poller $relay_pid; do kill "$pid" 2>/dev/null; done
  wait 2>/dev/null || true; rm -rf "$work"
}
trap cleanup EXIT
port=18460
# Starts the relay and a sampler that appends its RSS (KiB) to $work/rss every 100 ms while it runs.
serve() {
  "$bin" serve --port $port --emulator-port $((port + 1)) --trusted-proxy 127.0.0.1 --app d3=poll \
    --max-open-logins "$count" --database "$work/relay.sqlite" --seal-key-file "$work/seal.key" \
    --log-level error 2>>"$work/relay.log" &
  relay_pid=$!
  (while rss=$(awk '/^VmRSS:/ { print $2 }' "/proc/$relay_pid/status" 2>/dev/null) && [ -n "$rss" ]; do
    echo "$rss" >>"$work/rss"; sleep 0.1; done) &
  for _ in $(seq 2000); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && return; sleep 0.025; done
  echo "bench-memory: the relay did not answer /healthz; its log:" >&2; cat "$work/relay.log" >&2; exit 1
}
touch "$work/rss"
mark() { wc -l <"$work/rss"; }
# "RSS now, peak since mark $1", in MiB; the peak is also noted for the budget check at the end.
since() {
  tail -n +$(($1 + 1)) "$work/rss" | awk -v peaks="$work/peaks" '{ if ($1 > peak) peak = $1; last = $1 }
    END { printf "RSS %.1f MiB, peak %.1f MiB", last / 1024, peak / 1024; printf "%d\n", peak / 1024 >> peaks }'
}
# The memory budget, declared once: the unit's MemoryHigh= (deploy/bnet-relay.service). The alert rule's threshold
# and the docs' figures follow it (deploy/test.sh checks that they do).
memory_high=$(sed -n 's/^MemoryHigh=\([0-9]*\)M$/\1/p' deploy/bnet-relay.service)
[ -n "$memory_high" ] || { echo "bench-memory: no MemoryHigh=<N>M in deploy/bnet-relay.service" >&2; exit 1; }

m=$(mark); serve
python3 - "$relay_pid" "$port" "$count" "$held" "$work/codes" <<'PY'
import http.client, json, sys, threading
pid, port, count, held, codes_file = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
codes = []
def rss_kib():
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"): return int(line.split()[1])
failures = []  # (index, what happened), from every thread
def start(indices):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    for i in indices:
        block = i // 50  # 50 addresses per /24: under the default 60 starts per /24
        try:
            connection.request("POST", "/oauth/device/code", body="client_id=d3", headers={
                "Content-Type": "application/x-www-form-urlencoded",
                "X-Forwarded-For": f"10.{block // 256 % 256}.{block % 256}.{i % 50 + 1}"})
            response = connection.getresponse(); body = response.read()
            if response.status != 200:
                failures.append((i, f"{response.status} {body[:200]!r}"))
            elif len(codes) < held:
                codes.append(json.loads(body)["device_code"])
        except (OSError, http.client.HTTPException) as error:
            failures.append((i, repr(error)))
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
# Warm up the request path so that the figure is the logins' own memory, not first-use allocations.
warm = min(200, count)
start(range(warm))
before = rss_kib()
threads = [threading.Thread(target=start, args=(range(warm + t, count, 8),)) for t in range(8)]
for thread in threads: thread.start()
for thread in threads: thread.join()
after = rss_kib()
if failures:
    print(f"bench-memory: {len(failures)} of {count} login starts failed; first: {failures[:3]}", file=sys.stderr)
    sys.exit(1)
open(codes_file, "w").write("\n".join(codes))
print(f"filled: {count} open logins; RSS {before / 1024:.1f} MiB -> {after / 1024:.1f} MiB; "
      f"{(after - before) / (count - warm):.2f} KiB per open login")
PY
echo "start and fill: $(since "$m")"
# Holds one long-poll per device code in $work/codes, and the idle connections, until killed; reconnects after the
# restart. Each connection is a client of its own address through the trusted proxy.
python3 - "$port" "$work/codes" "$idle" "$work/errors" <<'PY' &
import asyncio, collections, json, os, random, sys
port, codes, idle, errors_file = int(sys.argv[1]), open(sys.argv[2]).read().split(), int(sys.argv[3]), sys.argv[4]
# Every failure, by where it happened and its kind, written out each second for the script to check and print.
errors = collections.Counter()
def note(where, error):
    errors[f"{where}: {type(error).__name__}" + (f" {os.strerror(error.errno)}" if getattr(error, "errno", None) else "")] += 1
async def report():
    while True:
        with open(errors_file + ".tmp", "w") as out: json.dump(errors, out)
        os.replace(errors_file + ".tmp", errors_file)
        await asyncio.sleep(1)
def request(method, path, address, body=b"", extra=(), length=None):
    fields = "".join(f"{name}: {value}\r\n" for name, value in extra)
    return (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            f"X-Forwarded-For: {address}\r\n{fields}Content-Length: {len(body) if length is None else length}\r\n\r\n"
            ).encode() + body
# A page request with nearly 8 KiB of headers (two fields of 3.9 KiB, just under the decoder's 8 KiB) whose body
# stalls after its first bytes: the connection is held until the relay's request timeout closes it, then opened again.
def stalled(address):
    return request("POST", "/device", address, b"user_code=", [(f"X-Pad-{n}", "a" * 3_900) for n in range(2)], 4096)
async def connect():
    try:
        return await asyncio.open_connection("127.0.0.1", port)
    except OSError as error:
        note("connect", error)
        raise
async def stall(address):
    # Spread over the request timeout: in step, the 4,900 would all be closed at once and reconnect as one burst,
    # larger than the accept queue, and many would wait out SYN retries instead of being open.
    await asyncio.sleep(random.uniform(0, 10))
    while True:
        try:
            reader, writer = await connect()
        except OSError:
            await asyncio.sleep(0.5)
            continue
        try:
            writer.write(stalled(address))
            # The relay answers 408 at its request timeout and closes; a reset then is the same end, counted apart.
            await reader.read()
        except OSError as error:
            note("stalled request's end", error)
        writer.close()
async def keep(message, pause):
    while True:
        try:
            reader, writer = await connect()
        except OSError:
            await asyncio.sleep(0.5)
            continue
        try:
            while True:
                writer.write(message)
                head = await reader.readuntil(b"\r\n\r\n")
                status = head.split(b" ", 2)[1]
                if status != b"200" and status != b"400":
                    note(f"poll answered {status.decode()}", Exception())
                length = int(next(l for l in head.split(b"\r\n") if l.lower().startswith(b"content-length:")).split(b":")[1])
                await reader.readexactly(length)
                await asyncio.sleep(pause)
        except (OSError, asyncio.IncompleteReadError, StopIteration) as error:
            note("held poll", error)
            writer.close()
            await asyncio.sleep(0.5)
async def main():
    # A poll's header block just under the OAuth endpoints' 4 KiB (RequestGate.maxOAuthHeaderBytes).
    polls = [keep(request("POST", "/oauth/token", f"172.16.{i // 250}.{i % 250 + 1}",
                          f"grant_type=urn:ietf:params:oauth:grant-type:device_code&device_code={code}&wait=30".encode(),
                          [("X-Pad", "a" * 3_600)]), 0)
             for i, code in enumerate(codes)]
    others = [stall(f"172.20.{i // 250}.{i % 250 + 1}") for i in range(idle)]
    await asyncio.gather(report(), *polls, *others)
asyncio.run(main())
PY
poller=$!
sleep 5
# "N long-polls held, M connections open", from the operations listener.
held_now() {
  curl -s "http://127.0.0.1:$((port + 2))/metrics" | awk '/^bnet_relay_held_polls / { h = $2 }
    /^bnet_relay_open_connections / { c = $2 } END { printf "%d long-polls held, %d connections open", h, c }'
}
# The client's failures so far, as JSON by kind.
errors() { cat "$work/errors" 2>/dev/null || echo '{}'; }
# Fails unless at least 95% of the long-polls are held and of the connections open (the stalled connections are
# re-opened as the request timeout closes them), and unless no connection failed to open and no held poll failed
# since `errors` gave $1: the figures count what is there.
check_open() {
  local status=0
  python3 - "$1" "$(errors)" <<'PY' || status=1
import json, sys
before, now = json.loads(sys.argv[1]), json.loads(sys.argv[2])
new = {kind: count - before.get(kind, 0) for kind, count in now.items() if count > before.get(kind, 0)}
print(f"client errors while measuring: {new or 'none'}")
fatal = {kind: count for kind, count in new.items() if not kind.startswith("stalled request's end")}
if fatal:
    print(f"bench-memory: connections failed while measuring: {fatal}", file=sys.stderr)
    sys.exit(1)
PY
  curl -s "http://127.0.0.1:$((port + 2))/metrics" | awk -v h="$held" -v c="$((held + idle))" \
    '/^bnet_relay_held_polls / { held = $2 } /^bnet_relay_open_connections / { open = $2 }
    END { printf "measured at: %d of %d long-polls held, %d of %d connections open\n", held, h, open, c
      if (held < 0.95 * h || open < 0.95 * c) {
      printf "bench-memory: only %d of %d long-polls held and %d of %d connections open\n", held, h, open, c > "/dev/stderr"
      exit 1 } }' || status=1
  return "$status"
}
m=$(mark); e=$(errors); sleep 45; check_open "$e"; sleep 50
echo "three sweeps at the caps ($(held_now)): $(since "$m")"
kill -TERM "$relay_pid"; wait "$relay_pid" || true
m=$(mark); serve; sleep 5
echo "restart and warm-up (start to 5 s after /healthz answered): $(since "$m")"
m=$(mark); e=$(errors); sleep 45; check_open "$e"; sleep 50
echo "three sweeps after the restart ($(held_now)): $(since "$m")"
# The worst case at every default cap must stay under the unit's MemoryHigh=, where the kernel starts reclaiming.
worst=$(sort -n "$work/peaks" | tail -1)
if [ "$count" = 100000 ] && [ "$held" = 5000 ] && [ "$idle" = 4900 ] && [ "$worst" -gt "$memory_high" ]; then
  echo "bench-memory: the worst peak at the default caps, $worst MiB, exceeds the unit's MemoryHigh=${memory_high}M" >&2
  exit 1
fi
echo "worst peak $worst MiB; the unit's MemoryHigh=${memory_high}M leaves $((memory_high - worst)) MiB"
