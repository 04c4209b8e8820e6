#!/usr/bin/env bash
# Benchmarks the game-data gateway beside nginx's proxy_cache, in one run (figures, never assertions; issue 43):
# one Battle.net emulator, a production relay with --gateway on, and nginx caching the same emulator (proxy_cache,
# proxy_cache_lock, proxy_cache_revalidate, the token added upstream). Prints each one's cache-hit throughput and
# p50/p99 over the same URLs, their misses beside calling the emulator directly, and the ratios.
# Usage: scripts/bench-gateway.sh [hits=20000] [concurrency=64] [misses=200]
#   CONFIGURATION=debug uses the debug build (default release); BNET_RELAY_BIN=path reuses a built relay.
set -euo pipefail
cd "$(dirname "$0")/.."
hits="${1:-20000}"; concurrency="${2:-64}"; misses="${3:-200}"
configuration="${CONFIGURATION:-release}"
build=(flock /tmp/swift-build.lock swift build -c "$configuration")
"${build[@]}" --product bnet-relay >/dev/null
"${build[@]}" --product relay-load >/dev/null
bin="$("${build[@]}" --show-bin-path)"
echo "gateway bench ($configuration build): relay-load gateway --hits $hits --concurrency $concurrency --misses $misses"
"$bin/relay-load" gateway --relay-binary "${BNET_RELAY_BIN:-$bin/bnet-relay}" --nginx "$(command -v nginx || echo /usr/sbin/nginx)" \
  --hits "$hits" --concurrency "$concurrency" --misses "$misses"
