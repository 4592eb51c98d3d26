"""The edges of issue 21: numbers from the query, seats out of range, JSON-only bodies, the
``Host`` check, old finished matches removed (their records exported first) — in process on
both backends — and, on real ``boardrules serve`` processes, tokens kept out of a debug log,
a header read timeout, a connection cap and ``X-Forwarded-For`` believed only from a proxy."""

from __future__ import annotations

import contextlib
import json
import socket
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from websockets.sync.client import connect

import boardrules
from boardrules import serde
from boardrules.server.app import make_app
from boardrules.server.matches import Limits
from boardrules.server.net import LOOPBACK_HOSTS
from boardrules.server.store import open_store

from .conftest import ServerProcess, api

LIMITS = Limits(max_body=4096, bot_seconds=0.5, bot_workers=1)


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    app, _ = make_app(open_store(db_url), LIMITS)
    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def shared_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One server over SQLite for the property tests (made once, not per example)."""
    app, _ = make_app(open_store(str(tmp_path_factory.mktemp("edges") / "m.sqlite3")),
                      Limits(max_live_per_client=10_000, creations_per_minute=10_000))
    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client


def _auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def _two_people(client: TestClient, seats: tuple[str, str] = ("human", "human")
                ) -> dict[str, Any]:
    made = client.post("/api/matches", json={"game": "semya", "seats": list(seats)})
    assert made.status_code == 201, made.text
    answer: dict[str, Any] = made.json()
    return answer


# -- numbers from the query ---------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(text=st.text(st.characters(categories=["Nd", "No"]), min_size=1, max_size=4)
       .filter(lambda t: not (t.isascii() and t.isdigit())))
def test_since_takes_ascii_digits_only(shared_client: TestClient, text: str) -> None:
    client = shared_client
    made = _two_people(client)
    response = client.get(f"/api/matches/{made['match']}", params={"since": text})
    assert response.status_code == 400, (text, response.text)
    assert response.json()["path"] == "$.since"


@pytest.mark.parametrize("since", ["%C2%B2", "%E2%91%A0", "%D9%A3"], ids=["²", "①", "Arabic 3"])
def test_the_issue_s_since_values_are_400(client: TestClient, since: str) -> None:
    made = _two_people(client)
    response = client.get(f"/api/matches/{made['match']}?since={since}")
    assert response.status_code == 400, response.text
    assert client.get(f"/api/matches/{made['match']}?since=0").status_code == 200


def test_a_content_length_of_other_digits_is_400(client: TestClient) -> None:
    """``²`` in Latin-1, as a header arrives: ``str.isdigit`` accepts it, ``int`` does not."""
    response = client.post("/api/matches", content=b"{}",
                           headers={"content-type": "application/json",
                                    "content-length": b"\xb2"})  # type: ignore[dict-item]
    assert response.status_code == 400, response.text


# -- seats --------------------------------------------------------------------------------

@pytest.mark.parametrize("seat", [2, 99, -1, 2**63, -(2**63)])
def test_a_seat_out_of_range_is_400(client: TestClient, seat: int) -> None:
    made = _two_people(client, ("human", "open"))
    response = client.post(f"/api/matches/{made['match']}/join", json={"seat": seat})
    assert response.status_code == 400, response.text
    assert response.json()["path"] == "$.seat"
    taken = client.post(f"/api/matches/{made['match']}/join", json={"seat": 0})
    assert taken.status_code == 409, "a seat in range but not free is still 409"
    assert client.post(f"/api/matches/{made['match']}/join", json={"seat": 1}).status_code == 201


# -- bodies are JSON ----------------------------------------------------------------------

@pytest.mark.parametrize("media", [None, "text/plain", "application/x-www-form-urlencoded",
                                   "multipart/form-data; boundary=x", "application/jsonx"])
def test_a_body_that_is_not_declared_json_is_415(client: TestClient, media: str | None
                                                  ) -> None:
    headers = {} if media is None else {"content-type": media}
    body = json.dumps({"game": "semya", "seats": ["human", "human"]}).encode()
    response = client.post("/api/matches", content=body, headers=headers)
    assert response.status_code == 415, response.text
    assert response.json()["error"] == "not_json"
    made = _two_people(client, ("human", "open"))
    join = client.post(f"/api/matches/{made['match']}/join", content=b'{"seat": 1}',
                       headers=headers)
    assert join.status_code == 415
    token = made["tokens"][0]
    move = client.post(f"/api/matches/{made['match']}/actions", content=b"{}",
                       headers={**headers, **_auth(token)})
    assert move.status_code == 415
    fine = client.post("/api/matches", content=body,
                       headers={"content-type": "application/json; charset=utf-8"})
    assert fine.status_code == 201


# -- the Host header ----------------------------------------------------------------------

@pytest.mark.parametrize(("host", "ok"), [
    ("127.0.0.1:8000", True), ("localhost", True), ("LOCALHOST:1", True), ("[::1]:8000", True),
    ("games.example.org", True), ("evil.example", False), ("127.0.0.1.evil.example", False),
    ("localhost.evil.example:8000", False), ("", False),
])
def test_only_allowed_hosts_are_answered(tmp_path: Path, host: str, ok: bool) -> None:
    app, _ = make_app(open_store(str(tmp_path / "m.sqlite3")), LIMITS,
                      allowed_hosts=LOOPBACK_HOSTS | {"games.example.org"})
    with TestClient(app) as client:
        response = client.get("/api/games", headers={"host": host})
        assert response.status_code == (200 if ok else 400), (host, response.text)
        if not ok:
            assert response.json()["error"] == "bad_host"
            with pytest.raises(Exception), client.websocket_connect(  # noqa: B017,PT011
                    "/api/matches/x/live", headers={"host": host}) as socket_:
                socket_.receive_text()


# -- finished matches ---------------------------------------------------------------------

def test_finished_matches_are_exported_then_removed(db_url: str, tmp_path: Path) -> None:
    store = open_store(db_url)
    app, server = make_app(store, Limits(bot_seconds=0.5, bot_workers=1, keep_finished_days=30,
                                         keep_abandoned_hours=0), export_dir=tmp_path / "out")
    with TestClient(app) as client:
        made = client.post("/api/matches", json={"game": "semya", "seats": ["greedy", "random"]})
        live = _two_people(client)
        match_id = made.json()["match"]
        deadline = time.monotonic() + 60
        while not client.get(f"/api/matches/{match_id}").json()["over"]:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        final = client.get(f"/api/matches/{match_id}").json()
        assert server.remove_old() == 0, "a match finished just now is kept"
        assert server.remove_old(time.time() + 29 * 86400) == 0
        assert server.remove_old(time.time() + 31 * 86400) == 1
        assert client.get(f"/api/matches/{match_id}").status_code == 404
        assert client.get(f"/api/matches/{live['match']}").status_code == 200, (
            "a match not over is never removed with --keep-abandoned 0")
    exported = json.loads((tmp_path / "out" / f"{match_id}.json").read_text())
    record = serde.from_dict(exported, boardrules.GameRecord)
    game = boardrules.load("semya")
    states = boardrules.replay(record, game)
    assert len(record.actions) == final["version"]
    assert game.to_move(states[-1]) is None
    assert serde.to_dict(game.view(states[-1], None)) == final["view"]
    assert list(tmp_path.joinpath("out").iterdir()) == [tmp_path / "out" / f"{match_id}.json"]


def test_a_failed_export_keeps_the_match(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    store = open_store(str(tmp_path / "m.sqlite3"))
    app, server = make_app(store, Limits(keep_finished_days=1), export_dir=blocked / "out")
    with TestClient(app) as client:
        made = client.post("/api/matches", json={"game": "kuhn", "seats": ["random", "random"]})
        match_id = made.json()["match"]
        deadline = time.monotonic() + 60
        while not client.get(f"/api/matches/{match_id}").json()["over"]:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        with pytest.raises(NotADirectoryError):
            server.remove_old(time.time() + 2 * 86400)
        assert client.get(f"/api/matches/{match_id}").status_code == 200


# -- real processes -----------------------------------------------------------------------

def test_no_token_reaches_a_debug_log(tmp_path: Path,
                                      serve: Callable[..., ServerProcess]) -> None:
    server = serve(str(tmp_path / "m.sqlite3"), "--log-level", "debug")
    _, made = api("POST", f"{server.url}/api/matches",
                  {"game": "semya", "seats": ["human", "open"]})
    _, joined = api("POST", f"{server.url}/api/matches/{made['match']}/join", {"seat": 1})
    tokens = [made["tokens"][0], joined["token"]]
    live = f"ws://127.0.0.1:{server.port}/api/matches/{made['match']}/live"
    with connect(live) as seat0:
        seat0.send(json.dumps({"token": tokens[0]}))
        seat0.recv(timeout=10)
    with connect(live) as bad:
        bad.send(json.dumps({"token": tokens[1], "since": "x"}))  # a refused hello, logged
        time.sleep(0.2)
    api("GET", f"{server.url}/api/matches/{made['match']}", token=tokens[1])
    api("GET", f"{server.url}/api/matches/{made['match']}", token=tokens[1] + "!")
    server.terminate()
    log = server.log.read_text()
    assert "DEBUG" in log or "debug" in log.lower() or "/api/matches" in log
    assert "Application shutdown complete" in log, "uvicorn's own lines still reach the log"
    for token in tokens:
        assert token not in log, "a token reached the debug log"


def test_half_sent_headers_are_cut_off(tmp_path: Path,
                                       serve: Callable[..., ServerProcess]) -> None:
    server = serve(str(tmp_path / "m.sqlite3"), "--header-seconds", "1")
    sockets = []
    for _ in range(20):
        conn = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        conn.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        sockets.append(conn)
    silent = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    sockets.append(silent)
    start = time.monotonic()
    for conn in sockets:
        assert conn.recv(100) == b"", "the server hung up"
        conn.close()
    assert time.monotonic() - start < 8
    assert api("GET", f"{server.url}/api/games")[0] == 200
    # A kept-alive connection is not cut while it waits between requests.
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as kept:
        request = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        kept.sendall(request)
        assert _response(kept).startswith(b"HTTP/1.1 200")
        time.sleep(2)
        kept.sendall(request)
        assert _response(kept).startswith(b"HTTP/1.1 200"), "an idle kept-alive one stays"


def _response(conn: socket.socket) -> bytes:
    """One whole HTTP response (headers and a Content-Length body) from ``conn``."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += conn.recv(4096)
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                  if line.lower().startswith(b"content-length:"))
    while len(body) < length:
        body += conn.recv(4096)
    return head + b"\r\n\r\n" + body


