"""scripts/try-login.sh, the quick start's terminal login, against a sandbox relay: it must complete a whole login
and leave the token collected; anything else must end it with a message and a non-zero exit."""

import re
import subprocess
from pathlib import Path

from relayflow import free_ports, token_request

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "try-login.sh"


def run(relay_url: str) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(SCRIPT), relay_url], capture_output=True, text=True, timeout=60)


def test_whole_login_in_a_terminal(relay):
    result = run(relay.url)
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    for step in range(1, 7):
        assert f"\n== {step}. " in out, out
    assert re.search(r"hidden field confirm=\S+\.\.\., cookie bnr_confirm_\S+ with the same value", out), out
    assert "the cookie that binds the login to this browser: bnr_login_" in out, out
    assert "the page says: Signed in as FaYe#2543" in out, out
    assert out.rstrip().endswith("Signed in as FaYe#2543 (sandbox: the emulator's recorded player, not a real account)")

    # The token it printed was the login's one pickup: the relay hands out nothing more for that device code.
    device_code = re.search(r'"device_code":"([^"]+)"', out).group(1)
    again = token_request(relay.url, device_code)
    assert again.status_code == 400 and again.json()["error"] == "invalid_grant", again.text
    # It prints only the start of the access token.
    assert re.search(r'"access_token":"[^"]{6}\.\.\."', out), out


def test_no_relay_is_a_clear_failure():
    result = run(f"http://127.0.0.1:{free_ports(1)}")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "try-login: no relay answers at http://127.0.0.1:" in result.stderr
    assert "swift run bnet-relay" in result.stderr
