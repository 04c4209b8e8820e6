#!/usr/bin/env bash
# Proves the deployment's shape on this machine: the static build, the unit, the installer, and a full device
# login over HTTPS through Caddy, with the relay started exactly as the unit starts it (paths moved to a temp dir).
#
#   bash deploy/test.sh          # reuses .build-release (or $SCRATCH) if present; a clean static build takes ~6 min
#
# Needs (root): Swift 6, libsqlite3-dev, curl, caddy, nginx, openssl, systemd (for systemd-analyze), python3.
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
pids=()
cleanup() {
    local pid
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$tmp"
}
trap cleanup EXIT
finish() {
    if [ "$failed" -gt 0 ]; then
        for log in "$tmp"/*.log; do [ -f "$log" ] && { echo "--- last lines of $log"; tail -n 25 "$log"; }; done
    fi
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}

# A free TCP port on loopback (nothing answers there now).
free_port() {
    local port
    while :; do
        port=$((20000 + RANDOM % 40000))
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
echo "== build (deploy/build.sh)"
if timeout 3000 deploy/build.sh >"$tmp/build.log" 2>&1; then pass "deploy/build.sh builds the static release"; else
    fail "deploy/build.sh" "see below"; tail -n 40 "$tmp/build.log"; finish; exit 1
fi
binary=${SCRATCH:-.build-release}/release/bnet-relay
package=$(cd dist && ls -td bnet-relay-*/ | head -n 1); package=${package%/}
commit=$(git rev-parse --short HEAD)
version=$("$binary" --version)
check "--version is '0.1.0 (<commit>)': $version" \
    bash -c '[[ "$1" =~ ^[0-9]+\.[0-9]+\.[0-9]+\ \($2(-dirty)?\)$ ]]' _ "$version" "$commit"
check "BuildInfo.swift is restored after the build" git diff --quiet -- Sources/RelayServer/BuildInfo.swift
check "tarball holds binary, unit, example config, proxy configs, installer, docs" bash -c '
    listing=$(tar -tzf "dist/$1.tar.gz")
    for f in bin/bnet-relay deploy/bnet-relay.service deploy/relay.env.example deploy/Caddyfile \
             deploy/nginx/bnet-relay.conf deploy/install.sh deploy/README.md README.md; do
        grep -qx "$1/$f" <<<"$listing" || { echo "missing $f" >&2; exit 1; }
    done' _ "$package"
check "the tarball's stripped binary runs" bash -c '[ "$("dist/$1/bin/bnet-relay" --version)" = "$2" ]' _ "$package" "$version"

# ---------------------------------------------------------------------------------------------------------------
echo "== the shipped binary away from the build tree (sandbox mode, a whole login)"
# A whole device login straight against a relay at $1 over http, the person played with curl and a cookie jar.
direct_login() {
    local base=$1 jar=$tmp/away-cookies code device_code page confirm user_code authorize callback token
    code=$(curl -sS -f --max-time 10 -d client_id=d3 "$base/oauth/device/code") || { echo "device/code failed" >&2; return 1; }
    device_code=$(json_field device_code <<<"$code")
    page=$(curl -sS -f --max-time 10 -c "$jar" "$(json_field verification_uri_complete <<<"$code")") || return 1
    confirm=$(sed -n 's/.*name="confirm" value="\([^"]*\)".*/\1/p' <<<"$page")
    user_code=$(sed -n 's/.*name="user_code" value="\([^"]*\)".*/\1/p' <<<"$page")
    authorize=$(curl -sS --max-time 10 -b "$jar" -c "$jar" -o /dev/null -w '%{redirect_url}' \
        --data-urlencode "user_code=$user_code" --data-urlencode "confirm=$confirm" "$base/device")
    callback=$(curl -sS --max-time 10 -o /dev/null -w '%{redirect_url}' "$authorize&emulator_decision=approve")
    curl -sS -f --max-time 10 -b "$jar" "$callback" | grep -q "Signed in" || { echo "callback: $callback" >&2; return 1; }
    token=$(curl -sS --max-time 10 -d grant_type=urn:ietf:params:oauth:grant-type:device_code \
        --data-urlencode "device_code=$device_code" "$base/oauth/token")
    [[ "$token" == *'"access_token"'* ]] || { echo "token: $token" >&2; return 1; }
}
away=$tmp/away
mkdir -p "$away" && cp "dist/$package/bin/bnet-relay" "$away/"
away_port=$(free_port) away_emulator=$(free_port) away_ops=$(free_port)
if unshare --mount --propagation private true 2>/dev/null; then
    # In a mount namespace of its own, the repository (with .build and .build-release) is an empty tmpfs.
    (cd "$away" && exec unshare --mount --propagation private sh -c \
        'mount -t tmpfs none "$1" && exec ./bnet-relay serve --port "$2" --emulator-port "$3" --ops-port "$4"' \
        _ "$repo" "$away_port" "$away_emulator" "$away_ops") >"$tmp/away.log" 2>&1 &
    pids+=($!)
    check "starts in sandbox mode with the build tree hidden (the emulator's samples are compiled in)" \
        wait_for 30 curl -fsS --max-time 2 "http://127.0.0.1:$away_port/healthz"
    check "completes a whole sandbox login there" direct_login "http://127.0.0.1:$away_port"
    check "never looked for the build tree" bash -c '! grep -qiE "resource bundle|Fatal error" "$1"' _ "$tmp/away.log"
