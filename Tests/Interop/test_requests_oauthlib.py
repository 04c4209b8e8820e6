"""requests-oauthlib's OAuth2Session with a DeviceClient: the token is fetched with the session's own fetch_token.

requests-oauthlib 2.0.0 has no device-flow code of its own: fetch_token(url, device_code=...) passes device_code to
DeviceClient.prepare_request_body and, as no client secret is given, authenticates as HTTP Basic `d3:`.
"""

import pytest
from oauthlib.oauth2 import DeviceClient, InvalidGrantError, OAuth2Error
from requests_oauthlib import OAuth2Session

from relayflow import TIMEOUT, assert_token, device_flow


def test_oauth2session_device_grant(relay, person):
    session = OAuth2Session(client=DeviceClient(client_id="d3"))
    started = session.post(f"{relay.url}/oauth/device/code", data={"client_id": "d3"}, timeout=TIMEOUT)
    assert started.status_code == 200, started.text
    login = started.json()
    token_url = f"{relay.url}/oauth/token"

    def ask():
        try:
            return dict(session.fetch_token(token_url, device_code=login["device_code"], timeout=TIMEOUT)), None
        except OAuth2Error as error:
            return None, error.error

    token, seen = device_flow(ask, login["interval"], person, login["verification_uri_complete"])
    assert_token(token)
    assert seen == ["authorization_pending", "token"], seen
    assert session.authorized and session.access_token == token["access_token"]

    with pytest.raises(InvalidGrantError):
        session.fetch_token(token_url, device_code=login["device_code"], timeout=TIMEOUT)
