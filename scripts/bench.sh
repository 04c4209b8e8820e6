#!/usr/bin/env bash
# Benchmarks the relay beside its references, in one run on this machine (figures, never assertions):
#   poll path (POST /oauth/token, pending login)  vs  the relay's GET /healthz  vs  nginx serving a same-size body
#                                                 vs  Debian's glewlwyd polled for a pending device code (RFC 8628):
#                                                     the peer a self-hoster might run instead, set up by
#                                                     scripts/bench/glewlwyd-setup.sh (GLEWLWYD_SETUP=path names
#                                                     another; without one the glewlwyd row is left out and said so)
#   forward mode (GET /redirect/<app>)            vs  the BattleNetAPI README's PHP route on php-fpm behind nginx
#   footprint: binary size, start to first answer, RSS idle and after load.
# First what the JSON of each wire message costs (WireBench). Then the flows (relay-load, the relay against its own emulator process): 10,000 held long-polls, the callback path
# beside the emulator's token endpoint, callback-to-token latency; and scripts/bench-scale.sh (1M logins, purge).
# Each pair runs ROUNDS times, interleaved; the medians and their ratios are printed.
# Usage: scripts/bench.sh [seconds-per-run=10] [rounds=3] [connections=64]
#   SCRATCH_PATH=dir builds in dir (swift build --scratch-path); BNET_RELAY_BIN=path reuses a built relay;
#   BENCH_PATHS_ONLY=1 runs the request paths only (no WireBench, no flows, no scale: nothing else is built).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-10}"; rounds="${2:-3}"; connections="${3:-64}"
need=()
for tool in wrk nginx php-fpm8.2 curl; do command -v "$tool" >/dev/null || need+=("$tool"); done
if [ "${#need[@]}" -gt 0 ]; then
  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q wrk nginx php-fpm curl >/dev/null
fi
paths_only=${BENCH_PATHS_ONLY:-}
glewlwyd_setup=${GLEWLWYD_SETUP:-$PWD/scripts/bench/glewlwyd-setup.sh}
glewlwyd_port=28480; glewlwyd_work=/tmp/glewlwyd-bench

build=(swift build -c release ${SCRATCH_PATH:+--scratch-path "$SCRATCH_PATH"})
bin="${BNET_RELAY_BIN:-}"
if [ -z "$bin" ]; then
  "${build[@]}" --product bnet-relay >/dev/null
  bin="$("${build[@]}" --show-bin-path)/bnet-relay"
fi
if [ -z "$paths_only" ]; then
  "${build[@]}" --product relay-load >/dev/null
  "${build[@]}" --product WireBench >/dev/null
  load="$("${build[@]}" --show-bin-path)/relay-load"
  "$("${build[@]}" --show-bin-path)/WireBench"
  echo
fi
work="$(mktemp -d)"; chmod 755 "$work"; pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  # glewlwyd, started by its setup script (by its PID file, only if it is glewlwyd)
  if [ -f "$glewlwyd_work/glewlwyd.pid" ] && grep -q glewlwyd "/proc/$(cat "$glewlwyd_work/glewlwyd.pid")/cmdline" 2>/dev/null; then
    kill "$(cat "$glewlwyd_work/glewlwyd.pid")" 2>/dev/null || true
  fi
  wait 2>/dev/null || true; rm -rf "$work"
}
trap cleanup EXIT
relay_port=18400; nginx_port=18410

# The relay, sandboxed, at the default log level, with its per-IP limits on and loopback as the trusted proxy.
start_ns=$(date +%s%N)
"$bin" serve --port $relay_port --emulator-port $((relay_port + 1)) --trusted-proxy 127.0.0.1 \
  --app d3=poll --app fwd=forward --database "$work/bench.sqlite" --seal-key-file "$work/seal.key" \
  2>"$work/relay.log" &
relay_pid=$!; pids+=("$relay_pid")
for _ in $(seq 2000); do curl -sf "http://127.0.0.1:$relay_port/healthz" >/dev/null && break; sleep 0.005; done
ready_ms=$(( ($(date +%s%N) - start_ns) / 1000000 ))
rss() { awk '/VmRSS/ {print int($2/1024)}' "/proc/$relay_pid/status"; }
rss_idle=$(rss)

