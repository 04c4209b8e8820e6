"""The docs' shell examples that call the sandbox relay with curl, run as printed (but for the relay's port) against
a sandbox relay: each block must exit 0 and print an answer. A block is a fenced `sh` block of README.md or docs/
that names http://127.0.0.1:8080 and calls curl; the other blocks are run by the CLI tests, the try-login test, or
need a machine of their own (the deployment guide's)."""

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SANDBOX = "http://127.0.0.1:8080"


def blocks():
    found = []
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for block in re.findall(r"^```sh\n(.*?)^```", page.read_text(), flags=re.S | re.M):
            if SANDBOX in block and "curl " in block:
                found.append(pytest.param(block, id=f"{page.relative_to(ROOT)}:{block.splitlines()[0][:40]}"))
    return found


def test_the_blocks_are_found():
    pages = {param.id.split(":")[0] for param in blocks()}
    assert {"README.md", "docs/gateway.md"} <= pages, pages


@pytest.mark.parametrize("block", blocks())
def test_runs_as_printed(relay, block):
    script = block.replace(SANDBOX, relay.url)
    result = subprocess.run(["bash", "-euo", "pipefail", "-c", script], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, f"{script}\n{result.stdout}\n{result.stderr}"
    lines = [line for line in result.stdout.splitlines() if line.strip()]
    assert lines, f"{script} printed nothing"
    assert not any(line in ("null", "") for line in lines), result.stdout
