"""Real ``boardrules serve`` processes: killed with -9 mid-game, stopped with SIGTERM, and two
processes over one PostgreSQL database pushing each other's moves live."""

from __future__ import annotations

import contextlib
import json
import signal
import socket
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from .conftest import ServerProcess, api


def _wait(check: Callable[[], bool], seconds: float = 60, what: str = "") -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def _version(server: ServerProcess, match_id: str) -> int:
    status, doc = api("GET", f"{server.url}/api/matches/{match_id}")
    assert status == 200, doc
    version: int = doc["version"]
    return version


def _human_moves(server: ServerProcess, match_id: str, token: str, count: int
                 ) -> list[tuple[int, dict[str, Any]]]:
    """Seat 0 plays ``count`` moves against a bot; returns the acknowledged (version, action)."""
    acked = []
    for _ in range(count):
        def my_turn() -> bool:
            _, doc = api("GET", f"{server.url}/api/matches/{match_id}", token=token)
            return bool(doc["over"] or doc["to_move"] == 0)

        _wait(my_turn, what="the bot's move")
        _, doc = api("GET", f"{server.url}/api/matches/{match_id}", token=token)
        if doc["over"]:
            break
        action = doc["legal"][0]["action"]
        status, answer = api("POST", f"{server.url}/api/matches/{match_id}/actions",
                             {"version": doc["version"], "action": action}, token)
        assert status == 200, answer
        acked.append((doc["version"], action))
    return acked


def test_kill_9_mid_game_loses_no_accepted_move(
    db_url: str, serve: Callable[..., ServerProcess]
) -> None:
    first = serve(db_url)
    _, duel = api("POST", f"{first.url}/api/matches",
                  {"game": "semya", "seed": 21, "seats": ["human", "greedy"]})
    _, bots = api("POST", f"{first.url}/api/matches",
                  {"game": "orbita", "seed": 5, "seats": ["random"] * 4})
    duel_id, token = duel["match"], duel["tokens"][0]
    acked = _human_moves(first, duel_id, token, 3)
    _wait(lambda: _version(first, bots["match"]) > 5, what="the bot match")
    seen_bots = _version(first, bots["match"])
    seen_duel = _version(first, duel_id)
    first.kill()  # mid-game: the bot match is moving right now

    second = serve(db_url)
    assert _version(second, duel_id) >= seen_duel
    assert _version(second, bots["match"]) >= seen_bots, "no accepted bot move is lost"
    status, doc = api("GET", f"{second.url}/api/matches/{duel_id}?since=0", token=token)
    assert status == 200
    played = {(e["move"], e["event"]["card"]) for e in doc["events"]
              if e["event"]["type"] == "card_played" and e["event"]["seat"] == 0}
    for version, action in acked:
        if action["type"] == "play_card":
            assert (version, action["card"]) in played, "an acknowledged move was lost"
    # The restarted server continues both: the bots resume by themselves, seat 0 plays on.
    _wait(lambda: _version(second, bots["match"]) > seen_bots + 3, what="the bots to resume")
    more = _human_moves(second, duel_id, token, 2)
    assert more or api("GET", f"{second.url}/api/matches/{duel_id}")[1]["over"]


def _read_until_closed(socket_: Any) -> None:
    while True:
        socket_.recv(timeout=10)


def test_sigterm_stops_the_server_gracefully_and_matches_continue(
    tmp_path: Any, serve: Callable[..., ServerProcess]
) -> None:
    db = str(tmp_path / "m.sqlite3")
    first = serve(db)
    _, bots = api("POST", f"{first.url}/api/matches",
                  {"game": "orbita", "seed": 8, "seats": ["greedy"] * 4})
    _wait(lambda: _version(first, bots["match"]) > 2, what="the bots")
    with connect(f"ws://127.0.0.1:{first.port}/api/matches/{bots['match']}/live") as watcher:
        watcher.send("{}")
        status = first.terminate()
        with pytest.raises(ConnectionClosed) as closed:
            _read_until_closed(watcher)
    assert closed.value.rcvd is not None
    assert closed.value.rcvd.code == 1012, "a watcher learns that the server restarts"
    log = first.log.read_text()
    # uvicorn finishes the shutdown, then re-raises the signal, as a supervisor expects.
    assert status in (0, -signal.SIGTERM), log[-3000:]
    assert "Application shutdown complete" in log
    assert "Traceback" not in log
    second = serve(db)
    stopped_at = _version(second, bots["match"])
    assert stopped_at > 2
    _wait(lambda: _version(second, bots["match"]) > stopped_at, what="the bots to resume")


