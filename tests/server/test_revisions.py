"""A match keeps the revision of the rules it began with (issue 16, item 7).

The server stores each match's ``rules_revision``; after a rule fix (a later revision) a
match made before it plays on, and is recorded, by the rules it began with, and its record
replays with no variant named. A match stored by a later boardrules is refused clearly.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

import psycopg
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import boardrules
from boardrules import serde
from boardrules.core.rng import Rng
from boardrules.server.matches import Limits, Matches, Refusal
from boardrules.server.store import open_store

OPTIONS = {"rounds": 2}


def _set_revision(db_url: str, match_id: str, revision: int) -> None:
    """Make the stored match look like one made under ``revision`` of the rules."""
    if db_url.startswith("postgresql://"):
        with psycopg.connect(db_url, autocommit=True) as conn:
            conn.execute("UPDATE br_matches SET revision = %s WHERE id = %s",
                         (revision, match_id))
    else:
        with sqlite3.connect(db_url) as conn:
            conn.execute("UPDATE br_matches SET revision = ? WHERE id = ?",
                         (revision, match_id))


def _create(db_url: str, seed: int) -> tuple[str, list[str]]:
    store = open_store(db_url)
    try:
        body = json.dumps({"game": "orbita", "seed": seed, "options": OPTIONS,
                           "seats": ["human"] * 4}).encode()
        made = Matches(store, Limits()).create(body, "test")
        return made["match"], made["tokens"]
    finally:
        store.close()


@settings(max_examples=3, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(seed=st.integers(0, 2**53 - 1))
@example(seed=3)  # revisions 1 and 3 list different moves at its 22nd move
def test_a_match_made_before_a_rule_fix_plays_on_by_its_own_revision(
    db_url: str, seed: int
) -> None:
    current = boardrules.load("orbita", **OPTIONS)
    assert current.rules_revision > 1
    earlier = current.at_revision(1)
    match_id, tokens = _create(db_url, seed)
    _set_revision(db_url, match_id, 1)
    store = open_store(db_url)  # a server started after the upgrade: the database alone
    try:
        matches = Matches(store, Limits())
        state = earlier.new(seed)
        rng = Rng.derive(seed, "test")
        for _ in range(80):
            doc = matches.payload(match_id, None)
            if doc["over"]:
                break
            token = tokens[doc["to_move"]]
            mine = matches.payload(match_id, token)
            # What the server offers is revision 1's list, move after move.
            assert [item["action"] for item in mine["legal"]] == [
                serde.to_dict(a) for a in earlier.legal_actions(state)]
            action = rng.choice([item["action"] for item in mine["legal"]])
            matches.act(match_id, token,
                        json.dumps({"version": mine["version"], "action": action}).encode())
            state = earlier.apply(state, serde.from_dict(action, earlier.action_type))
        record = serde.from_dict(matches.record(match_id), boardrules.GameRecord)
        assert record.revision == 1
        assert record.variant is None
        replayed = boardrules.replay(record)  # no variant named: revision 1 by itself
        assert serde.to_dict(earlier.view(replayed[-1], None)) == (
            matches.payload(match_id, None)["view"])
    finally:
        store.close()


def test_a_match_of_a_later_revision_than_this_library_is_refused_clearly(
    db_url: str,
) -> None:
    match_id, _ = _create(db_url, 5)
    _set_revision(db_url, match_id, 99)
    store = open_store(db_url)
    try:
        with pytest.raises(Refusal) as refused:
            Matches(store, Limits()).payload(match_id, None)
        assert refused.value.status == 409
        assert refused.value.code == "unknown_revision"
        assert "revision 99" in refused.value.reason
        assert "upgrade" in refused.value.reason
    finally:
        store.close()


def test_a_new_match_stores_the_current_revision(db_url: str) -> None:
    match_id, _ = _create(db_url, 6)
    store = open_store(db_url)
    try:
        row = store.get(match_id)
        assert row is not None
        assert row.revision == boardrules.load("orbita").rules_revision
        record: Any = Matches(store, Limits()).record(match_id)
        assert record["revision"] == row.revision
    finally:
        store.close()
