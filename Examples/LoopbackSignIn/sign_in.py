"""Sign a player in with Battle.net through a BattleNetRelay, as any native app or CLI does it: OAuth 2.0 authorization
code with PKCE to a loopback redirect URI (RFC 8252), with stock libraries only (authlib, joserfc, requests).

    python3 sign_in.py http://127.0.0.1:8080 d3

prints the BattleTag and the account id from the verified id_token, then the player's Diablo III profile name.
"""

import base64
import hashlib
import secrets
import sys
import webbrowser
from http.server import BaseHTTPRequestHandler, HTTPServer
from urllib.parse import urlsplit

import requests
from authlib.integrations.requests_client import OAuth2Session
from joserfc import jwt
from joserfc.jwk import KeySet

issuer, client_id = sys.argv[1], sys.argv[2]
config = requests.get(f"{issuer}/.well-known/openid-configuration", timeout=10).json()

# A loopback listener on a port the system picks; the relay accepts any port for the app's registered
# http://127.0.0.1/callback.
returned = {}


class Callback(BaseHTTPRequestHandler):
    def do_GET(self):
        returned["url"] = f"http://127.0.0.1:{self.server.server_port}{self.path}"
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"Signed in: you can close this tab.")

    def log_message(self, *args):
        pass


server = HTTPServer(("127.0.0.1", 0), Callback)
redirect_uri = f"http://127.0.0.1:{server.server_port}/callback"
session = OAuth2Session(client_id, redirect_uri=redirect_uri, scope="openid d3.profile",
                        code_challenge_method="S256", token_endpoint_auth_method="none")
verifier, nonce = secrets.token_urlsafe(48), secrets.token_urlsafe(16)
url, state = session.create_authorization_url(config["authorization_endpoint"], code_verifier=verifier, nonce=nonce)
webbrowser.open(url)
server.timeout = 120
server.handle_request()
if "url" not in returned or urlsplit(returned["url"]).path != "/callback":
    sys.exit("the browser did not come back")

token = session.fetch_token(config["token_endpoint"], authorization_response=returned["url"], code_verifier=verifier)
# The id_token: its signature by a key of the relay's key set, then issuer, audience, expiry, nonce and at_hash.
keys = KeySet.import_key_set(requests.get(config["jwks_uri"], timeout=10).json())
claims = jwt.decode(token["id_token"], keys, algorithms=["RS256"]).claims
jwt.JWTClaimsRegistry(iss={"essential": True, "value": config["issuer"]}, aud={"essential": True, "value": client_id},
                      exp={"essential": True}, nonce={"essential": True, "value": nonce}).validate(claims)
digest = hashlib.sha256(token["access_token"].encode()).digest()[:16]
if claims["at_hash"] != base64.urlsafe_b64encode(digest).rstrip(b"=").decode():
    sys.exit("the id_token is not for this access token")
print(f"Signed in as {claims['battle_tag']} (account {claims['sub']})")

# The token is Battle.net's own: call the API with it (the relay's metadata names the sandbox's API).
api = requests.get(f"{issuer}/.well-known/oauth-authorization-server", timeout=10).json().get(
    "sandbox_api_url", "https://us.api.blizzard.com")
profile = requests.get(f"{api.rstrip('/')}/d3/profile/{claims['battle_tag'].replace('#', '-')}/",
                       params={"locale": "en_US"}, headers={"Authorization": f"Bearer {token['access_token']}"},
                       timeout=10)
print(f"Diablo III profile: {profile.json()['battleTag']}, {len(profile.json().get('heroes', []))} heroes")
