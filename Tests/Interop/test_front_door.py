"""Stock OAuth 2.0 and OpenID Connect clients, unmodified, at the relay's authorization endpoint (RFC 6749 section 4.1
with PKCE, RFC 8252): configured only with the relay's issuer (discovery) and an app's client_id, each signs a person
in, validates the id_token, and calls the Battle.net API (the sandbox emulator) with the token it got."""

from __future__ import annotations

import base64
import hashlib
import os
import subprocess
import sys
import threading
import webbrowser
from urllib.parse import parse_qs, urljoin, urlsplit

import pytest
import requests
from authlib.integrations.requests_client import OAuth2Session
from google_auth_oauthlib.flow import InstalledAppFlow
from joserfc import jwt
from joserfc.jwk import KeySet

from relayflow import TIMEOUT, Person, parse_page

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

SCOPE = "openid d3.profile"


def discovery(relay_url: str) -> dict:
    """OpenID Connect Discovery: /.well-known/openid-configuration under the issuer, as AppAuth and authlib fetch it."""
    answer = requests.get(f"{relay_url}/.well-known/openid-configuration", timeout=TIMEOUT, allow_redirects=False)
    assert answer.status_code == 200, answer.text
    metadata = answer.json()
    assert metadata["issuer"] == relay_url, metadata
    for field in ("authorization_endpoint", "token_endpoint", "jwks_uri", "response_types_supported",
                  "subject_types_supported", "id_token_signing_alg_values_supported"):
        assert field in metadata, field
    assert metadata["code_challenge_methods_supported"] == ["S256"], metadata
    return metadata


def consent_and_return(person: Person, authorization_url: str) -> str:
    """The person's walk from the app's authorization URL: to Battle.net, approve, back to the relay's consent page,
    Allow; returns where the relay sends the browser (the app's redirect_uri with the code)."""
    to_battle_net = person.browser.get(authorization_url, allow_redirects=False, timeout=TIMEOUT)
    assert to_battle_net.status_code == 303, (to_battle_net.status_code, to_battle_net.text)
    consent = person.arrive(person.decide(to_battle_net.headers["Location"]))
    assert consent.status_code == 200, consent.text
    allow, not_me = parse_page(consent.text).forms
    assert not_me.hidden().get("action") == "not_me"
    answer = person.browser.post(urljoin(consent.url, allow.action), data=allow.fields(), allow_redirects=False,
                                 headers={"Sec-Fetch-Site": "same-origin"}, timeout=TIMEOUT)
    assert answer.status_code == 303, (answer.status_code, answer.text)
    return answer.headers["Location"]


def call_api(relay_url: str, access_token: str) -> None:
    """The token works at the Battle.net API the relay's metadata names (the emulator in sandbox mode)."""
    api = requests.get(f"{relay_url}/.well-known/oauth-authorization-server", timeout=TIMEOUT).json()["sandbox_api_url"]
    answer = requests.get(f"{api.rstrip('/')}/d3/profile/FaYe-2543/", params={"locale": "en_US"},
                          headers={"Authorization": f"Bearer {access_token}"}, timeout=TIMEOUT)
    assert answer.status_code == 200, answer.text
    assert answer.json()["battleTag"] == "FaYe#2543"


def verify_id_token(metadata: dict, id_token: str, nonce: str | None, access_token: str, jwks_uri: str | None = None) -> dict:
    """joserfc, independently of the relay: the RS256 signature against the JWKS the discovery names (or `jwks_uri`),
    and iss, aud, nonce, exp and at_hash."""
    keys = KeySet.import_key_set(requests.get(jwks_uri or metadata["jwks_uri"], timeout=TIMEOUT).json())
    token = jwt.decode(id_token, keys, algorithms=["RS256"])
    jwt.JWTClaimsRegistry(iss={"essential": True, "value": metadata["issuer"]}, aud={"essential": True, "value": "d3"},
                          exp={"essential": True}, nonce={"essential": nonce is not None, "value": nonce}
                          ).validate(token.claims)
    digest = hashlib.sha256(access_token.encode()).digest()
    assert token.claims["at_hash"] == base64.urlsafe_b64encode(digest[:16]).rstrip(b"=").decode()
    return token.claims


