"""Fair seeds (issue 21): a match a stranger may join is dealt from a seed the server draws,
its commitment is published at creation and opened at the end, and old stored matches keep
working after the new columns arrive."""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from starlette.testclient import TestClient

import boardrules
from boardrules import serde
from boardrules.server.app import make_app
from boardrules.server.matches import Limits
from boardrules.server.store import open_store

LIMITS = Limits(max_live_per_client=1000, bot_seconds=0.5, bot_workers=1)


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    app, _ = make_app(open_store(db_url), LIMITS)
    with TestClient(app) as test_client:
        yield test_client


def _post(client: TestClient, path: str, body: dict[str, Any], status: int = 201
          ) -> dict[str, Any]:
    response = client.post(path, json=body)
    assert response.status_code == status, response.text
    answer: dict[str, Any] = response.json()
    return answer


def _until_over(client: TestClient, match_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while True:
        doc: dict[str, Any] = client.get(f"/api/matches/{match_id}").json()
        if doc["over"]:
            return doc
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)


def _opens(deal: dict[str, Any]) -> bool:
    text = f"boardrules-seed-v1:{deal['nonce']}:{deal['seed']}".encode("ascii")
    return hashlib.sha256(text).hexdigest() == deal["commitment"]


def test_the_creator_cannot_deal_a_joiner_s_cards(client: TestClient) -> None:
    """The issue's attack: the creator's seed predicted the joiner's Kuhn card 20 times in 20."""
    kuhn = boardrules.load("kuhn")
    predicted = 0
    for chosen in range(20):
        made = _post(client, "/api/matches",
                     {"game": "kuhn", "seed": chosen, "seats": ["human", "open"]})
        assert made["seed_by"] == "server"
        joined = _post(client, f"/api/matches/{made['match']}/join", {"seat": 1})
        view = client.get(f"/api/matches/{made['match']}",
                          headers={"authorization": f"Bearer {joined['token']}"}).json()
        card = view["view"]["cards"][1]
        predicted += card == serde.to_dict(kuhn.new(chosen).cards[1])
        assert view["deal"]["seed"] is None, "the seed stays secret while the match goes on"
    # Three cards: a fair deal matches a guess about a third of the time; 15 of 20 happens
    # by chance about once in 30,000 runs.
    assert predicted < 15, f"the creator's seed still predicted {predicted} of 20 cards"


def test_the_commitment_opens_at_the_end_and_the_record_replays(client: TestClient) -> None:
    made = _post(client, "/api/matches", {"game": "kuhn", "seats": ["random", "random"]})
    assert made["seed_by"] == "server"
    assert len(made["commitment"]) == 64
    match_id = made["match"]
    early = client.get(f"/api/matches/{match_id}/record")
    assert early.status_code in (200, 409)  # a Kuhn hand may end before this request
    if early.status_code == 409:
        assert early.json()["error"] == "match_not_over"
    final = _until_over(client, match_id)
    deal = final["deal"]
    assert deal["commitment"] == made["commitment"], "the commitment never changes"
    assert deal["seed"] is not None
    assert _opens(deal), "sha256('boardrules-seed-v1:NONCE:SEED') is the commitment"
    record_doc = client.get(f"/api/matches/{match_id}/record").json()
    assert record_doc["seed"] == deal["seed"]
    record = serde.from_dict(record_doc, boardrules.GameRecord)
    game = boardrules.load("kuhn")
    last = boardrules.replay(record, game)[-1]
    assert serde.to_dict(game.view(last, None)) == final["view"], "anyone can check the deal"


def test_a_record_names_the_rules_revision_it_was_played_under(client: TestClient) -> None:
    """Orbita is past its first revision: the server's record says which, so it replays by
    those rules with no game named (a record without it would be read as revision 1)."""
    orbita = boardrules.load("orbita", rounds=1)
    made = _post(client, "/api/matches", {"game": "orbita", "options": {"rounds": 1},
                                          "setup": {"players": 2},
                                          "seats": ["random", "random"]})
    _until_over(client, made["match"])
    record_doc = client.get(f"/api/matches/{made['match']}/record").json()
    assert record_doc["revision"] == orbita.rules_revision > 1
    record = serde.from_dict(record_doc, boardrules.GameRecord)
    final = boardrules.replay(record)[-1]
    assert orbita.is_over(final)


def test_a_creator_who_holds_every_seat_may_choose_the_seed(client: TestClient) -> None:
    kuhn = boardrules.load("kuhn")
    made = _post(client, "/api/matches", {"game": "kuhn", "seed": 5, "seats": ["human", "human"]})
    assert made["seed_by"] == "creator"
    mine = client.get(f"/api/matches/{made['match']}",
                      headers={"authorization": f"Bearer {made['tokens'][0]}"}).json()
    assert mine["view"] == serde.to_dict(kuhn.view(kuhn.new(5), 0))
    assert mine["deal"]["seed_by"] == "creator"


def test_bots_draw_from_the_match_s_seed(tmp_path: Path) -> None:
    """One seed, one game: the bots' choices come from the match's seed stream (a budget
    large enough that no bot falls back to its over-budget random move)."""
    limits = Limits(bot_seconds=10, bot_workers=1)
    app, _ = make_app(open_store(str(tmp_path / "m.sqlite3")), limits)
    with TestClient(app) as client:
        bots = [_post(client, "/api/matches",
                      {"game": "semya", "seed": 11, "seats": ["random", "greedy"]})
                for _ in range(2)]
        records = [client.get(f"/api/matches/{_until_over(client, b['match'])['match']}/record")
                   .json() for b in bots]
    assert records[0]["actions"] == records[1]["actions"]


