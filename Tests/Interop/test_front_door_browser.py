"""The authorization endpoint in a real browser (Debian's Chromium, headless), the relay on 127.0.0.1 and its
emulator on localhost (another site, as Battle.net is): a loopback return and a private-use scheme return each show
the relay's one consent page and then reach their return, also once Battle.net remembers the consent (R5-2: the
page's form-action must admit the return, or Chromium blocks the last redirect); an app that registered no loopback
return is not sent to one."""

import base64
import hashlib
import json
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
import requests
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

from relayflow import TIMEOUT
from test_browser import CHROMEDRIVER, CHROMIUM, click, wait_until

VERIFIER = "chromium-verifier-" + "x" * 40


@pytest.fixture
def chromium(tmp_path):
    """One headless Chromium whose console messages and network events the test reads."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run",
                     f"--user-data-dir={tmp_path / 'profile'}"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    yield driver
    driver.quit()


@pytest.fixture
def listener():
    """The app's loopback listener: records the path of every request it gets."""
    received: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            received.append(self.path)
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b"the app has it")

        def log_message(self, *args):
            pass

    server = HTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server.server_port, received
    server.shutdown()


def authorization_url(relay_url: str, client_id: str, redirect_uri: str) -> str:
    challenge = base64.urlsafe_b64encode(hashlib.sha256(VERIFIER.encode()).digest()).rstrip(b"=").decode()
    return f"{relay_url}/oauth/authorize?" + urlencode({
        "response_type": "code", "client_id": client_id, "redirect_uri": redirect_uri, "scope": "openid d3.profile",
        "state": "chromium-state", "code_challenge": challenge, "code_challenge_method": "S256"})


def through_consent(driver, relay, url: str, remembered: bool) -> str:
    """Opens the app's authorization URL; approves at the emulator unless it remembers; Allow on the relay's page.
    Returns the relay page's text."""
    # Off the last round's page first: a scheme the browser cannot open leaves it on the consent page it left from,
    # which the wait below would take for this round's.
    driver.get("about:blank")
    driver.get(url)
    if not remembered:
        wait_until(driver, lambda d: urlsplit(d.current_url).hostname == "localhost" and d.find_elements(By.NAME, "consent"),
                   "the emulator's consent page on localhost")
        click(driver, "//button[@name='decision' and @value='approve']")
    wait_until(driver, lambda d: d.current_url.startswith(relay.url + "/redirect/")
               and d.find_elements(By.XPATH, "//button[normalize-space()='Allow']"), "the relay's consent page")
    text = driver.find_element(By.TAG_NAME, "body").text
    click(driver, "//button[normalize-space()='Allow']")
    return text


def redeem(relay_url: str, client_id: str, redirect_uri: str, code: str) -> None:
    answer = requests.post(f"{relay_url}/oauth/token", data={
        "grant_type": "authorization_code", "code": code, "redirect_uri": redirect_uri, "code_verifier": VERIFIER,
        "client_id": client_id}, timeout=TIMEOUT)
    assert answer.status_code == 200, answer.text
    assert answer.json()["id_token"], answer.json()


def test_loopback_return_in_chromium_then_remembered(start_relay, chromium, listener):
    relay = start_relay(emulator_host="localhost")
    port, received = listener
    redirect_uri = f"http://127.0.0.1:{port}/callback"
    for remembered in (False, True):
        text = through_consent(chromium, relay, authorization_url(relay.url, "d3", redirect_uri), remembered)
        assert f"127.0.0.1:{port}" in text and "This wasn’t me" in text, text
        returns = lambda: [path for path in received if path.startswith("/callback?")]  # noqa: E731 (not the favicon)
        wait_until(chromium, lambda d: len(returns()) == (2 if remembered else 1), "the browser back at the loopback listener")
        query = parse_qs(urlsplit(returns()[-1]).query)
        assert query["state"] == ["chromium-state"] and query["iss"] == [relay.url], query
        redeem(relay.url, "d3", redirect_uri, query["code"][0])


