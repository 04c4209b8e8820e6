#!/usr/bin/env bash
# Installs BattleNetRelay on a Debian or Ubuntu machine: binary, systemd unit, configuration, a new seal key, docs.
# Idempotent: run it again (or after an upgrade) and it changes only what differs; it never overwrites an
# existing configuration, client secret or seal key.
#
#   sudo deploy/install.sh                         # from an unpacked tarball or a repository after build.sh
#   sudo deploy/install.sh --binary path/to/bnet-relay
#   deploy/install.sh --destdir /tmp/root          # stage under /tmp/root: no root, apt or systemctl needed
#                                                  # (--prefix is the same; DESTDIR=/tmp/root works too)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
destdir=${DESTDIR:-}
binary=""
while [ $# -gt 0 ]; do
    case "$1" in
        --destdir|--prefix) destdir=$2; shift 2 ;;
        --binary) binary=$2; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "install.sh: unknown argument $1 (try --help)" >&2; exit 2 ;;
    esac
done

# The binary: given, or from the tarball (bin/), or from a repository build (.build-release/).
if [ -z "$binary" ]; then
    for candidate in "$here/../bin/bnet-relay" "$here/../.build-release/release/bnet-relay"; do
        [ -x "$candidate" ] && { binary=$candidate; break; }
    done
fi
[ -n "$binary" ] && [ -x "$binary" ] || { echo "install.sh: no bnet-relay binary (run deploy/build.sh or pass --binary)" >&2; exit 1; }

real=true   # false: staging into a DESTDIR, no system changes beyond it
if [ -n "$destdir" ]; then real=false; destdir=$(mkdir -p "$destdir" && cd "$destdir" && pwd); fi
if $real && [ "$(id -u)" -ne 0 ]; then echo "install.sh: run as root (or use --destdir DIR)" >&2; exit 1; fi

bin_dir=$destdir/usr/local/bin
unit_dir=$destdir/etc/systemd/system
conf_dir=$destdir/etc/bnet-relay
doc_dir=$destdir/usr/local/share/doc/bnet-relay
state_dir=$destdir/var/lib/bnet-relay            # with DynamicUser=, systemd moves it to /var/lib/private/
private_state_dir=$destdir/var/lib/private/bnet-relay
changed=()

say() { echo "install.sh: $*"; }

# put SRC DEST MODE: install a file we own (binary, unit, docs) if missing or different.
put() {
    if [ -f "$2" ] && cmp -s "$1" "$2" && [ "$(stat -c %a "$2")" = "$3" ]; then return 0; fi
    install -D -m "$3" "$1" "$2"
    changed+=("$2"); say "installed $2"
}

# 0. Runtime libraries (the Swift runtime is inside the binary; SQLite and the CA bundle are not).
if $real; then
    missing=()
    for pkg in libsqlite3-0 ca-certificates; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
    if [ "${#missing[@]}" -gt 0 ]; then
        say "installing ${missing[*]}"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
    fi
fi

# 1. Files we own: replaced when they differ (that is how upgrades happen). An installed unit that differs from the
#    shipped one is kept beside it (bnet-relay.service.before-upgrade) and the script says so: local changes belong
#    in a drop-in (systemctl edit bnet-relay), which an upgrade never touches.
old_unit=""
if [ -f "$unit_dir/bnet-relay.service" ] && ! cmp -s "$here/bnet-relay.service" "$unit_dir/bnet-relay.service"; then
    old_unit=$unit_dir/bnet-relay.service.before-upgrade
    cp -p "$unit_dir/bnet-relay.service" "$old_unit"
    say "replacing $unit_dir/bnet-relay.service, which differs from the shipped unit; the previous one is $old_unit (move local changes into 'systemctl edit bnet-relay')"
fi
put "$binary" "$bin_dir/bnet-relay" 755
put "$here/bnet-relay.service" "$unit_dir/bnet-relay.service" 644
put "$here/README.md" "$doc_dir/deploy/README.md" 644
put "$here/relay.env.example" "$doc_dir/relay.env.example" 644
put "$here/Caddyfile" "$doc_dir/Caddyfile" 644
put "$here/nginx/bnet-relay-http.conf" "$doc_dir/nginx/bnet-relay-http.conf" 644
put "$here/nginx/bnet-relay.conf" "$doc_dir/nginx/bnet-relay.conf" 644
put "$here/prometheus-alerts.yml" "$doc_dir/prometheus-alerts.yml" 644
put "$here/grafana-dashboard.json" "$doc_dir/grafana-dashboard.json" 644
# The project's README, the reference pages, the changelog and the licence, laid out as in the repository (the guide
# above is deploy/README.md), so that every relative link between them resolves where they are installed.
[ -d "$here/../docs" ] || { echo "install.sh: no docs/ beside deploy/ (run it from the tarball or the repository)" >&2; exit 1; }
put "$here/../README.md" "$doc_dir/README.md" 644
if [ -e "$doc_dir/README.project.md" ]; then   # an earlier release's name for it
    rm -f "$doc_dir/README.project.md"; changed+=("$doc_dir/README.project.md"); say "removed $doc_dir/README.project.md"
