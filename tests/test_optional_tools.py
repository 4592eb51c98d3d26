"""The guard for optional tools (tests/conftest.py): without Chromium, PostgreSQL or Node the
tests that need them skip with one line saying how to get them; under CI=true they fail.

A pytest run in a subprocess with every tool hidden (an empty ``PATH`` and no Debian fallback)
must collect every such test and skip it, never error.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MARKED = "needs_browser or needs_postgres or needs_node or needs_nginx"
FOLDERS = ["tests/server", "tests/web", "tests/sim/test_report_sorting.py"]


def _run_hidden(tmp_path: Path, *args: str, ci: bool) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTEST_ADDOPTS")}
    env |= {"PATH": str(tmp_path), "BOARDRULES_TOOLS_ON_PATH_ONLY": "1",
            "HYPOTHESIS_PROFILE": "dev"}
    if ci:
        env["CI"] = "true"
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist", "-q",
         "-rs", "-m", MARKED, *args],
        capture_output=True, text=True, timeout=600, cwd=ROOT, env=env, check=False,
    )


def _number(pattern: str, text: str) -> int:
    found = re.search(pattern, text)
    assert found is not None, (pattern, text)
    return int(found.group(1))


def test_without_the_tools_every_test_that_needs_one_skips_with_one_line(
    tmp_path: Path,
) -> None:
    result = _run_hidden(tmp_path, *FOLDERS, ci=False)
    out = result.stdout
    assert result.returncode == 0, out[-4000:] + result.stderr[-2000:]
    summary = out.strip().splitlines()[-1]
    assert " passed" not in summary, summary
    assert "error" not in summary, summary
    assert "failed" not in summary, summary
    skipped = _number(r"(\d+) skipped", summary)
    lines = [line for line in out.splitlines() if line.startswith("SKIPPED")]
    counts = {part: sum(_number(r"\[(\d+)\]", line) for line in lines
                        if f"{part} tests need" in line)
              for part in ("browser", "postgres", "node", "nginx")}
    assert sum(counts.values()) == skipped, lines
    assert all(counts.values()), counts  # each part guards at least one test
    how = "installs Debian's" if os.geteuid() == 0 else "as root, run `make"
    for line in lines:
        assert "not found on PATH" in line, line
        assert how in line, line


def test_under_ci_a_missing_tool_fails_instead_of_skipping(tmp_path: Path) -> None:
    result = _run_hidden(tmp_path, "tests/sim/test_report_sorting.py", ci=True)
    assert result.returncode == 1, result.stdout[-3000:]
    assert "CI=true, so nothing may skip: node tests need node" in result.stdout
    assert "skipped" not in result.stdout.strip().splitlines()[-1]


def test_under_ci_any_skip_fails_the_run(tmp_path: Path) -> None:
    (tmp_path / "test_one_skip.py").write_text(
        "import pytest\n\ndef test_passes():\n    pass\n\n"
        "def test_skips():\n    pytest.skip('a missing part')\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTEST_ADDOPTS")}
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist",
               "-p", "tests.conftest", "-q", "-rs", "--rootdir", str(tmp_path),
               str(tmp_path / "test_one_skip.py")]
    plain = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=env,
                           timeout=300, check=False)
    assert plain.returncode == 0, plain.stdout
    assert "1 passed, 1 skipped" in plain.stdout
    ci = subprocess.run(command, capture_output=True, text=True, cwd=ROOT,
                        env=env | {"CI": "true"}, timeout=300, check=False)
    assert ci.returncode == 1, ci.stdout
    assert "CI=true, so nothing may skip, but 1 skipped: the run fails" in ci.stdout


@pytest.mark.parametrize("needle", ["/usr/bin/", "/usr/lib/postgresql", "shutil.which",
                                    "skipif("])
def test_only_the_guard_looks_tools_up(needle: str) -> None:
    """No test finds a tool (or skips for one) on its own: each asks the guard's fixture."""
    here = Path(__file__)
    offenders = [
        str(path.relative_to(ROOT)) for path in sorted((ROOT / "tests").rglob("*.py"))
        if path not in (ROOT / "tests" / "conftest.py", here)
        and needle in path.read_text(encoding="utf-8")
    ]
    assert not offenders, f"{needle!r} outside tests/conftest.py: {offenders}"


def test_every_browser_test_asks_for_the_browser() -> None:
    for path in sorted((ROOT / "tests").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "webdriver.Chrome(" in text:
            assert "needs_browser" in text, path
