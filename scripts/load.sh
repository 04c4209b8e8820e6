#!/usr/bin/env bash
# Load and soak: 1,000 concurrent long-polling clients plus complete logins for 60 s against a sandbox relay on
# loopback; prints throughput, pickup latency and the relay's RSS, and fails on any error.
# Usage: scripts/load.sh [seconds=60] [pollers=1000] [logins-per-second=10] [configuration=release]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"; pollers="${2:-1000}"; rate="${3:-10}"; config="${4:-release}"
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
swift build -c "$config" --product bnet-relay
swift build -c "$config" --product relay-load
bin="$(swift build -c "$config" --show-bin-path)"
"$bin/relay-load" --relay-binary "$bin/bnet-relay" --seconds "$seconds" --pollers "$pollers" --logins-per-second "$rate"