else
    echo "SKIP: unshare --mount is not permitted here, so the build tree cannot be hidden"
fi

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
sed "s#/usr/local/bin/bnet-relay#$repo/$binary#" deploy/bnet-relay.service >"$tmp/unit/bnet-relay.service"
check "systemd-analyze verify deploy/bnet-relay.service" \
    bash -c 'out=$(systemd-analyze verify "$1" 2>&1); [ -z "$out" ] || { echo "$out" >&2; exit 1; }' _ "$tmp/unit/bnet-relay.service"
for setting in DynamicUser=yes StateDirectory=bnet-relay ProtectSystem=strict NoNewPrivileges=yes PrivateTmp=yes \
    'CapabilityBoundingSet=' 'RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX' UMask=0077 Restart=on-failure \
    SystemCallFilter=@system-service LoadCredential=client-secret:/etc/bnet-relay/client-secret \
    LoadCredential=seal-key:/etc/bnet-relay/seal.key StartLimitBurst=10 StartLimitIntervalSec=600 RestartSec=5s; do
    check "unit sets $setting" grep -qx "$setting" deploy/bnet-relay.service
done
check "the seal key is not in the writable state directory" bash -c '! grep -q "STATE_DIRECTORY}/seal" "$1"' _ deploy/bnet-relay.service
check "MemoryMax= is set" grep -q '^MemoryMax=' deploy/bnet-relay.service

# ---------------------------------------------------------------------------------------------------------------
echo "== install.sh --destdir (twice)"
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
check "no seal key in the state directory" test ! -e "$root/var/lib/bnet-relay/seal.key"
check "state directory is 0700" mode var/lib/bnet-relay 700
check "relay.env is 0600" mode etc/bnet-relay/relay.env 600
check "/etc/bnet-relay is 0700" mode etc/bnet-relay 700
check "binary is 0755" mode usr/local/bin/bnet-relay 755
check "unit is 0644" mode etc/systemd/system/bnet-relay.service 644
echo "BNET_RELAY_REGION=eu   # edited by the operator" >>"$root/etc/bnet-relay/relay.env"
key_before=$(sha256sum <"$root/etc/bnet-relay/seal.key")
deploy/install.sh --destdir "$root" --binary "$binary" >"$tmp/install3.log" 2>&1 || true
check "a third install keeps an edited relay.env" grep -q "edited by the operator" "$root/etc/bnet-relay/relay.env"
check "a third install keeps the seal key" bash -c '[ "$(sha256sum <"$1")" = "$2" ]' _ "$root/etc/bnet-relay/seal.key" "$key_before"
# An installation from before this release kept the key in the state directory: an upgrade moves it, unchanged.
upgrade=$tmp/upgrade-root
mkdir -p "$upgrade/var/lib/private/bnet-relay" && cp -p "$root/etc/bnet-relay/seal.key" "$upgrade/var/lib/private/bnet-relay/seal.key"
deploy/install.sh --destdir "$upgrade" --binary "$binary" >"$tmp/install-upgrade.log" 2>&1 || true
check "an upgrade moves an old seal key out of the state directory, unchanged" bash -c \
    '[ "$(sha256sum <"$1/etc/bnet-relay/seal.key")" = "$2" ] && [ ! -e "$1/var/lib/private/bnet-relay/seal.key" ]' \
    _ "$upgrade" "$key_before"
sed -i '/edited by the operator/d' "$root/etc/bnet-relay/relay.env"
score=$(systemd-analyze security --offline=yes --root="$root" bnet-relay.service 2>/dev/null \
    | sed -n 's/.*Overall exposure level for bnet-relay.service: \([0-9.]*\).*/\1/p')
check "systemd-analyze security: exposure ${score:-?} (at most 2.0)" awk -v s="${score:-99}" 'BEGIN { exit !(s <= 2.0) }'

# ---------------------------------------------------------------------------------------------------------------
echo "== relay (as the unit starts it) behind Caddy"
relay_port=$(free_port) emulator_port=$(free_port) ops_port=$(free_port) https_port=$(free_port) http_port=$(free_port)
public=https://localhost:$https_port
state=$root/var/lib/bnet-relay