def test_the_connection_cap_holds_websockets_too(tmp_path: Path,
                                                 serve: Callable[..., ServerProcess]) -> None:
    server = serve(str(tmp_path / "m.sqlite3"), "--max-connections", "6",
                   "--max-connections-per-client", "6")
    _, made = api("POST", f"{server.url}/api/matches",
                  {"game": "semya", "seats": ["human", "human"]})
    live = f"ws://127.0.0.1:{server.port}/api/matches/{made['match']}/live"
    with contextlib.ExitStack() as stack:
        held = []
        for _ in range(6):
            watcher = stack.enter_context(connect(live))
            watcher.send("{}")
            watcher.recv(timeout=10)
            held.append(watcher)
        upgrade = (f"GET /api/matches/{made['match']}/live HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                   "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                   "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n").encode()
        for request in (b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", upgrade):
            with socket.create_connection(("127.0.0.1", server.port), timeout=10) as extra:
                extra.sendall(request)
                assert extra.recv(100).startswith(b"HTTP/1.1 503"), request
        held.pop().close()
        deadline = time.monotonic() + 10
        while api_status(server) != 200:
            assert time.monotonic() < deadline, "a freed slot is usable again"
            time.sleep(0.1)


def api_status(server: ServerProcess) -> int:
    try:
        return api("GET", f"{server.url}/api/games")[0]
    except OSError:
        return 0


@pytest.mark.parametrize("trusted", [False, True], ids=["no proxy", "trusted proxy"])
def test_x_forwarded_for_is_believed_only_from_a_trusted_proxy(
    tmp_path: Path, serve: Callable[..., ServerProcess], trusted: bool
) -> None:
    extra = ["--trusted-proxy", "127.0.0.1"] if trusted else []
    server = serve(str(tmp_path / "m.sqlite3"), "--max-live-per-client", "2", *extra)
    statuses = []
    for i in range(5):
        raw = json.dumps({"game": "semya", "seats": ["human", "human"]}).encode()
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as conn:
            conn.sendall(b"POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                         b"Content-Type: application/json\r\n"
                         + f"X-Forwarded-For: 203.0.113.{i}\r\n".encode()
                         + f"Content-Length: {len(raw)}\r\nConnection: close\r\n\r\n".encode()
                         + raw)
            answer = b""
            while chunk := conn.recv(4096):
                answer += chunk
        statuses.append(int(answer.split()[1]))
    assert statuses == ([201] * 5 if trusted else [201, 201, 429, 429, 429])


def test_a_foreign_host_is_refused_by_a_loopback_server(
    tmp_path: Path, serve: Callable[..., ServerProcess]
) -> None:
    server = serve(str(tmp_path / "m.sqlite3"), "--allowed-host", "games.example.org")
    for host, status in (("evil.example", 400), ("games.example.org", 200),
                         (f"localhost:{server.port}", 200)):
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as conn:
            conn.sendall(f"GET /api/games HTTP/1.1\r\nHost: {host}\r\n"
                         "Connection: close\r\n\r\n".encode())
            assert conn.recv(100).split()[1] == str(status).encode(), host


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=3),
    max_leaves=8,
)


