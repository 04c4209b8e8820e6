"""A real browser (Debian's Chromium, headless, through Selenium and Debian's chromedriver) against a relay whose
emulator is on another site: relay http://127.0.0.1:P, emulator http://localhost:P+1."""

import os
from urllib.parse import urlsplit

import pytest
from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from relayflow import assert_token, start_login, token_request

os.environ["SE_OFFLINE"] = "true"  # selenium-manager must never download a driver or a browser
CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
WAIT = 15  # seconds, for each page


@pytest.fixture
def browsers(tmp_path):
    """A factory of separate headless Chromium instances, each with a fresh profile of its own."""
    drivers = []

    def new():
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                         "--no-first-run", f"--user-data-dir={tmp_path / f'profile-{len(drivers)}'}"):
            options.add_argument(argument)
        driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
        drivers.append(driver)
        return driver

    yield new
    for driver in drivers:
        driver.quit()


@pytest.fixture
def relay(start_relay):
    """The relay on 127.0.0.1 with its emulator's URLs on localhost: another site, as Battle.net is."""
    relay = start_relay(emulator_host="localhost")
    assert urlsplit(relay.url).hostname == "127.0.0.1"
    return relay


def wait_until(driver, condition, what):
    """An explicit wait that, on timeout, fails with the page the browser is on instead of an empty message."""
    try:
        return WebDriverWait(driver, WAIT).until(condition)
    except TimeoutException:
        raise AssertionError(f"timed out waiting for {what}; the browser is at {driver.current_url}:\n"
                             f"{driver.find_element(By.TAG_NAME, 'body').text}") from None


def click(driver, xpath):
    wait_until(driver, EC.element_to_be_clickable((By.XPATH, xpath)), xpath).click()


def continue_to_battlenet(driver, verification_uri_complete):
    """Opens the verification page, clicks Continue, and waits for the emulator's consent page (on localhost)."""
    driver.get(verification_uri_complete)
    click(driver, "//button[normalize-space()='Continue to Battle.net']")
    wait_until(driver, lambda d: urlsplit(d.current_url).hostname == "localhost" and d.find_elements(By.NAME, "consent"),
               "the emulator's consent page on localhost")


def approve(driver, relay):
    """Clicks Approve at the emulator and waits for the relay's page; returns its text."""
    click(driver, "//button[@name='decision' and @value='approve']")
    wait_until(driver, lambda d: d.current_url.startswith(relay.url + "/redirect/")
               and d.execute_script("return document.readyState") == "complete", "the relay's callback page")
    return driver.find_element(By.TAG_NAME, "body").text


def test_sign_in_across_sites(relay, browsers):
    login = start_login(relay.url)
    browser = browsers()
    continue_to_battlenet(browser, login["verification_uri_complete"])
    text = approve(browser, relay)
    assert "Signed in as" in text, text

    answer = token_request(relay.url, login["device_code"])
    assert answer.status_code == 200, answer.text
    assert_token(answer.json())


def test_authorize_link_opened_in_another_browser(relay, browsers):
    login = start_login(relay.url)
    attacker = browsers()
    continue_to_battlenet(attacker, login["verification_uri_complete"])

    victim = browsers()
    victim.get(attacker.current_url)
    text = approve(victim, relay)
    # The relay's own refusal page, not an error of any other kind.
    assert "Not the browser that started this sign-in" in text, text
    assert "nothing was exchanged" in text, text
    assert "Signed in" not in text, text

    # The login ended: the attacker's client is told so, with no token.
    poll = token_request(relay.url, login["device_code"], data={"wait": 2})
    assert poll.status_code == 400, poll.text
    assert poll.json()["error"] == "access_denied", poll.text
    assert "access_token" not in poll.json(), poll.text
