"""The storage layer on both backends: a SQLite file and a real PostgreSQL database.

Moves are appended only at the version the mover saw, a restarted store continues every
match exactly, seats are joined once, and PostgreSQL announces each move to other processes.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import attrs
import psycopg
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardrules
from boardrules import serde
from boardrules.core.rng import Rng
from boardrules.server.matches import Limits, Matches, Refusal
from boardrules.server.store import SNAPSHOT_EVERY, MatchRow, SQLiteStore, Store, open_store

GAMES = ("semya", "lyceum", "orbita")


def _row(match_id: str, seats: tuple[str, ...] = ("human", "open")) -> MatchRow:
    return MatchRow(match_id, "semya", "{}", 2**64 - 1, "{}", seats, 0, 0,
                    seats.count("open"), "127.0.0.1", time.time(), time.time())


def test_a_move_is_stored_only_at_the_version_the_mover_saw(store: Store) -> None:
    made = _row("a")
    store.create(made, {0: "h0"}, '{"s": 0}')
    assert store.get("a") == made
    assert store.append(made, '"m0"', "[]", 1, None)
    assert not store.append(made, '"again"', "[]", 1, None)
    assert not store.append(attrs.evolve(made, version=5), '"future"', "[]", 1, None)
    row = store.get("a")
    assert row is not None
    assert row.version == 1
    assert row.seed == 2**64 - 1, "seeds up to 2**64 - 1 survive the database"
    assert [m.action for m in store.moves("a", 0, 5)] == ['"m0"']


def test_concurrent_movers_from_two_connections_get_exactly_one_move_in(db_url: str) -> None:
    first, second = open_store(db_url), open_store(db_url)
    try:
        first.create(_row("race"), {}, "{}")
        wins: list[bool] = []
        lock = threading.Lock()

        def mover(store: Store, n: int) -> None:
            ok = store.append(_row("race"), json.dumps(n), "[]", 1, None)
            with lock:
                wins.append(ok)

        threads = [threading.Thread(target=mover, args=((first, second)[i % 2], i))
                   for i in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(wins) == [False] * 7 + [True]
        assert len(second.moves("race", 0, 10)) == 1
    finally:
        first.close()
        second.close()


def test_a_free_seat_is_joined_once_and_only_an_open_one(store: Store) -> None:
    made = _row("j", ("human", "open", "open"))
    store.create(made, {0: "h0"}, "{}")
    assert store.free_seats(made) == [1, 2]
    assert [r.id for r in store.lobby(10, 3)] == ["j"]
    assert not store.join("j", 0, "x"), "a human seat is not free"
    assert not store.join("j", 3, "x"), "no such seat"
    assert store.join("j", 1, "h1")
    assert not store.join("j", 1, "h1b"), "taken"
    assert store.seat_of("j", "h1") == 1
    assert store.seat_of("j", "h1b") is None
    assert store.join("j", 2, "h2")
    assert store.lobby(10, 3) == []


def _play_some(matches: Matches, match_id: str, tokens: list[str | None], moves: int,
               rng: Rng) -> None:
    for _ in range(moves):
        doc = matches.payload(match_id, None)
        if doc["over"]:
            return
        seat = doc["to_move"]
        token = tokens[seat]
        assert token is not None
        mine = matches.payload(match_id, token)
        action = rng.choice([item["action"] for item in mine["legal"]])
        body = json.dumps({"version": mine["version"], "action": action}).encode()
        matches.act(match_id, token, body)


@settings(max_examples=6, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.data_too_large])
@given(name=st.sampled_from(GAMES), seed=st.integers(0, 2**53 - 1),
       cuts=st.lists(st.integers(1, 2 * SNAPSHOT_EVERY), min_size=1, max_size=3))
def test_a_restarted_store_continues_every_match_exactly(
    db_url: str, name: str, seed: int, cuts: list[int]
) -> None:
    game = boardrules.load(name)
    seats = len(game.score(game.new(seed)))
    body = json.dumps({"game": name, "seed": seed, "seats": ["human"] * seats}).encode()
    store = open_store(db_url)
    matches = Matches(store, Limits())
    created = matches.create(body, "test")
    match_id, tokens = created["match"], created["tokens"]
    rng = Rng.derive(seed, "test")
    for cut in cuts:
        _play_some(matches, match_id, tokens, cut, rng)
        store.close()
        store = open_store(db_url)  # a new process: nothing but the database
        matches = Matches(store, Limits())
    final = matches.payload(match_id, tokens[0])
    # The same moves, replayed from the stored record alone, give the same state.
    row = store.get(match_id)
    assert row is not None
    stored = store.moves(match_id, 0, row.version)
    state = game.new(seed)
    for move in stored:
        state = game.apply(state, serde.from_json(move.action, game.action_type))
    assert final["view"] == serde.to_dict(game.view(state, 0))
    assert final["version"] == len(stored)
    store.close()


def test_stale_and_repeated_moves_change_nothing(store: Store) -> None:
    matches = Matches(store)
    created = matches.create(b'{"game": "semya", "seed": 3, "seats": ["human", "human"]}', "t")
    match_id, tokens = created["match"], created["tokens"]
    first = matches.payload(match_id, None)["to_move"]
    token = tokens[first]
    doc = matches.payload(match_id, token)
    body = json.dumps({"version": 0, "action": doc["legal"][0]["action"]}).encode()
    assert matches.act(match_id, token, body)[1] == (0, 1)
    with pytest.raises(Refusal) as refused:
        matches.act(match_id, token, body)
    assert refused.value.status == 409
    assert refused.value.code == "stale_version"
    assert matches.row(match_id).version == 1


def test_a_postgres_store_hears_other_processes_moves_not_its_own(postgres: Any) -> None:
    # Its own moves it pushed already: hearing them again made the server push them twice
    # and look for a bot turn again for every move.
    url = postgres()
    mover, watcher = open_store(url), open_store(url)
    own: list[tuple[str, int]] = []
    heard = threading.Event()
    try:
        mover.listen(lambda match_id, version: own.append((match_id, version)))
        watcher.listen(lambda match_id, version: heard.set())
        mover.create(_row("o"), {}, "{}")
        assert mover.append(_row("o"), '"m"', "[]", 1, None)
        assert heard.wait(10), "no notification arrived"
        time.sleep(0.3)
        assert own == []
    finally:
        mover.close()
        watcher.close()


def test_postgres_announces_each_move_to_other_processes(postgres: Any) -> None:
    url = postgres()
    mover, watcher = open_store(url), open_store(url)
    heard: list[tuple[str, tuple[int, int]]] = []
    got = threading.Event()

    def callback(match_id: str, version: tuple[int, int]) -> None:
        heard.append((match_id, version))
        got.set()

    try:
        watcher.listen(callback)
        mover.create(_row("n"), {}, "{}")
        assert mover.append(_row("n"), '"m"', "[]", 1, None)
        assert got.wait(10), "no notification arrived"
        assert heard == [("n", (0, 1))]
        assert not mover.append(_row("n"), '"m"', "[]", 1, None)
        time.sleep(0.3)
        assert heard == [("n", (0, 1))], "a refused move is not announced"
        # The listening connection dies (a database restart, a proxy): it is made again.
        def listeners() -> list[int]:
            with psycopg.connect(url, autocommit=True) as admin:
                return [pid for (pid,) in admin.execute(
                    "SELECT pid FROM pg_stat_activity WHERE query LIKE 'LISTEN%'").fetchall()]

        old = listeners()
        assert len(old) == 1
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (old[0],))
        deadline = time.monotonic() + 10
        while listeners() in ([], old):
            assert time.monotonic() < deadline, "the listener did not come back"
            time.sleep(0.1)
        got.clear()
        assert mover.append(attrs.evolve(_row("n"), version=1), '"m2"', "[]", 0, None)
        assert got.wait(10), "no notification after the reconnection"
        assert heard[-1] == ("n", (0, 2))
    finally:
        mover.close()
        watcher.close()


def _recording_connect(monkeypatch: pytest.MonkeyPatch, fail_at: int, listen_fails: bool
                       ) -> list[Any]:
    """Make ``psycopg.connect`` record every connection and refuse the ``fail_at``-th (from
    0) as a database with too many clients does; with ``listen_fails`` a ``LISTEN`` fails
    (on the fifth connection: the pool has four)."""
    real = psycopg.connect
    made: list[Any] = []

    class Refusing:
        def __init__(self, conn: Any) -> None:
            self.conn = conn

        def execute(self, *args: Any) -> Any:
            raise psycopg.OperationalError("the connection broke")

        def close(self) -> None:
            self.conn.close()

    def connect(*args: Any, **kwargs: Any) -> Any:
        if len(made) == fail_at:
            raise psycopg.OperationalError("sorry, too many clients already")
        conn = real(*args, **kwargs)
        made.append(conn)
        return Refusing(conn) if listen_fails and len(made) == 5 else conn

    monkeypatch.setattr(psycopg, "connect", connect)
    return made


def test_a_postgres_store_that_cannot_open_leaves_no_connection_open(
    postgres: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under load a database may refuse the third connection: the first two are closed, not
    left for the garbage collector (which warns: ``ResourceWarning``)."""
    url = postgres()
    made = _recording_connect(monkeypatch, fail_at=2, listen_fails=False)
    with pytest.raises(psycopg.OperationalError):
        open_store(url)
    assert len(made) == 2
    assert all(conn.closed for conn in made)


