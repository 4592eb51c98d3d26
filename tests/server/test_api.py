"""The HTTP API as a front-end and as a hostile client use it (in process, both backends).

Every case from issue 12's hostile-client list is here: bot-only matches do not block the
server, mass creation meets a quota instead of evicting matches, oversized bodies get 413,
deep or odd JSON a 400 naming the field, duplicate keys and NaN are refused, and a
double-submitted move is applied once.
"""

from __future__ import annotations

import concurrent.futures
import json
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

import boardrules
from boardrules import serde
from boardrules.server.app import make_app
from boardrules.server.matches import Limits
from boardrules.server.store import open_store

LIMITS = Limits(max_body=4096, max_live_per_client=12, bot_seconds=0.5, bot_workers=1)


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """A client of a server over each backend."""
    app, _ = make_app(open_store(db_url), LIMITS)
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def sqlite_client(tmp_path: Path) -> Iterator[TestClient]:
    """A client of a server over SQLite, for what does not depend on the backend."""
    app, _ = make_app(open_store(str(tmp_path / "m.sqlite3")), LIMITS)
    with TestClient(app) as test_client:
        yield test_client


def _create(client: TestClient, seats: list[str], game: str = "semya", seed: int = 7,
            **extra: Any) -> dict[str, Any]:
    response = client.post("/api/matches",
                           json={"game": game, "seed": seed, "seats": seats, **extra})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def _auth(token: str | None) -> dict[str, str]:
    return {} if token is None else {"authorization": f"Bearer {token}"}


def test_two_people_play_semya_to_the_end(
        client: TestClient, reads_finished: Callable[..., None]) -> None:
    created = _create(client, ["human", "human"], seed=5)
    match_id, tokens = created["match"], created["tokens"]
    assert all(isinstance(t, str) for t in tokens)
    game = boardrules.load("semya")
    for _ in range(80):
        public = client.get(f"/api/matches/{match_id}").json()
        assert public["seat"] is None
        assert public["legal"] == [], "a spectator has no moves"
        if public["over"]:
            break
        seat = public["to_move"]
        mine = client.get(f"/api/matches/{match_id}", headers=_auth(tokens[seat])).json()
        assert mine["seat"] == seat
        assert mine["legal"], "the seat to move has legal moves"
        assert all(item["label"]["en"] and item["label"]["ru"] for item in mine["legal"])
        other = client.get(f"/api/matches/{match_id}", headers=_auth(tokens[1 - seat])).json()
        assert other["legal"] == []
        move = {"version": mine["version"], "action": mine["legal"][-1]["action"]}
        answer = client.post(f"/api/matches/{match_id}/actions", json=move,
                             headers=_auth(tokens[seat]))
        assert answer.status_code == 200, answer.text
        doc = answer.json()
        assert doc["version"] == mine["version"] + 1
        assert doc["events"], "the answer carries the move's events"
        assert {e["move"] for e in doc["events"]} == {mine["version"]}
    final = client.get(f"/api/matches/{match_id}", headers=_auth(tokens[0])).json()
    reads_finished(final)
    assert final["standings"]["winners"]
    assert final["result"]["en"] == serde.to_dict(game.result(boardrules.replay(
        serde.from_dict(client.get(f"/api/matches/{match_id}/record").json(),
                        boardrules.GameRecord), game)[-1], "en"))
    state = game.new(5)
    record = client.get(f"/api/matches/{match_id}?since=0", headers=_auth(tokens[0])).json()
    assert record["events"][0]["move"] == 0
    assert serde.to_dict(game.view(state, 0))["hands"] != final["view"]["hands"]