def authlib_sign_in(relay_url: str, person: Person, nonce: str) -> tuple[dict, dict]:
    """A whole authlib sign-in with PKCE to the d3 app's loopback return; returns the discovery and the token."""
    metadata = discovery(relay_url)
    session = OAuth2Session(client_id="d3", redirect_uri="http://127.0.0.1:53682/callback", scope=SCOPE,
                            code_challenge_method="S256", token_endpoint_auth_method="none")
    verifier = "w" * 20 + base64.urlsafe_b64encode(hashlib.sha256(nonce.encode()).digest()).rstrip(b"=").decode()
    url, _ = session.create_authorization_url(metadata["authorization_endpoint"], code_verifier=verifier, nonce=nonce)
    token = session.fetch_token(metadata["token_endpoint"], authorization_response=consent_and_return(person, url),
                                code_verifier=verifier, timeout=TIMEOUT)
    return metadata, token


def test_id_token_verifies_after_a_signing_key_rotation(start_relay, tmp_path):
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    def key_file(name: str) -> str:
        path = tmp_path / name
        key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        path.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
        path.chmod(0o600)
        return str(path)

    old, new = key_file("old.pem"), key_file("new.pem")
    before = start_relay(extra_args=("--signing-key-file", old))
    metadata, token = authlib_sign_in(before.url, Person(), "nonce-before")
    old_kid = jwt.decode(token["id_token"], KeySet.import_key_set(
        requests.get(metadata["jwks_uri"], timeout=TIMEOUT).json())).header["kid"]
    before.stop()

    after = start_relay(extra_args=("--signing-key-file", new, "--previous-signing-key-file", old))
    rotated = requests.get(discovery(after.url)["jwks_uri"], timeout=TIMEOUT).json()
    kids = [key["kid"] for key in rotated["keys"]]
    assert len(kids) == 2 and kids[1] == old_kid, kids  # the new key first, the retired one still published
    verify_id_token(metadata, token["id_token"], "nonce-before", token["access_token"],
                    jwks_uri=discovery(after.url)["jwks_uri"])
    metadata_after, token_after = authlib_sign_in(after.url, Person(), "nonce-after")
    claims = verify_id_token(metadata_after, token_after["id_token"], "nonce-after", token_after["access_token"])
    assert jwt.decode(token_after["id_token"], KeySet.import_key_set(rotated)).header["kid"] == kids[0]
    assert claims["battle_tag"] == "FaYe#2543"


def test_authlib_pkce_loopback_with_openid_connect(relay, person):
    metadata = discovery(relay.url)
    redirect_uri = "http://127.0.0.1:53682/callback"  # the d3 app's registered loopback return, any port
    session = OAuth2Session(client_id="d3", redirect_uri=redirect_uri, scope=SCOPE, code_challenge_method="S256",
                            token_endpoint_auth_method="none")
    verifier = "v" * 10 + base64.urlsafe_b64encode(hashlib.sha256(b"interop").digest()).rstrip(b"=").decode()
    nonce = "nonce-authlib-7f3a"
    url, state = session.create_authorization_url(metadata["authorization_endpoint"], code_verifier=verifier,
                                                  nonce=nonce)
    returned = consent_and_return(person, url)
    assert returned.startswith(redirect_uri + "?"), returned
    query = parse_qs(urlsplit(returned).query)
    assert query["state"] == [state] and query["iss"] == [metadata["issuer"]], query

    token = session.fetch_token(metadata["token_endpoint"], authorization_response=returned, code_verifier=verifier,
                                timeout=TIMEOUT)
    assert token["token_type"] == "Bearer" and token["expires_in"] > 0, token

    # authlib's OpenID Connect client check (the claims of OpenID Connect Core section 3.1.3.7, at_hash included),
    # on a signature verified by the JWKS from discovery.
    import warnings
    with warnings.catch_warnings():  # authlib.jose, which CodeIDToken builds on, warns that joserfc replaces it
        warnings.simplefilter("ignore")
        from authlib.jose import JsonWebKey
        from authlib.jose import jwt as authlib_jwt
        from authlib.oidc.core import CodeIDToken
    keys = JsonWebKey.import_key_set(requests.get(metadata["jwks_uri"], timeout=TIMEOUT).json())
    claims = authlib_jwt.decode(token["id_token"], keys, claims_cls=CodeIDToken,
                                claims_options={"iss": {"values": [metadata["issuer"]]}},
                                claims_params={"nonce": nonce, "client_id": "d3", "access_token": token["access_token"]})
    claims.validate()
    assert claims["battle_tag"] == "FaYe#2543"
    verify_id_token(metadata, token["id_token"], nonce, token["access_token"])
    call_api(relay.url, token["access_token"])
    # The discovery's userinfo, called by authlib's session with its Bearer token: the id_token's subject.
    userinfo = session.get(metadata["userinfo_endpoint"], timeout=TIMEOUT)
    assert userinfo.status_code == 200, userinfo.text
    assert userinfo.json() == {"sub": claims["sub"], "battle_tag": "FaYe#2543"}, userinfo.json()

    # The code is spent: a second redemption is refused (and revokes the token, which the Swift suite checks).
    again = requests.post(metadata["token_endpoint"], data={
        "grant_type": "authorization_code", "code": query["code"][0], "redirect_uri": redirect_uri,
        "code_verifier": verifier, "client_id": "d3"}, timeout=TIMEOUT)
    assert again.status_code == 400 and again.json()["error"] == "invalid_grant", again.text


