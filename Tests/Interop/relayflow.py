"""Shared pieces of the interop tests: the relay process, a person walking the pages over HTTP, the poll loop.

Nothing here knows the relay's paths except what a client is given: the URLs in the relay's answers, the forms on its
pages, and the RFC 8414 metadata document.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin

import requests

DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code"
TIMEOUT = 10  # seconds, for every single HTTP request


# --- the relay ----------------------------------------------------------------------------------------------------


def free_ports(count: int = 3) -> int:
    """A port P such that P .. P+count-1 are all free on 127.0.0.1 right now: the relay, its emulator (P+1) and its
    operations listener (P+2) by default."""
    for _ in range(50):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        if port + count > 65536:
            continue
        try:
            for offset in range(1, count):
                with socket.socket() as s:
                    s.bind(("127.0.0.1", port + offset))
            return port
        except OSError:
            continue
    raise RuntimeError(f"no {count} adjacent free ports")


class Relay:
    """`bnet-relay serve` in sandbox mode, as a subprocess in a fresh temp directory with a clean environment."""

    def __init__(self, binary: str, apps=("d3=poll", "myapp=redirect"), emulator_host: str | None = None,
                 redirect_uris=(), extra_args=()):
        self.binary = binary
        self.extra_args = tuple(extra_args)
        self.apps = apps
        self.redirect_uris = redirect_uris
        self.emulator_host = emulator_host
        self.dir = Path(tempfile.mkdtemp(prefix="bnet-relay-interop-"))
        self.log_path = self.dir / "relay.log"
        self.process: subprocess.Popen | None = None
        self.port = 0

    @property
    def url(self) -> str:
        """The relay's base URL (its public URL: the default, http://127.0.0.1:PORT)."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> "Relay":
        for _ in range(3):  # a port taken between the probe and the bind: try others
            self.port = free_ports()
            args = [self.binary, "serve", "--host", "127.0.0.1", "--port", str(self.port),
                    "--database", "relay.sqlite", "--seal-key-file", "relay.key", "--log-level", "debug"]
            for app in self.apps:
                args += ["--app", app]
            for uri in self.redirect_uris:
                args += ["--redirect-uri", uri]
            args += self.extra_args
            if self.emulator_host:
                args += ["--emulator-host", self.emulator_host]
            env = {k: v for k, v in os.environ.items() if not k.startswith(("BNET_", "D3_"))}
            with open(self.log_path, "ab") as log:
                self.process = subprocess.Popen(args, cwd=self.dir, env=env, stdout=log, stderr=subprocess.STDOUT,
                                                stdin=subprocess.DEVNULL)
            if self._wait_healthy():
                return self
            self.stop()
        raise RuntimeError(f"the relay did not start:\n{self.log()}")

    def _wait_healthy(self, seconds: float = 15) -> bool:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return False
            try:
                if requests.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return True
            except requests.ConnectionError:
                pass
            time.sleep(0.05)
        return False

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def remove(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)


# --- HTML -----------------------------------------------------------------------------------------------------------


@dataclass
class Form:
    method: str
    action: str
    inputs: list[dict] = field(default_factory=list)   # attributes of each <input>
    buttons: list[dict] = field(default_factory=list)  # attributes of each <button>

    def fields(self, button: dict | None = None) -> list[tuple[str, str]]:
        """What a browser submits: each named input (a checkbox or radio only when checked), then the clicked button."""
        pairs = []
        for i in self.inputs:
            kind = i.get("type", "text").lower()
            if "name" not in i or kind in ("submit", "button", "image", "reset", "file"):
                continue
            if kind in ("checkbox", "radio") and "checked" not in i:
                continue
            pairs.append((i["name"], i.get("value", "on" if kind in ("checkbox", "radio") else "")))
        if button and button.get("name"):
            pairs.append((button["name"], button.get("value", "")))
        return pairs

    def hidden(self) -> dict[str, str]:
        return {i["name"]: i.get("value", "") for i in self.inputs if i.get("type") == "hidden" and "name" in i}

    def radios(self, name: str) -> list[str]:
        return [i.get("value", "") for i in self.inputs if i.get("type") == "radio" and i.get("name") == name]

    def button(self, name: str, value: str) -> dict:
        matches = [b for b in self.buttons if b.get("name") == name and b.get("value") == value]
        assert matches, f"no button {name}={value} in {self.buttons}"
        return matches[0]


