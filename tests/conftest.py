"""Hypothesis profiles, and the guard for the optional outside tools.

Hypothesis: ``dev`` (fast, the default), ``ci`` (thorough), ``nightly`` (many). Choose one with
``HYPOTHESIS_PROFILE=ci`` (``make test`` does) or ``--hypothesis-profile``.

Optional tools: a test that needs Chromium and chromedriver, PostgreSQL's ``initdb`` and
``pg_ctl``, or Node asks for the ``needs_browser``, ``needs_postgres`` or ``needs_node``
fixture (which gives the tools' paths), directly or through another fixture, or carries the
marker of the same name. This is the only place that looks the tools up. Without them the test
skips with one line saying what is missing and how to get it; under ``CI=true`` it fails
instead, since CI installs everything (``make test`` runs ``make browser postgres node``
there). Under ``CI=true`` any other skip fails the run too.

The tools are looked up on ``PATH``; PostgreSQL also in Debian's ``/usr/lib/postgresql/*/bin``
unless ``BOARDRULES_TOOLS_ON_PATH_ONLY=1`` (which tests/test_optional_tools.py sets to hide
them).
"""

from __future__ import annotations

import glob
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

_common = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
}
settings.register_profile("dev", max_examples=25, **_common)
# ``ci`` keeps the whole suite well inside 15 minutes on 2 cores, with the browser, the
# TypeScript client and schemathesis in it; ``nightly`` searches far wider.
settings.register_profile("ci", max_examples=100, derandomize=False, print_blob=True, **_common)
settings.register_profile("nightly", max_examples=2000, **_common)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


#: Each optional part: the programs it needs, and Debian's packages that bring them.
PARTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "browser": (("chromium", "chromedriver"), ("chromium", "chromium-driver")),
    "postgres": (("initdb", "pg_ctl"), ("postgresql",)),
    "node": (("node", "npm"), ("nodejs",)),
    "nginx": (("nginx", "openssl"), ("nginx", "openssl")),
}
#: Where Debian puts programs that are not on PATH.
_FALLBACKS = {"initdb": "/usr/lib/postgresql/*/bin", "pg_ctl": "/usr/lib/postgresql/*/bin"}


def find_tool(name: str) -> str | None:
    """The path of the program ``name``, or None."""
    found = shutil.which(name)
    if found is None and os.environ.get("BOARDRULES_TOOLS_ON_PATH_ONLY") != "1":
        for folder in sorted(glob.glob(_FALLBACKS.get(name, "")), reverse=True):
            found = shutil.which(name, path=folder)
            if found is not None:
                break
    return found


def missing_line(part: str, missing: list[str]) -> str:
    """The one line a skipped test shows: what is missing and how to get it."""
    packages = " ".join(PARTS[part][1])
    what = f"{part} tests need {', '.join(missing)}, not found on PATH"
    if os.geteuid() == 0:
        return f"{what}: `make {part}` installs Debian's {packages}"
    return (f"{what}: as root, run `make {part}` or `apt-get install {packages}` "
            f"(Debian's packages), then run the tests again")


def require(part: str) -> dict[str, str]:
    """The paths of ``part``'s programs; skip (fail under CI=true) when one is missing."""
    programs = PARTS[part][0]
    found = {name: find_tool(name) for name in programs}
    missing = [name for name, path in found.items() if path is None]
    if missing:
        line = missing_line(part, missing)
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true, so nothing may skip: {line}", pytrace=False)
        pytest.skip(line)
    return {name: path for name, path in found.items() if path is not None}


