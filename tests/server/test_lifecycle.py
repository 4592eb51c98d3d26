"""A match's life over HTTP besides its moves: resign, the record as a seat may have it, and
the rematch — each pushed over the WebSocket, on both backends."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

import boardrules
from boardrules import serde
from boardrules.core.record import GameRecord
from boardrules.core.turn import Place, Result
from boardrules.server.app import make_app
from boardrules.server.matches import Limits
from boardrules.server.payloads import resigned_result
from boardrules.server.store import open_store

LIMITS = Limits(bot_seconds=0.3, bot_workers=1)


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    app, _ = make_app(open_store(db_url), LIMITS)
    with TestClient(app) as test_client:
        yield test_client


def _auth(token: str | None) -> dict[str, str]:
    return {} if token is None else {"authorization": f"Bearer {token}"}


def _create(client: TestClient, seats: list[str], game: str = "semya") -> dict[str, Any]:
    response = client.post("/api/matches", json={"game": game, "seed": 5, "seats": seats})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def _play(client: TestClient, match: str, tokens: list[str], moves: int) -> int:
    for _ in range(moves):
        public = client.get(f"/api/matches/{match}").json()
        token = tokens[public["to_move"]]
        mine = client.get(f"/api/matches/{match}", headers=_auth(token)).json()
        client.post(f"/api/matches/{match}/actions", headers=_auth(token),
                    json={"version": mine["version"], "action": mine["legal"][0]["action"]})
    version: int = client.get(f"/api/matches/{match}").json()["version"]
    return version


def test_a_resignation_ends_the_match_is_pushed_and_is_noted_in_the_record(
        client: TestClient, reads_finished: Callable[..., None]) -> None:
    created = _create(client, ["human", "human"])
    match, tokens = created["match"], created["tokens"]
    _play(client, match, tokens, 3)
    with client.websocket_connect(f"/api/matches/{match}/live") as socket:
        socket.send_text(json.dumps({"token": tokens[0]}))
        first = json.loads(socket.receive_text())
        assert not first["over"]
        answer = client.post(f"/api/matches/{match}/resign", headers=_auth(tokens[1]))
        assert answer.status_code == 200, answer.text
        pushed = json.loads(socket.receive_text())
    assert pushed["over"]
    assert pushed["resigned"] == 1
    assert pushed["standings"]["winners"] == [0]
    assert pushed["standings"]["final"]
    assert pushed["legal"] == []
    assert pushed["deal"]["seed"] == 5  # over: the seed is revealed
    reads_finished(pushed, resigned=1)
    assert pushed["result"]["en"]["sentence"] == "Seat 1 resigned: seat 0 wins."
    for lang, said in (("en", "Seat 1 resigned"), ("ru", "Игрок 1 сдался")):
        picture = client.get(f"/api/matches/{match}/picture?lang={lang}",
                             headers=_auth(tokens[0])).json()["svg"]
        assert f"<title>{said}" in picture, "the picture says who won and why"
    spectator = client.get(f"/api/matches/{match}").json()
    reads_finished(spectator, resigned=1)
    again = client.post(f"/api/matches/{match}/resign", headers=_auth(tokens[0]))
    assert again.status_code == 409
    move = client.post(f"/api/matches/{match}/actions", headers=_auth(tokens[0]),
                       json={"version": 3, "action": {"type": "play_fool"}})
    assert move.json()["error"] == "match_over"
    record = client.get(f"/api/matches/{match}/record").json()
    loaded = serde.from_json(json.dumps(record).encode(), GameRecord)
    assert len(loaded.actions) == 3
    assert loaded.notes[-1].text == "seat 1 resigned"
    states = boardrules.replay(loaded)  # `boardrules replay` accepts it
    assert len(states) == 4


def test_before_the_end_a_seat_gets_only_its_own_history(client: TestClient) -> None:
    created = _create(client, ["human", "human"], game="kuhn")
    match, tokens = created["match"], created["tokens"]
    _play(client, match, tokens, 1)
    assert client.get(f"/api/matches/{match}/record").status_code == 409
    history = client.get(f"/api/matches/{match}/record", headers=_auth(tokens[0])).json()
    assert history["seat"] == 0
    assert not history["over"]
    assert "seed" not in json.dumps(history)
    mine = client.get(f"/api/matches/{match}?since=0", headers=_auth(tokens[0])).json()
    assert history["view"] == mine["view"]
    assert history["events"] == mine["events"]
    assert history["view"]["cards"][1] is None  # the other seat's card stays hidden
    other = client.get(f"/api/matches/{match}/record", headers=_auth(tokens[1])).json()
    assert other["view"]["cards"][0] is None


def test_a_rematch_opens_the_other_seats_and_each_asker_takes_its_own(
        client: TestClient) -> None:
    created = _create(client, ["human", "human"])
    match, tokens = created["match"], created["tokens"]
    early = client.post(f"/api/matches/{match}/rematch", headers=_auth(tokens[0]))
    assert early.status_code == 409
    assert early.json()["error"] == "match_not_over"
    client.post(f"/api/matches/{match}/resign", headers=_auth(tokens[0]))
    with client.websocket_connect(f"/api/matches/{match}/live") as socket:
        socket.send_text(json.dumps({"token": tokens[1]}))
        json.loads(socket.receive_text())
        first = client.post(f"/api/matches/{match}/rematch", headers=_auth(tokens[0]))
        assert first.status_code == 201, first.text
        pushed = json.loads(socket.receive_text())
    rematch = first.json()["match"]
    assert pushed["rematch"] == rematch
    assert first.json()["seat"] == 0
    lobby = client.get("/api/lobby").json()
    assert [row["free"] for row in lobby if row["match"] == rematch] == [[1]]
    second = client.post(f"/api/matches/{match}/rematch", headers=_auth(tokens[1]))
    assert second.status_code == 201
    assert second.json()["match"] == rematch
    assert second.json()["seat"] == 1
    payload = client.get(f"/api/matches/{rematch}", headers=_auth(second.json()["token"]))
    assert payload.json()["seat"] == 1
    third = client.post(f"/api/matches/{match}/rematch", headers=_auth(tokens[1]))
    assert third.status_code == 409  # the seat is taken already


def test_a_rematch_against_a_bot_keeps_the_bot(client: TestClient) -> None:
    created = _create(client, ["human", "random"], game="kuhn")
    match, token = created["match"], created["tokens"][0]
    client.post(f"/api/matches/{match}/resign", headers=_auth(token))
    joined = client.post(f"/api/matches/{match}/rematch", headers=_auth(token)).json()
    payload = client.get(f"/api/matches/{joined['match']}", headers=_auth(joined["token"]))
    assert payload.json()["seats"] == ["human", "random"]


def test_resign_and_rematch_need_a_seat(client: TestClient) -> None:
    created = _create(client, ["human", "human"])
    match = created["match"]
    assert client.post(f"/api/matches/{match}/resign").status_code == 401
    wrong = client.post(f"/api/matches/{match}/resign", headers=_auth("x" * 32))
    assert wrong.status_code == 403
    assert client.post("/api/matches/nope/resign", headers=_auth("x" * 32)).status_code in (
        403, 404)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(1, 4), min_size=2, max_size=4), st.data())
def test_a_resigning_seat_ranks_last_and_the_others_keep_their_order(
        ranks: list[int], data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, len(ranks) - 1))
    lang = data.draw(st.sampled_from(["en", "ru"]))
    places = tuple(Place(i, rank, 0, False, ()) for i, rank in enumerate(ranks))
    out = resigned_result(Result("kuhn", False, (), places, "", lang), seat)
    new = {p.seat: p.rank for p in out.places}
    assert out.final
    assert new[seat] == len(ranks)
    assert seat not in out.winners
    others = [i for i in range(len(ranks)) if i != seat]
    for i in others:
        for j in others:
            assert (ranks[i] < ranks[j]) == (new[i] < new[j])
    assert list(out.winners) == [i for i in others if new[i] == 1]
    assert out.winners
    assert [p.winner for p in out.places] == [p.seat in out.winners for p in out.places]
    assert [(p.rank, p.seat) for p in out.places] == sorted((p.rank, p.seat) for p in out.places)
    assert str(seat) in out.sentence.split(":")[0]
    assert ("сдался" if lang == "ru" else "resigned") in out.sentence


def test_the_api_schema_describes_resignations_and_histories(tmp_path: Path) -> None:
    from jsonschema import Draft202012Validator

    app, _ = make_app(open_store(str(tmp_path / "m.sqlite3")), LIMITS)
    with TestClient(app) as client:
        doc = client.get("/api/games/semya/schema/api").json()
        created = _create(client, ["human", "human"])
        match, tokens = created["match"], created["tokens"]
        history = client.get(f"/api/matches/{match}/record", headers=_auth(tokens[0])).json()
        Draft202012Validator({**doc, "$ref": "#/$defs/SeatHistory"}).validate(history)
        over = client.post(f"/api/matches/{match}/resign", headers=_auth(tokens[0])).json()
        Draft202012Validator({**doc, "$ref": "#/$defs/Payload"}).validate(over)
