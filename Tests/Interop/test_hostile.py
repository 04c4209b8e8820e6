"""A second browser: the authorize link of someone else's login, approved in the victim's browser, must not sign the
victim's account into the attacker's login."""

from relayflow import Person, page_text, start_login, token_request


def test_callback_in_another_browser_is_refused(relay):
    attacker, victim = Person(), Person()
    login = start_login(relay.url)
    authorize_url = attacker.confirm(login["verification_uri_complete"])

    answer = victim.arrive(victim.decide(authorize_url))  # fresh cookie jar: never saw the relay's pages
    text = page_text(answer.text)
    assert 400 <= answer.status_code < 500, (answer.status_code, text)
    assert answer.headers.get("Content-Type", "").startswith("text/html"), answer.headers
    assert "Signed in" not in text and text, text

    # The attacker's client never gets the victim's token.
    poll = token_request(relay.url, login["device_code"], data={"wait": 2}).json()
    assert "access_token" not in poll, poll
    assert poll.get("error") in ("access_denied", "authorization_pending"), poll
