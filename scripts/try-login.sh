#!/usr/bin/env bash
# A whole sandbox login in a terminal, with curl: the client's start, the person's steps (the verification page, its
# form and cookie, "Continue", Approve on the emulator's consent page, the callback) and the client's token request.
# Each step prints what was sent and what came back. Needs a relay in sandbox mode (`swift run bnet-relay`), curl and
# sed; exits non-zero, saying which step failed, on anything unexpected.
#
# Usage: scripts/try-login.sh [relay-url]     (default http://127.0.0.1:8080; the app is d3)
#        TRY_LOGIN_TOKEN_FILE=path also writes the access token there (mode 600), for a script that uses it.
set -euo pipefail
relay=${1:-http://127.0.0.1:8080}
relay=${relay%/}
jar=$(mktemp)
trap 'rm -f "$jar"' EXIT

die() { echo "try-login: $*" >&2; exit 1; }
step() { printf '\n== %s\n' "$*"; }
# A string field of a flat JSON object (Foundation writes "/" as "\/").
json_field() { sed -n "s/.*\"$1\" *: *\"\([^\"]*\)\".*/\1/p" | sed 's#\\/#/#g'; }
# The value of a form field of an HTML page.
form_field() { sed -n "s/.*name=\"$1\" value=\"\([^\"]*\)\".*/\1/p" | head -n 1; }
# curl that fails on no answer but returns every HTTP status; --max-time bounds each request.
fetch() { curl -sS --max-time 10 "$@"; }

health=$(fetch "$relay/healthz") || die "no relay answers at $relay: start one with \`swift run bnet-relay\`"
grep -Eq '"sandbox" *: *true' <<<"$health" \
    || die "$relay is not in sandbox mode: this script approves at the built-in emulator; against Battle.net use \`d3 login\`"

step "1. The client starts a login: POST $relay/oauth/device/code client_id=d3"
start=$(fetch -d client_id=d3 "$relay/oauth/device/code")
echo "$start"
device_code=$(json_field device_code <<<"$start")
verification=$(json_field verification_uri_complete <<<"$start")
[ -n "$device_code" ] && [ -n "$verification" ] || die "no device_code in the answer"

step "2. The person opens verification_uri_complete: GET $verification"
page=$(fetch -c "$jar" "$verification")
user_code=$(form_field user_code <<<"$page")
confirm=$(form_field confirm <<<"$page")
[ -n "$user_code" ] && [ -n "$confirm" ] || die "the page has no confirm form (is the code expired?)"
cookie=$(awk '$6 ~ /bnr_confirm_/ { print $6 }' "$jar")
echo "the confirm form: user_code=$user_code, hidden field confirm=${confirm:0:8}..., cookie $cookie with the same value"

step "3. The person clicks \"Continue to Battle.net\": POST $relay/device with the form and the cookie"
answer=$(fetch -b "$jar" -c "$jar" -o /dev/null -w '%{http_code} %{redirect_url}' \
    --data-urlencode "user_code=$user_code" --data-urlencode "confirm=$confirm" "$relay/device")
authorize=${answer#* }
[ "${answer%% *}" = 303 ] && [ -n "$authorize" ] || die "POST /device answered $answer"
echo "303 to Battle.net (here the emulator): ${authorize%%\?*}?client_id=...&state=...&code_challenge=..."
echo "and the cookie that binds the login to this browser: $(awk '$6 ~ /bnr_login_/ { print $6 }' "$jar")"

step "4. The person sees the emulator's consent page and clicks Approve"
consent_page=$(fetch "$authorize")
consent=$(form_field consent <<<"$consent_page")
[ -n "$consent" ] || die "no consent form at $authorize"
origin=$(sed -E 's#^(https?://[^/]+).*#\1#' <<<"$authorize")
answer=$(fetch -o /dev/null -w '%{http_code} %{redirect_url}' -d "consent=$consent" -d decision=approve \
    "$origin/authorize/decision")
callback=${answer#* }
[ "${answer%% *}" = 302 ] && [[ "$callback" == "$relay/redirect/d3?"* ]] || die "the emulator answered $answer"
echo "302 back to the relay: $relay/redirect/d3?code=...&state=..."

step "5. The browser follows it to the relay's callback (with the binding cookie)"
done_page=$(fetch -b "$jar" "$callback")
signed_in=$(grep -o 'Signed in as [^<]*' <<<"$done_page" | head -n 1) || die "the callback page does not say \"Signed in\""
echo "the page says: $signed_in"

step "6. The client collects the token: POST $relay/oauth/token grant_type=...device_code device_code=..."
token=$(fetch -d grant_type=urn:ietf:params:oauth:grant-type:device_code --data-urlencode "device_code=$device_code" \
    -d client_id=d3 "$relay/oauth/token")
access_token=$(json_field access_token <<<"$token")
[ -n "$access_token" ] || die "no token: $token"
sed "s/$access_token/${access_token:0:6}.../" <<<"$token"
if [ -n "${TRY_LOGIN_TOKEN_FILE:-}" ]; then (umask 077; printf '%s' "$access_token" >"$TRY_LOGIN_TOKEN_FILE"); fi
echo
echo "Signed in as $(json_field battletag <<<"$token") (sandbox: the emulator's recorded player, not a real account)"
