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
    doc["record"]["revision"] = 3
    record = serde.from_dict(doc["record"], GameRecord)
    with pytest.raises(BadInput) as caught:
        load_game(record)
    assert caught.value.path == "$.revision"
    assert "revision 3" in caught.value.reason
    assert "up to 2" in caught.value.reason


def test_new_records_name_the_revision_and_replay_by_it() -> None:
    from boardrules.games import orbita, semya

    record = orbita.Game().record(5)
    assert record.revision == 2
    assert serde.to_dict(record)["revision"] == 2
    assert load_game(record).variant is None
    assert "revision" not in serde.to_dict(semya.Game().record(5))  # revision 1: as 0.1.0
    old = orbita.Game().at_revision(1)
    assert old.variant == orbita_variants.V0_1_0
