"""The TypeScript client (clients/typescript/) passes its own tests: ``npm ci`` (when its
``node_modules`` is missing or older than its lock file) and ``npm test``, which builds it —
the OpenAPI document printed by this checkout, the types generated from it, ``tsc`` — and
runs node's test runner against ``boardrules serve`` processes it starts on 127.0.0.1.

Without node and npm it skips with one line (``make node`` installs Debian's ``nodejs``).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
CLIENT = ROOT / "clients" / "typescript"


@pytest.mark.needs_node
def test_the_typescript_client_passes_its_tests(needs_node: dict[str, str]) -> None:
    npm = needs_node["npm"]
    env = {**os.environ, "BOARDRULES_PYTHON": sys.executable,
           "npm_config_update_notifier": "false", "npm_config_fund": "false",
           "npm_config_audit": "false"}
    installed = CLIENT / "node_modules" / ".package-lock.json"
    lock = CLIENT / "package-lock.json"
    if not installed.exists() or installed.stat().st_mtime < lock.stat().st_mtime:
        ci = subprocess.run([npm, "ci"], cwd=CLIENT, env=env, capture_output=True, text=True,
                            timeout=600, check=False)
        assert ci.returncode == 0, ci.stdout[-3000:] + ci.stderr[-3000:]
    result = subprocess.run([npm, "test"], cwd=CLIENT, env=env, capture_output=True,
                            text=True, timeout=600, check=False)
    out = result.stdout + result.stderr
    assert result.returncode == 0, out[-6000:]
    assert "# fail 0" in out
    passed = [line for line in out.splitlines() if line.startswith("# pass ")]
    assert passed, out[-3000:]
    assert int(passed[-1].split()[-1]) >= 10, passed