def test_private_use_scheme_return_in_chromium_then_remembered(start_relay, chromium):
    relay = start_relay(emulator_host="localhost", redirect_uris=("myapp=com.example.myapp:/oauth2redirect",))
    redirect_uri = "com.example.myapp:/oauth2redirect"
    for remembered in (False, True):
        if remembered:
            # A tab of its own, in the same browser (so Battle.net remembers): headless Chromium sent a tab on to the
            # app's scheme once, and did not follow a second redirect there in the same tab (seen here, 4 runs in 4).
            chromium.switch_to.new_window("tab")
        through_consent(chromium, relay, authorization_url(relay.url, "myapp", redirect_uri), remembered)

        def launched(driver):
            # Headless Chromium has no app for the scheme, but its network log shows the navigation to it.
            for entry in driver.get_log("browser"):
                assert "form-action" not in entry["message"], entry  # the page's CSP must not block the redirect
            for entry in driver.get_log("performance"):
                event = json.loads(entry["message"])["message"]
                params = event.get("params", {})
                # The navigation to the scheme (its URL), or the relay's 303 that sends it there (its Location).
                for url in (params.get("documentURL", ""), params.get("request", {}).get("url", ""),
                            params.get("redirectResponse", {}).get("headers", {}).get("Location", ""),
                            params.get("headers", {}).get("Location", "")):
                    if url.startswith(redirect_uri + "?"):
                        return url
            return None

        returned = wait_until(chromium, launched, f"Chromium sent on to the app's scheme (remembered: {remembered})")
        query = parse_qs(urlsplit(returned).query)
        assert query["state"] == ["chromium-state"] and query["iss"] == [relay.url], query
        redeem(relay.url, "myapp", redirect_uri, query["code"][0])


def test_loopback_refused_for_an_app_that_registered_none(start_relay, chromium):
    relay = start_relay(emulator_host="localhost", redirect_uris=("myapp=com.example.myapp:/oauth2redirect",))
    chromium.get(authorization_url(relay.url, "myapp", "http://127.0.0.1:9/callback"))
    wait_until(chromium, lambda d: d.find_elements(By.TAG_NAME, "h1"), "the relay's page")
    assert chromium.current_url.startswith(relay.url + "/oauth/authorize"), chromium.current_url
    assert "This sign-in cannot start" in chromium.find_element(By.TAG_NAME, "body").text


def test_device_loopback_return_with_remembered_consent(start_relay, chromium, listener):
    """R5-1 and R5-2: the device request's loopback return (`d3 login` at a desktop) passes the relay's consent page
    (nothing reaches the listener before Allow). Once Battle.net remembers the consent it
    redirects at once, so the relay page's form POST, Battle.net and the callback are one redirect chain that Chromium
    holds to the page's form-action: the loopback return must be in it, or the approved login is stranded."""
    relay = start_relay(emulator_host="localhost")
    port, received = listener
    redirect_uri = f"http://127.0.0.1:{port}/bnet-4f2a"
    for remembered in (False, True):
        login = requests.post(f"{relay.url}/oauth/device/code", data={"client_id": "d3", "redirect_uri": redirect_uri},
                              timeout=TIMEOUT).json()
        chromium.get(login["verification_uri_complete"])
        if not remembered:
            wait_until(chromium, lambda d: urlsplit(d.current_url).hostname == "localhost"
                       and d.find_elements(By.NAME, "consent"), "the emulator's consent page on localhost")
            click(chromium, "//button[@name='decision' and @value='approve']")
        # R5-1: the relay's consent page names the account and "this computer" before anything goes back.
        wait_until(chromium, lambda d: d.current_url.startswith(relay.url + "/redirect/")
                   and d.find_elements(By.XPATH, "//button[normalize-space()='Allow']"), "the relay's consent page")
        text = chromium.find_element(By.TAG_NAME, "body").text
        assert f"127.0.0.1:{port}" in text and "FaYe#2543" in text, text
        assert len([path for path in received if path.startswith("/bnet-4f2a?")]) == (1 if remembered else 0), received
        click(chromium, "//button[normalize-space()='Allow']")
        returns = lambda: [path for path in received if path.startswith("/bnet-4f2a?")]  # noqa: E731
        wait_until(chromium, lambda d: len(returns()) == (2 if remembered else 1), "the browser back at the loopback listener")
        query = parse_qs(urlsplit(returns()[-1]).query)
        answer = requests.post(f"{relay.url}/oauth/token", data={
            "grant_type": "urn:ietf:params:oauth:grant-type:device_code", "device_code": login["device_code"],
            "client_id": "d3", "callback_code": query["callback_code"][0]}, timeout=TIMEOUT)
        assert answer.status_code == 200, answer.text
