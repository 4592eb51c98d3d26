"""``GET /api/games/{game}/content`` and ``GET /api/matches/{id}/content``: the catalogue,
cacheable (ETag, Cache-Control, 304), the same as the library's, and in the API schema."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from starlette.testclient import TestClient

import boardrules
from boardrules import serde
from boardrules.server.app import make_app
from boardrules.server.matches import Limits
from boardrules.server.store import open_store


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app, _ = make_app(open_store(str(tmp_path / "m.sqlite3")), Limits(bot_workers=1))
    with TestClient(app) as test_client:
        yield test_client


@pytest.mark.parametrize("name", boardrules.game_names())
def test_the_content_is_the_library_catalogue_and_matches_the_api_schema(
        client: TestClient, name: str) -> None:
    response = client.get(f"/api/games/{name}/content")
    assert response.status_code == 200
    doc = response.json()
    game = boardrules.load(name)
    expected = json.loads(serde.to_json(boardrules.catalogue(game)))
    assert doc == {"game": name, **expected}
    api = client.get(f"/api/games/{name}/schema/api").json()
    Draft202012Validator({**api, "$ref": "#/$defs/content"}).validate(doc)
    Draft202012Validator(client.get(f"/api/games/{name}/schema/content").json()).validate(
        expected)


def test_the_content_is_cacheable(client: TestClient) -> None:
    first = client.get("/api/games/semya/content")
    tag = first.headers["etag"]
    assert tag.startswith('"')
    assert tag.endswith('"')
    assert "max-age=" in first.headers["cache-control"]
    again = client.get("/api/games/semya/content", headers={"if-none-match": tag})
    assert again.status_code == 304
    assert again.content == b""
    assert again.headers["etag"] == tag
    other = client.get("/api/games/semya/content", headers={"if-none-match": '"other"'})
    assert other.status_code == 200
    assert other.content == first.content


def test_a_match_gets_the_catalogue_of_its_own_options(client: TestClient) -> None:
    deck = [serde.to_dict(c) for c in boardrules.load("semya").deck]
    deck[0] = {**deck[0], "points": deck[0]["points"] + 1}
    created = client.post("/api/matches", json={"game": "semya", "seats": ["human", "human"],
                                                "options": {"deck": deck}}).json()
    mine = client.get(f"/api/matches/{created['match']}/content").json()
    plain = client.get("/api/games/semya/content").json()
    assert mine["cards"][0]["points"] == plain["cards"][0]["points"] + 1
    assert mine["cards"][1:] == plain["cards"][1:]


def test_unknown_games_and_matches_are_404_with_a_reason(client: TestClient) -> None:
    unknown = client.get("/api/games/chess/content")
    assert unknown.status_code == 404
    assert unknown.json()["error"] == "unknown_game"
    missing = client.get("/api/matches/nope/content")
    assert missing.status_code == 404
    assert missing.json()["error"] == "unknown_match"
