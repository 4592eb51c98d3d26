"""Write the corpus of 0.1.0 records that tests/core/test_records_0_1_0.py replays.

It was run once on boardrules 0.1.0 (commit 08ac8ca) with
``python tests/data/records-0.1.0/make_corpus.py``; later versions must replay its records to
the same states, seats to move and standings. Running it again on a later version would only
re-record that version's behaviour, so don't: the files are the fixed reference.

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
#: (game name, options, setup, seeds); the options are JSON values as a record stores them.
CASES: tuple[tuple[str, dict[str, object], dict[str, object], range], ...] = (
    ("semya", {}, {}, range(12)),
    ("lyceum", {}, {}, range(4)),
    ("lyceum", {}, {"players": 3}, range(4, 6)),
    ("lyceum", {"min_players": 2}, {"players": 2}, range(6, 7)),
    ("orbita", {"rounds": 3}, {}, range(3)),
    ("orbita", {"rounds": 2}, {"players": 2}, range(3, 5)),
    ("orbita", {}, {}, range(5, 6)),
)


def digest(obj: object) -> str:
    return hashlib.sha256(serde.to_json(obj).encode()).hexdigest()[:16]


def main() -> None:
    for name, options, setup, seeds in CASES:
        game = boardrules.core.registry.game_from_json_options(name, options)
        for seed in seeds:
            rng = Rng.derive(seed, "corpus", name)
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
            doc = {
                "record": serde.to_dict(record),
                "digests": [digest(s) for s in states],
                "to_move": [game.to_move(s) for s in states],
                "standings": serde.to_dict(game.score(state)),
            }
            path = HERE / f"{name}-{seed}.json"
            path.write_text(json.dumps(doc, ensure_ascii=False) + "\n", encoding="utf-8")
            print(path.name, len(actions), "actions")


if __name__ == "__main__":
    main()
