#!/usr/bin/env bash
# Interoperability tests: independent OAuth clients (oauthlib, requests-oauthlib, authlib, raw requests) and a real
# browser (Debian's Chromium through Selenium) against a built relay binary.
#
# Usage: scripts/interop.sh [BIN_DIR]    (BIN_DIR holds bnet-relay; default: `swift build --show-bin-path`)
# Extra pytest arguments may follow: scripts/interop.sh /tmp/relay-bin -k browser
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

bin_dir=${1:-}
if [ "$#" -gt 0 ]; then shift; fi
if [ -z "$bin_dir" ]; then
    bin_dir=$(swift build --show-bin-path)   # only prints the path; does not build
fi
relay="$bin_dir/bnet-relay"
if [ ! -x "$relay" ]; then
    echo "interop: no executable bnet-relay in $bin_dir (build it first)" >&2
    exit 2
fi

# Debian packages: the browser, its driver, and venv for Debian's own Python.
export DEBIAN_FRONTEND=noninteractive
need=()
for pkg in chromium chromium-driver python3-venv; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ "${#need[@]}" -gt 0 ]; then
    apt-get update -q
    apt-get install -y -q --no-install-recommends "${need[@]}"
fi

# A venv on Debian's Python (not whatever python3 comes first on PATH), reinstalled when requirements change.
venv="$root/.build-interop/venv"
req="$root/Tests/Interop/requirements.txt"
if [ ! -x "$venv/bin/python" ]; then
    /usr/bin/python3 -m venv "$venv"
fi
stamp="$venv/.requirements.sha256"
if [ ! -f "$stamp" ] || ! sha256sum --check --status "$stamp" 2>/dev/null; then
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$req"
    sha256sum "$req" >"$stamp"
fi

# Selenium must use Debian's chromedriver and never download one (selenium-manager).
export SE_OFFLINE=true
export BNET_RELAY_BIN="$(cd "$bin_dir" && pwd)/bnet-relay"
export PYTHONDONTWRITEBYTECODE=1
exec "$venv/bin/python" -m pytest -v -p no:cacheprovider "$root/Tests/Interop" "$@"