# Pending logins to poll, each started from its own address in its own /24 (starts are limited per /24 too).
for i in $(seq 1 2000); do
  curl -s -H "X-Forwarded-For: 10.$((i % 250)).$((i / 250)).7" -d client_id=d3 \
    "http://127.0.0.1:$relay_port/oauth/device/code"
  echo
done | sed -n 's/.*"device_code":"\([^"]*\)".*/\1/p' > "$work/codes"
poll_body_size=$(curl -s -d "grant_type=urn:ietf:params:oauth:grant-type:device_code&client_id=d3&device_code=$(head -1 "$work/codes")" \
  "http://127.0.0.1:$relay_port/oauth/token" | wc -c)

# nginx: a static body as large as a poll answer, and the PHP route on php-fpm.
head -c "$poll_body_size" /dev/zero | tr '\0' 'x' > "$work/static.txt"
cat > "$work/php-fpm.conf" <<CONF
[global]
error_log = $work/php-fpm.log
daemonize = no
[bench]
listen = $work/php.sock
listen.mode = 0666
pm = static
pm.max_children = 4
CONF
php-fpm8.2 --fpm-config "$work/php-fpm.conf" -R & pids+=($!)
cat > "$work/nginx.conf" <<CONF
worker_processes 2;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 4096; }
http {
  access_log off;
  server {
    listen 127.0.0.1:$nginx_port;
    location = /static { alias $work/static.txt; default_type application/json; }
    location /redirect/ {
      include /etc/nginx/fastcgi_params;
      fastcgi_param SCRIPT_FILENAME $PWD/scripts/bench/forward.php;
      fastcgi_pass unix:$work/php.sock;
    }
  }
}
CONF
nginx -c "$work/nginx.conf" -g 'daemon off;' & pids+=($!)
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$nginx_port/static" >/dev/null && break; sleep 0.05; done
curl -sf "http://127.0.0.1:$nginx_port/static" >/dev/null || { echo "nginx did not start: $(tail -3 "$work/nginx-error.log")" >&2; exit 1; }

# glewlwyd with one pending device authorization (its setup polls once: authorization_pending).
glewlwyd=
if [ -x "$glewlwyd_setup" ] || [ -f "$glewlwyd_setup" ]; then
  GLEW_PORT=$glewlwyd_port GLEW_WORK=$glewlwyd_work bash "$glewlwyd_setup" >"$work/glewlwyd-setup.log" 2>&1 \
    || { cat "$work/glewlwyd-setup.log" >&2; echo "bench: glewlwyd-setup.sh failed (above)" >&2; exit 1; }
  glewlwyd_code=$(cat "$glewlwyd_work/device_code")
  cat > "$work/glewlwyd.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.body = "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code&client_id=bench-device&device_code=$glewlwyd_code"
LUA
  cat scripts/bench/report.lua >> "$work/glewlwyd.lua"
  glewlwyd_answer=$(curl -s -d "grant_type=urn:ietf:params:oauth:grant-type:device_code&client_id=bench-device&device_code=$glewlwyd_code" \
    "http://127.0.0.1:$glewlwyd_port/api/oidc/token/")
  echo "glewlwyd $(dpkg-query -W -f='${Version}' glewlwyd) answers a pending poll: $glewlwyd_answer (${#glewlwyd_answer} bytes)"
  glewlwyd=yes
else
  echo "bench: no $glewlwyd_setup: the glewlwyd peer is left out (GLEWLWYD_SETUP=path names the setup script)"
fi

run() { # name, url, extra wrk args...
  local name=$1 url=$2; shift 2
  wrk -t2 -c"$connections" -d"${seconds}s" --latency -s scripts/bench/report.lua "$@" "$url" | tail -1 \
    | sed "s/^/{\"name\": \"$name\", \"result\": /; s/$/}/" >> "$work/results.jsonl"
}
# poll.lua defines request(); report.lua's done() is appended so both apply.
# The same requests sent to /healthz, which answers them 405 without reading the body: what any POST of this shape
# costs the server, so that poll / post-405 is the share of the relay's own poll logic.
cat scripts/bench/poll.lua scripts/bench/report.lua > "$work/poll.lua"
sed 's#"/oauth/token"#"/healthz"#' "$work/poll.lua" > "$work/post405.lua"
lua_poll() { # name, script
  DEVICE_CODES="$work/codes" wrk -t2 -c"$connections" -d"${seconds}s" --latency -s "$2" \
  "http://127.0.0.1:$relay_port" | tail -1 | sed "s/^/{\"name\": \"$1\", \"result\": /; s/$/}/" >> "$work/results.jsonl"; }

