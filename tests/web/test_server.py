"""The rules server over HTTP: views per seat, refusals with reasons, tokens bound to seats."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from starlette.testclient import TestClient

from boardrules import serde


def _client(web: ModuleType) -> tuple[TestClient, Any]:
    app, server = web.make_app()
    return TestClient(app), server


def test_play_semya_to_the_end_over_http(web: ModuleType) -> None:
    client, server = _client(web)
    created = client.post("/api/games", json={"game": "semya", "seed": 5, "bot": "random"})
    assert created.status_code == 200
    game_id, token = created.json()["id"], created.json()["tokens"]["0"]
    auth = {"authorization": f"Bearer {token}"}
    payload = client.get(f"/api/games/{game_id}", headers=auth).json()
    for _ in range(60):
        if payload["over"]:
            break
        assert payload["legal"], "the seat to move always has a legal action"
        action = payload["legal"][0]["action"]
        response = client.post(f"/api/games/{game_id}/actions", json={"action": action},
                               headers=auth)
        assert response.status_code == 200
        payload = response.json()
    assert payload["over"]
    session = server.sessions[game_id]
    assert payload["view"] == serde.to_dict(session.game.view(session.state, 0))


def test_refusals_carry_the_rule_and_change_nothing(web: ModuleType) -> None:
    client, server = _client(web)
    created = client.post(
        "/api/games", json={"game": "semya", "seed": 1, "humans": [0, 1]}
    ).json()
    game_id, tokens = created["id"], created["tokens"]
    session = server.sessions[game_id]
    mover = session.game.to_move(session.state)
    other = 1 - mover
    before = session.state
    own = {"authorization": f"Bearer {tokens[str(mover)]}"}
    refused = client.post(f"/api/games/{game_id}/actions",
                          json={"action": {"type": "play_fool"}}, headers=own)
    assert refused.status_code == 409
    body = refused.json()
    assert body["rule"] == "SEM-5"
    assert body["message"]["en"]
    assert body["message"]["ru"]
    assert session.state == before
    # Another seat's token cannot act for the seat to move.
    stolen = {"authorization": f"Bearer {tokens[str(other)]}"}
    card = {"type": "play_card", "card": "sun-saturn"}
    response = client.post(f"/api/games/{game_id}/actions", json={"action": card},
                           headers=stolen)
    assert response.status_code == 403
    assert response.json()["error"] == "not_your_turn"
    assert session.state == before
    # No token, or a made-up one, is no seat at all.
    assert client.get(f"/api/games/{game_id}").status_code == 403
    forged = {"authorization": "Bearer forged"}
    assert client.get(f"/api/games/{game_id}", headers=forged).status_code == 403


def test_malformed_requests_are_bad_input(web: ModuleType) -> None:
    client, _ = _client(web)
    created = client.post("/api/games", json={"game": "semya", "seed": 2}).json()
    auth = {"authorization": f"Bearer {created['tokens']['0']}"}
    url = f"/api/games/{created['id']}/actions"
    bad = client.post(url, json={"action": {"type": "play_card", "card": 7}}, headers=auth)
    assert bad.status_code == 400
    assert bad.json()["path"] == "$.action.card"
    assert client.post(url, content=b"not json", headers=auth).status_code == 400
    assert client.post(url, json=[], headers=auth).status_code == 400
    assert client.post("/api/games", json={"game": "chess"}).status_code == 404
    assert client.post("/api/games", json={"humans": [7]}).status_code == 400
    assert client.get("/api/games/nope", headers=auth).status_code == 404


def test_a_seat_receives_only_its_view(web: ModuleType) -> None:
    client, server = _client(web)
    created = client.post(
        "/api/games", json={"game": "lyceum", "seed": 3, "setup": {"players": 3},
                            "humans": [0], "bot": "random"},
    ).json()
    session = server.sessions[created["id"]]
    auth = {"authorization": f"Bearer {created['tokens']['0']}"}
    payload = client.get(f"/api/games/{created['id']}", headers=auth).json()
    assert payload["view"] == serde.to_dict(session.game.view(session.state, 0))
    assert payload["view"] != serde.to_dict(session.state), "the piles' order is hidden"


def test_the_vocabulary_is_served_once_per_game_not_with_every_view(web: ModuleType) -> None:
    client, server = _client(web)
    vocabulary = client.get("/api/vocabulary/semya").json()
    assert len(vocabulary) == 29
    assert vocabulary[0]["label"]["ru"].startswith("Сыграть")
    cached = server.vocabularies["semya"]
    assert client.get("/api/vocabulary/semya").json() == vocabulary
    assert server.vocabularies["semya"] is cached, "labelled once per game"
    assert client.get("/api/vocabulary/chess").status_code == 404
    created = client.post("/api/games", json={"game": "semya", "seed": 2}).json()
    auth = {"authorization": f"Bearer {created['tokens']['0']}"}
    assert "vocabulary" not in client.get(f"/api/games/{created['id']}", headers=auth).json()
