"""The game-data example (Examples/GameDataApp, built by scripts/examples.sh against the BattleNet library alone)
prints Diablo III's acts through a sandbox relay's game-data gateway, with no secret and no sign-in: the acts it prints
are the emulator's, and the relay counted the request as its gateway's."""

import json
import os
import re
import subprocess
from pathlib import Path

import pytest
import requests

ACTS = Path(__file__).resolve().parents[2] / "Sources/BattleNetEmulator/Samples/d3_act_index_rbattlenet_vcr.json"


@pytest.fixture(scope="module")
def game_data_example() -> str:
    path = os.environ.get("GAME_DATA_EXAMPLE_BIN", "")
    if not path or not os.access(path, os.X_OK):
        pytest.fail(f"set GAME_DATA_EXAMPLE_BIN to the built example (got {path!r}); .ci/run does, from scripts/examples.sh")
    return path


def run_example(binary: str, relay) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BNET_", "D3_"))}
    return subprocess.run([binary, relay.url, "eu"], capture_output=True, text=True, timeout=60, env=env)


def test_example_prints_the_emulators_acts_through_the_gateway(relay, game_data_example):
    result = run_example(game_data_example, relay)
    assert result.returncode == 0, (result.stdout, result.stderr)
    assert f"through {relay.url}/api" in result.stdout, result.stdout
    printed = re.findall(r"^  (\d+)\. (.+) \((\S+)\): (\d+) quests$", result.stdout, re.MULTILINE)
    expected = [(str(act["number"]), act["name"], act["slug"], str(len(act["quests"])))
                for act in json.loads(ACTS.read_text())["acts"]]
    assert len(expected) == 5
    assert printed == expected, result.stdout
    metrics = requests.get(f"http://127.0.0.1:{relay.port + 2}/metrics", timeout=10).text
    assert 'bnet_relay_gateway_requests_total{result="miss"} 1' in metrics, metrics


def test_example_says_when_the_relay_offers_no_gateway(start_relay, game_data_example):
    relay = start_relay(extra_args=("--gateway", "off"))
    result = run_example(game_data_example, relay)
    assert result.returncode == 1, (result.stdout, result.stderr)
    assert "offers no game-data gateway" in result.stderr, result.stderr
    assert "acts" not in result.stdout