class _Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self.text: list[str] = []
        self._in_form = False
        self._skip = 0  # inside <style>/<script>

    def handle_starttag(self, tag, attrs):
        a = {k: (v if v is not None else "") for k, v in attrs}
        if tag in ("style", "script"):
            self._skip += 1
        elif tag == "form":
            self.forms.append(Form(method=a.get("method", "get").lower(), action=a.get("action", "")))
            self._in_form = True
        elif tag == "input" and self._in_form:
            self.forms[-1].inputs.append(a)
        elif tag == "button" and self._in_form:
            self.forms[-1].buttons.append(a)

    def handle_endtag(self, tag):
        if tag in ("style", "script"):
            self._skip -= 1
        elif tag == "form":
            self._in_form = False

    def handle_data(self, data):
        if not self._skip:
            self.text.append(data)


def parse_page(html: str) -> _Page:
    page = _Page()
    page.feed(html)
    page.close()
    return page


def page_text(html: str) -> str:
    """The visible text of a page, whitespace collapsed."""
    return " ".join(" ".join(parse_page(html).text).split())


def only_form(html: str) -> Form:
    forms = parse_page(html).forms
    assert len(forms) == 1, f"expected one form, found {len(forms)}:\n{html}"
    return forms[0]


# --- the person -----------------------------------------------------------------------------------------------------


class Person:
    """A person with one browser (one cookie jar), walking the pages over HTTP step by step, never auto-following."""

    def __init__(self):
        self.browser = requests.Session()

    def _get(self, url: str) -> requests.Response:
        return self.browser.get(url, allow_redirects=False, timeout=TIMEOUT)

    def confirm(self, verification_uri_complete: str) -> str:
        """Opens the verification page and clicks "Continue to Battle.net"; returns Battle.net's authorize URL."""
        page = self._get(verification_uri_complete)
        assert page.status_code == 200, page.text
        forms = parse_page(page.text).forms
        assert len(forms) == 2, f"expected Continue and This wasn't me, found {len(forms)} forms:\n{page.text}"
        form = forms[0]
        assert form.method == "post" and form.action == "device", form
        assert set(form.hidden()) == {"user_code", "confirm"}, form
        assert forms[1].hidden().get("action") == "not_me", forms[1]
        answer = self.browser.post(urljoin(page.url, form.action), data=form.fields(), allow_redirects=False,
                                   timeout=TIMEOUT)
        assert answer.status_code == 303, (answer.status_code, answer.text)
        return answer.headers["Location"]

    def open_app_link(self, verification_uri_complete: str) -> str:
        """Opens the verification link of an app in redirect mode: a page whose script posts its one form by itself
        (so a link previewer's GET changes nothing), which this person submits as the browser would; the relay
        answers 303 to Battle.net (setting its browser binding). Returns Battle.net's authorize URL."""
        page = self._get(verification_uri_complete)
        assert page.status_code == 200, page.text
        assert "<script>document.forms[0].submit()</script>" in page.text, page.text
        form = only_form(page.text)
        assert form.method == "post" and form.action == "device", form
        answer = self.browser.post(urljoin(page.url, form.action), data=form.fields(), allow_redirects=False,
                                   timeout=TIMEOUT)
        assert answer.status_code == 303, (answer.status_code, answer.text)
        return answer.headers["Location"]

    def decide(self, authorize_url: str, decision: str = "approve") -> str:
        """At Battle.net (the emulator): submits the consent form as it stands (the first account, every scope ticked)
        with Approve or Deny; returns the callback URL."""
        page = self._get(authorize_url)
        assert page.status_code == 200, page.text
        form = only_form(page.text)
        assert form.method == "post", form
        button = form.button("decision", decision)
        fields = form.fields(button)
        assert "consent" in form.hidden() and ("account", form.radios("account")[0]) in fields, fields
        answer = self.browser.post(urljoin(page.url, form.action), data=fields, allow_redirects=False,
                                   timeout=TIMEOUT)
        assert answer.status_code == 302, (answer.status_code, answer.text)
        return answer.headers["Location"]

    def arrive(self, callback_url: str) -> requests.Response:
        """Follows Battle.net's redirect back to the relay (the browser sends its cookies)."""
        return self._get(callback_url)

    def sign_in(self, verification_uri_complete: str, decision: str = "approve") -> requests.Response:
        """The whole walk: confirm, decide, come back; returns the relay's answer to the callback."""
        return self.arrive(self.decide(self.confirm(verification_uri_complete), decision))

    def sign_in_to_app(self, verification_uri_complete: str, decision: str = "approve") -> requests.Response:
        """The whole walk for an app in redirect mode: straight to Battle.net, decide, come back; returns the relay's
        answer to the callback (a 302 to the app's scheme)."""
        return self.arrive(self.decide(self.open_app_link(verification_uri_complete), decision))

    def authorize_app(self, authorization_url: str, decision: str = "approve") -> str:
        """The walk from an app's authorization URL (the standard route): to Battle.net, decide, back at the relay,
        and on approval Allow on its consent page; returns where the relay then sends the browser."""
        to_battle_net = self.browser.get(authorization_url, allow_redirects=False, timeout=TIMEOUT)
        assert to_battle_net.status_code == 303, (to_battle_net.status_code, to_battle_net.text)
        back = self.arrive(self.decide(to_battle_net.headers["Location"], decision))
        if back.status_code in (302, 303):
            return back.headers["Location"]
        assert back.status_code == 200, back.text
        allow = parse_page(back.text).forms[0]
        answer = self.browser.post(urljoin(back.url, allow.action), data=allow.fields(), allow_redirects=False,
                                   headers={"Sec-Fetch-Site": "same-origin"}, timeout=TIMEOUT)
        assert answer.status_code == 303, (answer.status_code, answer.text)
        return answer.headers["Location"]


