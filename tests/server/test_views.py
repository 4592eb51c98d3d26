"""No payload or push for a seat holds another seat's hidden data.

The property: two states that a seat cannot tell apart (the second is sampled from the first
one's view by the game's own ``determinize``: other hands, pile order) give that seat equal
payloads, for every game, at random points of random games. Then the same through the
server: what a WebSocket pushes to a seat is exactly that seat's payload and events.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import TestClient

import boardrules
from boardrules import serde
from boardrules.agents import RandomAgent, determinize
from boardrules.core.rng import Rng
from boardrules.server.app import make_app
from boardrules.server.matches import Limits, Matches
from boardrules.server.payloads import seat_events, seat_payload, seat_payload_text
from boardrules.server.store import open_store

GAMES = tuple(boardrules.game_names())


def _play(game: Any, seed: int, moves: int) -> Any:
    state = game.new(seed)
    rng = Rng.derive(seed, "twins")
    for _ in range(moves):
        seat = game.to_move(state)
        if seat is None:
            break
        state = game.apply(state, RandomAgent().choose(game, game.view(state, seat), seat, rng))
    return state


@given(name=st.sampled_from(GAMES), seed=st.integers(0, 2**64 - 1),
       moves=st.integers(0, 400), pick=st.integers(0, 7), twin_seed=st.integers(0, 2**32))
def test_twin_states_a_seat_cannot_tell_apart_give_it_equal_payloads(
    name: str, seed: int, moves: int, pick: int, twin_seed: int
) -> None:
    game = boardrules.load(name)
    state = _play(game, seed, moves)
    seats = len(game.score(state))
    seat = pick % seats
    view = game.view(state, seat)
    twin = determinize(game, view, seat, Rng(twin_seed))
    assert game.view(twin, seat) == view, "determinize keeps what the seat sees"
    kinds = ("human",) * seats
    assert seat_payload(game, twin, seat, moves, kinds) == seat_payload(
        game, state, seat, moves, kinds)


def _compact(doc: Any) -> str:
    """JSON as the server sends it (compact, non-ASCII as is)."""
    return json.dumps(doc, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


@given(name=st.sampled_from(GAMES), seed=st.integers(0, 2**64 - 1),
       moves=st.integers(0, 300), pick=st.integers(0, 9))
def test_a_payload_written_as_text_is_the_payload_encoded(
    name: str, seed: int, moves: int, pick: int
) -> None:
    """The quick writing of a payload (the legal moves' JSON written once per action and
    joined) gives exactly the text of the payload encoded, for the mover (even ``pick``),
    another seat or a spectator, at random points of random games."""
    game = boardrules.load(name)
    state = _play(game, seed, moves)
    seats = len(game.score(state))
    seat = (game.to_move(state) if pick % 2 == 0 else
            None if pick % (seats + 1) == seats else pick % (seats + 1))
    kinds = ("human",) * seats
    head, tail = {"type": "update"}, {"match": "m", "events": [], "timer": {"seconds": 5}}
    assert seat_payload_text(game, state, seat, moves, kinds, head, tail) == _compact(
        {**head, **seat_payload(game, state, seat, moves, kinds), **tail})


@pytest.mark.parametrize("name", ["semya", "kuhn"])
def test_a_moves_answer_as_text_is_the_movers_payload_encoded(name: str) -> None:
    """``Matches.act_text`` answers with exactly the mover's payload and the events since
    the version it saw, encoded (``Matches.act``'s answer), move after move to the end."""
    matches = Matches(open_store(":memory:"))
    body = {"game": name, "seed": 5, "seats": ["human", "human"],
            "timer": {"seconds": 600}}
    made = matches.create(json.dumps(body).encode(), "test")
    match_id, tokens = made["match"], made["tokens"]
    doc = matches.payload(match_id, tokens[0])
    while not doc["over"]:
        seat = doc["to_move"]
        legal = matches.payload(match_id, tokens[seat])["legal"]
        move = json.dumps({"version": doc["version"], "action": legal[-1]["action"]})
        text, (_, version), mover = matches.act(match_id, tokens[seat], move.encode())
        assert (version, mover) == (doc["version"] + 1, seat)
        assert text == matches.text(match_id, seat, version - 1)[0]
        assert json.loads(text)["events"], "the answer carries the move's events"
        doc = json.loads(text)
    matches.store.close()


@pytest.mark.parametrize("name", [n for n in GAMES if boardrules.load(n).hidden_information])
def test_twins_really_differ_in_hidden_data(name: str) -> None:
    """The property above is not vacuous: the twins differ somewhere, just not in the view."""
    game = boardrules.load(name)
    differ = 0
    for seed in range(5):
        state = _play(game, seed, 10)
        twin = determinize(game, game.view(state, 0), 0, Rng(seed + 100))
        differ += twin != state
    assert differ > 0


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app, _ = make_app(open_store(str(tmp_path / "m.sqlite3")), Limits(bot_workers=1))
    with TestClient(app) as test_client:
        yield test_client


def test_pushes_are_each_seats_payload_and_events(client: TestClient) -> None:
    """Two people play Lyceum's first moves; every push equals what the seat may see."""
    game = boardrules.load("lyceum")
    seats = len(game.score(game.new(4)))
    created = client.post("/api/matches", json={
        "game": "lyceum", "seed": 4, "seats": ["human"] * seats}).json()
    match_id, tokens = created["match"], created["tokens"]
    sockets = [client.websocket_connect(f"/api/matches/{match_id}/live") for _ in tokens]
    watchers = [socket.__enter__() for socket in sockets]
    try:
        for watcher, token in zip(watchers, tokens, strict=True):
            watcher.send_text(json.dumps({"token": token}))
            assert watcher.receive_json()["version"] == 0
        state = game.new(4)
        rng = Rng.derive(4, "moves")
        for version in range(6):
            mover = game.to_move(state)
            if mover is None:
                break
            action = rng.choice(game.legal_actions(state))
            answer = client.post(f"/api/matches/{match_id}/actions",
                                 headers={"authorization": f"Bearer {tokens[mover]}"},
                                 json={"version": version, "action": serde.to_dict(action)})
            assert answer.status_code == 200, answer.text
            step = game.step(state, action)
            state = step.state
            for seat, watcher in enumerate(watchers):
                push = watcher.receive_json()
                assert push.pop("type") == "update"
                events = push.pop("events")
                push.pop("match")
                push.pop("generation")
                over = game.to_move(state) is None
                assert (push.pop("deal")["seed"] is not None) == over, "the seed opens at the end"
                assert push == seat_payload(game, state, seat, version + 1, ("human",) * seats)
                assert events == seat_events(game, [(version, step.events)], seat)
    finally:
        for socket in sockets:
            socket.__exit__(None, None, None)


def test_a_websocket_with_a_wrong_token_is_closed(client: TestClient) -> None:
    created = client.post("/api/matches", json={
        "game": "semya", "seed": 1, "seats": ["human", "human"]}).json()
    with client.websocket_connect(f"/api/matches/{created['match']}/live") as socket:
        socket.send_text(json.dumps({"token": "x" * 32}))
        message = socket.receive()
    assert message["type"] == "websocket.close"
    assert message["code"] == 4403
    with client.websocket_connect(f"/api/matches/{created['match']}/live") as socket:
        socket.send_text('{"token": 1}')
        message = socket.receive()
    assert message["code"] == 4400


def test_watchers_of_one_match_are_capped(tmp_path: Path) -> None:
    app, _ = make_app(open_store(str(tmp_path / "m.sqlite3")), Limits(max_watchers=2))
    with TestClient(app) as client:
        created = client.post("/api/matches", json={
            "game": "semya", "seed": 1, "seats": ["human", "human"]}).json()
        path = f"/api/matches/{created['match']}/live"
        with client.websocket_connect(path) as one, client.websocket_connect(path) as two:
            for socket in (one, two):
                socket.send_text("{}")
                assert socket.receive_json()["seat"] is None
            with client.websocket_connect(path) as three:
                three.send_text("{}")
                message = three.receive()
            assert message["code"] == 4429