fi
put "$here/../CHANGELOG.md" "$doc_dir/CHANGELOG.md" 644
put "$here/../LICENSE" "$doc_dir/LICENSE" 644
for page in "$here"/../docs/*.md; do put "$page" "$doc_dir/docs/${page##*/}" 644; done

# 2. Configuration: created once from the example, never overwritten. The client secret is the operator's to write.
if [ ! -d "$conf_dir" ]; then install -d -m 700 "$conf_dir"; changed+=("$conf_dir"); fi
if [ ! -e "$conf_dir/relay.env" ]; then
    install -m 600 "$here/relay.env.example" "$conf_dir/relay.env"
    changed+=("$conf_dir/relay.env"); say "created $conf_dir/relay.env (edit it)"
fi

# An upgrade from a release whose unit passed the database and the trusted proxies on its command line: that
# relay.env lacks them, and without them the service would open a new, empty database in its working directory and
# believe no proxy (one rate-limit bucket for every player). They are added with the values the old unit used: the
# ones on its ExecStart line when it was edited, that release's defaults otherwise.
# unit_value OPTION: the value of `--OPTION VALUE` or `--OPTION=VALUE` on the previous unit's ExecStart line.
unit_value() {
    [ -n "$old_unit" ] || return 0
    grep -E '^ExecStart=' "$old_unit" | sed -nE "s/.*--$1[= ]+([^ ]+).*/\1/p" | head -n 1
}
for setting in "BNET_RELAY_DATABASE=database=/var/lib/bnet-relay/relay.sqlite" "BNET_RELAY_TRUSTED_PROXIES=trusted-proxies=127.0.0.1,::1"; do
    name=${setting%%=*} rest=${setting#*=}
    option=${rest%%=*} value=${rest#*=}
    grep -q "^$name=" "$conf_dir/relay.env" && continue
    edited=$(unit_value "$option")
    from="that release's default"
    [ -n "$edited" ] && { value=$edited; from="the previous unit's --$option"; }
    printf '\n# Added on upgrade by install.sh: the previous unit passed this on its command line (%s).\n%s=%s\n' \
        "$from" "$name" "$value" >>"$conf_dir/relay.env"
    changed+=("$conf_dir/relay.env"); say "added $name=$value to $conf_dir/relay.env ($from)"
done

# 3. The seal key: root's, in /etc/bnet-relay, handed to the service read-only (LoadCredential=); generated once,
#    never replaced (rotating it is a deliberate act: see README.md). An installation from before kept it in the
#    service's state directory: it moves here, so that the service can no longer write it.
if [ ! -e "$conf_dir/seal.key" ]; then
    for old in "$private_state_dir/seal.key" "$state_dir/seal.key"; do
        [ -f "$old" ] || continue
        install -m 600 "$old" "$conf_dir/seal.key" && rm -f "$old"
        changed+=("$conf_dir/seal.key"); say "moved the seal key from $old to $conf_dir/seal.key"
        break
    done
fi
if [ ! -e "$conf_dir/seal.key" ]; then
    (umask 077 && "$bin_dir/bnet-relay" keygen --output "$conf_dir/seal.key" >/dev/null)
    changed+=("$conf_dir/seal.key"); say "generated a seal key in $conf_dir/seal.key"
fi
# The id_token signing key, likewise: root's, handed over read-only, generated once (deploy/README.md, "Rotate the
# signing key").
if [ ! -e "$conf_dir/signing.key" ]; then
    (umask 077 && "$bin_dir/bnet-relay" keygen --signing --output "$conf_dir/signing.key" >/dev/null)
    changed+=("$conf_dir/signing.key"); say "generated an id_token signing key in $conf_dir/signing.key"
fi
install -d -m 700 "$state_dir"

# 4. systemd: reload and enable; restart only if already running and something it uses changed.
if $real && [ "${#changed[@]}" -gt 0 ]; then
    systemctl daemon-reload
    systemctl is-enabled --quiet bnet-relay 2>/dev/null || systemctl enable bnet-relay
    systemctl try-restart bnet-relay
fi

if [ "${#changed[@]}" -eq 0 ]; then say "nothing to do: everything is installed and unchanged"; fi
if [ ! -e "$conf_dir/client-secret" ]; then
    cat <<MSG
install.sh: next steps (deploy/README.md explains each):
  1. edit $conf_dir/relay.env (public URL, region, apps, BNET_CLIENT_ID)
  2. write the client secret:  sudo sh -c 'umask 077; cat > $conf_dir/client-secret'   (paste, Enter, Ctrl-D)
  3. sudo bnet-relay check-config --env-file $conf_dir/relay.env   (exactly what the service will use)
  4. sudo systemctl start bnet-relay && curl -s http://127.0.0.1:8080/healthz
MSG
fi