def test_no_token_reaches_the_log(tmp_path: Any, serve: Callable[..., ServerProcess]) -> None:
    server = serve(str(tmp_path / "m.sqlite3"))
    _, made = api("POST", f"{server.url}/api/matches",
                  {"game": "semya", "seed": 1, "seats": ["human", "human"]})
    for token in made["tokens"]:
        api("GET", f"{server.url}/api/matches/{made['match']}?token={token}", token=token)
    server.terminate()
    log = server.log.read_text()
    assert f"/api/matches/{made['match']}" in log, "requests are logged"
    for token in made["tokens"]:
        assert token not in log


def test_two_processes_over_postgres_push_each_others_moves(
    postgres: Callable[[], str], serve: Callable[..., ServerProcess]
) -> None:
    url = postgres()
    one, two = serve(url), serve(url)
    _, made = api("POST", f"{one.url}/api/matches",
                  {"game": "semya", "seed": 3, "seats": ["human", "human"]})
    match_id, tokens = made["match"], made["tokens"]
    live = f"ws://127.0.0.1:{two.port}/api/matches/{match_id}/live"
    with connect(live) as seat0, connect(live) as watcher:
        seat0.send(json.dumps({"token": tokens[0]}))
        watcher.send(json.dumps({}))
        assert json.loads(seat0.recv(timeout=10))["version"] == 0
        assert json.loads(watcher.recv(timeout=10))["seat"] is None
        for version in range(4):
            _, public = api("GET", f"{one.url}/api/matches/{match_id}")
            mover = public["to_move"]
            _, mine = api("GET", f"{one.url}/api/matches/{match_id}", token=tokens[mover])
            status, _ = api("POST", f"{one.url}/api/matches/{match_id}/actions",
                            {"version": version, "action": mine["legal"][0]["action"]},
                            tokens[mover])
            assert status == 200
            pushed = json.loads(seat0.recv(timeout=10))
            assert pushed["version"] == version + 1, "a move on one process reached the other"
            assert pushed["seat"] == 0
            assert [e["move"] for e in pushed["events"]] == [version]
            assert json.loads(watcher.recv(timeout=10))["version"] == version + 1


@pytest.mark.parametrize("agent", ["mcts"])
def test_search_bots_play_on_a_small_budget(
    tmp_path: Any, serve: Callable[..., ServerProcess], agent: str
) -> None:
    server = serve(str(tmp_path / "m.sqlite3"), "--bot-seconds", "0.2")
    _, made = api("POST", f"{server.url}/api/matches",
                  {"game": "orbita", "seed": 2, "seats": [agent] * 4})
    _wait(lambda: _version(server, made["match"]) >= 5, seconds=60, what="five MCTS moves")


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


@pytest.mark.parametrize("declared", [True, False], ids=["Content-Length", "chunked"])
def test_a_150_mb_body_is_refused_without_being_read(
    tmp_path: Path, serve: Callable[..., ServerProcess], declared: bool
) -> None:
    server = serve(str(tmp_path / "m.sqlite3"))
    before = _rss_kib(server.process.pid)
    size = 150 * 1024 * 1024
    head = ("POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Content-Type: application/json\r\n"
            + (f"Content-Length: {size}\r\n" if declared else "Transfer-Encoding: chunked\r\n")
            + "\r\n").encode()
    chunk = b" " * (1024 * 1024)
    framed = chunk if declared else b"%x\r\n" % len(chunk) + chunk + b"\r\n"
    answer = b""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as conn:
        conn.sendall(head)
        with contextlib.suppress(OSError):  # the server may hang up once it has refused
            for _ in range(150):
                conn.sendall(framed)
        with contextlib.suppress(OSError):
            while b"\r\n\r\n" not in answer:
                data = conn.recv(65536)
                if not data:
                    break
                answer += data
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    grown = _rss_kib(server.process.pid) - before
    assert grown < 40 * 1024, f"the server grew by {grown} KiB"
    status, _ = api("GET", f"{server.url}/api/games")
    assert status == 200, "the server still answers"


