"""WebSocket updates are built once per view and shared: every socket of one seat (or every
spectator) sends the same text, that text is exactly the seat's payload and events, and the
payload is built once per view and move, not once per socket."""

from __future__ import annotations

import concurrent.futures
import json
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

import boardrules
from boardrules import serde
from boardrules.server.app import Server, make_app
from boardrules.server.matches import Limits
from boardrules.server.payloads import seat_events, seat_payload
from boardrules.server.store import open_store


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[TestClient, Server]]:
    app, server = make_app(open_store(str(tmp_path / "m.sqlite3")), Limits(bot_workers=1))
    with TestClient(app) as client:
        yield client, server


def _replay(game: Any, seed: int, actions: list[Any]) -> tuple[list[Any], list[Any]]:
    """The states after each move (from the start) and each move's events."""
    states, events = [game.new(seed)], []
    for action in actions:
        step = game.step(states[-1], action)
        states.append(step.state)
        events.append(step.events)
    return states, events


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_every_socket_of_a_view_gets_the_same_text_and_it_is_the_views_payload(
    seed: int,
) -> None:
    """A person (two sockets on seat 0) plays 7Я against a random bot to the end while two
    spectators watch; pushes after the person's moves come from the answer, pushes after the
    bot's from the bot's worker thread, the rest are built on demand."""
    game = boardrules.load("semya")
    seats = ("human", "random")
    with tempfile.TemporaryDirectory() as tmp, \
            concurrent.futures.ThreadPoolExecutor(1) as bots:
        app, server = make_app(open_store(str(Path(tmp) / "m.sqlite3")), Limits(),
                               bot_pool=bots)
        with TestClient(app) as client:
            created = client.post("/api/matches", json={"game": "semya", "seed": seed,
                                                        "seats": list(seats)}).json()
            match_id, token = created["match"], created["tokens"][0]
            path = f"/api/matches/{match_id}/live"
            hellos = [{"token": token}, {"token": token}, {}, {}]
            contexts = [client.websocket_connect(path) for _ in hellos]
            sockets = [context.__enter__() for context in contexts]
            received: list[list[str]] = [[] for _ in hellos]
            try:
                for socket, hello in zip(sockets, hellos, strict=True):
                    socket.send_text(json.dumps(hello))
                while True:  # the first socket drives seat 0
                    received[0].append(sockets[0].receive_text())
                    doc = json.loads(received[0][-1])
                    if doc["over"]:
                        break
                    if doc["to_move"] == 0:
                        answer = client.post(
                            f"/api/matches/{match_id}/actions",
                            headers={"authorization": f"Bearer {token}"},
                            json={"version": doc["version"], "action": doc["legal"][0]["action"]})
                        assert answer.status_code == 200, answer.text
                for socket, texts in zip(sockets[1:], received[1:], strict=True):
                    while not texts or not json.loads(texts[-1])["over"]:
                        texts.append(socket.receive_text())
            finally:
                for context in contexts:
                    context.__exit__(None, None, None)
            record = server.matches.record(match_id)
    actions = [serde.from_dict(a, game.action_type) for a in record["actions"]]
    states, events = _replay(game, record["seed"], actions)
    by_view: dict[tuple[int | None, int, int | None], str] = {}
    for texts, hello in zip(received, hellos, strict=True):
        seat = 0 if hello else None
        since: int | None = None
        for text in texts:
            push = json.loads(text)
            version = push["version"]
            key = (seat, version, since)
            assert by_view.setdefault(key, text) == text, "one view, one text"
            assert push.pop("type") == "update"
            assert push.pop("match") == match_id
            assert push.pop("generation") == 0
            push.pop("deal")
            if since is None:
                assert "events" not in push
            else:
                assert push.pop("events") == seat_events(
                    game, [(n, events[n]) for n in range(since, version)], seat)
            assert push == seat_payload(game, states[version], seat, version, seats)
            since = version
    assert len(received[0]) > 3
    assert all(texts for texts in received)


