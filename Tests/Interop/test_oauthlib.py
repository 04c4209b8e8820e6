"""oauthlib's DeviceClient, used with its default arguments (no client_id in the token request)."""

import requests
from oauthlib.oauth2 import DeviceClient, InvalidGrantError, OAuth2Error

from relayflow import TIMEOUT, assert_error, assert_token, device_flow

FORM = {"Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"}


def test_device_client_defaults(relay, person):
    client = DeviceClient(client_id="d3")

    # Device authorization request (RFC 8628 section 3.1). DeviceClient puts the parameters in a URI; the endpoint
    # takes them as a form body, so the library's query string is sent as the body.
    endpoint, _, params = client.prepare_request_uri(f"{relay.url}/oauth/device/code").partition("?")
    started = requests.post(endpoint, data=params, headers=FORM, timeout=TIMEOUT)
    assert started.status_code == 200, started.text
    login = started.json()

    body = client.prepare_request_body(login["device_code"])
    assert "client_id" not in body  # the library's default: the relay must not need it

    def ask():
        answer = requests.post(f"{relay.url}/oauth/token", data=body, headers=FORM, timeout=TIMEOUT)
        try:
            return dict(client.parse_request_body_response(answer.text)), None
        except OAuth2Error as error:
            assert answer.status_code == 400, (answer.status_code, answer.text)
            return None, error.error

    token, seen = device_flow(ask, login["interval"], person, login["verification_uri_complete"])
    assert_token(token)
    assert client.access_token == token["access_token"]
    assert seen == ["authorization_pending", "token"], seen

    # Handed out once: the same library-prepared request is refused.
    again = requests.post(f"{relay.url}/oauth/token", data=body, headers=FORM, timeout=TIMEOUT)
    assert_error(again, 400, "invalid_grant")
    try:
        client.parse_request_body_response(again.text)
        raise AssertionError("oauthlib accepted a second collection")
    except InvalidGrantError:
        pass
