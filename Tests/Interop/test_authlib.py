"""Authlib's requests OAuth2Session, configured only from the relay's RFC 8414 metadata document."""

import pytest
import requests
from authlib.integrations.base_client import OAuthError
from authlib.integrations.requests_client import OAuth2Session
from authlib.oauth2.rfc8414 import AuthorizationServerMetadata

from relayflow import DEVICE_GRANT, TIMEOUT, assert_token, device_flow


def discover(relay_url: str) -> AuthorizationServerMetadata:
    """GET /.well-known/oauth-authorization-server, checked by Authlib's RFC 8414 model."""
    answer = requests.get(f"{relay_url}/.well-known/oauth-authorization-server", timeout=TIMEOUT)
    assert answer.status_code == 200, answer.text
    assert answer.headers["Content-Type"].startswith("application/json"), answer.headers
    metadata = AuthorizationServerMetadata(answer.json())
    for check in ("issuer", "token_endpoint", "grant_types_supported", "token_endpoint_auth_methods_supported",
                  "scopes_supported"):
        getattr(metadata, f"validate_{check}")()
    assert metadata["issuer"] == relay_url  # RFC 8414 section 3.3: the issuer is where the document was fetched
    assert DEVICE_GRANT in metadata["grant_types_supported"], metadata
    return metadata


def test_device_grant_from_metadata(relay, person):
    metadata = discover(relay.url)
    methods = metadata["token_endpoint_auth_methods_supported"]
    assert "none" in methods, methods  # a public client: a CLI holds no secret
    session = OAuth2Session(client_id="d3", token_endpoint_auth_method="none",
                            scope=" ".join(metadata["scopes_supported"]))

    started = session.post(metadata["device_authorization_endpoint"],
                           data={"client_id": "d3", "scope": session.scope}, withhold_token=True, timeout=TIMEOUT)
    assert started.status_code == 200, started.text
    login = started.json()
    assert login["verification_uri"].startswith(metadata["issuer"] + "/"), login

    def fetch():
        return session.fetch_token(metadata["token_endpoint"], grant_type=DEVICE_GRANT,
                                   device_code=login["device_code"], timeout=TIMEOUT)

    def ask():
        try:
            return dict(fetch()), None
        except OAuthError as error:
            return None, error.error

    token, seen = device_flow(ask, login["interval"], person, login["verification_uri_complete"])
    assert_token(token)
    assert seen == ["authorization_pending", "token"], seen
    assert set(token.get("scope", "").split()) == set(metadata["scopes_supported"]), token  # all ticked at consent

    with pytest.raises(OAuthError) as refused:
        fetch()
    assert refused.value.error == "invalid_grant"
