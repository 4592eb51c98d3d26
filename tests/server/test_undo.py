"""Undo over HTTP: against bots at once, between people once every other person agrees,
never past a move that showed a seat something hidden; pushed over the WebSocket."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from starlette.testclient import TestClient

import boardrules
from boardrules.core.capabilities import Determinizable
from boardrules.core.rng import Rng
from boardrules.server.app import make_app
from boardrules.server.matches import Limits
from boardrules.server.store import open_store
from boardrules.server.undo import tells
from boardrules.testing import playouts


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    app, _ = make_app(open_store(db_url), Limits(bot_workers=1, bot_seconds=0.3))
    with TestClient(app) as test_client:
        yield test_client


def _auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def _until(socket: Any, wanted: Any, most: int = 6) -> dict[str, Any]:
    """The first pushed update that is ``wanted`` (a wake-up may be pushed twice: once by
    this process and once more when PostgreSQL echoes it back)."""
    for _ in range(most):
        update: dict[str, Any] = json.loads(socket.receive_text())
        if wanted(update):
            return update
    raise AssertionError("the update never came")


def _show(client: TestClient, match: str, token: str) -> dict[str, Any]:
    payload: dict[str, Any] = client.get(f"/api/matches/{match}?since=0",
                                         headers=_auth(token)).json()
    return payload


def _move(client: TestClient, match: str, token: str) -> dict[str, Any]:
    mine = _show(client, match, token)
    answer = client.post(f"/api/matches/{match}/actions", headers=_auth(token),
                         json={"version": mine["version"],
                               "action": mine["legal"][0]["action"]})
    assert answer.status_code == 200, answer.text
    payload: dict[str, Any] = answer.json()
    return payload


def test_between_people_an_undo_waits_for_the_other_and_is_pushed(
        client: TestClient) -> None:
    created = client.post("/api/matches", json={"game": "semya", "seed": 3,
                                                "seats": ["human", "human"]}).json()
    match, tokens = created["match"], created["tokens"]
    first = _show(client, match, tokens[0])
    mover = first["to_move"]
    other = 1 - mover
    before = _show(client, match, tokens[mover])
    _move(client, match, tokens[mover])
    with client.websocket_connect(f"/api/matches/{match}/live") as socket:
        socket.send_text(json.dumps({"token": tokens[other]}))
        assert json.loads(socket.receive_text())["version"] == 1
        asked = client.post(f"/api/matches/{match}/undo", headers=_auth(tokens[mover]),
                            json={"version": 1})
        assert asked.status_code == 200, asked.text
        assert asked.json()["undo"] == {"by": mover, "agreed": [], "waiting": [other]}
        pushed = _until(socket, lambda u: "undo" in u)
        assert pushed["undo"]["by"] == mover
        own = client.post(f"/api/matches/{match}/undo/answer", headers=_auth(tokens[mover]),
                          json={"agree": True})
        assert own.json()["error"] == "own_undo"
        agreed = client.post(f"/api/matches/{match}/undo/answer",
                             headers=_auth(tokens[other]), json={"agree": True})
        assert agreed.status_code == 200, agreed.text
        back = _until(socket, lambda u: u["version"] == 0)
    assert "undo" not in back
    again = _show(client, match, tokens[mover])
    assert again["view"] == before["view"]
    assert again["legal"] == before["legal"]
    assert again["events"] == []
    replayed = _move(client, match, tokens[mover])  # play on from the taken-back position
    assert replayed["version"] == 1


def test_a_declined_undo_is_forgotten_and_a_move_lets_it_lapse(client: TestClient) -> None:
    created = client.post("/api/matches", json={"game": "semya", "seed": 3,
                                                "seats": ["human", "human"]}).json()
    match, tokens = created["match"], created["tokens"]
    mover = _show(client, match, tokens[0])["to_move"]
    other = 1 - mover
    _move(client, match, tokens[mover])
    client.post(f"/api/matches/{match}/undo", headers=_auth(tokens[mover]),
                json={"version": 1})
    no = client.post(f"/api/matches/{match}/undo/answer", headers=_auth(tokens[other]),
                     json={"agree": False}).json()
    assert "undo" not in no
    assert no["version"] == 1
    client.post(f"/api/matches/{match}/undo", headers=_auth(tokens[mover]),
                json={"version": 1})
    _move(client, match, tokens[other])  # the other plays instead of answering
    lapsed = client.post(f"/api/matches/{match}/undo/answer", headers=_auth(tokens[other]),
                         json={"agree": True})
    assert lapsed.json()["error"] == "no_undo"
    assert "undo" not in _show(client, match, tokens[0])


def test_against_a_bot_an_undo_takes_back_my_move_and_the_bots_at_once(
        client: TestClient) -> None:
    created = client.post("/api/matches", json={"game": "semya", "seed": 3, "setup": {
        "first": 0}, "seats": ["human", "greedy"]}).json()
    match, token = created["match"], created["tokens"][0]
    start = _show(client, match, token)
    _move(client, match, token)
    deadline = time.monotonic() + 10
    while _show(client, match, token)["version"] < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    answer = client.post(f"/api/matches/{match}/undo", headers=_auth(token),
                         json={"version": 2})
    assert answer.status_code == 200, answer.text
    assert answer.json()["version"] == 0
    assert answer.json()["view"] == start["view"]


def test_an_undo_never_goes_back_past_a_hidden_card_shown(client: TestClient) -> None:
    created = client.post("/api/matches", json={"game": "orbita", "seed": 3,
                                                "setup": {"players": 2},
                                                "seats": ["human", "human"]}).json()
    match, tokens = created["match"], created["tokens"]
    mover = _show(client, match, tokens[0])["to_move"]
    moved = _move(client, match, tokens[mover])  # an Orbita turn starts by drawing
    assert moved["events"]
    refused = client.post(f"/api/matches/{match}/undo", headers=_auth(tokens[mover]),
                          json={"version": 1})
    assert refused.status_code == 409
    assert refused.json()["error"] == "cannot_undo"


def test_undo_refusals_name_the_reason(client: TestClient) -> None:
    created = client.post("/api/matches", json={"game": "semya", "seed": 3,
                                                "seats": ["human", "human"]}).json()
    match, tokens = created["match"], created["tokens"]
    nothing = client.post(f"/api/matches/{match}/undo", headers=_auth(tokens[0]),
                          json={"version": 0})
    assert nothing.json()["error"] == "cannot_undo"
    stale = client.post(f"/api/matches/{match}/undo", headers=_auth(tokens[0]),
                        json={"version": 5})
    assert stale.json()["error"] == "stale_version"
    bad = client.post(f"/api/matches/{match}/undo", headers=_auth(tokens[0]),
                      json={"version": "1"})
    assert bad.status_code == 400
    assert bad.json()["path"] == "$.version"
    assert client.post(f"/api/matches/{match}/undo", json={"version": 0}).status_code == 401


@pytest.mark.parametrize("name", boardrules.game_names())
def test_a_move_judged_to_tell_nothing_tells_nothing_on_other_twins(name: str) -> None:
    """When ``tells`` finds that a move told no seat anything, twins it never tried (other
    random draws) agree: each seat's view after the move is the same on all of them. A game
    without twins must hide nothing at all."""
    game = boardrules.load(name)

    @settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
    @given(playouts(game))
    def check(playout: Any) -> None:
        state = game.new(playout.seed, **playout.setup)
        for i, action in enumerate(playout.actions[:8]):
            after = game.apply(state, action)
            if not tells(game, state, action, after, i):
                for seat in range(len(game.score(state))):
                    if not isinstance(game, Determinizable):
                        assert game.view(state, seat) == state
                        continue
                    seen = game.view(after, seat)
                    for k in range(3):
                        twin = game.determinize(game.view(state, seat), seat,
                                                Rng.derive(10_000 + i, "other twins", k))
                        assert game.view(game.apply(twin, action), seat) == seen
            state = after

    check()


def test_an_undo_never_takes_back_a_bot_s_move_made_on_what_the_seat_cannot_see(
        client: TestClient) -> None:
    """Kuhn poker against a bot: the bot chose its answer seeing its own card, so taking it
    back would let the person play again knowing what that answer told (issue 32)."""
    for seed in range(40):  # a deal where the bot answers a check with a bet: play goes on
        created = client.post("/api/matches", json={"game": "kuhn", "seed": seed,
                                                    "seats": ["human", "random"]}).json()
        match, token = created["match"], created["tokens"][0]
        check = next(m for m in _show(client, match, token)["legal"]
                     if m["action"]["type"] == "check")
        client.post(f"/api/matches/{match}/actions", headers=_auth(token),
                    json={"version": 0, "action": check["action"]})
        deadline = time.monotonic() + 10
        while (now := _show(client, match, token))["version"] < 2:
            assert time.monotonic() < deadline, "the bot never answered"
            time.sleep(0.05)
        if not now["over"]:
            break
    else:
        raise AssertionError("no deal where the bot bets")
    refused = client.post(f"/api/matches/{match}/undo", headers=_auth(token),
                          json={"version": 2})
    assert refused.status_code == 409
    assert refused.json()["error"] == "cannot_undo"
    assert "bot's" in refused.json()["reason"]
