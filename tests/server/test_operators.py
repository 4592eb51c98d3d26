"""What an operator watches (issue 32): ``GET /api/health`` and Prometheus's ``/metrics`` on
``--metrics-port``, on real ``boardrules serve`` processes (one, and ``--workers 2`` whose
figures the parent sums), and the health answer of docs/how-to/serve.md as the server gives it.
"""

from __future__ import annotations

import doctest
import json
import os
import re
import signal
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families
from starlette.testclient import TestClient
from websockets.sync.client import connect

import boardrules
from boardrules.server.app import make_app
from boardrules.server.matches import Limits
from boardrules.server.store import open_store

from .conftest import ServerProcess, api, free_port

SERVE_MD = Path(__file__).resolve().parents[2] / "docs" / "how-to" / "serve.md"


def _bot_workers(pid: int) -> list[int]:
    """The bot worker processes of the server process ``pid``."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return [int(c) for c in children
            if b"spawn_main" in Path(f"/proc/{c}/cmdline").read_bytes()]


def test_health_says_whether_the_database_and_the_bots_answer(
        db_url: str, serve: Callable[..., ServerProcess]) -> None:
    server = serve(db_url)
    status, health = api("GET", f"{server.url}/api/health")
    assert (status, health) == (200, {"status": "ok", "database": "ok", "bots": "ok",
                                      "version": boardrules.__version__})
    for pid in _bot_workers(server.process.pid):
        os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 30
    while (answer := api("GET", f"{server.url}/api/health"))[0] == 200:
        assert time.monotonic() < deadline, "a dead bot pool was never noticed"
        time.sleep(0.1)
    assert answer == (503, {"status": "failing", "database": "ok", "bots": "broken; restarted",
                            "version": boardrules.__version__})
    assert api("GET", f"{server.url}/api/health")[0] == 200, "the pool was restarted"


def test_health_is_503_when_the_database_does_not_answer(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "m.sqlite3"))
    app, _ = make_app(store, Limits(bot_workers=1))
    with TestClient(app) as client:
        def unreachable() -> None:
            raise OSError("the database went away")

        store.ping = unreachable  # type: ignore[method-assign]
        answer = client.get("/api/health")
    assert answer.status_code == 503
    assert answer.json()["database"] == "unreachable: OSError"


def _scrape(port: int) -> dict[str, float]:
    """The figures of ``/metrics``: ``name{label=value,...}`` to the value."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as answer:
        text = answer.read().decode()
    out = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            labels = ",".join(f"{k}={v}" for k, v in sorted(sample.labels.items())
                              if k != "pid")
            out[f"{sample.name}{{{labels}}}"] = out.get(f"{sample.name}{{{labels}}}", 0.0) + (
                sample.value)
    return out


def _play(server: ServerProcess, moves: int) -> None:
    """A person plays ``moves`` moves of 7Я against a random bot, each after the bot's."""
    _, made = api("POST", f"{server.url}/api/matches",
                  {"game": "semya", "seed": 2, "setup": {"first": 0},
                   "seats": ["human", "random"]})
    url, token = f"{server.url}/api/matches/{made['match']}", made["tokens"][0]
    for _ in range(moves):
        deadline = time.monotonic() + 30
        while (mine := api("GET", url, token=token)[1])["to_move"] != 0:
            assert time.monotonic() < deadline, "the bot never answered"
            time.sleep(0.05)
        status, _ = api("POST", f"{url}/actions", {"version": mine["version"],
                                                   "action": mine["legal"][0]["action"]}, token)
        assert status == 200


def test_metrics_count_requests_moves_bots_and_websockets(
        tmp_path: Path, serve: Callable[..., ServerProcess]) -> None:
    port = free_port()
    server = serve(str(tmp_path / "m.sqlite3"), "--metrics-port", str(port))
    _play(server, 2)
    _, made = api("POST", f"{server.url}/api/matches", {"game": "kuhn",
                                                        "seats": ["human", "human"]})
    with connect(f"ws://127.0.0.1:{server.port}/api/matches/{made['match']}/live") as socket:
        socket.send("{}")
        socket.recv(timeout=10)
        seen = _scrape(port)
    assert seen["boardrules_moves_total{by=person}"] == 2
    assert seen["boardrules_moves_total{by=bot}"] >= 1
    assert seen["boardrules_requests_total{route=act,status=200}"] == 2
    assert seen["boardrules_websockets{}"] == 1
    assert seen["boardrules_bot_wait_seconds_count{}"] >= 1
    assert seen["boardrules_bot_queue{}"] == 0
    assert api("GET", f"{server.url}/metrics")[0] == 404, "not on the public port"


def test_the_parent_of_two_workers_sums_their_figures(
        postgres: Callable[[], str], serve: Callable[..., ServerProcess]) -> None:
    port = free_port()
    server = serve(postgres(), "--workers", "2", "--metrics-port", str(port))
    _play(server, 6)  # one connection a request: the moves reach both workers
    seen = _scrape(port)
    assert seen["boardrules_moves_total{by=person}"] == 6
    assert seen["boardrules_requests_total{route=act,status=200}"] == 6


def test_the_health_answer_in_serve_md_is_the_server_s(
        tmp_path: Path, serve: Callable[..., ServerProcess]) -> None:
    """The page's ``curl .../api/health`` and what it prints, against a real server."""
    block = re.search(r"\$ curl -s http://127\.0\.0\.1:8000/api/health\n(.*?)\n```",
                      SERVE_MD.read_text(), re.S)
    assert block is not None, "serve.md shows the health answer"
    server = serve(str(tmp_path / "m.sqlite3"))
    with urllib.request.urlopen(f"{server.url}/api/health", timeout=10) as answer:
        printed = answer.read().decode()
    assert doctest.OutputChecker().check_output(block.group(1) + "\n", printed + "\n",
                                                doctest.ELLIPSIS), printed
    assert json.loads(printed)["status"] == "ok"
