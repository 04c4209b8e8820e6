#!/usr/bin/env bash
# Proves the deployment's shape on this machine: the static build, the unit, the installer, and a full device
# login over HTTPS through Caddy, with the relay started exactly as the unit starts it (paths moved to a temp dir).
#
#   bash deploy/test.sh          # builds into .build-release, or $SCRATCH
#   bash deploy/test.sh --built  # tests the release deploy/build.sh has just made of this commit (.ci/run)
#
# Needs: root, Swift 6, libsqlite3-dev, curl, caddy, nginx, openssl, systemd (for systemd-analyze), python3, mount
# namespaces (unshare --mount), and the network once to download Debian's prometheus package for promtool (unless
# promtool is on the PATH) and the current Caddy release from PyPI (deploy/check-caddyfile.sh). A check that cannot run fails; nothing is skipped.
# Prints PASS/FAIL per check and ends with "N passed, M failed"; exits non-zero on any failure.
set -euo pipefail
# shellcheck disable=SC2016  # single-quoted bash -c scripts get their values as arguments, on purpose
cd "$(dirname "$0")/.."
repo=$PWD

passed=0 failed=0
pass() { echo "PASS: $1"; passed=$((passed + 1)); }
fail() { echo "FAIL: $1${2:+ -- $2}"; failed=$((failed + 1)); }
# check NAME COMMAND...: PASS if the command succeeds.
check() { local name=$1; shift; if "$@"; then pass "$name"; else fail "$name"; fi; }