class PersonBrowser(webbrowser.BaseBrowser):
    """What `webbrowser.open` reaches in this test: the person, who signs in and lets the browser go back to the
    loopback address the flow listens on."""

    def __init__(self, person: Person):
        super().__init__("relay-person")
        self.person = person
        self.errors: list[BaseException] = []

    def open(self, url, new=0, autoraise=True):
        def walk():
            try:
                returned = consent_and_return(self.person, url)
                assert urlsplit(returned).hostname == "localhost", returned
                requests.get(returned, timeout=TIMEOUT)
            except BaseException as error:  # reported by the test, not lost in the thread
                self.errors.append(error)
        threading.Thread(target=walk, daemon=True).start()
        return True


def test_google_auth_oauthlib_installed_app_flow(start_relay, person, monkeypatch):
    # google-auth-oauthlib's loopback return is http://localhost:PORT/ (trailing slash), which the app registers.
    relay = start_relay(redirect_uris=("d3=http://localhost/",))
    metadata = discovery(relay.url)
    flow = InstalledAppFlow.from_client_config(
        {"installed": {"client_id": "d3", "client_secret": "", "auth_uri": metadata["authorization_endpoint"],
                       "token_uri": metadata["token_endpoint"], "redirect_uris": ["http://localhost"]}},
        scopes=SCOPE.split())
    browser = PersonBrowser(person)
    webbrowser.register("relay-person", None, browser)
    credentials = flow.run_local_server(host="localhost", port=0, open_browser=True, browser="relay-person",
                                        timeout_seconds=30)
    assert not browser.errors, browser.errors
    assert credentials.token and credentials.expiry, credentials
    verify_id_token(metadata, credentials.id_token, None, credentials.token)
    call_api(relay.url, credentials.token)


@pytest.mark.parametrize("redirect_uri", ["http://127.0.0.1:53682/other", "https://evil.example/callback"])
def test_unregistered_redirect_uri_gets_a_page_not_a_redirect(relay, redirect_uri):
    metadata = discovery(relay.url)
    session = OAuth2Session(client_id="d3", redirect_uri=redirect_uri, scope=SCOPE, code_challenge_method="S256")
    url, _ = session.create_authorization_url(metadata["authorization_endpoint"], code_verifier="x" * 64)
    answer = requests.get(url, allow_redirects=False, timeout=TIMEOUT)
    assert answer.status_code == 400 and "Location" not in answer.headers, answer.headers
    assert answer.headers["Content-Type"].startswith("text/html")


def test_readme_loopback_example_runs_as_printed(relay):
    """The README's example for a developer in any language, run as printed (`python3 sign_in.py ISSUER d3`), with
    $BROWSER as the player: it prints the verified id_token's BattleTag and the profile it read with the token."""
    env = {**os.environ, "BROWSER": f"{sys.executable} {os.path.join(HERE, 'browser_walk.py')} %s",
           "PYTHONPATH": HERE}
    done = subprocess.run([sys.executable, os.path.join(ROOT, "Examples/LoopbackSignIn/sign_in.py"), relay.url, "d3"],
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Signed in as FaYe#2543 (account " in done.stdout, done.stdout
    readme = open(os.path.join(ROOT, "README.md")).read()
    for line in done.stdout.splitlines()[1:]:
        assert f"# {line}" in readme, (line, "the README prints what the example prints")
    assert "Diablo III profile: FaYe#2543" in done.stdout, done.stdout