def _outcome(read: Callable[[], Any]) -> tuple[Any, ...]:
    from boardrules.server.matches import Refusal

    try:
        request = read()
    except Refusal as refusal:
        return ("refused", refusal.status, refusal.code, refusal.path, refusal.reason)
    return ("read", request.version, serde.to_dict(request.action))


@settings(max_examples=100, deadline=None)
@given(body=st.one_of(
    st.builds(lambda v, a, extra: json.dumps({"version": v, "action": a, **extra}),
              _JSON, _JSON, st.dictionaries(st.sampled_from(["x", "version"]), _JSON,
                                            max_size=1)),
    st.builds(json.dumps, _JSON),
    st.text(max_size=40),
    st.sampled_from(['{"version": 1, "version": 2, "action": 0}',
                     '{"version": 1, "action": NaN}', '{"version": 1, "action": -Infinity}',
                     '\ufeff{"version": 1, "action": 0}', '{"version": 1, "action": "\ud800"}',
                     '{"version": 1, "action": {"a": 1, "a": 1}}']),
).map(lambda text: text.encode("utf-8", "surrogatepass")) | st.sampled_from([
    '{"version": 1, "action": "é"}'.encode("latin-1"),
    '{"version": 1, "action": "é"}'.encode("utf-16"),
    b'{"version": 1, "action": "\xed\xa0\x80"}',
]))
def test_the_quick_reading_of_a_move_reads_as_the_strict_one(body: bytes) -> None:
    """A move's body is read by a quick path when it is a short, plain object; whatever the
    body, the outcome (the version and action read, or the refusal) is the strict one's."""
    from boardrules.server.matches import ActionRequest, parse, parse_action_request

    assert _outcome(lambda: parse_action_request(body)) == _outcome(
        lambda: parse(body, ActionRequest))
