"""Records written by boardrules 0.1.0 replay to the same states, seats to move and standings.

The corpus in tests/data/records-0.1.0 was written by 0.1.0 itself (see make_corpus.py there):
random games of every game, with default and non-default options and setups.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from boardrules import BadInput, serde
from boardrules.core.record import GameRecord
from boardrules.core.replay import load_game, replay
from boardrules.games.orbita import variants as orbita_variants

CORPUS = Path(__file__).parents[1] / "data" / "records-0.1.0"
FILES = sorted(CORPUS.glob("*.json"), key=lambda p: p.name)


def _digest(obj: object) -> str:
    return hashlib.sha256(serde.to_json(obj).encode()).hexdigest()[:16]


def test_the_corpus_covers_every_bundled_game() -> None:
    assert {p.name.split("-")[0] for p in FILES} == {"semya", "lyceum", "orbita"}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_0_1_0_record_replays_to_the_same_states(path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    record = serde.from_dict(doc["record"], GameRecord)
    assert record.revision == 1  # 0.1.0 wrote no revision
    # No variant named: replay picks the rules of the record's revision by itself. Orbita's
    # default rules changed after 0.1.0 (issue 10, revision 2): its revision 1 is the
    # variant orbita-0.1.0.
    game = load_game(record)
    states = replay(record)
    assert states == replay(record, game=game)
    if record.game == "orbita":
        assert game.variant == orbita_variants.V0_1_0
    assert [_digest(s) for s in states] == doc["digests"]
    assert [game.to_move(s) for s in states] == doc["to_move"]
    assert serde.to_dict(game.score(states[-1])) == doc["standings"]
    # And the record written back is the record that was read.
    assert serde.to_dict(record) == doc["record"]


def test_a_record_of_a_later_revision_is_refused_clearly() -> None:
    path = next(p for p in FILES if p.name.startswith("orbita"))
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["record"]["revision"] = 4
    record = serde.from_dict(doc["record"], GameRecord)
    with pytest.raises(BadInput) as caught:
        load_game(record)
    assert caught.value.path == "$.revision"
    assert "revision 4" in caught.value.reason
    assert "up to 3" in caught.value.reason
    # The same for a variant's record.
    doc["record"]["variant"] = orbita_variants.SHIELD_GIVEN_ONLY
    with pytest.raises(BadInput) as caught:
        load_game(serde.from_dict(doc["record"], GameRecord))
    assert caught.value.path == "$.revision"


def test_new_records_name_the_revision_and_replay_by_it() -> None:
    from boardrules.games import orbita, semya

    record = orbita.Game().record(5)
    assert record.revision == 3
    assert serde.to_dict(record)["revision"] == 3
    assert load_game(record).variant is None
    assert "revision" not in serde.to_dict(semya.Game().record(5))  # revision 1: as 0.1.0
    old = orbita.Game().at_revision(1)
    assert old.variant == orbita_variants.V0_1_0


#: Orbita records written at revision 2 (tests/data/records-orbita-r2/make_corpus.py).
REVISION_2 = sorted(
    (CORPUS.parent / "records-orbita-r2").glob("*.json"), key=lambda p: p.name
)


def test_the_revision_2_corpus_is_there() -> None:
    assert {p.name.split("-")[0] for p in REVISION_2} == {"orbita", "shield"}


@pytest.mark.parametrize("path", REVISION_2, ids=[p.stem for p in REVISION_2])
def test_a_revision_2_record_replays_to_the_same_states(path: Path) -> None:
    """Revision 3 changed ORB-11 and rebuilt ``orbita-shield-given-only`` on the default
    rules: records of revision 2 replay by the rules they were played under, with no
    variant named (``orbita-advice-alone``) or by the variant's name (its revision-2
    construction, 0.1.0's rules with ORB-12 changed)."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    record = serde.from_dict(doc["record"], GameRecord)
    assert record.revision == 2
    game = load_game(record)
    if record.variant is None:
        assert game.variant == orbita_variants.ADVICE_ALONE
    else:
        assert game.variant == orbita_variants.SHIELD_GIVEN_ONLY
        assert game.rulebook.rule("ORB-11") is orbita_variants.UNITS_0_1_0["ORB-11"]
        # Handed today's construction, replay still plays the record's revision.
        from boardrules.games import orbita

        today = orbita_variants.shield_given_only(orbita.Game(**dict(record.options)))
        assert replay(record, game=today) == replay(record)
    states = replay(record)
    assert [_digest(s) for s in states] == doc["digests"]
    assert [game.to_move(s) for s in states] == doc["to_move"]
    assert serde.to_dict(game.score(states[-1])) == doc["standings"]
    assert serde.to_dict(record) == doc["record"]


def test_revision_2_shield_records_need_their_own_construction() -> None:
    """The old construction matters: today's ``orbita-shield-given-only`` (the default rules
    with ORB-12 changed) plays differently from revision 2's, so a record of then would not
    replay by it."""
    from boardrules.games import orbita

    path = next(p for p in REVISION_2 if p.name.startswith("shield"))
    record = serde.from_dict(json.loads(path.read_text(encoding="utf-8"))["record"], GameRecord)
    today = orbita_variants.shield_given_only(orbita.Game(**dict(record.options)))
    earlier = load_game(record)
    assert earlier.rulebook != today.rulebook
    assert [r.id for r in earlier.rulebook if r is not today.rulebook.rule(r.id)] == [
        "ORB-11", "ORB-15", "ORB-17",
    ]