def test_the_lobby_marks_who_chose_the_seed(client: TestClient) -> None:
    made = _post(client, "/api/matches", {"game": "semya", "seats": ["human", "open"]})
    lobby = client.get("/api/lobby").json()
    assert [(m["match"], m["seed_by"]) for m in lobby] == [(made["match"], "server")]


def _drop_new_columns(db_url: str) -> None:
    """Make the database look like one written before the seed and revision columns
    existed."""
    statements = ["ALTER TABLE br_matches DROP COLUMN seed_by",
                  "ALTER TABLE br_matches DROP COLUMN seed_nonce",
                  "ALTER TABLE br_matches DROP COLUMN revision"]
    if db_url.startswith("postgresql://"):
        with psycopg.connect(db_url, autocommit=True) as conn:
            for statement in statements:
                conn.execute(statement)
    else:
        with sqlite3.connect(db_url) as conn:
            for statement in statements:
                conn.execute(statement)


def test_matches_stored_before_the_seed_columns_still_replay(db_url: str) -> None:
    app, _ = make_app(open_store(db_url), LIMITS)
    with TestClient(app) as client:
        made = _post(client, "/api/matches",
                     {"game": "semya", "seed": 4, "seats": ["random", "random"]})
        final = _until_over(client, made["match"])
    _drop_new_columns(db_url)
    app, _ = make_app(open_store(db_url), LIMITS)
    with TestClient(app) as client:
        again = client.get(f"/api/matches/{made['match']}").json()
        assert again["view"] == final["view"]
        assert again["deal"]["seed_by"] == "unknown"
        record = serde.from_dict(client.get(f"/api/matches/{made['match']}/record").json(),
                                 boardrules.GameRecord)
        assert record.seed == 4
        game = boardrules.load("semya")
        assert serde.to_dict(game.view(boardrules.replay(record, game)[-1], None)) == (
            final["view"])
        newer = _post(client, "/api/matches", {"game": "semya", "seats": ["human", "open"]})
        assert client.get(f"/api/matches/{newer['match']}").json()["deal"]["seed_by"] == (
            "server")


def test_the_seeds_the_server_draws_are_ones_a_browser_holds(client: TestClient) -> None:
    """JavaScript reads numbers as doubles: a seed over 2**53 - 1 would reach a page as
    another seed, and its commitment check would fail. Before issue 33 the server drew 63-bit
    seeds (over 2**53 - 1 in 1,023 draws of 1,024)."""
    for _ in range(20):
        made = _post(client, "/api/matches", {"game": "kuhn", "seats": ["human", "open"]})
        assert made["seed_by"] == "server"
        resigned = client.post(f"/api/matches/{made['match']}/resign",
                               headers={"authorization": f"Bearer {made['tokens'][0]}"})
        assert resigned.status_code == 200, resigned.text
        deal = client.get(f"/api/matches/{made['match']}").json()["deal"]
        assert 0 <= deal["seed"] <= 2**53 - 1
        assert int(float(deal["seed"])) == deal["seed"]
        assert _opens(deal)
    too_large = client.post("/api/matches", json={"game": "kuhn", "seed": 2**53,
                                                  "seats": ["human", "human"]})
    assert too_large.status_code == 400
    assert too_large.json()["path"] == "$.seed"
    largest = _post(client, "/api/matches", {"game": "kuhn", "seed": 2**53 - 1,
                                             "seats": ["human", "human"]})
    assert largest["seed_by"] == "creator"


SERVE_MD = Path(__file__).resolve().parents[2] / "docs" / "how-to" / "serve.md"


def test_serve_md_s_commitment_check_holds_in_node(
        client: TestClient, needs_node: dict[str, str], tmp_path: Path) -> None:
    """serve.md's JavaScript, run by Node on a finished match's payload, finds the commitment
    opened by the seed and nonce the payload carries."""
    made = _post(client, "/api/matches", {"game": "kuhn", "seats": ["human", "open"]})
    client.post(f"/api/matches/{made['match']}/resign",
                headers={"authorization": f"Bearer {made['tokens'][0]}"})
    final = client.get(f"/api/matches/{made['match']}").text
    found = re.search(r"```js\n(const final = .*?)```", SERVE_MD.read_text(encoding="utf-8"),
                      re.S)
    assert found is not None, "serve.md shows the commitment check in JavaScript"
    lines = found.group(1).splitlines()
    assert lines[0].startswith("const final = await fetch(")
    script = "\n".join([
        f"const created = {json.dumps(made)};",
        f"const final = JSON.parse({json.dumps(final)});",  # what fetch(...).json() reads
        *lines[1:],
        "console.log(JSON.stringify(hex === created.commitment));",
    ])
    (tmp_path / "check.mjs").write_text(script, encoding="utf-8")
    ran = subprocess.run([needs_node["node"], str(tmp_path / "check.mjs")], capture_output=True,
                         text=True, timeout=60, check=False)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip() == "true", ran.stdout + ran.stderr
