"""One client cannot take the server (issue 32): bodies read by one capped reader, a fair
share of creations, connections, WebSockets, live matches and lobby rows per address,
abandoned matches removed, and the ``Origin`` allow-list — on real ``boardrules serve``
processes (SQLite, and PostgreSQL where the store keeps the count)."""

from __future__ import annotations

import contextlib
import json
import socket
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

import boardrules
from boardrules import serde
from boardrules.server.app import make_app
from boardrules.server.matches import Limits
from boardrules.server.store import open_store

from .conftest import ServerProcess, api


def _exchange(server: ServerProcess, head: str, body: bytes = b"", source: str = "127.0.0.1",
              headers: str = "") -> tuple[int, dict[str, str], bytes, socket.socket]:
    """Send a request's head (and ``body``) from ``source``; the answer's status, headers and
    body, and the connection, still open on the client's side."""
    conn = socket.create_connection(("127.0.0.1", server.port), timeout=15,
                                    source_address=(source, 0))
    conn.sendall(f"{head}\r\nHost: 127.0.0.1:{server.port}\r\n{headers}\r\n".encode() + body)
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += conn.recv(65536)
    top, _, rest = answer.partition(b"\r\n\r\n")
    lines = top.decode().split("\r\n")
    fields = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    while len(rest) < int(fields.get("content-length", "0")):
        rest += conn.recv(65536)
    return int(lines[0].split()[1]), fields, rest, conn


def _closed(conn: socket.socket) -> bool:
    """Whether the server closed the connection (it reads the end, or a reset)."""
    try:
        return conn.recv(65536) == b""
    except ConnectionResetError:
        return True
    finally:
        conn.close()


def test_bodies_are_refused_unread_over_the_cap_and_cut_off_when_slow(
        tmp_path: Path, serve: Callable[..., ServerProcess]) -> None:
    server = serve(str(tmp_path / "m.sqlite3"), "--max-body", "4096", "--body-seconds", "1")
    _, made = api("POST", f"{server.url}/api/matches",
                  {"game": "kuhn", "seats": ["human", "human"]})
    undo = f"POST /api/matches/{made['match']}/undo HTTP/1.1"
    json_type = "Content-Type: application/json\r\n"
    # A declared length over the cap: 413 before a byte of the body is sent.
    status, _, body, conn = _exchange(server, undo, headers=json_type +
                                      "Content-Length: 1000000000\r\n")
    assert (status, json.loads(body)["error"]) == (413, "too_large")
    assert _closed(conn)
    # A chunked body without a token: 401 on the headers alone, and the connection closed.
    status, fields, _, conn = _exchange(server, undo, b"400\r\n" + b"x" * 1024 + b"\r\n",
                                        headers=json_type + "Transfer-Encoding: chunked\r\n")
    assert status == 401
    assert fields["connection"] == "close"
    assert _closed(conn)
    # With the token, chunks past the cap: 413 once the cap is passed.
    chunks = (b"400\r\n" + b" " * 1024 + b"\r\n") * 8
    status, fields, body, conn = _exchange(
        server, undo, chunks, headers=json_type + "Transfer-Encoding: chunked\r\n"
        f"Authorization: Bearer {made['tokens'][0]}\r\n")
    assert (status, json.loads(body)["error"]) == (413, "too_large")
    assert _closed(conn)
    # A body that does not finish within --body-seconds: 408, cut off.
    status, _, body, conn = _exchange(server, "POST /api/matches HTTP/1.1", b'{"game": ',
                                      headers=json_type + "Content-Length: 200\r\n")
    assert (status, json.loads(body)["error"]) == (408, "slow_body")
    assert _closed(conn)
    assert api("GET", f"{server.url}/api/games")[0] == 200


def _create(server: ServerProcess, address: str, seats: list[str] | None = None
            ) -> tuple[int, dict[str, Any], dict[str, str]]:
    """``POST /api/matches`` as ``address`` (forwarded by the trusted proxy, 127.0.0.1)."""
    body = json.dumps({"game": "kuhn", "seats": seats or ["human", "human"]}).encode()
    status, fields, answer, conn = _exchange(
        server, "POST /api/matches HTTP/1.1", body,
        headers=f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
                f"X-Forwarded-For: {address}\r\nConnection: close\r\n")
    conn.close()
    return status, json.loads(answer), fields


@pytest.mark.parametrize("limit", ["--create-rate", "--max-live-per-client"])
def test_creations_are_limited_per_address_and_resigned_matches_count(
        db_url: str, serve: Callable[..., ServerProcess], limit: str) -> None:
    """Three matches a minute, or three live (resigned ones counted, as deal shopping
    makes them): the fourth is refused, another address is served."""
    server = serve(db_url, "--trusted-proxy", "127.0.0.1", limit, "3")
    for _ in range(3):
        status, made, _ = _create(server, "203.0.113.1")
        assert status == 201, made
        url = f"{server.url}/api/matches/{made['match']}/resign"
        assert api("POST", url, token=made["tokens"][0])[0] == 200
    status, refused, fields = _create(server, "203.0.113.1")
    assert (status, refused["error"]) == (429, {"--create-rate": "too_fast"}.get(limit,
                                                                                 "quota"))
    assert int(fields["retry-after"]) > 0
    assert _create(server, "203.0.113.2")[0] == 201, "another address is served"


