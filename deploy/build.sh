#!/usr/bin/env bash
# Builds the release `bnet-relay` and `bnet` (the player CLI; `d3` is a link to it) with the Swift runtime linked
# statically, stamps the git commit into
# them (through the environment: no tracked file changes), and makes the release artifacts in dist/:
#   bnet-relay-<version>-<commit>-linux-<arch>.tar.gz   both binaries, their manual pages (share/man/man1), systemd
#                                                       unit, example configuration, proxy configurations, installer,
#                                                       and the documents as the repository lays them out (README.md,
#                                                       docs/, deploy/README.md, CHANGELOG.md, LICENSE)
#   bnet-relay_<debian version>_<debian arch>.deb       the relay and bnet as a Debian package (deploy/debian/), with
#                                                       bnet's and d3's manual pages and the documents in
#                                                       /usr/share/doc/bnet-relay/, laid out as in the tarball
#   SHA256SUMS                                          checksums of both
#
#   deploy/build.sh
#   SCRATCH=.build-release deploy/build.sh
#
# The static build gets its own scratch path (default .build-release): sharing .build with debug builds would
# recompile everything on each switch. Needs Swift 6 and libsqlite3-dev; a clean build takes about 9 minutes
# on 2 cores. It carries no DWARF debug information (`-debug-info-format none`): the shipped binaries are stripped
# anyway, and it is 40 s of the build (`swift build -c release --static-swift-stdlib --product bnet-relay` in a
# fresh scratch folder: 527 s with it, 487 s without).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
scratch=${SCRATCH:-.build-release}
export PATH="/opt/swift/usr/bin:$PATH"   # where the toolchain lives on our machines; harmless elsewhere

# 1. The version (declared once, in Package.swift) and the commit. The commit reaches the binaries through the
#    environment (Package.swift reads BNET_RELAY_COMMIT into the BuildStamp target), so no source file is rewritten
#    and a debug build running meanwhile is unaffected. A release needs its CHANGELOG.md section.
version=$(sed -n 's/^let version = "\(.*\)"$/\1/p' Package.swift)
[ -n "$version" ] || { echo "build.sh: no 'let version = \"...\"' line in Package.swift" >&2; exit 1; }
grep -q "^## \[$version\]" CHANGELOG.md || { echo "build.sh: CHANGELOG.md has no '## [$version]' section" >&2; exit 1; }
commit=$(git rev-parse --short HEAD)
if ! git diff --quiet HEAD; then commit="$commit-dirty"; fi
export BNET_RELAY_COMMIT=$commit
tracked_before=$(git status --porcelain --untracked-files=no)

# 2. The build (the second product reuses the modules the first one built).
echo "==> swift build -c release --static-swift-stdlib ($version, $commit) in $scratch"
start=$(date +%s)
swift build -c release --static-swift-stdlib -debug-info-format none --scratch-path "$scratch" --product bnet-relay
swift build -c release --static-swift-stdlib -debug-info-format none --scratch-path "$scratch" --product bnet
echo "==> built in $(( $(date +%s) - start )) s"
binary="$scratch/release/bnet-relay"
bnet="$scratch/release/bnet"

# 3. Sanity: they run, say the right version, and need no Swift runtime library.
for program in "$binary" "$bnet"; do
    reported=$("$program" --version)
    [ "$reported" = "$version ($commit)" ] || { echo "build.sh: $program --version says '$reported'" >&2; exit 1; }
    if ldd "$program" | grep -Ei 'swift|libFoundation|libdispatch|libBlocksRuntime|libicu'; then
        echo "build.sh: $program still links a Swift runtime library (above)" >&2; exit 1
    fi
done

# 4. The tarball: stripped binaries plus everything install.sh and a reader need.
name="bnet-relay-$version-$commit-linux-$(uname -m)"
stage="dist/$name"
rm -rf "$stage" && mkdir -p "$stage/bin" "$stage/deploy/nginx"
strip -o "$stage/bin/bnet-relay" "$binary"
strip -o "$stage/bin/bnet" "$bnet"
ln -s bnet "$stage/bin/d3"   # one program: called d3, it is the d3 CLI as documented
[ "$("$stage/bin/d3" --version)" = "$version ($commit)" ] || { echo "build.sh: bin/d3 does not run" >&2; exit 1; }
# bnet.1 and d3.1 from the command trees (checked to render with `man -l`).
SCRATCH="$scratch" deploy/manpages.sh "$stage/bin/bnet" "$stage/share/man/man1"
cp deploy/bnet-relay.service deploy/relay.env.example deploy/Caddyfile deploy/install.sh deploy/README.md \
    deploy/prometheus-alerts.yml deploy/grafana-dashboard.json "$stage/deploy/"