def _processes() -> dict[int, tuple[int, str]]:
    """Every process: its parent and its state letter (``Z`` for a zombie)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                stat = (entry / "stat").read_text()
                fields = stat.rpartition(")")[2].split()
                found[int(entry.name)] = (int(fields[1]), fields[0])
    return found


def _descendants(pid: int) -> set[int]:
    table = _processes()
    out: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, (parent, _) in table.items() if parent in frontier}
        out |= frontier
    return out


def test_bot_workers_die_with_a_server_killed_with_9(
    tmp_path: Path, serve: Callable[..., ServerProcess], needs_proc: Path
) -> None:
    server = serve(str(tmp_path / "m.sqlite3"), "--bot-workers", "2", "--bot-seconds", "0.2")
    for seed in (1, 2):
        _, made = api("POST", f"{server.url}/api/matches",
                      {"game": "orbita", "seed": seed, "seats": ["mcts"] * 4})
    _wait(lambda: _version(server, made["match"]) > 3, what="bot moves")
    workers = _descendants(server.process.pid)
    assert len(workers) >= 2, "the bot pool runs in child processes"
    server.kill()

    def gone() -> bool:
        table = _processes()
        return all(pid not in table or table[pid][1] == "Z" for pid in workers)

    _wait(gone, seconds=15, what="the bot workers to die with the server")


def test_two_workers_over_postgres_serve_one_port(
    postgres: Callable[[], str], serve: Callable[..., ServerProcess]
) -> None:
    server = serve(postgres(), "--workers", "2")
    _, made = api("POST", f"{server.url}/api/matches",
                  {"game": "semya", "seats": ["human", "human"]})
    match_id, tokens = made["match"], made["tokens"]
    live = f"ws://127.0.0.1:{server.port}/api/matches/{match_id}/live"
    with contextlib.ExitStack() as stack:
        watchers = [stack.enter_context(connect(live)) for _ in range(6)]
        for watcher in watchers:
            watcher.send("{}")
            assert json.loads(watcher.recv(timeout=10))["version"] == 0
        for version in range(12):  # each request on a new connection: either worker takes it
            _, public = api("GET", f"{server.url}/api/matches/{match_id}")
            mover = public["to_move"]
            _, mine = api("GET", f"{server.url}/api/matches/{match_id}", token=tokens[mover])
            status, _ = api("POST", f"{server.url}/api/matches/{match_id}/actions",
                            {"version": version, "action": mine["legal"][0]["action"]},
                            tokens[mover])
            assert status == 200
            for watcher in watchers:  # whichever worker holds it, every watcher is told
                assert json.loads(watcher.recv(timeout=10))["version"] == version + 1
    log = server.log.read_text()
    assert log.count("Application startup complete") == 2, log[-3000:]
    processes = _descendants(server.process.pid)
    server.kill()

    def gone() -> bool:
        table = _processes()
        return all(pid not in table or table[pid][1] == "Z" for pid in processes)

    _wait(gone, seconds=15, what="the workers and their bot pools to die with the parent")


def test_two_workers_stop_gracefully_on_sigterm(
    postgres: Callable[[], str], serve: Callable[..., ServerProcess]
) -> None:
    server = serve(postgres(), "--workers", "2")
    processes = _descendants(server.process.pid)
    assert server.terminate() == 0
    log = server.log.read_text()
    assert log.count("Application shutdown complete") == 2, log[-3000:]
    assert "Traceback" not in log

    def gone() -> bool:
        table = _processes()
        return all(pid not in table or table[pid][1] == "Z" for pid in processes)

    # The parent's multiprocessing resource tracker exits once it reads the parent's end of
    # its pipe close, a moment after the parent: nothing may be left running after that.
    _wait(gone, seconds=10, what="every worker, bot worker and helper process to exit")
