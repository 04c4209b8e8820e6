"""The wire protocol at the HTTP level: client authentication variants, errors, pacing, and redirect mode."""

from urllib.parse import parse_qs, urlsplit, urlunsplit

import pytest
import requests

from relayflow import (TIMEOUT, assert_error, assert_signed_in, assert_token, start_login, token_request)

# How a public client may identify itself on the token request (RFC 8628 section 3.4, RFC 6749 section 2.3.1).
CLIENT_AUTH = {
    "client_id in the body": {"client_id": "d3"},
    "no client_id": {"client_id": None},
    "HTTP Basic d3: (empty password)": {"client_id": None, "auth": ("d3", "")},
}


@pytest.mark.parametrize("how", CLIENT_AUTH)
def test_token_request_client_authentication(relay, person, how):
    login = start_login(relay.url)
    assert_signed_in(person.sign_in(login["verification_uri_complete"]))

    answer = token_request(relay.url, login["device_code"], **CLIENT_AUTH[how])
    assert answer.status_code == 200, answer.text
    assert answer.headers.get("Cache-Control") == "no-store" and answer.headers.get("Pragma") == "no-cache"
    assert_token(answer.json())

    assert_error(token_request(relay.url, login["device_code"], **CLIENT_AUTH[how]), 400, "invalid_grant")


def test_device_authorization_with_basic_auth(relay, person):
    """client_id in HTTP Basic instead of the body starts a login for that app."""
    started = requests.post(f"{relay.url}/oauth/device/code", auth=("d3", ""), timeout=TIMEOUT)
    assert started.status_code == 200, started.text
    login = started.json()
    assert_signed_in(person.sign_in(login["verification_uri_complete"]))
    answer = token_request(relay.url, login["device_code"], client_id=None, auth=("d3", ""))
    assert answer.status_code == 200, answer.text
    assert_token(answer.json())


@pytest.mark.parametrize("how", [{"client_id": "myapp"}, {"client_id": None, "auth": ("myapp", "")}],
                         ids=["in the body", "as HTTP Basic"])
def test_token_request_for_another_app_is_refused(relay, person, how):
    login = start_login(relay.url)
    assert_signed_in(person.sign_in(login["verification_uri_complete"]))
    assert_error(token_request(relay.url, login["device_code"], **how), 400, "invalid_client")
    # The refusal took nothing: the right client still collects.
    assert token_request(relay.url, login["device_code"]).status_code == 200


def test_token_request_without_device_code(relay):
    body = assert_error(token_request(relay.url, None), 400, "invalid_request")
    description = body.get("error_description", "")
    assert "device_code" in description and "missing" in description.lower(), body


def test_pending_slow_down_and_unknown_code(relay):
    """Every error body repeats the interval; polling faster than it earns slow_down and 5 more seconds."""
    login = start_login(relay.url)
    first = assert_error(token_request(relay.url, login["device_code"]), 400, "authorization_pending")
    assert first.get("interval") == login["interval"], first
    second = assert_error(token_request(relay.url, login["device_code"]), 400, "slow_down")
    assert second.get("interval") == login["interval"] + 5, second
    assert_error(token_request(relay.url, "not-a-device-code"), 400, "invalid_grant")


def test_redirect_mode(relay, person):
    """An app in redirect mode: its link goes straight to Battle.net, the app is reopened at its scheme with the
    outcome and a one-time callback_code, and the token comes only with that code, once."""
    login = start_login(relay.url, client_id="myapp")
    answer = person.sign_in_to_app(login["verification_uri_complete"])
    assert answer.status_code == 302, (answer.status_code, answer.text)
    location = urlsplit(answer.headers["Location"])
    assert (location.scheme, location.netloc, location.path) == ("myapp", "bnet-relay", "/callback"), location
    query = parse_qs(location.query)
    assert query["result"] == ["approved"] and len(query["callback_code"]) == 1, query
    without = token_request(relay.url, login["device_code"], client_id="myapp")
    assert without.status_code == 400 and without.json()["error"] == "invalid_request", without.text
    wrong = token_request(relay.url, login["device_code"], client_id="myapp", data={"callback_code": "x" * 43})
    assert wrong.status_code == 400 and wrong.json()["error"] == "invalid_grant", wrong.text
    token = token_request(relay.url, login["device_code"], client_id="myapp",
                          data={"callback_code": query["callback_code"][0]})
    assert token.status_code == 200, token.text
    assert_token(token.json())


def test_redirect_mode_app_name_case(start_relay, person):
    """App names are case-insensitive in the callback path; the app is reopened with its registered spelling."""
    relay = start_relay(apps=("d3=poll", "MyApp=redirect"))
    login = start_login(relay.url, client_id="MyApp")
    callback = urlsplit(person.decide(person.open_app_link(login["verification_uri_complete"])))
    assert callback.path == "/redirect/MyApp", callback
    answer = person.arrive(urlunsplit(callback._replace(path="/redirect/MYAPP")))
    assert answer.status_code == 302, (answer.status_code, answer.text)
    location = answer.headers["Location"]
    assert location.startswith("MyApp://bnet-relay/callback?result=approved&callback_code="), location
    code = parse_qs(urlsplit(location).query)["callback_code"][0]
    assert token_request(relay.url, login["device_code"], client_id="MyApp",
                         data={"callback_code": code}).status_code == 200