cp deploy/nginx/bnet-relay-http.conf deploy/nginx/bnet-relay.conf "$stage/deploy/nginx/"
# The documents where the repository has them, so that the README's links to docs/, the deployment guide, the
# changelog and the licence resolve in the unpacked tarball.
mkdir -p "$stage/docs"
cp README.md CHANGELOG.md LICENSE "$stage/"
cp docs/*.md "$stage/docs/"
tar -C dist -czf "dist/$name.tar.gz" --owner=0 --group=0 "$name"

# 5. The Debian package: the relay under /usr, the unit under /lib/systemd/system, relay.env as a conffile (dpkg
#    never overwrites an edited one), the maintainer scripts of deploy/debian/. The version sorts by commit count,
#    so that each build upgrades the one before it.
count=$(git rev-list --count HEAD)
deb_version="$version+git$count.${commit//-/.}-1"
arch=$(dpkg --print-architecture)
deb="dist/bnet-relay_${deb_version}_$arch.deb"
pkg="dist/deb-root"
rm -rf "$pkg" && mkdir -p "$pkg/DEBIAN" "$pkg/usr/bin" "$pkg/lib/systemd/system" "$pkg/usr/share/doc/bnet-relay/nginx" \
    "$pkg/usr/share/doc/bnet-relay/docs" "$pkg/usr/share/doc/bnet-relay/deploy"
install -d -m 700 "$pkg/etc/bnet-relay"
install -m 755 "$stage/bin/bnet-relay" "$pkg/usr/bin/bnet-relay"
install -m 755 "$stage/bin/bnet" "$pkg/usr/bin/bnet"
ln -s bnet "$pkg/usr/bin/d3"
install -d "$pkg/usr/share/man/man1"
for page in bnet.1 d3.1; do gzip -9n <"$stage/share/man/man1/$page" >"$pkg/usr/share/man/man1/$page.gz"; done
chmod 644 "$pkg"/usr/share/man/man1/*.gz
sed -e 's#/usr/local/bin/bnet-relay#/usr/bin/bnet-relay#g' -e 's#/usr/local/share/doc/#/usr/share/doc/#g' \
    -e 's#Installed by deploy/install.sh to /etc/systemd/system/#Installed by the bnet-relay package (or deploy/install.sh)#' \
    deploy/bnet-relay.service >"$pkg/lib/systemd/system/bnet-relay.service"
chmod 644 "$pkg/lib/systemd/system/bnet-relay.service"
install -m 600 deploy/relay.env.example "$pkg/etc/bnet-relay/relay.env"
for doc in relay.env.example Caddyfile nginx/bnet-relay-http.conf nginx/bnet-relay.conf prometheus-alerts.yml grafana-dashboard.json; do
    install -m 644 "deploy/$doc" "$pkg/usr/share/doc/bnet-relay/$doc"
done
# The documents laid out as in the repository, so that every relative link between them resolves where they are
# installed: the project's README, the deployment guide as deploy/README.md (the unit, control and postinst name it),
# docs/ and the changelog; the licence as Debian's copyright file, with LICENSE (the README's link) naming it.
install -m 644 README.md "$pkg/usr/share/doc/bnet-relay/README.md"
install -m 644 deploy/README.md "$pkg/usr/share/doc/bnet-relay/deploy/README.md"
install -m 644 CHANGELOG.md "$pkg/usr/share/doc/bnet-relay/CHANGELOG.md"
install -m 644 LICENSE "$pkg/usr/share/doc/bnet-relay/copyright"
ln -s copyright "$pkg/usr/share/doc/bnet-relay/LICENSE"
install -m 644 docs/*.md "$pkg/usr/share/doc/bnet-relay/docs/"
sed -e "s/@VERSION@/$deb_version/" -e "s/@ARCH@/$arch/" deploy/debian/control >"$pkg/DEBIAN/control"
echo "Installed-Size: $(du -sk --exclude=DEBIAN "$pkg" | cut -f1)" >>"$pkg/DEBIAN/control"
install -m 644 deploy/debian/conffiles "$pkg/DEBIAN/conffiles"
for script in postinst prerm postrm; do install -m 755 "deploy/debian/$script" "$pkg/DEBIAN/$script"; done
rm -f dist/bnet-relay_*.deb
dpkg-deb --root-owner-group -Zxz --build "$pkg" "$deb" >/dev/null
rm -rf "$pkg"

# 6. Checksums of every artifact (`sha256sum -c SHA256SUMS` in dist/).
(cd dist && sha256sum "$name.tar.gz" "$(basename "$deb")" >SHA256SUMS)

# 7. The build changed no tracked file (the commit is stamped through the environment, never into a source file).
[ "$(git status --porcelain --untracked-files=no)" = "$tracked_before" ] \
    || { echo "build.sh: the build changed tracked files:" >&2; git status --short --untracked-files=no >&2; exit 1; }

echo "==> $("$stage/bin/bnet-relay" --version)"
echo "    binary:   $root/$binary ($(du -h "$binary" | cut -f1) unstripped, $(du -h "$stage/bin/bnet-relay" | cut -f1) stripped)"
echo "    tarball:  $root/dist/$name.tar.gz ($(du -h "dist/$name.tar.gz" | cut -f1))"
echo "    package:  $root/$deb ($(du -h "$deb" | cut -f1))"
echo "    sums:     $root/dist/SHA256SUMS"
echo "    links:    $(ldd "$binary" | awk '{print $1}' | xargs)"