for round in $(seq 1 "$rounds"); do
  echo "round $round/$rounds" >&2
  lua_poll poll "$work/poll.lua"
  lua_poll post-405 "$work/post405.lua"
  run healthz "http://127.0.0.1:$relay_port/healthz"
  run nginx-static "http://127.0.0.1:$nginx_port/static"
  run forward "http://127.0.0.1:$relay_port/redirect/fwd?code=abc123&state=xyz789"
  run php-forward "http://127.0.0.1:$nginx_port/redirect/fwd?code=abc123&state=xyz789"
  [ -z "$glewlwyd" ] || wrk -t2 -c"$connections" -d"${seconds}s" --latency -s "$work/glewlwyd.lua" \
    "http://127.0.0.1:$glewlwyd_port/api/oidc/token/" | tail -1 \
    | sed 's/^/{"name": "glewlwyd", "result": /; s/$/}/' >> "$work/results.jsonl"
done
rss_loaded=$(rss)

python3 - "$work/results.jsonl" <<PY
import json, statistics, sys
runs = {}
for line in open(sys.argv[1]):
    row = json.loads(line)
    runs.setdefault(row["name"], []).append(row["result"])
def med(name, key): return statistics.median(r[key] for r in runs[name])
print(f"machine: $(nproc) cores, $(awk '/MemTotal/ {print int($2/1048576)}' /proc/meminfo) GiB; wrk -t2 -c$connections, ${seconds}s x $rounds rounds, medians")
print(f"{'':14}{'req/s':>10}{'p50 ms':>9}{'p99 ms':>9}{'non-2xx':>9}{'errors':>8}")
for name in [n for n in ["poll", "post-405", "healthz", "nginx-static", "glewlwyd", "forward", "php-forward"] if n in runs]:
    print(f"{name:14}{med(name,'rps'):>10.0f}{med(name,'p50_ms'):>9.2f}{med(name,'p99_ms'):>9.2f}"
          f"{int(med(name,'non2xx')):>9}{int(med(name,'errors')):>8}")
print(f"poll / healthz      {med('poll','rps')/med('healthz','rps'):.2f}x   (target >= 0.9)")
print(f"poll / post-405     {med('poll','rps')/med('post-405','rps'):.2f}x   (the poll logic's share: the same request, answered without it)")
print(f"poll / nginx        {med('poll','rps')/med('nginx-static','rps'):.2f}x   (target >= 0.35)")
if "glewlwyd" in runs:
    print(f"poll / glewlwyd     {med('poll','rps')/med('glewlwyd','rps'):.2f}x   (glewlwyd's own poll of a pending device code; p99 {med('glewlwyd','p99_ms')/med('poll','p99_ms'):.2f}x the relay's)")
    print(f"glewlwyd / nginx    {med('glewlwyd','rps')/med('nginx-static','rps'):.2f}x")
print(f"forward / PHP       {med('forward','rps')/med('php-forward','rps'):.2f}x   (target >= 2)")
PY
echo "poll answers are 400 authorization_pending/slow_down by design, post-405 answers 405 (non-2xx); poll body $poll_body_size bytes"
echo "binary: $(du -h "$bin" | cut -f1) ($bin); start to first answer: ${ready_ms} ms; RSS idle ${rss_idle} MiB, after load $(rss) MiB"

cleanup; trap - EXIT
[ -z "$paths_only" ] || exit 0
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
"$load" held --relay-binary "$bin" --count "${HELD_POLLS:-10000}"
"$load" callbacks --relay-binary "$bin" --seconds "$seconds"
"$load" latency --relay-binary "$bin"
BNET_RELAY_BIN="$bin" scripts/bench-scale.sh "$seconds"