def test_bots_move_in_the_background_and_the_match_ends(client: TestClient) -> None:
    created = _create(client, ["greedy", "random"], seed=9)
    assert created["tokens"] == [None, None]
    match_id = created["match"]
    deadline = time.monotonic() + 60
    while not client.get(f"/api/matches/{match_id}").json()["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)


@pytest.mark.parametrize(("game", "agent", "seats"), [("orbita", "greedy", 4),
                                                      ("semya", "mcts", 2)])
def test_a_bot_only_match_does_not_block_other_requests(
    client: TestClient, game: str, agent: str, seats: int
) -> None:
    created = _create(client, [agent] * seats, game=game, seed=1)
    match_id = created["match"]
    seen = set()
    for _ in range(30):
        start = time.monotonic()
        assert client.get("/api/games").status_code == 200
        assert time.monotonic() - start < 5, "a request waited for the bots"
        seen.add(client.get(f"/api/matches/{match_id}").json()["version"])
        time.sleep(0.05)
    assert len(seen) > 1, "the bots kept moving while requests were served"


def test_the_lobby_lists_open_seats_and_a_seat_is_joined_once(client: TestClient) -> None:
    created = _create(client, ["human", "open"])
    match_id = created["match"]
    assert created["tokens"][1] is None
    lobby = client.get("/api/lobby").json()
    assert [(m["match"], m["free"]) for m in lobby] == [(match_id, [1])]
    joined = client.post(f"/api/matches/{match_id}/join", json={"seat": 1})
    assert joined.status_code == 201
    token = joined.json()["token"]
    assert client.get(f"/api/matches/{match_id}", headers=_auth(token)).json()["seat"] == 1
    again = client.post(f"/api/matches/{match_id}/join", json={"seat": 1})
    assert again.status_code == 409
    assert again.json()["error"] == "seat_taken"
    assert client.post(f"/api/matches/{match_id}/join", json={"seat": 0}).status_code == 409
    assert client.get("/api/lobby").json() == []


def test_mass_creation_meets_a_quota_and_evicts_nothing(client: TestClient) -> None:
    first = _create(client, ["human", "human"])
    refused = 0
    for seed in range(LIMITS.max_live_per_client + 5):
        response = client.post("/api/matches",
                               json={"game": "semya", "seed": seed, "seats": ["human", "human"]})
        if response.status_code == 429:
            refused += 1
            assert response.json()["error"] == "quota"
        else:
            assert response.status_code == 201
    assert refused == 6, "creations beyond the quota are refused"
    mover = client.get(f"/api/matches/{first['match']}").json()["to_move"]
    token = first["tokens"][mover]
    doc = client.get(f"/api/matches/{first['match']}", headers=_auth(token)).json()
    played = client.post(f"/api/matches/{first['match']}/actions", headers=_auth(token),
                         json={"version": 0, "action": doc["legal"][0]["action"]})
    assert played.status_code == 200, "the oldest match is still there and playable"


def test_a_double_submitted_move_is_applied_once(client: TestClient) -> None:
    created = _create(client, ["human", "human"], seed=2)
    match_id, tokens = created["match"], created["tokens"]
    seat = client.get(f"/api/matches/{match_id}").json()["to_move"]
    doc = client.get(f"/api/matches/{match_id}", headers=_auth(tokens[seat])).json()
    move = {"version": 0, "action": doc["legal"][0]["action"]}
    first = client.post(f"/api/matches/{match_id}/actions", json=move,
                        headers=_auth(tokens[seat]))
    second = client.post(f"/api/matches/{match_id}/actions", json=move,
                         headers=_auth(tokens[seat]))
    assert first.status_code == 200
    assert second.status_code == 409
    assert second.json()["version"] == 1
    assert client.get(f"/api/matches/{match_id}").json()["version"] == 1


def _hostile_cases() -> list[tuple[str, str, str, Any, int, str]]:
    """(name, method, path, body, status, error): each a request a hostile client sends."""
    deep = "[" * 1000 + "]" * 1000
    return [
        ("no JSON", "POST", "/api/matches", b"{not json", 400, "bad_input"),
        ("deep nesting", "POST", "/api/matches", deep.encode(), 400, "bad_input"),
        ("deep in a field", "POST", "/api/matches",
         b'{"game": "semya", "seats": ["human", "human"], "setup": ' + deep.encode() + b"}",
         400, "bad_input"),
        ("a seat that is a list", "POST", "/api/matches",
         b'{"game": "semya", "seats": ["human", []]}', 400, "bad_input"),
        ("duplicate keys", "POST", "/api/matches",
         b'{"game": "semya", "game": "orbita", "seats": ["human", "human"]}', 400,
         "bad_input"),
        ("NaN", "POST", "/api/matches",
         b'{"game": "semya", "seed": NaN, "seats": ["human", "human"]}', 400, "bad_input"),
        ("a float seed", "POST", "/api/matches",
         b'{"game": "semya", "seed": 1.5, "seats": ["human", "human"]}', 400, "bad_input"),
        ("a huge seed", "POST", "/api/matches",
         b'{"game": "semya", "seed": 99999999999999999999999, "seats": ["human", "human"]}',
         400, "bad_input"),
        ("an unknown key", "POST", "/api/matches",
         b'{"game": "semya", "seats": ["human", "human"], "bot": "greedy"}', 400,
         "bad_input"),
        ("an unknown game", "POST", "/api/matches", b'{"game": "chess", "seats": []}', 400,
         "unknown_game"),
        ("an unknown agent", "POST", "/api/matches",
         b'{"game": "semya", "seats": ["human", "alphazero"]}', 400, "bad_input"),
        ("too few seats", "POST", "/api/matches", b'{"game": "semya", "seats": ["human"]}',
         400, "bad_input"),
        ("a bad setup", "POST", "/api/matches",
         b'{"game": "semya", "seats": ["human", "human"], "setup": {"colour": 1}}', 400,
         "bad_input"),
        ("bad options", "POST", "/api/matches",
         b'{"game": "semya", "seats": ["human", "human"], "options": {"deck": 5}}', 400,
         "bad_input"),
        ("not an object", "POST", "/api/matches", b"[]", 400, "bad_input"),
        ("an empty body", "POST", "/api/matches", b"", 400, "bad_input"),
        ("a body over the cap", "POST", "/api/matches", b" " * (LIMITS.max_body + 1), 413,
         "too_large"),
        ("invalid UTF-8", "POST", "/api/matches", b'{"game": "\xff"}', 400, "bad_input"),
        ("an unknown match", "GET", "/api/matches/nosuchmatch", None, 404, "unknown_match"),
        ("a hostile match ID", "GET", "/api/matches/..%2F..%2Fetc", None, 404, "http"),
        ("a bad since", "GET", "/api/matches/x?since=-1", None, 400, "bad_input"),
        ("an unknown route", "GET", "/api/nothing", None, 404, "http"),
        ("a wrong method", "DELETE", "/api/matches", None, 405, "http"),
        ("an unknown vocabulary", "GET", "/api/games/chess/vocabulary", None, 404,
         "unknown_game"),
        ("an unknown schema kind", "GET", "/api/games/semya/schema/secrets", None, 404,
         "unknown_kind"),
        ("a join with a string seat", "POST", "/api/matches/x/join", b'{"seat": "1"}', 400,
         "bad_input"),
    ]


@pytest.mark.parametrize(
    ("method", "path", "body", "status", "error"),
    [case[1:] for case in _hostile_cases()], ids=[case[0] for case in _hostile_cases()],
)
def test_a_hostile_request_gets_a_4xx_with_a_reason(
    sqlite_client: TestClient, method: str, path: str, body: bytes | None, status: int, error: str
) -> None:
    headers = {} if body is None else {"content-type": "application/json"}
    response = sqlite_client.request(method, path, content=body, headers=headers)
    assert response.status_code == status, response.text
    doc = response.json()
    assert doc["error"] == error
    assert doc["reason"]


def test_a_streamed_body_is_cut_at_the_cap(sqlite_client: TestClient) -> None:
    client = sqlite_client
    def chunks() -> Iterator[bytes]:
        for _ in range(10_000):  # 10 MB with no Content-Length: the cap applies while reading
            yield b" " * 1024

    json_body = {"content-type": "application/json"}
    response = client.post("/api/matches", content=chunks(), headers=json_body)
    assert response.status_code == 413
    big = client.post("/api/matches", content=b"{}",
                      headers={**json_body, "content-length": str(150 * 1024 * 1024)})
    assert big.status_code in (400, 413)


@pytest.mark.parametrize(
    ("headers", "status", "error"),
    [
        ({}, 401, "no_token"),
        ({"authorization": "Basic abc"}, 401, "bad_token"),
        ({"authorization": "Bearer short"}, 401, "bad_token"),
        ({"authorization": "Bearer " + "x" * 32}, 403, "wrong_token"),
    ],
    ids=["no token", "not bearer", "malformed", "another match's or made up"],
)
def test_a_move_without_the_right_token_is_refused(
    client: TestClient, headers: dict[str, str], status: int, error: str
) -> None:
    created = _create(client, ["human", "human"])
    match_id = created["match"]
    response = client.post(f"/api/matches/{match_id}/actions", headers=headers,
                           json={"version": 0, "action": {"type": "play_fool"}})
    assert response.status_code == status
    assert response.json()["error"] == error
    assert client.get(f"/api/matches/{match_id}").json()["version"] == 0


def test_refusals_of_moves_name_the_reason_and_change_nothing(client: TestClient) -> None:
    created = _create(client, ["human", "human"], seed=1)
    match_id, tokens = created["match"], created["tokens"]
    mover = client.get(f"/api/matches/{match_id}").json()["to_move"]
    own, other = _auth(tokens[mover]), _auth(tokens[1 - mover])
    path = f"/api/matches/{match_id}/actions"
    illegal = client.post(path, headers=own,
                          json={"version": 0, "action": {"type": "play_fool"}})
    assert illegal.status_code == 422
    violation = illegal.json()["violation"]
    assert violation["rule"].startswith("SEM-")
    assert violation["message"]["en"]
    assert violation["message"]["ru"]
    legal = client.get(f"/api/matches/{match_id}", headers=own).json()["legal"][0]["action"]
    not_yours = client.post(path, headers=other, json={"version": 0, "action": legal})
    assert not_yours.status_code == 403
    assert not_yours.json()["error"] == "not_your_turn"
    malformed = client.post(path, headers=own,
                            json={"version": 0, "action": {"type": "play_card", "card": 7}})
    assert malformed.status_code == 400
    assert malformed.json()["path"] == "$.action.card"
    stale = client.post(path, headers=own, json={"version": 3, "action": legal})
    assert stale.status_code == 409
    no_version = client.post(path, headers=own, json={"action": legal})
    assert no_version.status_code == 400
    other_match = _create(client, ["human", "human"], seed=1)
    borrowed = client.post(f"/api/matches/{other_match['match']}/actions", headers=own,
                           json={"version": 0, "action": legal})
    assert borrowed.status_code == 403, "a token is bound to its own match"
    assert client.get(f"/api/matches/{match_id}").json()["version"] == 0


def test_schemas_and_vocabulary_are_served(sqlite_client: TestClient) -> None:
    client = sqlite_client
    games = client.get("/api/games").json()
    assert [g["game"] for g in games["games"]] == list(boardrules.game_names())
    assert games["agents"] == ["random", "greedy", "goal", "mcts"]
    doc = client.get("/api/games/semya/schema/action").json()
    assert doc == json.loads(json.dumps(boardrules.schema(boardrules.load("semya"), "action")))
    vocabulary = client.get("/api/games/semya/vocabulary").json()
    assert {"type": "play_fool"} in [v["action"] for v in vocabulary]


def _validator(doc: dict[str, Any], name: str) -> Any:
    from jsonschema import Draft202012Validator

    return Draft202012Validator({**doc, "$ref": f"#/$defs/{name}"})


@pytest.mark.parametrize("name", boardrules.game_names())
def test_every_document_matches_the_api_schema(sqlite_client: TestClient, name: str) -> None:
    client = sqlite_client
    doc = client.get(f"/api/games/{name}/schema/api").json()
    game = boardrules.load(name)
    seats = len(game.score(game.new(3)))
    body = {"game": name, "seed": 3, "seats": ["human"] * seats}
    _validator(doc, "CreateRequest").validate(body)
    created = _create(client, ["human"] * seats, game=name, seed=3)
    _validator(doc, "Created").validate(created)
    match_id, tokens = created["match"], created["tokens"]
    payload = _validator(doc, "Payload")
    payload.validate(client.get(f"/api/matches/{match_id}").json())
    for _ in range(8):
        public = client.get(f"/api/matches/{match_id}").json()
        if public["over"]:  # a short game (Kuhn poker) ends within the eight moves
            break
        token = tokens[public["to_move"]]
        mine = client.get(f"/api/matches/{match_id}?since=0", headers=_auth(token)).json()
        payload.validate(mine)
        move = {"version": mine["version"], "action": mine["legal"][-1]["action"]}
        _validator(doc, "ActionRequest").validate(move)
        answer = client.post(f"/api/matches/{match_id}/actions", json=move,
                             headers=_auth(token))
        payload.validate(answer.json())
    refused = client.post(f"/api/matches/{match_id}/actions", json={"version": 0},
                          headers=_auth(tokens[0]))
    _validator(doc, "Refusal").validate(refused.json())


class _StuckPool(concurrent.futures.Executor):
    """A bot pool whose workers never answer."""

    def __init__(self) -> None:
        self.asked = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> concurrent.futures.Future[Any]:
        self.asked += 1
        return concurrent.futures.Future()


def test_a_bot_over_its_budget_plays_a_random_move_instead(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    pool = _StuckPool()
    app, _ = make_app(open_store(str(tmp_path / "m.sqlite3")), Limits(bot_seconds=0.05), pool)
    with TestClient(app) as client:
        created = _create(client, ["mcts", "mcts"], seed=4)
        deadline = time.monotonic() + 30
        while client.get(f"/api/matches/{created['match']}").json()["version"] < 2:
            assert time.monotonic() < deadline, "the bots stopped"
            time.sleep(0.1)
    assert pool.asked >= 2
    assert "over its budget" in caplog.text


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_random_bots_move_without_the_bot_pool_and_as_a_table_does(seed: int) -> None:
    """A random bot's move is chosen in the thread that stores it (the pool, which never
    answers here, is not asked) and is the very move a table with the seed plays."""
    pool = _StuckPool()
    with tempfile.TemporaryDirectory() as tmp:
        app, _ = make_app(open_store(str(Path(tmp) / "m.sqlite3")), LIMITS, pool)
        with TestClient(app) as client:
            match_id = _create(client, ["random", "random"], game="kuhn", seed=seed)["match"]
            deadline = time.monotonic() + 30
            while not client.get(f"/api/matches/{match_id}").json()["over"]:
                assert time.monotonic() < deadline, "the bots stopped"
                time.sleep(0.02)
            record = client.get(f"/api/matches/{match_id}/record").json()
    table = boardrules.Table("kuhn", seats=["random", "random"], seed=seed)
    assert record["actions"] == [serde.to_dict(m.action) for m in table.moves]
    assert pool.asked == 0


def test_pages_of_an_allowed_origin_may_call_the_api(tmp_path: Path) -> None:
    app, _ = make_app(open_store(str(tmp_path / "m.sqlite3")), LIMITS,
                      allow_origins=("http://localhost:5173",))
    with TestClient(app) as client:
        asked = {"origin": "http://localhost:5173", "access-control-request-method": "POST",
                 "access-control-request-headers": "authorization, content-type"}
        allowed = client.options("/api/matches", headers=asked)
        assert allowed.status_code == 200
        assert allowed.headers["access-control-allow-origin"] == "http://localhost:5173"
        other = client.options("/api/matches", headers={**asked, "origin": "http://evil.test"})
        assert other.status_code == 400
        assert "access-control-allow-origin" not in other.headers
        answer = client.get("/api/games", headers={"origin": "http://localhost:5173"})
        assert answer.headers["access-control-allow-origin"] == "http://localhost:5173"


def test_a_bot_the_game_cannot_use_is_refused_at_its_seat(client: TestClient) -> None:
    """``goal`` needs a policy: 7Я has none, so the seat is refused before the match exists,
    naming the seats 7Я takes (as its schema and ``/api/games`` list them); Orbita has one,
    so the match is made."""
    response = client.post("/api/matches", json={"game": "semya", "seats": ["human", "goal"]})
    assert response.status_code == 400
    assert response.json()["path"] == "$.seats[1]"
    assert response.json()["reason"].endswith("human, open, random, greedy, mcts")
    seats = client.get("/api/games/semya/schema/api").json()["$defs"]["CreateRequest"][
        "properties"]["seats"]["items"]["enum"]
    assert seats == ["human", "open", "random", "greedy", "mcts"]
    created = _create(client, ["human", "goal", "goal"], game="orbita", setup={"players": 3})
    assert created["tokens"][1:] == [None, None]


@pytest.mark.parametrize("name", boardrules.game_names())
def test_the_lobby_lists_each_game_with_its_title_options_and_working_bots(
        sqlite_client: TestClient, name: str) -> None:
    """``/api/games`` gives a game's titles, seats, options (typed, with defaults and the
    range the game accepts) and bots; a match is made with each listed bot, which answers."""
    client = sqlite_client
    entry = next(g for g in client.get("/api/games").json()["games"] if g["game"] == name)
    assert entry["title"]["en"] not in ("", name), "a title, not the registry name"
    assert entry["title"]["ru"] not in ("", name)
    game = boardrules.load(name)
    for option, spec in entry["options"].items():
        assert spec["type"] in ("integer", "boolean", "string", "array", "object")
        if "default" in spec:
            assert game.init_options()[option] == spec["default"]
        if "minimum" in spec:
            for value, made in ((spec["minimum"], True), (spec["maximum"], True),
                                (spec["minimum"] - 1, False), (spec["maximum"] + 1, False)):
                try:
                    boardrules.load(name, **{option: value})
                except boardrules.BadInput:
                    assert not made, (option, value)
                else:
                    assert made, (option, value)
    players = max(entry["min_players"], 2)
    setup = {"players": players} if name in ("lyceum", "orbita") else {}
    for bot in entry["bots"]:
        created = _create(client, ["human"] + [bot] * (players - 1), game=name, setup=setup)
        match, mine = created["match"], _auth(created["tokens"][0])
        payload = client.get(f"/api/matches/{match}", headers=mine).json()
        bot_turn, deadline = False, time.monotonic() + 20
        while not payload["over"] and time.monotonic() < deadline:
            if payload["to_move"] != 0:
                bot_turn = True
                time.sleep(0.05)  # the bots answer in their worker
                payload = client.get(f"/api/matches/{match}", headers=mine).json()
            elif bot_turn:
                break  # a bot played, and it is the person's turn again
            else:
                payload = client.post(f"/api/matches/{match}/actions", headers=mine, json={
                    "version": payload["version"], "action": payload["legal"][0]["action"],
                }).json()
        assert bot_turn, (bot, "no bot had a turn")
        assert payload["over"] or payload["to_move"] == 0, (bot, payload["to_move"])
