"""Write the corpus of Orbita revision-2 records that tests/core/test_records_0_1_0.py replays.

It was run once on the last commit with Orbita at revision 2 (e4a5130, before ORB-11 read
Advice as adding to Territory only and ``orbita-shield-given-only`` became the default rules
with ORB-12 changed) with ``PYTHONPATH=<that commit's src> python
tests/data/records-orbita-r2/make_corpus.py``; later versions must replay its records, with
no variant named or by the variant's name, to the same states, seats to move and standings.
Running it again on a later version would only re-record that version's behaviour, so don't.

Each file holds one JSON object: the record, then per state (the first, then one after each
action) the SHA-256 of its JSON text and the seat to move, and the final standings.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import boardrules
from boardrules import serde
from boardrules.core.rng import Rng

HERE = Path(__file__).parent
#: (file stem, variant, options, setup, seeds); the options are JSON values as a record
#: stores them.
CASES: tuple[tuple[str, str | None, dict[str, object], dict[str, object], range], ...] = (
    ("orbita", None, {"rounds": 3}, {}, range(2)),
    ("orbita", None, {"rounds": 2}, {"players": 2}, range(2, 3)),
    ("shield-given-only", "orbita-shield-given-only", {"rounds": 3}, {}, range(3, 5)),
)


def digest(obj: object) -> str:
    return hashlib.sha256(serde.to_json(obj).encode()).hexdigest()[:16]


def main() -> None:
    for stem, variant, options, setup, seeds in CASES:
        game = boardrules.core.registry.game_from_json_options("orbita", options, variant)
        for seed in seeds:
            rng = Rng.derive(seed, "corpus", "orbita")
            state = game.new(seed, **setup)
            actions = []
            states = [state]
            while not game.is_over(state):
                legal = game.legal_actions(state)
                action = legal[rng.below(len(legal))]
                actions.append(action)
                state = game.apply(state, action)
                states.append(state)
            record = game.record(seed, tuple(actions), **setup)
            assert record.revision == 2
            doc = {
                "record": serde.to_dict(record),
                "digests": [digest(s) for s in states],
                "to_move": [game.to_move(s) for s in states],
                "standings": serde.to_dict(game.score(state)),
            }
            path = HERE / f"{stem}-{seed}.json"
            path.write_text(json.dumps(doc, ensure_ascii=False) + "\n", encoding="utf-8")
            print(path.name, len(actions), "actions")


if __name__ == "__main__":
    main()
