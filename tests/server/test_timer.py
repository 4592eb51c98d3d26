"""The optional turn timer: at time-out the seat to move resigns, or a random legal move is
played for it — pushed like any move, on both backends; a bad timer is a 400 naming it."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from boardrules.server.app import make_app
from boardrules.server.matches import Limits
from boardrules.server.store import open_store


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    app, _ = make_app(open_store(db_url), Limits(bot_workers=1, bot_seconds=0.3))
    with TestClient(app) as test_client:
        yield test_client


def _create(client: TestClient, then: str, game: str = "kuhn") -> dict[str, Any]:
    response = client.post("/api/matches", json={
        "game": game, "seats": ["human", "human"], "timer": {"seconds": 1, "then": then}})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def test_at_time_out_the_seat_to_move_resigns_and_every_watcher_is_told(
        client: TestClient, reads_finished: Callable[..., None]) -> None:
    created = _create(client, "resign")
    match, tokens = created["match"], created["tokens"]
    first = client.get(f"/api/matches/{match}", headers={
        "authorization": f"Bearer {tokens[1]}"}).json()
    assert first["timer"]["seconds"] == 1
    assert first["timer"]["then"] == "resign"
    assert first["timer"]["deadline"] > time.time() - 1
    seat = first["to_move"]
    with client.websocket_connect(f"/api/matches/{match}/live") as socket:
        socket.send_text(json.dumps({"token": tokens[1]}))
        assert not json.loads(socket.receive_text())["over"]
        pushed = json.loads(socket.receive_text())  # within about a second and a half
    assert pushed["over"]
    assert pushed["resigned"] == seat
    assert "timer" not in pushed
    reads_finished(pushed, resigned=seat)


def test_at_time_out_a_random_legal_move_is_played_for_the_seat(client: TestClient) -> None:
    created = _create(client, "bot", game="semya")
    match = created["match"]
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        payload = client.get(f"/api/matches/{match}?since=0").json()
        if payload["version"] >= 2:
            break
        time.sleep(0.2)
    assert payload["version"] >= 2, "two moves were played at time-out, one per second"
    assert not payload["over"]
    assert len(payload["events"]) >= 2
    assert payload["timer"]["deadline"] >= time.time() - 1.5


def test_a_match_without_a_timer_waits(client: TestClient) -> None:
    created = client.post("/api/matches", json={"game": "kuhn",
                                                "seats": ["human", "human"]}).json()
    time.sleep(1.2)
    payload = client.get(f"/api/matches/{created['match']}").json()
    assert payload["version"] == 0
    assert "timer" not in payload


@pytest.mark.parametrize(("timer", "path"), [
    ({"seconds": 0}, "$.timer.seconds"),
    ({"seconds": 100_000}, "$.timer.seconds"),
    ({"seconds": 5, "then": "pass"}, "$.timer.then"),
    ({"seconds": 1.5}, "$.timer.seconds"),
    ({"then": "bot"}, "$.timer.seconds"),
])
def test_a_bad_timer_is_refused_naming_the_field(client: TestClient, timer: dict[str, Any],
                                                 path: str) -> None:
    response = client.post("/api/matches", json={"game": "kuhn", "seats": ["human", "human"],
                                                 "timer": timer})
    assert response.status_code == 400
    assert response.json()["path"] == path