def test_a_listener_that_cannot_listen_leaves_no_connection_open(
    postgres: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = postgres()
    made = _recording_connect(monkeypatch, fail_at=-1, listen_fails=True)
    store = open_store(url)
    try:
        with pytest.raises(psycopg.OperationalError):
            store.listen(lambda match_id, version: None)
        assert len(made) == 5  # the pool's four, and the one that could not listen
        assert made[-1].closed
    finally:
        store.close()
    assert all(conn.closed for conn in made)


def test_a_server_that_cannot_start_closes_its_store(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When listening fails at start-up (the database went away), the server's start fails
    and its store is closed, not left for the garbage collector."""
    from starlette.testclient import TestClient

    from boardrules.server.app import make_app

    store = open_store(str(tmp_path / "m.sqlite3"))
    closed: list[bool] = []
    close = store.close

    def refuse(callback: Any) -> None:
        raise OSError("the database went away")

    def closing() -> None:
        closed.append(True)
        close()

    monkeypatch.setattr(store, "listen", refuse)
    monkeypatch.setattr(store, "close", closing)
    app, _ = make_app(store)
    with pytest.raises(OSError, match="went away"), TestClient(app):
        pass
    assert closed == [True]


@settings(max_examples=4, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(name=st.sampled_from(("semya", "kuhn")), seed=st.integers(0, 2**32),
       moves=st.integers(1, 12))
def test_a_match_in_memory_answers_as_the_stored_one_after_every_move(
    db_url: str, name: str, seed: int, moves: int
) -> None:
    """The server keeps a moved match in memory (its row built there, its events kept for a
    window pruned now and then); every answer it gives must be the one a process that has
    only the database gives."""
    game = boardrules.load(name)
    seats = len(game.score(game.new(seed)))
    store = open_store(db_url)
    try:
        matches = Matches(store, Limits(events_window=3))
        body = json.dumps({"game": name, "seed": seed, "seats": ["human"] * seats}).encode()
        created = matches.create(body, "test")
        match_id, tokens = created["match"], created["tokens"]
        rng = Rng.derive(seed, "memory")
        for _ in range(moves):
            _play_some(matches, match_id, tokens, 1, rng)
            fresh = Matches(store, Limits(events_window=3))  # nothing but the database
            for token in (None, *tokens):
                for since in (None, 0):
                    assert matches.payload(match_id, token, since) == fresh.payload(
                        match_id, token, since)
    finally:
        store.close()


def test_an_action_is_read_alike_however_its_keys_are_ordered(store: Store) -> None:
    """Actions are structured once per game and JSON text; keys in another order are the same
    action, and a refused one is refused again (a refusal is never remembered)."""
    matches = Matches(store)
    made = matches.create(b'{"game": "semya", "seed": 5, "seats": ["human", "human"]}', "t")
    match_id, tokens = made["match"], made["tokens"]
    seat = matches.payload(match_id, None)["to_move"]
    token = tokens[seat]
    action = matches.payload(match_id, token)["legal"][0]["action"]
    bad = {**action, "card": 7} if "card" in action else {**action, "extra": 1}
    for _ in range(2):
        with pytest.raises(Refusal) as refused:
            matches.act(match_id, token, json.dumps({"version": 0, "action": bad}).encode())
        assert (refused.value.status, refused.value.code) == (400, "bad_input")
        assert refused.value.path.startswith("$.action")
    reordered = dict(reversed(list(action.items())))
    body = json.dumps({"version": 0, "action": reordered}).encode()
    assert matches.act(match_id, token, body)[1] == (0, 1)
    other = Matches(store)  # the same move, structured anew, was the one stored
    assert other.record(match_id)["actions"] == [action]


def test_a_sqlite_file_is_checkpointed_beside_the_writes(tmp_path: Any) -> None:
    """A commit never copies the log back into the database file (the event loop may be the
    one committing); a thread of the store does, while it is open, and stops at close."""
    path = tmp_path / "m.sqlite3"
    store = open_store(str(path))
    assert store.quick
    made = _row("c")
    store.create(made, {0: "h0"}, "{}")
    before = path.stat().st_size
    for version in range(200):
        assert store.append(attrs.evolve(made, version=version), '"' + "m" * 2000 + '"', "[]",
                            1, None)
    deadline = time.monotonic() + 10
    while path.stat().st_size <= before and time.monotonic() < deadline:
        time.sleep(0.1)
    assert path.stat().st_size > before, "the log was never copied into the database file"
    store.close()
    assert not [t for t in threading.enumerate() if t.name == "boardrules-checkpoint"]
    flushed = SQLiteStore(str(tmp_path / "f.sqlite3"), synchronous="FULL")
    assert not flushed.quick, "a commit that flushes the disk is not played on the loop"
    flushed.close()


def test_a_remembered_action_is_never_taken_for_a_look_alike(store: Store) -> None:
    """``1``, ``1.0`` and ``true`` are equal in Python but not in strict JSON: once
    ``{"value": 1}`` has been read, ``{"value": true}`` and ``{"value": 1.0}`` are still
    refused."""
    matches = Matches(store)
    made = matches.create(json.dumps({"game": "lyceum", "seed": 1, "seats": ["human"] * 3,
                                      "setup": {"players": 3}}).encode(), "t")
    match_id, tokens = made["match"], made["tokens"]
    token = tokens[matches.payload(match_id, None)["to_move"]]

    def send(value: object) -> Refusal | None:
        body = {"version": 0, "action": {"type": "declare_skill", "value": value}}
        try:
            matches.act(match_id, token, json.dumps(body).encode())
        except Refusal as refusal:
            return refusal
        return None

    first = send(1)
    assert first is None or first.code != "bad_input", "an int is a DeclareSkill value"
    for look_alike in (True, 1.0):
        refused = send(look_alike)
        assert refused is not None, look_alike
        assert refused.code == "bad_input", look_alike
        assert refused.path == "$.action.value"