# The ExecStart command line from the installed unit, continuation lines joined, paths into the staged root.
exec_start=$(sed -n '/^ExecStart=/,/[^\\]$/p' "$root/etc/systemd/system/bnet-relay.service" | sed 's/\\$//' | tr '\n' ' ')
exec_start=${exec_start#ExecStart=}
exec_start=${exec_start//\/usr\/local\/bin\/bnet-relay/$root/usr/local/bin/bnet-relay}
exec_start=${exec_start//\$\{STATE_DIRECTORY\}/$state}
# systemd hands the credentials over in a private directory of copies, readable by the service only.
credentials=$tmp/credentials
install -d -m 700 "$credentials" && install -m 400 "$root/etc/bnet-relay/seal.key" "$credentials/seal-key"
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
    BNET_RELAY_PUBLIC_URL="$public")
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
    echo "SKIP: no python3 to set no_new_privs / MDWE for the relay"
fi

# Caddy: deploy/Caddyfile with the site moved to localhost:<port>, Caddy's internal CA, no admin endpoint.
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

echo "== device login over HTTPS through Caddy"
login() {
    local code jar=$tmp/cookies page confirm user_code authorize callback body token
    code=$(https -f -d client_id=d3 "$public/oauth/device/code") || { echo "device/code failed" >&2; return 1; }
    local device_code verification
    device_code=$(json_field device_code <<<"$code"); verification=$(json_field verification_uri_complete <<<"$code")
    [[ "$verification" == "$public/device?user_code="* ]] || { echo "verification_uri_complete: $verification" >&2; return 1; }
    page=$(https -f -c "$jar" "$verification")
    confirm=$(sed -n 's/.*name="confirm" value="\([^"]*\)".*/\1/p' <<<"$page")
    user_code=$(sed -n 's/.*name="user_code" value="\([^"]*\)".*/\1/p' <<<"$page")
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
echo "== nginx (the alternative proxy) in front of the same relay"
# deploy/nginx/bnet-relay.conf on loopback ports, with a throw-away certificate in place of Let's Encrypt's.
nginx_https=$(free_port) nginx_http=$(free_port)
mkdir -p "$tmp/nginx"
openssl req -x509 -newkey rsa:2048 -nodes -subj /CN=relay.example.com -addext subjectAltName=DNS:relay.example.com \
    -days 1 -keyout "$tmp/nginx/key.pem" -out "$tmp/nginx/cert.pem" >/dev/null 2>&1
sed -e "s#/etc/letsencrypt/live/relay.example.com/fullchain.pem#$tmp/nginx/cert.pem#" \
    -e "s#/etc/letsencrypt/live/relay.example.com/privkey.pem#$tmp/nginx/key.pem#" \
    -e "s#/var/log/nginx/bnet-relay.access.log#$tmp/nginx-access.log#" \
    -e "s#listen 80;#listen 127.0.0.1:$nginx_http;#" -e "s#listen 443 ssl#listen 127.0.0.1:$nginx_https ssl#" \
    -e '/listen \[::\]/d' -e "s#server 127.0.0.1:8080;#server 127.0.0.1:$relay_port;#" \
    deploy/nginx/bnet-relay.conf >"$tmp/nginx/site.conf"
printf 'daemon off;\npid %s;\nerror_log %s;\nevents {}\nhttp {\n  include %s;\n}\n' \
    "$tmp/nginx/nginx.pid" "$tmp/nginx.log" "$tmp/nginx/site.conf" >"$tmp/nginx/nginx.conf"
check "nginx -t accepts deploy/nginx/bnet-relay.conf" nginx -t -q -c "$tmp/nginx/nginx.conf" -e "$tmp/nginx.log"
nginx -c "$tmp/nginx/nginx.conf" -e "$tmp/nginx.log" >"$tmp/nginx-stdout.log" 2>&1 &
pids+=($!)
via_nginx() { curl -sS --max-time 10 --cacert "$tmp/nginx/cert.pem" --resolve "relay.example.com:$nginx_https:127.0.0.1" "$@"; }
nginx_url=https://relay.example.com:$nginx_https
check "nginx serves /healthz over HTTPS" wait_for 20 via_nginx -f "$nginx_url/healthz"
n=$(log_lines); via_nginx -o /dev/null -H 'X-Forwarded-For: 203.0.113.9' "$nginx_url/.well-known/oauth-authorization-server" || true
expect_client "nginx: a forged X-Forwarded-For is overwritten with the real peer" 127.0.0.1 "$n"
n=$(log_lines); via_nginx -o /dev/null --interface 127.0.0.3 "$nginx_url/.well-known/oauth-authorization-server" || true
expect_client "nginx: its X-Forwarded-For is honoured" 127.0.0.3 "$n"
via_nginx -o /dev/null "$nginx_url/redirect/d3?code=NotARealCode4242&state=NotARealState4242" || true
check "nginx's access log has the path but not the query (codes)" bash -c '
    wait_log() { for _ in $(seq 50); do grep -q "/redirect/d3" "$1" 2>/dev/null && return 0; sleep 0.1; done; return 1; }
    wait_log "$1" && ! grep -q "NotARealCode4242\|NotARealState4242" "$1"' _ "$tmp/nginx-access.log"

finish
