"""Real parts for the server tests: a throwaway PostgreSQL cluster and real server processes.

The cluster is made with Debian's ``initdb`` and ``pg_ctl`` in a temporary directory and
listens only on a unix socket there; when the tests run as root it runs as the ``postgres``
user. Without them the PostgreSQL tests skip and say so (the ``needs_postgres`` guard in
tests/conftest.py); ``make postgres`` installs Debian's ``postgresql`` package as root.
"""

from __future__ import annotations

import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from selenium import webdriver
from tests.browsers import headless_chromium

from boardrules.server.store import Store, open_store

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def postgres(needs_postgres: dict[str, str]) -> Iterator[Callable[[], str]]:
    """A function that empties the database of a throwaway cluster and returns its URL."""
    root = Path(tempfile.mkdtemp(prefix="boardrules-pg-"))
    data, sockets = root / "data", root / "run"
    sockets.mkdir()
    prefix: list[str] = []
    if os.geteuid() == 0:  # initdb refuses to run as root
        user = pwd.getpwnam("postgres")
        os.chown(root, user.pw_uid, user.pw_gid)
        os.chown(sockets, user.pw_uid, user.pw_gid)
        prefix = ["runuser", "-u", "postgres", "--"]
    subprocess.run([*prefix, needs_postgres["initdb"], "-D", str(data), "-A", "trust", "-U",
                    "boardrules", "--no-sync", "-E", "UTF8"],
                   check=True, capture_output=True)
    options = f"-k {sockets} -c listen_addresses='' -p 5432 -c fsync=off -c max_connections=200"
    subprocess.run([*prefix, needs_postgres["pg_ctl"], "-D", str(data), "-o", options, "-w",
                    "-l", str(root / "log"), "start"], check=True, capture_output=True)
    url = f"postgresql://boardrules@/postgres?host={sockets}&port=5432"

    def new_database() -> str:
        """The cluster's database, emptied (cheaper than a new database per test)."""
        with psycopg.connect(url, autocommit=True) as conn:
            tables = [name for (name,) in conn.execute(
                "SELECT tablename FROM pg_tables WHERE tablename LIKE 'br_%'").fetchall()]
            if tables:
                conn.execute(f"TRUNCATE {', '.join(tables)}")
        return url

    try:
        yield new_database
    finally:
        subprocess.run([*prefix, needs_postgres["pg_ctl"], "-D", str(data), "-m", "immediate",
                        "stop"], check=False, capture_output=True)
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(params=[pytest.param(name, marks=pytest.mark.needs_postgres)
                        if name == "postgresql" else name for name in BACKENDS])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database of each backend: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "matches.sqlite3")
    maker: Callable[[], str] = request.getfixturevalue("postgres")
    return maker()


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    opened = open_store(db_url)
    yield opened
    opened.close()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class ServerProcess:
    """``boardrules serve`` in a child process on a free loopback port."""

    def __init__(self, db: str, *extra: str, log: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        command = str(Path(sys.executable).parent / "boardrules")
        self.log = log
        self._log_file = log.open("ab")
        self.process = subprocess.Popen(
            [command, "serve", "--port", str(self.port), "--db", db, "--bot-workers", "1",
             *extra],
            stdout=self._log_file, stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 30
        while True:
            assert self.process.poll() is None, self.log.read_text()[-3000:]
            try:
                with urllib.request.urlopen(self.url + "/api/games", timeout=1):
                    break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)

    def kill(self) -> None:
        """``kill -9``: no chance to clean up."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        self._log_file.close()

    def terminate(self, timeout: float = 20) -> int:
        """SIGTERM, then the exit status."""
        self.process.send_signal(signal.SIGTERM)
        status = self.process.wait(timeout=timeout)
        self._log_file.close()
        return status


@pytest.fixture(scope="module")
def browser(needs_browser: dict[str, str]) -> Iterator[webdriver.Chrome]:
    """One headless Chromium per test module (the page tests)."""
    driver = headless_chromium(needs_browser, "--window-size=1200,800")
    yield driver
    driver.quit()


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., ServerProcess]]:
    """Start ``boardrules serve`` processes; each is killed at the end of the test."""
    started: list[ServerProcess] = []

    def start(db: str, *extra: str) -> ServerProcess:
        server = ServerProcess(db, *extra, log=tmp_path / f"server{len(started)}.log")
        started.append(server)
        return server

    yield start
    for server in started:
        if server.process.poll() is None:
            server.kill()


def api(method: str, url: str, body: Any = None, token: str | None = None,
        raw: bytes | None = None) -> tuple[int, Any]:
    """One HTTP request with urllib: the status and the decoded JSON answer."""
    import json

    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("content-type", "application/json")
    if token is not None:
        request.add_header("authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def _assert_reads_finished(payload: dict[str, Any], resigned: int | None = None) -> None:
    """A finished match's payload reads finished everywhere (issue 33): no seat to move, no
    moves, no prompt of a move, the ``result`` in each language with every seat's place and
    a sentence, and standings that agree with it; after a resignation, the resigning seat
    last and the result's sentence is what the turn says."""
    assert payload["over"]
    assert payload["to_move"] is None
    assert payload["legal"] == []
    assert payload.get("resigned") == resigned
    for lang in ("en", "ru"):
        turn, result = payload["turn"][lang], payload["result"][lang]
        assert (turn["seat"], turn["moves"], turn["kinds"], turn["step"]) == (
            None, [], [], "over")
        assert result["final"]
        assert result["lang"] == lang
        assert result["sentence"]
        assert sorted(place["seat"] for place in result["places"]) == list(
            range(len(payload["seats"])))
        assert all(sum(part["points"] for part in place["parts"]) == place["points"]
                   for place in result["places"] if place["parts"])
        assert sorted(result["winners"]) == payload["standings"]["winners"]
        if resigned is not None:
            assert turn["asked"] == result["sentence"]
            assert resigned not in result["winners"]
            assert max(place["rank"] for place in result["places"]) == next(
                place["rank"] for place in result["places"] if place["seat"] == resigned)
    assert payload["result"]["ru"]["sentence"] != payload["result"]["en"]["sentence"]
    assert payload["standings"]["final"]


@pytest.fixture
def reads_finished() -> Callable[..., None]:
    """:func:`_assert_reads_finished`, for the tests of each way a match ends."""
    return _assert_reads_finished