def test_a_view_is_built_once_per_move_whatever_its_sockets(
    served: tuple[TestClient, Server], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two people, three sockets on seat 1, two on seat 0 and two spectators: after each move
    the payload is built once for seat 1 and once for the spectators, never for the mover
    (its answer is its update), and every socket gets its update."""
    client, server = served
    created = client.post("/api/matches", json={"game": "semya", "seed": 3,
                                                "seats": ["human", "human"]}).json()
    match_id, tokens = created["match"], created["tokens"]
    path = f"/api/matches/{match_id}/live"
    hellos = [{"token": tokens[0]}] * 2 + [{"token": tokens[1]}] * 3 + [{}] * 2
    contexts = [client.websocket_connect(path) for _ in hellos]
    sockets = [context.__enter__() for context in contexts]
    built: list[int | None] = []
    text_of = server.matches.text

    def counted(match: str, seat: int | None, since: Any, head: dict[str, Any] | None = None,
                stored: Any = None) -> tuple[str, tuple[int, int]]:
        if head is not None:  # an update, not an answer
            built.append(seat)
        return text_of(match, seat, since, head, stored)

    try:
        for socket, hello in zip(sockets, hellos, strict=True):
            socket.send_text(json.dumps(hello))
            first = socket.receive_json()
        monkeypatch.setattr(server.matches, "text", counted)
        for _ in range(4):
            seat = first["to_move"]
            doc = client.get(f"/api/matches/{match_id}",
                             headers={"authorization": f"Bearer {tokens[seat]}"}).json()
            built.clear()
            answer = client.post(f"/api/matches/{match_id}/actions",
                                 headers={"authorization": f"Bearer {tokens[seat]}"},
                                 json={"version": doc["version"],
                                       "action": doc["legal"][0]["action"]})
            assert answer.status_code == 200, answer.text
            texts = [socket.receive_text() for socket in sockets]
            assert {json.loads(t)["version"] for t in texts} == {doc["version"] + 1}
            assert sorted(built, key=str) == sorted([1 - seat, None], key=str)
            mover = [t for t, h in zip(texts, hellos, strict=True) if h.get("token") ==
                     tokens[seat]]
            assert mover == ['{"type":"update",' + answer.content.decode()[1:]] * len(mover)
            first = json.loads(texts[0])
    finally:
        for context in contexts:
            context.__exit__(None, None, None)


@settings(max_examples=15, deadline=None)
@given(name=st.sampled_from(tuple(boardrules.game_names())), seed=st.integers(0, 2**32),
       moves=st.integers(0, 60))
def test_labels_looked_up_again_are_the_labels_written_afresh(
    name: str, seed: int, moves: int
) -> None:
    """Labels are written once per game and item and then looked up: the looked-up ones
    are what ``describe`` writes, for every legal action and every event of a random game."""
    from boardrules.agents import RandomAgent
    from boardrules.core.rng import Rng
    from boardrules.labels import describe
    from boardrules.server.payloads import labelled

    game = boardrules.load(name)
    state, rng = game.new(seed), Rng(seed)
    items: list[object] = []
    for _ in range(moves):
        seat = game.to_move(state)
        if seat is None:
            break
        items += game.legal_actions(state)
        step = game.step(state, RandomAgent().choose(game, game.view(state, seat), seat, rng))
        items += step.events
        state = step.state
    for item in items + items:  # the second time round, from the store of labels
        assert labelled(game, item) == {"en": describe(game, item, "en"),
                                        "ru": describe(game, item, "ru")}


def test_another_processs_move_wakes_the_bots_here_only_after_a_silence(
    served: tuple[TestClient, Server],
) -> None:
    """A move heard from another process (over PostgreSQL) is pushed here, but the bots it
    leads to are for that process to move: both would compute every bot move, one in vain.
    Only when nothing more is heard of the match for the grace period (that process died
    before its bot replied) does this one move them."""
    client, server = served
    server.bots.takeover_seconds = 0.3
    body = json.dumps({"game": "semya", "seats": ["random", "random"]}).encode()
    silent = server.matches.create(body, "198.51.100.7")["match"]
    moving = server.matches.create(body, "198.51.100.7")["match"]
    client.portal.call(server.heard, silent, (0, 0))
    client.portal.call(server.heard, moving, (0, 0))
    client.portal.call(server.hub.publish, moving, (0, 1))  # more is heard: its process lives
    time.sleep(0.15)
    assert server.matches.row(silent).version == 0, "the bots of another process's move wait"
    deadline = time.monotonic() + 10
    while server.matches.row(silent).version == 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.matches.row(silent).version > 0, "after the silence, this process moves them"
    assert server.matches.row(moving).version == 0, "no take-over while the match is heard of"