def test_the_lobby_lists_a_few_matches_of_each_address(
        db_url: str, serve: Callable[..., ServerProcess]) -> None:
    server = serve(db_url, "--trusted-proxy", "127.0.0.1")
    real = _create(server, "203.0.113.9", ["human", "open"])[1]["match"]
    spam = [_create(server, "203.0.113.8", ["human", "open"])[1]["match"] for _ in range(5)]
    lobby = [row["match"] for row in api("GET", f"{server.url}/api/lobby")[1]]
    assert lobby == [*reversed(spam[-3:]), real], "the newest three of each, newest first"


def test_one_address_holds_only_its_share_of_connections(
        tmp_path: Path, serve: Callable[..., ServerProcess]) -> None:
    """Idle connections from 127.0.0.2 fill its share (3); its next one gets 503 while
    127.0.0.1 is served."""
    server = serve(str(tmp_path / "m.sqlite3"), "--max-connections-per-client", "3",
                   "--header-seconds", "60")
    idle = [socket.create_connection(("127.0.0.1", server.port), source_address=("127.0.0.2",
                                                                                 0))
            for _ in range(3)]
    try:
        deadline = time.monotonic() + 30
        while True:  # once the server has taken the idle ones, 127.0.0.2 has no room left
            status, _, _, conn = _exchange(server, "GET /api/games HTTP/1.1",
                                           source="127.0.0.2")
            conn.close()
            if status == 503:
                break
            assert time.monotonic() < deadline, "the idle connections were never counted"
            time.sleep(0.05)
        assert api("GET", f"{server.url}/api/games")[0] == 200
    finally:
        for conn in idle:
            conn.close()


def test_websockets_behind_a_proxy_count_per_forwarded_address(
        tmp_path: Path, serve: Callable[..., ServerProcess]) -> None:
    server = serve(str(tmp_path / "m.sqlite3"), "--trusted-proxy", "127.0.0.1",
                   "--max-connections-per-client", "2")
    _, made = api("POST", f"{server.url}/api/matches",
                  {"game": "kuhn", "seats": ["human", "human"]})
    live = f"ws://127.0.0.1:{server.port}/api/matches/{made['match']}/live"

    def watch(stack: contextlib.ExitStack, address: str) -> None:
        socket_ = stack.enter_context(connect(live, additional_headers={
            "X-Forwarded-For": address}))
        socket_.send("{}")
        socket_.recv(timeout=10)

    with contextlib.ExitStack() as stack:
        for _ in range(2):
            watch(stack, "203.0.113.1")
        with pytest.raises(InvalidStatus) as refused:
            watch(stack, "203.0.113.1")
        assert refused.value.response.status_code == 503
        watch(stack, "203.0.113.2")  # another address is served


def test_only_the_server_s_own_origin_and_allowed_ones_change_matches(
        tmp_path: Path, serve: Callable[..., ServerProcess]) -> None:
    server = serve(str(tmp_path / "m.sqlite3"), "--allow-origin", "http://localhost:5173")
    body = json.dumps({"game": "kuhn", "seats": ["human", "human"]}).encode()
    head = "POST /api/matches HTTP/1.1"
    typed = f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
    for origin, wanted in (("http://evil.example", 403), ("null", 403),
                           (f"http://127.0.0.1:{server.port}", 201),
                           ("http://localhost:5173", 201)):
        status, _, answer, conn = _exchange(server, head, body, headers=typed +
                                            f"Origin: {origin}\r\n")
        conn.close()
        assert status == wanted, (origin, answer)
        if status == 403:
            assert json.loads(answer)["error"] == "bad_origin"
    status, _, _, conn = _exchange(server, "GET /api/games HTTP/1.1",
                                   headers="Origin: http://evil.example\r\n")
    conn.close()
    assert status == 200, "reading is for any page"
    _, made = api("POST", f"{server.url}/api/matches",
                  {"game": "kuhn", "seats": ["human", "human"]})
    live = f"ws://127.0.0.1:{server.port}/api/matches/{made['match']}/live"
    with pytest.raises(InvalidStatus) as refused, connect(
            live, additional_headers={"Origin": "http://evil.example"}):
        pass
    assert refused.value.response.status_code == 403


@pytest.fixture
def exported(db_url: str, tmp_path: Path) -> Iterator[tuple[TestClient, Any, Path]]:
    out = tmp_path / "out"
    app, server = make_app(open_store(db_url), Limits(bot_workers=1), export_dir=out)
    with TestClient(app) as client:
        yield client, server, out


def test_abandoned_matches_are_exported_then_removed(
        exported: tuple[TestClient, Any, Path]) -> None:
    client, server, out = exported
    made = client.post("/api/matches", json={"game": "kuhn", "seed": 5,
                                             "seats": ["human", "open"]}).json()
    now = time.time()
    assert server.remove_old(now + 23 * 3600) == 0, "a day to make a move"
    assert server.remove_old(now + 25 * 3600) == 1
    assert client.get(f"/api/matches/{made['match']}").status_code == 404
    assert client.get("/api/lobby").json() == []
    record = serde.from_dict(json.loads((out / f"{made['match']}.json").read_text()),
                             boardrules.GameRecord)
    assert (record.game, record.seed, record.actions) == ("kuhn", record.seed, ())
