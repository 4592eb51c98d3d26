"""Records written by boardrules 0.1.0 replay to the same states, seats to move and standings.

The corpus in tests/data/records-0.1.0 was written by 0.1.0 itself (see make_corpus.py there):
random games of every game, with default and non-default options and setups.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import attrs
import pytest

from boardrules import serde
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
    game = load_game(record)
    played = record
    if record.game == "orbita":
        # Orbita's default rules changed after 0.1.0 (issue 10); its readings of 0.1.0 are the
        # variant orbita-0.1.0, and 0.1.0's records (no variant name) replay with it.
        game = orbita_variants.v0_1_0(game)
        played = attrs.evolve(record, variant=game.variant)
    states = replay(played, game=game)
    assert [_digest(s) for s in states] == doc["digests"]
    assert [game.to_move(s) for s in states] == doc["to_move"]
    assert serde.to_dict(game.score(states[-1])) == doc["standings"]
    # And the record written back is the record that was read.
    assert serde.to_dict(record) == doc["record"]