def pytest_configure(config: pytest.Config) -> None:
    for part, (programs, _) in PARTS.items():
        config.addinivalue_line(
            "markers", f"needs_{part}: the test needs {' and '.join(programs)} (skips without)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that asks for a ``needs_*`` fixture, so ``-m needs_browser`` finds it."""
    for item in items:
        names = getattr(item, "fixturenames", ())
        for part in PARTS:
            if f"needs_{part}" in names and not item.get_closest_marker(f"needs_{part}"):
                item.add_marker(f"needs_{part}")


def pytest_runtest_setup(item: pytest.Item) -> None:
    for part in PARTS:
        if item.get_closest_marker(f"needs_{part}"):
            require(part)


def _skipped(config: pytest.Config) -> list[pytest.TestReport]:
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    return list(reporter.stats.get("skipped", [])) if reporter is not None else []


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Under CI=true nothing may skip: a run with a skipped test (or module) fails."""
    if os.environ.get("CI") == "true" and exitstatus == 0 and _skipped(session.config):
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    skipped = _skipped(terminalreporter.config)
    if os.environ.get("CI") == "true" and skipped:
        terminalreporter.write_line(
            f"CI=true, so nothing may skip, but {len(skipped)} skipped: the run fails "
            "(see the SKIPPED lines above)", red=True)


@pytest.fixture(scope="session")
def needs_browser() -> dict[str, str]:
    """``{"chromium": path, "chromedriver": path}``, or the test skips."""
    return require("browser")


@pytest.fixture(scope="session")
def needs_postgres() -> dict[str, str]:
    """``{"initdb": path, "pg_ctl": path}``, or the test skips."""
    return require("postgres")


@pytest.fixture(scope="session")
def needs_node() -> dict[str, str]:
    """``{"node": path, "npm": path}``, or the test skips."""
    return require("node")


@pytest.fixture(scope="session")
def needs_proc() -> Path:
    """Linux's ``/proc`` (for tests that watch processes and threads); skips elsewhere, and
    fails under CI=true (CI runs on Linux)."""
    proc = Path("/proc")
    if not (proc / "self" / "stat").exists() or not (proc / "self" / "task").exists():
        line = "this test reads Linux's /proc, which this system does not have"
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true, so nothing may skip: {line}", pytrace=False)
        pytest.skip(line)
    return proc


@pytest.fixture(scope="session")
def find_program() -> Callable[[str], str | None]:
    """The guard's own look-up, for a test that uses a program only where it is there."""
    return find_tool


@pytest.fixture(scope="session")
def needs_nginx() -> dict[str, str]:
    """``{"nginx": path, "openssl": path}``, or the test skips."""
    return require("nginx")


#: What ``make browser-example`` builds: Pyodide from npm and the wheels the page installs.
BROWSER_EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "browser"
BROWSER_EXAMPLE_BUILT = ("node_modules/pyodide/pyodide.mjs", "wheels/manifest.json")


def _stale_wheel() -> str | None:
    """Why the example's boardrules wheel differs from src/boardrules, or None."""
    import json
    import zipfile

    wheels = json.loads((BROWSER_EXAMPLE / "wheels" / "manifest.json").read_text("utf-8"))
    ours = [name for name in wheels["wheels"] if name.startswith("boardrules-")]
    if len(ours) != 1:
        return "its manifest names no boardrules wheel"
    source = BROWSER_EXAMPLE.parents[1] / "src"
    with zipfile.ZipFile(BROWSER_EXAMPLE / "wheels" / ours[0]) as wheel:
        packed = {name: wheel.read(name) for name in wheel.namelist()
                  if name.startswith("boardrules/") and not name.endswith("/")}
    here = {path.relative_to(source).as_posix(): path.read_bytes()
            for path in (source / "boardrules").rglob("*")
            if path.is_file() and "__pycache__" not in path.parts}
    changed = sorted(name for name in packed.keys() | here.keys()
                     if packed.get(name) != here.get(name))
    return f"{changed[0]} changed since it was built" if changed else None


@pytest.fixture(scope="session")
def needs_browser_example(needs_browser: dict[str, str]) -> dict[str, str]:
    """Chromium and chromedriver (as ``needs_browser``) and the browser example built from
    this source tree (examples/browser after ``make browser-example``), or the test skips;
    fails under CI=true, where ``make test`` builds it."""
    missing = [name for name in BROWSER_EXAMPLE_BUILT if not (BROWSER_EXAMPLE / name).exists()]
    stale = None if missing else _stale_wheel()
    if missing or stale:
        why = f"{', '.join(missing)} missing in examples/browser" if missing else (
            f"its boardrules wheel is stale: {stale}")
        line = (f"the browser example is not built ({why}): run `make browser-example` "
                "(npm and pip fetch Pyodide and the wheels once), then run the tests again")
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true, so nothing may skip: {line}", pytrace=False)
        pytest.skip(line)
    return needs_browser
