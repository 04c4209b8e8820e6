"""Fixtures: a fresh sandbox relay per test (printing its log when the test fails), and people with their own browsers."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from relayflow import Person, Relay

# The relay runs on plain http on loopback: let the OAuth libraries talk to it.
os.environ["OAUTHLIB_INSECURE_TRANSPORT"] = "1"
os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"


@pytest.fixture(scope="session")
def relay_binary() -> str:
    """The bnet-relay under test: $BNET_RELAY_BIN (scripts/interop.sh sets it)."""
    path = os.environ.get("BNET_RELAY_BIN", "")
    if not path or not os.access(path, os.X_OK):
        pytest.fail(f"set BNET_RELAY_BIN to a built bnet-relay (got {path!r}); scripts/interop.sh does")
    return str(Path(path).resolve())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Remember each phase's outcome on the test item, so fixtures can tell whether the test failed."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)


@pytest.fixture
def start_relay(relay_binary, request):
    """A factory: start_relay(apps=..., emulator_host=...) starts a relay; all are stopped after the test, and their
    logs are printed when it failed."""
    relays: list[Relay] = []

    def start(**kwargs) -> Relay:
        relay = Relay(relay_binary, **kwargs)
        relays.append(relay)
        return relay.start()

    yield start
    for relay in relays:
        relay.stop()
    failed = any(getattr(getattr(request.node, f"report_{when}", None), "failed", False)
                 for when in ("setup", "call"))
    for relay in relays:
        if failed:
            print(f"\n===== relay log ({relay.url}, {relay.dir}) =====\n{relay.log()}")
        relay.remove()


@pytest.fixture
def relay(start_relay) -> Relay:
    """A sandbox relay with apps d3 (poll) and myapp (redirect); the emulator on the same host, the next port."""
    return start_relay()


@pytest.fixture
def person() -> Person:
    """The person signing in, with a browser of their own."""
    return Person()
