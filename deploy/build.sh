#!/usr/bin/env bash
# Builds the release `bnet-relay` with the Swift runtime linked statically, stamps the git commit into it,
# and packs a tarball: binary, systemd unit, example configuration, proxy configurations, installer, docs.
#
#   deploy/build.sh                      # -> dist/bnet-relay-<version>-<commit>-linux-<arch>.tar.gz
#   SCRATCH=.build-release deploy/build.sh
#
# The static build gets its own scratch path (default .build-release): sharing .build with debug builds would
# recompile everything on each switch. Needs Swift 6 and libsqlite3-dev; a clean build takes about 6 minutes
# on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
scratch=${SCRATCH:-.build-release}
export PATH="/opt/swift/usr/bin:$PATH"   # where the toolchain lives on our machines; harmless elsewhere

# 1. The commit, as a compile-time constant: rewrite BuildInfo.swift for this build, restore it afterwards
#    (also on failure or Ctrl-C), so the committed file always says "dev".
info=Sources/RelayServer/BuildInfo.swift
commit=$(git rev-parse --short HEAD)
if ! git diff --quiet HEAD -- . ":(exclude)$info"; then commit="$commit-dirty"; fi
version=$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' "$info")
backup=$(mktemp)
cp -p "$info" "$backup"
restore() { cp -p "$backup" "$info"; rm -f "$backup"; }
trap restore EXIT
trap "exit 130" INT TERM HUP   # make sure signals run the EXIT trap too
sed -i "s/static let commit = \".*\"/static let commit = \"$commit\"/" "$info"
grep -q "static let commit = \"$commit\"" "$info" || { echo "build.sh: could not stamp $info" >&2; exit 1; }

# 2. The build.
echo "==> swift build -c release --static-swift-stdlib ($version, $commit) in $scratch"
start=$(date +%s)
swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product bnet-relay
echo "==> built in $(( $(date +%s) - start )) s"
restore; trap - EXIT
binary="$scratch/release/bnet-relay"

# 3. Sanity: it runs, it says the right version, and it needs no Swift runtime library.
reported=$("$binary" --version)
[ "$reported" = "$version ($commit)" ] || { echo "build.sh: --version says '$reported'" >&2; exit 1; }
if ldd "$binary" | grep -Ei 'swift|libFoundation|libdispatch|libBlocksRuntime|libicu'; then
    echo "build.sh: the binary still links a Swift runtime library (above)" >&2; exit 1
fi

# 4. The tarball: a stripped binary plus everything install.sh and a reader need.
name="bnet-relay-$version-$commit-linux-$(uname -m)"
stage="dist/$name"
rm -rf "$stage" && mkdir -p "$stage/bin" "$stage/deploy/nginx"
strip -o "$stage/bin/bnet-relay" "$binary"
cp deploy/bnet-relay.service deploy/relay.env.example deploy/Caddyfile deploy/install.sh deploy/README.md "$stage/deploy/"
cp deploy/nginx/bnet-relay.conf "$stage/deploy/nginx/"
cp README.md "$stage/"
tar -C dist -czf "dist/$name.tar.gz" --owner=0 --group=0 "$name"

echo "==> $("$stage/bin/bnet-relay" --version)"
echo "    binary:   $root/$binary ($(du -h "$binary" | cut -f1) unstripped, $(du -h "$stage/bin/bnet-relay" | cut -f1) stripped)"
echo "    tarball:  $root/dist/$name.tar.gz ($(du -h "dist/$name.tar.gz" | cut -f1))"
echo "    links:    $(ldd "$binary" | awk '{print $1}' | xargs)"