tmp=$(mktemp -d /tmp/bnet-relay-deploy-test.XXXXXX)
pids=() webroots=()
cleanup() {
    local pid
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$tmp" "${webroots[@]}"
}
trap cleanup EXIT
finish() {
    if [ "$failed" -gt 0 ]; then
        for log in "$tmp"/*.log; do [ -f "$log" ] && { echo "--- last lines of $log"; tail -n 25 "$log"; }; done
    fi
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}

# free_port: a port no socket listens on, below Linux's ephemeral range (32768-60999): a port in that range can be
# the local end of another process's connection, which a connect test does not see and bind then refuses.
free_port() {
    local port
    while :; do
        port=$((20000 + RANDOM % 12000))
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "$port"; return; }
    done
}
# wait_for SECONDS COMMAND...: retry until the command succeeds or time runs out.
wait_for() {
    local deadline=$((SECONDS + $1)); shift
    until "$@" >/dev/null 2>&1; do [ "$SECONDS" -lt "$deadline" ] || return 1; sleep 0.2; done
}
# A JSON string field from a flat object (Foundation escapes "/" as "\/").
json_field() { sed -n "s/.*\"$1\" *: *\"\([^\"]*\)\".*/\1/p" | sed 's#\\/#/#g'; }

# ---------------------------------------------------------------------------------------------------------------
binary=$(realpath -m "${SCRATCH:-.build-release}/release/bnet-relay")   # absolute: SCRATCH may be either
commit=$(git rev-parse --short HEAD)
if [ "${1:-}" = --built ]; then
    # .ci/run has just run deploy/build.sh: test what it made, if it was made of this commit.
    echo "== the release deploy/build.sh made (--built)"
    version=$("$binary" --version 2>/dev/null) || version=""
    stamped=${version##*(}; stamped=${stamped%)}
    if [[ "$stamped" =~ ^$commit(-dirty)?$ ]] && ls dist/bnet-relay-*-"$stamped"-linux-*.tar.gz >/dev/null 2>&1; then
        pass "dist/ and ${SCRATCH:-.build-release} hold the release of $commit (deploy/build.sh ran before)"
    else
        fail "--built: no release of $commit in dist/ and ${SCRATCH:-.build-release} (found '$version'); run deploy/build.sh"
        finish; exit 1
    fi
else
    echo "== build (deploy/build.sh)"
    if timeout 3000 deploy/build.sh >"$tmp/build.log" 2>&1; then pass "deploy/build.sh builds the static release"; else
        fail "deploy/build.sh" "see below"; tail -n 40 "$tmp/build.log"; finish; exit 1
    fi
    version=$("$binary" --version)
fi
package=$(cd dist && ls -td bnet-relay-*/ | head -n 1); package=${package%/}
# links_resolve DIR: every relative link of every Markdown file under DIR (outside code) names a file or directory
# under DIR; the examples' sources (Examples/) are the repository's only.
links_resolve() {
    python3 - "$1" <<"PY"
import os, re, sys
root, missing, seen = sys.argv[1], [], 0
for base, _, names in os.walk(root):
    for name in (n for n in names if n.endswith(".md")):
        page = os.path.join(base, name)
        text = re.sub(r"```.*?```", "", open(page, encoding="utf-8").read(), flags=re.S)
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            path = target.split("#")[0]
            if re.match(r"[a-z]+:", target) or not path or path.startswith("Examples/"):
                continue
            seen += 1
            if not os.path.exists(os.path.normpath(os.path.join(base, path))):
                missing.append(f"{os.path.relpath(page, root)} -> {target}")
assert seen and not missing, f"links to what {root} lacks: {missing}"
PY
}
check "--version is '<version> (<commit>)': $version" \
    bash -c '[[ "$1" =~ ^[0-9]+\.[0-9]+\.[0-9]+\ \($2(-dirty)?\)$ ]]' _ "$version" "$commit"
check "tarball holds the binaries, their manual pages, unit, example config, proxy configs, installer, docs" bash -c '
    listing=$(tar -tzf "dist/$1.tar.gz")
    for f in bin/bnet-relay bin/bnet bin/d3 share/man/man1/bnet.1 share/man/man1/d3.1 deploy/bnet-relay.service deploy/relay.env.example deploy/Caddyfile deploy/prometheus-alerts.yml \
             deploy/nginx/bnet-relay-http.conf deploy/nginx/bnet-relay.conf deploy/install.sh deploy/README.md README.md \
             CHANGELOG.md LICENSE docs/*.md; do
        grep -qx "$1/$f" <<<"$listing" || { echo "missing $f" >&2; exit 1; }
    done' _ "$package"
check "the tarball's docs/ is the repository's, and every relative link of its documents resolves inside it (Examples/ aside)" \
    bash -c "$(declare -f links_resolve)"'
        unpacked=$(mktemp -d) && tar -C "$unpacked" -xzf "dist/$1.tar.gz" && diff -r docs "$unpacked/$1/docs" >&2 \
        && links_resolve "$unpacked/$1"; status=$?; rm -rf "$unpacked"; exit $status' _ "$package"
check "the tarball's stripped binary runs" bash -c '[ "$("dist/$1/bin/bnet-relay" --version)" = "$2" ]' _ "$package" "$version"
check "the tarball's d3 runs and says the same version" bash -c '[ "$("dist/$1/bin/d3" --version)" = "$2" ]' _ "$package" "$version"
deb=$(ls -t dist/bnet-relay_*.deb | head -n 1)
check "SHA256SUMS covers the tarball and the package, and they match" bash -c '
    cd dist && sha256sum --quiet -c SHA256SUMS && grep -q " $1.tar.gz$" SHA256SUMS && grep -q " $(basename "$2")$" SHA256SUMS
    [ "$(wc -l <SHA256SUMS)" -eq 2 ]' _ "$package" "$deb"

# ---------------------------------------------------------------------------------------------------------------
echo "== the Debian package ($deb)"
dpkg-deb -I "$deb" >"$tmp/deb-info.txt"; dpkg-deb -c "$deb" >"$tmp/deb-contents.txt"
check "control: package bnet-relay, this architecture, depends on libsqlite3-0 and ca-certificates" bash -c '
    grep -q "^ Package: bnet-relay$" "$1" && grep -q "^ Architecture: $(dpkg --print-architecture)$" "$1" \
        && grep -q "^ Depends: .*libsqlite3-0.*ca-certificates" "$1"' _ "$tmp/deb-info.txt"
check "relay.env is its only conffile; postinst, prerm and postrm are there" bash -c '
    [ "$(dpkg-deb -f "$1" Package)" = bnet-relay ] && d=$(mktemp -d) && dpkg-deb -e "$1" "$d" \
        && [ "$(cat "$d/conffiles")" = /etc/bnet-relay/relay.env ] && [ -x "$d/postinst" ] && [ -x "$d/prerm" ] \
        && [ -x "$d/postrm" ] && sh -n "$d/postinst" && sh -n "$d/prerm" && sh -n "$d/postrm"; rc=$?; rm -rf "$d"; exit $rc' _ "$deb"
check "contents: binaries 0755, manual pages, unit, relay.env 0600 in a 0700 /etc/bnet-relay, docs (docs/ too); all root's" bash -c '
    want() { grep -Eq "^$1 root/root +[0-9]+ [-0-9]+ [0-9:]+ \./$2$" "$3" || { echo "missing: $1 $2" >&2; return 1; }; }
    want -rwxr-xr-x usr/bin/bnet-relay "$1" && want -rw-r--r-- lib/systemd/system/bnet-relay.service "$1" \
        && want -rw------- etc/bnet-relay/relay.env "$1" && want drwx------ etc/bnet-relay/ "$1" \
        && want -rw-r--r-- usr/share/doc/bnet-relay/README.md "$1" \
        && want -rw-r--r-- usr/share/doc/bnet-relay/deploy/README.md "$1" \
        && want -rw-r--r-- usr/share/doc/bnet-relay/relay.env.example "$1" \
        && want -rw-r--r-- usr/share/doc/bnet-relay/nginx/bnet-relay-http.conf "$1" \
        && want -rw-r--r-- usr/share/doc/bnet-relay/nginx/bnet-relay.conf "$1" \
        && want -rw-r--r-- usr/share/doc/bnet-relay/CHANGELOG.md "$1" && want -rw-r--r-- usr/share/doc/bnet-relay/copyright "$1" \
        && grep -Eq " \./usr/share/doc/bnet-relay/LICENSE -> copyright$" "$1" \
        && for page in docs/*.md; do want -rw-r--r-- "usr/share/doc/bnet-relay/$page" "$1" || exit 1; done \
        && want -rwxr-xr-x usr/bin/bnet "$1" && grep -Eq " \./usr/bin/d3 -> bnet$" "$1" \
        && want -rw-r--r-- usr/share/man/man1/bnet.1.gz "$1" && want -rw-r--r-- usr/share/man/man1/d3.1.gz "$1" \
        && ! grep -Eq "seal.key|client-secret|/usr/local/" "$1"' _ "$tmp/deb-contents.txt"

# dpkg into a scratch root, maintainer scripts run without chroot ($DPKG_ROOT-aware): the machine's own dpkg
# database, users and systemd are not touched. Dependencies are the host's, so --force-depends.
droot=$tmp/dpkg-root
mkdir -p "$droot/var/lib/dpkg/info" "$droot/var/lib/dpkg/updates" "$droot/etc"
touch "$droot/var/lib/dpkg/status"
printf 'root:x:0:0:root:/root:/bin/sh\n' >"$droot/etc/passwd"; printf 'root:x:0:\n' >"$droot/etc/group"
printf 'root:*:19000:0:99999:7:::\n' >"$droot/etc/shadow"; printf 'root:*::\n' >"$droot/etc/gshadow"
in_root() { dpkg --root="$droot" --force-script-chrootless --force-depends --log=/dev/null "$@" </dev/null; }
check "dpkg -i into a scratch root" bash -c "$(declare -f in_root); droot=\$1; in_root -i \"\$2\" >\"\$3\" 2>&1" \
    _ "$droot" "$deb" "$tmp/dpkg-install.log"
check "dpkg -s: installed" bash -c 'dpkg --root="$1" -s bnet-relay 2>/dev/null | grep -q "^Status: install ok installed"' _ "$droot"
check "the installed documents are the repository's, and every relative link between them resolves (Examples/ aside)" \
    bash -c "$(declare -f links_resolve)"'
        doc=$1/usr/share/doc/bnet-relay
        cmp -s README.md "$doc/README.md" && cmp -s deploy/README.md "$doc/deploy/README.md" && diff -r docs "$doc/docs" >&2 \
        && links_resolve "$doc"' _ "$droot"
check "postinst created the system user bnet-relay (in the scratch root only)" bash -c '
    grep -q "^bnet-relay:x:[0-9]*:[0-9]*:.*:/var/lib/bnet-relay:/usr/sbin/nologin$" "$1/etc/passwd" \
        && ! grep -q "^bnet-relay:" /etc/passwd' _ "$droot"
check "postinst generated a 0600 seal key the binary accepts" bash -c '
    [ "$(stat -c %a "$1/etc/bnet-relay/seal.key")" = 600 ] && grep -Eq "^[A-Za-z0-9_-]{43}$" "$1/etc/bnet-relay/seal.key"' _ "$droot"
check "postinst generated a 0600 RSA signing key the binary accepts" bash -c '
    [ "$(stat -c %a "$1/etc/bnet-relay/signing.key")" = 600 ] && grep -Eq "^-----BEGIN (RSA )?PRIVATE KEY-----$" "$1/etc/bnet-relay/signing.key"' _ "$droot"
check "relay.env 0600, /etc/bnet-relay 0700" bash -c 'dmode() { [ "$(stat -c %a "$1/$2")" = "$3" ]; }
    dmode "$1" etc/bnet-relay/relay.env 600 && dmode "$1" etc/bnet-relay 700' _ "$droot"
check "postinst enabled the unit (systemctl --root)" test -L "$droot/etc/systemd/system/multi-user.target.wants/bnet-relay.service"
check "the installed unit starts /usr/bin/bnet-relay" grep -q '^ExecStart=/usr/bin/bnet-relay serve' "$droot/lib/systemd/system/bnet-relay.service"
check "man renders the installed bnet.1.gz and d3.1.gz, naming their subcommands" bash -c '
    for program in bnet d3; do
        page=$(MANWIDTH=100 man -l "$1/usr/share/man/man1/$program.1.gz" | col -b)
        for word in "$program" login whoami logout; do grep -qw "$word" <<<"$page" || { echo "$program.1: no $word" >&2; exit 1; }; done
    done' _ "$droot"
# The operator edits relay.env and writes the client secret; a reinstall and an upgrade keep both, and the key.
echo "BNET_RELAY_REGION=eu   # edited by the operator" >>"$droot/etc/bnet-relay/relay.env"
(umask 077 && echo not-a-real-secret >"$droot/etc/bnet-relay/client-secret")
kept() { sha256sum "$droot/etc/bnet-relay/relay.env" "$droot/etc/bnet-relay/seal.key" "$droot/etc/bnet-relay/signing.key" "$droot/etc/bnet-relay/client-secret"; }
before=$(kept)
check "dpkg -i again (reinstall) succeeds without a prompt" bash -c "$(declare -f in_root); droot=\$1; in_root -i \"\$2\" >\"\$3\" 2>&1" \
    _ "$droot" "$deb" "$tmp/dpkg-reinstall.log"
check "a reinstall keeps the edited relay.env, the client secret and the seal key" test "$(kept)" = "$before"
# An upgrade: the same package with a higher version.
upgrade_deb=$tmp/bnet-relay-upgrade.deb
dpkg-deb -R "$deb" "$tmp/deb-upgrade" && sed -i 's/^Version: \(.*\)-1$/Version: \1-2/' "$tmp/deb-upgrade/DEBIAN/control"
dpkg-deb --root-owner-group --build "$tmp/deb-upgrade" "$upgrade_deb" >/dev/null
check "dpkg -i of a newer version (upgrade) succeeds without a prompt" bash -c "$(declare -f in_root); droot=\$1; in_root -i \"\$2\" >\"\$3\" 2>&1" \
    _ "$droot" "$upgrade_deb" "$tmp/dpkg-upgrade.log"
check "the upgrade is installed" bash -c 'dpkg --root="$1" -s bnet-relay | grep -q "^Version: .*-2$"' _ "$droot"
check "an upgrade keeps the edited relay.env, the client secret and the seal key" test "$(kept)" = "$before"
sed -i '/edited by the operator/d' "$droot/etc/bnet-relay/relay.env"
check "check-config --env-file refuses relay.env as shipped: its client id is the placeholder (exit 78, NOT OK last)" bash -c '
    out=$(env -i PATH=/usr/bin:/bin "$1/usr/bin/bnet-relay" check-config --env-file "$1/etc/bnet-relay/relay.env" 2>&1)
    [ $? -eq 78 ] && grep -qx "configuration NOT OK (1 problem):" <<<"$out" && ! grep -q "configuration OK" <<<"$out" \
        && tail -n 1 <<<"$out" | grep -q "^- BNET_CLIENT_ID is still the example.s placeholder"' _ "$droot"
sed -i 's/^BNET_CLIENT_ID=replace-with-your-client-id$/BNET_CLIENT_ID=0123abcd/' "$droot/etc/bnet-relay/relay.env"
check "check-config --env-file prints what the service will use (settings of relay.env, credentials beside it)" bash -c '
    out=$(env -i PATH=/usr/bin:/bin BNET_RELAY_REGION=kr "$1/usr/bin/bnet-relay" check-config --env-file "$1/etc/bnet-relay/relay.env") || exit 1
    [ "$(tail -n 1 <<<"$out")" = "configuration OK" ] || exit 1
    for want in "public URL: https://relay.example.com" "mode: Battle.net, client 0123abcd" \
        "database: /var/lib/bnet-relay/relay.sqlite" "seal key file: $1/etc/bnet-relay/seal.key" \
        "trusted proxies: 127.0.0.1, ::1" "region: us" "configuration OK"; do
        grep -qxF "$want" <<<"$out" || { echo "missing: $want in $out" >&2; exit 1; }
    done
    ! grep -q not-a-real-secret <<<"$out"' _ "$droot"

# ---------------------------------------------------------------------------------------------------------------
echo "== the shipped binary away from the build tree (sandbox mode, a whole login)"
away=$tmp/away
mkdir -p "$away" && cp "dist/$package/bin/bnet-relay" "dist/$package/bin/d3" "$away/"
# run_away NAME BINARY: the binary in a mount namespace of its own, where the repository (with .build and
# .build-release) is an empty tmpfs, started in sandbox mode; then a whole login against it.
run_away() {
    local port emulator ops
    port=$(free_port) emulator=$(free_port) ops=$(free_port)
    (cd "$away" && exec unshare --mount --propagation private sh -c \
        'mount -t tmpfs none "$1" && exec "$2" serve --port "$3" --emulator-port "$4" --ops-port "$5" --database "$6"' \
        _ "$repo" "$2" "$port" "$emulator" "$ops" "$away/$1.sqlite") >"$tmp/away-$1.log" 2>&1 &
    pids+=($!)
    check "$1: starts in sandbox mode with the build tree hidden (the emulator's samples are compiled in)" \
        wait_for 30 curl -fsS --max-time 2 "http://127.0.0.1:$port/healthz"
    check "$1: completes a whole sandbox login there (scripts/try-login.sh)" \
        bash -c 'scripts/try-login.sh "$1" >"$2" 2>&1' _ "http://127.0.0.1:$port" "$tmp/try-login-$1.log"
    check "$1: never looked for the build tree" bash -c '! grep -qiE "resource bundle|Fatal error" "$1"' _ "$tmp/away-$1.log"
}
hidden() { unshare --mount --propagation private sh -c 'mount -t tmpfs none "$1" && shift && exec "$@"' _ "$repo" "$@"; }
if unshare --mount --propagation private true 2>/dev/null; then
    run_away tarball "$away/bnet-relay"
    run_away package "$droot/usr/bin/bnet-relay"
    check "d3 from the tarball: --version, with the build tree hidden" bash -c "$(declare -f hidden); repo=\$1
        [ \"\$(hidden \"\$2\" --version)\" = \"\$3\" ]" _ "$repo" "$away/d3" "$version"
    check "d3 from the tarball: --help lists its commands" bash -c "$(declare -f hidden); repo=\$1
        hidden \"\$2\" --help | grep -q 'login' " _ "$repo" "$away/d3"
else
    fail "the shipped binaries away from the build tree" \
        "unshare --mount is refused here, so the build tree cannot be hidden: run as root where mount namespaces are allowed"
fi

# Removal keeps configuration, secrets, key and data; only a purge deletes them.
mkdir -p "$droot/var/lib/bnet-relay" && echo data >"$droot/var/lib/bnet-relay/relay.sqlite"
check "dpkg -r (remove) succeeds" bash -c "$(declare -f in_root); droot=\$1; in_root -r bnet-relay >\"\$2\" 2>&1" \
    _ "$droot" "$tmp/dpkg-remove.log"
check "remove deletes the binary and the unit, and disables it" bash -c '[ ! -e "$1/usr/bin/bnet-relay" ] \
    && [ ! -e "$1/lib/systemd/system/bnet-relay.service" ] && [ ! -e "$1/etc/systemd/system/multi-user.target.wants/bnet-relay.service" ]' _ "$droot"
check "remove keeps relay.env, the client secret, the seal key and the database" bash -c '
    for f in etc/bnet-relay/relay.env etc/bnet-relay/client-secret etc/bnet-relay/seal.key var/lib/bnet-relay/relay.sqlite; do
        [ -f "$1/$f" ] || { echo "removed: $f" >&2; exit 1; }
    done' _ "$droot"
check "dpkg -P (purge) succeeds" bash -c "$(declare -f in_root); droot=\$1; in_root -P bnet-relay >\"\$2\" 2>&1" \
    _ "$droot" "$tmp/dpkg-purge.log"
check "purge deletes /etc/bnet-relay and /var/lib/bnet-relay; dpkg forgets the package" bash -c '
    [ ! -e "$1/etc/bnet-relay" ] && [ ! -e "$1/var/lib/bnet-relay" ] && ! dpkg --root="$1" -s bnet-relay >/dev/null 2>&1' _ "$droot"

echo "== ldd"
ldd "$binary" | tee "$tmp/ldd.txt" | sed 's/^/    /'
check "ldd: no Swift runtime library (swift, Foundation, dispatch, ICU)" \
    bash -c '! grep -Ei "swift|Foundation|dispatch|BlocksRuntime|icu" "$1"' _ "$tmp/ldd.txt"
check "ldd: only base-system libraries and libsqlite3" bash -c '
    awk "{print \$1}" "$1" | sed "s#.*/##" | grep -Ev "^(linux-vdso\.so\.1|ld-linux-x86-64\.so\.2|ld-linux-aarch64\.so\.1|lib(c|m|z|sqlite3|stdc\+\+|gcc_s)\.so\.[0-9]+)$" \
        | { ! grep .; }' _ "$tmp/ldd.txt"

# ---------------------------------------------------------------------------------------------------------------
echo "== systemd unit"
# verify wants the ExecStart binary to exist: point it at the one just built, change nothing else.
mkdir -p "$tmp/unit"
sed "s#/usr/local/bin/bnet-relay#$binary#" deploy/bnet-relay.service >"$tmp/unit/bnet-relay.service"
check "systemd-analyze verify deploy/bnet-relay.service" \
    bash -c 'out=$(systemd-analyze verify "$1" 2>&1); [ -z "$out" ] || { echo "$out" >&2; exit 1; }' _ "$tmp/unit/bnet-relay.service"
check "ExecStart= keeps only the unit's own path (every setting is in relay.env)" \
    grep -qx 'ExecStart=/usr/local/bin/bnet-relay serve --seal-key-file ${CREDENTIALS_DIRECTORY}/seal-key --signing-key-file ${CREDENTIALS_DIRECTORY}/signing-key' deploy/bnet-relay.service
check "relay.env.example sets the trusted proxies and the database" bash -c \
    'grep -qx "BNET_RELAY_TRUSTED_PROXIES=127.0.0.1,::1" "$1" && grep -qx "BNET_RELAY_DATABASE=/var/lib/bnet-relay/relay.sqlite" "$1"' \
    _ deploy/relay.env.example
for setting in DynamicUser=yes StateDirectory=bnet-relay ProtectSystem=strict NoNewPrivileges=yes PrivateTmp=yes \
    'CapabilityBoundingSet=' 'RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX' UMask=0077 Restart=on-failure \
    SystemCallFilter=@system-service LoadCredential=client-secret:/etc/bnet-relay/client-secret \
    LoadCredential=seal-key:/etc/bnet-relay/seal.key LoadCredential=signing-key:/etc/bnet-relay/signing.key StartLimitBurst=10 StartLimitIntervalSec=600 RestartSec=5s; do
    check "unit sets $setting" grep -qx "$setting" deploy/bnet-relay.service
done
check "the seal key is not in the writable state directory" bash -c '! grep -q "STATE_DIRECTORY}/seal" "$1"' _ deploy/bnet-relay.service
check "MemoryMax= is set" grep -q '^MemoryMax=' deploy/bnet-relay.service

# ---------------------------------------------------------------------------------------------------------------
echo "== install.sh --destdir (four times, and over an older release)"
root=$tmp/root
snapshot() { (cd "$root" && find . -printf '%y %m %s %p\n' | sort && find . -type f -exec sha256sum {} + | sort -k2); }
check "first install" bash -c 'deploy/install.sh --destdir "$1" --binary "$2" >"$3" 2>&1' _ "$root" "$binary" "$tmp/install1.log"
snapshot >"$tmp/snap1"
check "second install" bash -c 'deploy/install.sh --destdir "$1" --binary "$2" >"$3" 2>&1' _ "$root" "$binary" "$tmp/install2.log"
snapshot >"$tmp/snap2"
check "second install changes nothing (modes, sizes, contents)" cmp -s "$tmp/snap1" "$tmp/snap2"
check "second install says so" grep -q "nothing to do" "$tmp/install2.log"
mode() { [ "$(stat -c %a "$root/$1")" = "$2" ] || { echo "$1 has mode $(stat -c %a "$root/$1"), want $2" >&2; return 1; }; }
check "seal key is 0600, in /etc/bnet-relay" mode etc/bnet-relay/seal.key 600
check "signing key is 0600, in /etc/bnet-relay" mode etc/bnet-relay/signing.key 600
check "no seal key in the state directory" test ! -e "$root/var/lib/bnet-relay/seal.key"
check "state directory is 0700" mode var/lib/bnet-relay 700
check "relay.env is 0600" mode etc/bnet-relay/relay.env 600
check "/etc/bnet-relay is 0700" mode etc/bnet-relay 700
check "binary is 0755" mode usr/local/bin/bnet-relay 755
check "unit is 0644" mode etc/systemd/system/bnet-relay.service 644
check "the docs are installed as the repository lays them out (README, guide, reference pages, changelog, licence), their links resolving" \
    bash -c "$(declare -f links_resolve)"'
    doc=$1/usr/local/share/doc/bnet-relay
    diff -r docs "$doc/docs" >&2 && cmp -s README.md "$doc/README.md" && cmp -s CHANGELOG.md "$doc/CHANGELOG.md" \
        && cmp -s LICENSE "$doc/LICENSE" && cmp -s deploy/README.md "$doc/deploy/README.md" && links_resolve "$doc"' _ "$root"
echo "BNET_RELAY_REGION=eu   # edited by the operator" >>"$root/etc/bnet-relay/relay.env"
key_before=$(sha256sum <"$root/etc/bnet-relay/seal.key")
# The documents as an earlier release laid them out: the guide as the doc directory's README.md, the project's beside it.
cp deploy/README.md "$root/usr/local/share/doc/bnet-relay/README.md"
cp README.md "$root/usr/local/share/doc/bnet-relay/README.project.md"
check "a third install (over an edited relay.env and the earlier documents' layout) succeeds" \
    bash -c 'deploy/install.sh --destdir "$1" --binary "$2" >"$3" 2>&1' _ "$root" "$binary" "$tmp/install3.log"
check "a third install lays the earlier documents out anew: the project's README.md, no README.project.md" bash -c '
    doc=$1/usr/local/share/doc/bnet-relay
    cmp -s README.md "$doc/README.md" && [ ! -e "$doc/README.project.md" ]' _ "$root"
check "a third install keeps an edited relay.env" grep -q "edited by the operator" "$root/etc/bnet-relay/relay.env"
check "a third install keeps the seal key" bash -c '[ "$(sha256sum <"$1")" = "$2" ]' _ "$root/etc/bnet-relay/seal.key" "$key_before"
# An installation from before this release kept the key in the state directory: an upgrade moves it, unchanged.
upgrade=$tmp/upgrade-root
mkdir -p "$upgrade/var/lib/private/bnet-relay" && cp -p "$root/etc/bnet-relay/seal.key" "$upgrade/var/lib/private/bnet-relay/seal.key"
check "an install over an older release's state directory succeeds" \
    bash -c 'deploy/install.sh --destdir "$1" --binary "$2" >"$3" 2>&1' _ "$upgrade" "$binary" "$tmp/install-upgrade.log"
check "an upgrade moves an old seal key out of the state directory, unchanged" bash -c \
    '[ "$(sha256sum <"$1/etc/bnet-relay/seal.key")" = "$2" ] && [ ! -e "$1/var/lib/private/bnet-relay/seal.key" ]' \
    _ "$upgrade" "$key_before"
sed -i '/edited by the operator/d' "$root/etc/bnet-relay/relay.env"
# A relay.env from before every setting moved there lacks the database and the trusted proxies the old unit passed.
sed -i '/^BNET_RELAY_DATABASE=/d; /^BNET_RELAY_TRUSTED_PROXIES=/d' "$root/etc/bnet-relay/relay.env"
check "an install over a relay.env that lacks the database and trusted proxies succeeds" \
    bash -c 'deploy/install.sh --destdir "$1" --binary "$2" >"$3" 2>&1' _ "$root" "$binary" "$tmp/install4.log"
check "an upgrade adds the database and trusted proxies the previous unit passed on its command line" bash -c \
    'grep -qx "BNET_RELAY_DATABASE=/var/lib/bnet-relay/relay.sqlite" "$1" && grep -qx "BNET_RELAY_TRUSTED_PROXIES=127.0.0.1,::1" "$1"' \
    _ "$root/etc/bnet-relay/relay.env"
# An upgrade over a unit the operator edited: its values are carried over, and the script says it replaced it.
sed -i 's|^ExecStart=.*|& --database /srv/edited.sqlite --trusted-proxies 10.0.0.1|' "$root/etc/systemd/system/bnet-relay.service"
sed -i '/^BNET_RELAY_DATABASE=/d; /^BNET_RELAY_TRUSTED_PROXIES=/d' "$root/etc/bnet-relay/relay.env"
check "an install over an edited unit succeeds" \
    bash -c 'deploy/install.sh --destdir "$1" --binary "$2" >"$3" 2>&1' _ "$root" "$binary" "$tmp/install5.log"
check "an upgrade over an edited unit keeps its database and trusted proxies" bash -c \
    'grep -qx "BNET_RELAY_DATABASE=/srv/edited.sqlite" "$1" && grep -qx "BNET_RELAY_TRUSTED_PROXIES=10.0.0.1" "$1"' \
    _ "$root/etc/bnet-relay/relay.env"
check "an upgrade over an edited unit says it replaced it and keeps the old one" bash -c \
    'grep -q "^install.sh: replacing .*bnet-relay.service, which differs" "$1" && grep -q -- "--database /srv/edited.sqlite" "$2"' \
    _ "$tmp/install5.log" "$root/etc/systemd/system/bnet-relay.service.before-upgrade"
sed -i 's|^BNET_RELAY_DATABASE=.*|BNET_RELAY_DATABASE=/var/lib/bnet-relay/relay.sqlite|; s|^BNET_RELAY_TRUSTED_PROXIES=.*|BNET_RELAY_TRUSTED_PROXIES=127.0.0.1,::1|' \
    "$root/etc/bnet-relay/relay.env"
rm "$root/etc/systemd/system/bnet-relay.service.before-upgrade"
score=$(systemd-analyze security --offline=yes --root="$root" bnet-relay.service 2>/dev/null \
    | sed -n 's/.*Overall exposure level for bnet-relay.service: \([0-9.]*\).*/\1/p')
check "systemd-analyze security: exposure ${score:-?} (at most 2.0)" awk -v s="${score:-99}" 'BEGIN { exit !(s <= 2.0) }'

# ---------------------------------------------------------------------------------------------------------------
echo "== relay (as the unit starts it) behind Caddy"
relay_port=$(free_port) emulator_port=$(free_port) ops_port=$(free_port) https_port=$(free_port) http_port=$(free_port)
public=https://localhost:$https_port
state=$root/var/lib/bnet-relay

# The ExecStart command line from the installed unit, continuation lines joined, paths into the staged root.
exec_start=$(awk '/^ExecStart=/ { line = $0; while (line ~ /\\$/ && (getline next_line) > 0) { sub(/\\$/, " ", line); line = line next_line }
    print line }' "$root/etc/systemd/system/bnet-relay.service")
exec_start=${exec_start#ExecStart=}
exec_start=${exec_start//\/usr\/local\/bin\/bnet-relay/$root/usr/local/bin/bnet-relay}
# systemd hands the credentials over in a private directory of copies, readable by the service only.
credentials=$tmp/credentials
install -d -m 700 "$credentials" && install -m 400 "$root/etc/bnet-relay/seal.key" "$credentials/seal-key" \
    && install -m 400 "$root/etc/bnet-relay/signing.key" "$credentials/signing-key"
exec_start=${exec_start//\$\{CREDENTIALS_DIRECTORY\}/$credentials}
read -ra command <<<"$exec_start"
echo "    ${command[*]}"
# The environment: the installed relay.env as is, minus the client id (sandbox mode: no Blizzard), plus test ports.
environment=(PATH=/usr/bin:/bin)
while IFS= read -r line; do
    [[ "$line" =~ ^[A-Z_]+= ]] || continue
    [[ "$line" == BNET_CLIENT_ID=* ]] && continue
    [[ "$line" =~ ^([A-Z_]+)=\"(.*)\"$ ]] && line="${BASH_REMATCH[1]}=${BASH_REMATCH[2]}"   # systemd drops quotes
    environment+=("$line")
done <"$root/etc/bnet-relay/relay.env"
environment+=(BNET_RELAY_PORT="$relay_port" BNET_RELAY_EMULATOR_PORT="$emulator_port" BNET_RELAY_OPS_PORT="$ops_port"
    BNET_RELAY_PUBLIC_URL="$public" BNET_RELAY_DATABASE="$state/relay.sqlite")
# What a plain process can take of the unit's sandbox: NoNewPrivileges=, and MemoryDenyWriteExecute= through
# PR_SET_MDWE where the kernel has it (Linux 6.3+; stricter than systemd's seccomp version).
harden=()
mdwe=false
if command -v python3 >/dev/null; then
    python3 -c 'import ctypes, sys; sys.exit(ctypes.CDLL(None).prctl(66, 0, 0, 0, 0) < 0)' 2>/dev/null && mdwe=true
    harden=(python3 -c 'import ctypes, os, sys
libc = ctypes.CDLL(None)
if libc.prctl(38, 1, 0, 0, 0) != 0: sys.exit("PR_SET_NO_NEW_PRIVS failed")
if sys.argv[1] == "true" and libc.prctl(65, 1, 0, 0, 0) != 0: sys.exit("PR_SET_MDWE failed")
os.execv(sys.argv[2], sys.argv[2:])' "$mdwe")
fi
(cd "$state" && umask 077 && exec env -i "${environment[@]}" "${harden[@]}" "${command[@]}") >"$tmp/relay.log" 2>&1 &
relay_pid=$!
pids+=("$relay_pid")
check "relay answers /healthz on 127.0.0.1:$relay_port" wait_for 30 curl -fsS --max-time 2 "http://127.0.0.1:$relay_port/healthz"
check "relay runs in sandbox mode with the installed seal key" grep -q "SANDBOX MODE" "$tmp/relay.log"
check "database created 0600 (UMask=0077)" mode var/lib/bnet-relay/relay.sqlite 600
if [ "${#harden[@]}" -gt 0 ]; then
    check "relay runs with no_new_privs$($mdwe && echo ' and memory-deny-write-execute (PR_SET_MDWE)')" \
        grep -q '^NoNewPrivs:[[:space:]]*1' "/proc/$relay_pid/status"
else
    fail "relay runs with no_new_privs" "python3, which sets it, is missing"
fi

# The Caddyfile exactly as shipped, validated by Debian 12's Caddy and by the current release.
if bash deploy/check-caddyfile.sh >"$tmp/check-caddyfile.log" 2>&1; then
    pass "$(grep -c '^PASS' "$tmp/check-caddyfile.log") Caddy releases validate deploy/Caddyfile as shipped ($(grep -o 'Caddy [^ ]*' "$tmp/check-caddyfile.log" | paste -sd,))"
else
    fail "deploy/check-caddyfile.sh" "$(tr '\n' ' ' <"$tmp/check-caddyfile.log")"
fi
# Caddy: deploy/Caddyfile with only the site moved to localhost:<port> and the relay's port changed (every directive
# as shipped), Caddy's internal CA, no admin endpoint.
export XDG_DATA_HOME=$tmp/caddy-data XDG_CONFIG_HOME=$tmp/caddy-config
{
    printf '{\n\tadmin off\n\tskip_install_trust\n\thttp_port %s\n\thttps_port %s\n}\n\n' "$http_port" "$https_port"
    sed -e "s#^relay.example.com {#localhost:$https_port {\n\ttls internal#" \
        -e "s#127.0.0.1:8080#127.0.0.1:$relay_port#" deploy/Caddyfile
} >"$tmp/Caddyfile"
caddy run --config "$tmp/Caddyfile" --adapter caddyfile >"$tmp/caddy.log" 2>&1 &
pids+=($!)
ca=$XDG_DATA_HOME/caddy/pki/authorities/local/root.crt
# Every request to Caddy: trust its CA, pin localhost to 127.0.0.1, bounded time.
https() { curl -sS --max-time 10 --cacert "$ca" --resolve "localhost:$https_port:127.0.0.1" "$@"; }
check "Caddy serves https://localhost:$https_port/healthz with its internal CA" \
    wait_for 30 https -f "$public/healthz"
check "/healthz through Caddy reports sandbox" bash -c 'grep -q "\"sandbox\" *: *true" <<<"$1"' _ "$(https "$public/healthz" || true)"
for path in metrics readyz; do
    status=$(https -o /dev/null -w '%{http_code}' "$public/$path" || true)
    check "/$path is not served through Caddy (answers $status)" test "$status" = 404
    check "/$path answers on the loopback operations listener" curl -fsS --max-time 5 -o /dev/null "http://127.0.0.1:$ops_port/$path"
done

echo "== monitoring: Prometheus rules, Grafana dashboard, the metrics they use"
curl -fsS --max-time 5 "http://127.0.0.1:$ops_port/metrics" >"$tmp/metrics.txt" || true
check "before any login, every counter series is there at zero (callbacks, exchanges, polls)" bash -c '
    for series in "bnet_relay_callbacks_total{outcome=\"failed\"} 0" "bnet_relay_exchanges_total{outcome=\"failed\"} 0" \
        "bnet_relay_logins_started_total{app=\"d3\"} 0" "bnet_relay_pickups_total 0"; do
        grep -qxF "$series" "$1" || { echo "missing: $series" >&2; exit 1; }
    done' _ "$tmp/metrics.txt"
check "build info and process metrics (memory, open files, start time)" bash -c '
    grep -q "^bnet_relay_build_info{version=\"[0-9.]*\",commit=\"$2\(-dirty\)\?\"} 1\.0$" "$1" \
        && grep -Eq "^process_resident_memory_bytes [1-9][0-9]+\.0$" "$1" && grep -Eq "^process_open_fds [1-9][0-9]*\.0$" "$1" \
        && grep -Eq "^process_max_fds [1-9][0-9]*\.0$" "$1" && grep -Eq "^process_start_time_seconds [1-9][0-9]{9}\.0$" "$1"' \
    _ "$tmp/metrics.txt" "$commit"
# promtool: from PATH, or Debian's prometheus package unpacked (not installed: no daemon, no maintainer scripts).
# A fresh machine may have no package lists yet: update them once if the first download fails.
promtool=$(command -v promtool || true)
if [ -z "$promtool" ] && (cd "$tmp" && { apt-get download prometheus >/dev/null 2>&1 \
        || { apt-get update -q >/dev/null && apt-get download prometheus >/dev/null; }; } \
        && dpkg -x prometheus_*.deb prometheus); then
    promtool=$tmp/prometheus/usr/bin/promtool
fi
check "promtool check rules deploy/prometheus-alerts.yml" "${promtool:-promtool-could-not-be-fetched}" check rules deploy/prometheus-alerts.yml
check "the memory budget is declared once: the alert fires at 90% of the unit's MemoryHigh=, and the docs state the unit's values" python3 -c '
import re, sys
unit = open("deploy/bnet-relay.service").read()
high, top = (int(re.search(r"^%s=(\d+)M$" % name, unit, re.M).group(1)) for name in ("MemoryHigh", "MemoryMax"))
alert = int(re.search(r"process_resident_memory_bytes\{[^}]*\} > (\d+) \* 1024 \* 1024", open("deploy/prometheus-alerts.yml").read()).group(1))
problems = [] if alert == high * 9 // 10 else ["the alert fires at %d MiB, not 90%% of MemoryHigh=%dM" % (alert, high)]
for doc in ("docs/performance.md", "docs/threat-model.md", "deploy/README.md"):
    for name, value in re.findall(r"`?(MemoryHigh|MemoryMax)=(\d+)M", open(doc).read()):
        if int(value) != {"MemoryHigh": high, "MemoryMax": top}[name]:
            problems.append("%s says %s=%sM; the unit has %d" % (doc, name, value, {"MemoryHigh": high, "MemoryMax": top}[name]))
sys.exit("; ".join(problems) if problems else 0)'
check "the Grafana dashboard is JSON, and every metric it and the rules use is one the relay serves" python3 -c '
import json, re, sys
dashboard = json.load(open("deploy/grafana-dashboard.json"))
exprs = [t["expr"] for p in dashboard["panels"] for t in p["targets"]] + re.findall(r"expr: (.*)", open("deploy/prometheus-alerts.yml").read())
served = set(re.findall(r"^([a-z_]+)(?:\{| )", open(sys.argv[1]).read(), re.M))
used = {m for e in exprs for m in re.findall(r"\b((?:bnet_relay|process)_[a-z_]+)", e)}
missing = sorted(used - served)
sys.exit("not served: %s" % missing if missing else 0)' "$tmp/metrics.txt"

echo "== device login over HTTPS through Caddy"
login() {
    local code jar=$tmp/cookies page confirm user_code authorize callback body token
    code=$(https -f -d client_id=d3 "$public/oauth/device/code") || { echo "device/code failed" >&2; return 1; }
    local device_code verification
    device_code=$(json_field device_code <<<"$code"); verification=$(json_field verification_uri_complete <<<"$code")
    [[ "$verification" == "$public/device?user_code="* ]] || { echo "verification_uri_complete: $verification" >&2; return 1; }
    page=$(https -f -c "$jar" "$verification")
    # The page's first form is "Continue to Battle.net" (the second, "This wasn't me", carries the same fields).
    confirm=$(sed -n 's/.*name="confirm" value="\([^"]*\)".*/\1/p' <<<"$page" | head -n 1)
    user_code=$(sed -n 's/.*name="user_code" value="\([^"]*\)".*/\1/p' <<<"$page" | head -n 1)
    [ -n "$confirm" ] && [ -n "$user_code" ] || { echo "no confirm form" >&2; return 1; }
    authorize=$(https -b "$jar" -c "$jar" -o /dev/null -w '%{http_code} %{redirect_url}' \
        --data-urlencode "user_code=$user_code" --data-urlencode "confirm=$confirm" "$public/device")
    [[ "$authorize" == "303 http://127.0.0.1:$emulator_port/authorize?"* ]] || { echo "POST /device: $authorize" >&2; return 1; }
    callback=$(curl -sS --max-time 10 -o /dev/null -w '%{http_code} %{redirect_url}' "${authorize#303 }&emulator_decision=approve")
    [[ "$callback" == "302 $public/redirect/d3?code="*"state="* ]] || { echo "emulator: $callback" >&2; return 1; }
    body=$(https -f -b "$jar" "${callback#302 }")
    grep -q "Signed in" <<<"$body" || { echo "callback page: $body" >&2; return 1; }
    token=$(https -d grant_type=urn:ietf:params:oauth:grant-type:device_code --data-urlencode "device_code=$device_code" \
        -d client_id=d3 -w '\n%{http_code}' "$public/oauth/token")
    [[ "$token" == *'"access_token"'*$'\n200' ]] || { echo "token: $token" >&2; return 1; }
    echo "$device_code" >"$tmp/device_code"; json_field access_token <<<"$token" >"$tmp/access_token"
    callback=${callback#*code=}; echo "${callback%%&*}" >"$tmp/code"
}
check "device login: code, confirm page, 303 to Battle.net, approve, callback 'Signed in', token 200" login
check "neither the relay's nor Caddy's log holds the token, device code or authorization code" bash -c '
    for secret in "$(cat "$1/access_token")" "$(cat "$1/device_code")" "$(cat "$1/code")"; do
        [ -n "$secret" ] && ! grep -qF "$secret" "$1/relay.log" "$1/caddy.log" || exit 1
    done' _ "$tmp"

echo "== client addresses (X-Forwarded-For)"
# last_client: the client= of the newest request log line, once a new line has appeared after $1 lines. The probes
# ask for the metadata document: health checks are logged at debug only.
log_lines() { grep -c 'client=' "$tmp/relay.log" || true; }
last_client() {
    wait_for 5 bash -c '[ "$(grep -c "client=" "$1")" -gt "$2" ]' _ "$tmp/relay.log" "$1" || { echo "no log line"; return; }
    grep 'client=' "$tmp/relay.log" | tail -n 1 | sed -n 's/.*client=\([^ ]*\).*/\1/p'
}
expect_client() { # NAME WANT BEFORE
    local got; got=$(last_client "$3")
    if [ "$got" = "$2" ]; then pass "$1: relay logged client=$got"; else fail "$1" "relay logged client=$got, want $2"; fi
}
n=$(log_lines); https -o /dev/null -H 'X-Forwarded-For: 203.0.113.9' "$public/.well-known/oauth-authorization-server" || true
expect_client "forged X-Forwarded-For sent to Caddy is replaced by the real peer" 127.0.0.1 "$n"
n=$(log_lines); https -o /dev/null --interface 127.0.0.3 "$public/.well-known/oauth-authorization-server" || true
expect_client "X-Forwarded-For from Caddy (trusted proxy) is honoured" 127.0.0.3 "$n"
n=$(log_lines); curl -sS --max-time 10 -o /dev/null --interface 127.0.0.2 -H 'X-Forwarded-For: 198.51.100.7' \
    "http://127.0.0.1:$relay_port/.well-known/oauth-authorization-server" || true
expect_client "forged X-Forwarded-For sent directly from an untrusted peer is ignored" 127.0.0.2 "$n"

# ---------------------------------------------------------------------------------------------------------------
echo "== nginx (the alternative proxy) in front of the same relay, in deploy/README.md's order"
# The two site files on loopback ports, Let's Encrypt's directories and the ACME webroot moved into the temp dir.
nginx_https=$(free_port) nginx_http=$(free_port)
# The webroot must be readable by nginx's unprivileged workers, as /var/www/html is: outside the 0700 temp dir.
webroot=$(mktemp -d /tmp/bnet-relay-webroot.XXXXXX) && chmod 755 "$webroot" && webroots+=("$webroot")
mkdir -p "$tmp/nginx" "$webroot/.well-known/acme-challenge"
site() {
    sed -e "s#/etc/letsencrypt/#$tmp/letsencrypt/#" -e "s#root /var/www/html;#root $webroot;#" \
        -e "s#/var/log/nginx/bnet-relay.access.log#$tmp/nginx-access.log#" \
        -e "s#listen 80;#listen 127.0.0.1:$nginx_http;#" -e "s#listen 443 ssl#listen 127.0.0.1:$nginx_https ssl#" \
        -e '/listen \[::\]/d' -e "s#server 127.0.0.1:8080;#server 127.0.0.1:$relay_port;#" "deploy/nginx/$1" >"$tmp/nginx/$1"
}
site bnet-relay-http.conf; site bnet-relay.conf
# nginx.conf FILES...: a main configuration including the given site files, as sites-enabled does.
nginx_conf() {
    { printf 'daemon off;\npid %s;\nerror_log %s;\nevents {}\nhttp {\n' "$tmp/nginx/nginx.pid" "$tmp/nginx.log"
      for file in "$@"; do printf '  include %s;\n' "$tmp/nginx/$file"; done; printf '}\n'; } >"$tmp/nginx/nginx.conf"
}
# Step 1: the HTTP-only site. nginx accepts it with no certificate anywhere, and it serves ACME challenges.
nginx_conf bnet-relay-http.conf
check "step 1: nginx -t accepts bnet-relay-http.conf before any certificate exists" nginx -t -q -c "$tmp/nginx/nginx.conf" -e "$tmp/nginx.log"
nginx -c "$tmp/nginx/nginx.conf" -e "$tmp/nginx.log" >"$tmp/nginx-stdout.log" 2>&1 &
pids+=($!)
via_http() { curl -sS --max-time 10 --resolve "relay.example.com:$nginx_http:127.0.0.1" "$@"; }
echo challenge-4242 >"$webroot/.well-known/acme-challenge/token-4242"
check "step 1: it serves certbot's webroot challenge over http" wait_for 20 bash -c \
    "$(declare -f via_http); nginx_http=\$1; [ \"\$(via_http http://relay.example.com:\$1/.well-known/acme-challenge/token-4242)\" = challenge-4242 ]" \
    _ "$nginx_http"
check "step 1: and redirects everything else to https" bash -c '[ "$(curl -sS --max-time 10 -o /dev/null -w "%{http_code} %{redirect_url}" \
    --resolve "relay.example.com:$1:127.0.0.1" "http://relay.example.com:$1/device")" = "301 https://relay.example.com/device" ]' _ "$nginx_http"
# The HTTPS site names the certificate's files: before step 2 nginx refuses it (so it must not come first).
nginx_conf bnet-relay-http.conf bnet-relay.conf
check "before step 2, nginx -t refuses bnet-relay.conf (no certificate yet)" bash -c '! nginx -t -q -c "$1" -e "$2" 2>/dev/null' \
    _ "$tmp/nginx/nginx.conf" "$tmp/nginx.log"
# Step 2: certbot certonly --webroot; here a throw-away certificate where Let's Encrypt puts its files.
live=$tmp/letsencrypt/live/relay.example.com
mkdir -p "$live"
openssl req -x509 -newkey rsa:2048 -nodes -subj /CN=relay.example.com -addext subjectAltName=DNS:relay.example.com \
    -days 1 -keyout "$live/privkey.pem" -out "$live/fullchain.pem" >/dev/null 2>&1
# Step 3: both sites, nginx -t, reload.
check "step 3: nginx -t accepts both sites once the certificate exists" nginx -t -q -c "$tmp/nginx/nginx.conf" -e "$tmp/nginx.log"
check "step 3: nginx reloads with the HTTPS site" nginx -c "$tmp/nginx/nginx.conf" -e "$tmp/nginx.log" -s reload
via_nginx() { curl -sS --max-time 10 --cacert "$live/fullchain.pem" --resolve "relay.example.com:$nginx_https:127.0.0.1" "$@"; }
nginx_url=https://relay.example.com:$nginx_https
check "nginx serves /healthz over HTTPS" wait_for 20 via_nginx -f "$nginx_url/healthz"
check "nginx sends HSTS with includeSubDomains" bash -c 'grep -qix "strict-transport-security: max-age=31536000; includeSubDomains" \
    <<<"$(tr -d "\r" <<<"$1")"' _ "$(via_nginx -sS -o /dev/null -D - "$nginx_url/healthz" || true)"
n=$(log_lines); via_nginx -o /dev/null -H 'X-Forwarded-For: 203.0.113.9' "$nginx_url/.well-known/oauth-authorization-server" || true
expect_client "nginx: a forged X-Forwarded-For is overwritten with the real peer" 127.0.0.1 "$n"
n=$(log_lines); via_nginx -o /dev/null --interface 127.0.0.3 "$nginx_url/.well-known/oauth-authorization-server" || true
expect_client "nginx: its X-Forwarded-For is honoured" 127.0.0.3 "$n"
via_nginx -o /dev/null "$nginx_url/redirect/d3?code=NotARealCode4242&state=NotARealState4242" || true
check "nginx's access log has the path but not the query (codes)" bash -c '
    wait_log() { for _ in $(seq 50); do grep -q "/redirect/d3" "$1" 2>/dev/null && return 0; sleep 0.1; done; return 1; }
    wait_log "$1" && ! grep -q "NotARealCode4242\|NotARealState4242" "$1"' _ "$tmp/nginx-access.log"

finish