# --- the client -----------------------------------------------------------------------------------------------------


def start_login(relay_url: str, client_id: str = "d3", **kwargs) -> dict:
    """POST /oauth/device/code with client_id in the body (the raw way); returns the JSON answer."""
    r = requests.post(f"{relay_url}/oauth/device/code", data={"client_id": client_id}, timeout=TIMEOUT, **kwargs)
    assert r.status_code == 200, (r.status_code, r.text)
    return r.json()


def token_request(relay_url: str, device_code: str | None, client_id: str | None = "d3", **kwargs) -> requests.Response:
    """One raw POST /oauth/token; None leaves a parameter out."""
    data = {"grant_type": DEVICE_GRANT, "device_code": device_code, "client_id": client_id, **kwargs.pop("data", {})}
    return requests.post(f"{relay_url}/oauth/token", data={k: v for k, v in data.items() if v is not None},
                         timeout=TIMEOUT + 30, **kwargs)


def poll_for_token(ask, interval: int, timeout: float = 60) -> tuple[dict | None, str | None, list[str]]:
    """RFC 8628 section 3.5 polling: `ask()` makes one token request and returns (token, None) or (None, error).

    Waits `interval` between requests, adds 5 s on slow_down, keeps going on authorization_pending, stops on anything
    else. Returns (token, last error, every answer seen) so a test can check the path it took.
    """
    deadline = time.monotonic() + timeout
    seen: list[str] = []
    while True:
        token, error = ask()
        seen.append("token" if token else error)
        if token or error not in ("authorization_pending", "slow_down"):
            return token, error, seen
        if error == "slow_down":
            interval += 5
        if time.monotonic() + interval > deadline:
            return None, error, seen
        time.sleep(interval)


def device_flow(ask, interval: int, person: Person, verification_uri_complete: str) -> tuple[dict, list[str]]:
    """A client's whole wait for one login: its first token request finds the person not done yet
    (authorization_pending); the person then signs in; the client polls on at `interval` until it has the token.
    Returns the token and the answers the client saw."""
    token, error = ask()
    assert (token, error) == (None, "authorization_pending"), (token, error)
    assert_signed_in(person.sign_in(verification_uri_complete))
    time.sleep(interval)
    token, error, seen = poll_for_token(ask, interval)
    assert token, f"no token; answers: {seen}"
    return token, ["authorization_pending", *seen]


def assert_signed_in(answer: requests.Response) -> None:
    """The relay's page after a successful callback in poll mode."""
    assert answer.status_code == 200, (answer.status_code, answer.text)
    assert "Signed in as" in page_text(answer.text), page_text(answer.text)


def assert_token(token: dict) -> None:
    """A token response as docs/protocol.md documents it."""
    assert token.get("access_token"), token
    assert str(token.get("token_type", "")).lower() == "bearer", token
    assert isinstance(token.get("expires_in"), (int, float)) and token["expires_in"] > 0, token
    assert "#" in str(token.get("battletag", "")), token


def assert_error(response: requests.Response, status: int, error: str) -> dict:
    """An RFC 6749 section 5.2 error body with this status and code; returns it."""
    assert response.status_code == status, (response.status_code, response.text)
    assert response.headers.get("Content-Type", "").startswith("application/json"), response.headers
    body = response.json()
    assert body.get("error") == error, body
    assert "access_token" not in body, body
    return body
