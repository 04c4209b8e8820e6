"""The app example (Examples/SignInCLI, built by scripts/examples.sh against the BattleNet library alone) signs in
through a sandbox relay by the standard route (authorization code with PKCE to myapp://bnet-relay/callback) with its
URLSession transport and prints the player's heroes. The person walks Battle.net's and the relay's pages in their own
browser and pastes the address it ends on, as the example asks."""

import os
import re
import subprocess
import threading

import pytest

from relayflow import Person


@pytest.fixture(scope="module")
def example_binary() -> str:
    path = os.environ.get("SIGN_IN_EXAMPLE_BIN", "")
    if not path or not os.access(path, os.X_OK):
        pytest.fail(f"set SIGN_IN_EXAMPLE_BIN to the built example (got {path!r}); .ci/run does, from scripts/examples.sh")
    return path


def run_example(binary: str, relay, answer) -> subprocess.CompletedProcess:
    """Starts the example, reads the page it asks the person to open, and types back what `answer(url)` returns."""
    # No --api-url: the player keeps the sandbox emulator's API, which the relay's metadata names.
    process = subprocess.Popen([binary, relay.url, "myapp"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    watchdog = threading.Timer(60, process.kill)  # a hung example fails the test instead of the whole run
    watchdog.start()
    lines = []
    for line in process.stdout:
        lines.append(line)
        if "paste it here" in line:
            break
    url = re.search(r"https?://\S+/oauth/authorize\?\S+", "".join(lines))
    assert url, "".join(lines)
    try:
        out, err = process.communicate(answer(url.group(0)) + "\n", timeout=60)
    finally:
        watchdog.cancel()
    return subprocess.CompletedProcess(process.args, process.returncode, "".join(lines) + out, err)


def test_example_signs_in_and_lists_heroes(relay, example_binary):
    person = Person()

    def approve(url: str) -> str:
        location = person.authorize_app(url)
        assert location.startswith("myapp://bnet-relay/callback?code="), location
        return location

    result = run_example(example_binary, relay, approve)
    assert result.returncode == 0, (result.stdout, result.stderr)
    assert re.search(r"Signed in as \S+#\d+\.", result.stdout), result.stdout
    heroes = re.findall(r"^  .+, level \d+ .+$", result.stdout, re.MULTILINE)
    assert heroes, result.stdout


def test_example_reports_a_declined_sign_in(relay, example_binary):
    person = Person()
    result = run_example(example_binary, relay, lambda url: person.authorize_app(url, "deny"))
    assert result.returncode == 1
    assert "declined" in result.stderr


def test_example_refuses_a_forged_callback(relay, example_binary):
    result = run_example(example_binary, relay, lambda url: "myapp://bnet-relay/callback?result=approved&result=denied")
    assert result.returncode == 1
    assert "not the answer to its own sign-in" in result.stderr
