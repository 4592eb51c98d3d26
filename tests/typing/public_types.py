"""What a type checker sees at the public boundary; ``make types`` runs mypy --strict on it.

Running it also works (``assert_type`` returns its argument), so the doctest collection that
imports every module under tests/ imports this one harmlessly.
"""

from typing import Any, assert_type

import boardrules
from boardrules import GameRecord, Match, Result, Table, Turn, serde
from boardrules.core.capabilities import HasVocabulary, Labelled, Playable
from boardrules.games import kuhn, lyceum, orbita, semya

semya_game = boardrules.load("semya")
assert_type(semya_game, semya.Game)
assert_type(boardrules.load("lyceum"), lyceum.Game)
assert_type(boardrules.load("orbita"), orbita.Game)
assert_type(boardrules.load("kuhn"), kuhn.Game)


def _third_party(name: str) -> None:
    """Type-checked, never run: any other name is some registered game."""
    assert_type(boardrules.load(name), Playable[Any, Any, Any])


state = semya_game.new(seed=7)
assert_type(state, semya.State)
record = semya_game.record(7, (semya.PlayCard("sun-saturn"),), first=0)
assert_type(boardrules.replay(record, semya_game), tuple[semya.State, ...])
assert_type(serde.from_json(serde.to_json(record), GameRecord), GameRecord)
assert_type(serde.from_json(serde.to_json(state), semya.State, game=semya_game), semya.State)

match = Match(semya_game, seed=7)
assert_type(match.state, semya.State)
assert_type(match.legal_actions(), tuple[semya.Action, ...])

if isinstance(semya_game, Labelled) and isinstance(semya_game, HasVocabulary):
    first = semya_game.vocabulary()[0]
    assert_type(semya_game.describe_action(first, "ru"), str)

# Every bundled game is a Playable with its own types, and a Table keeps them.
semya_playable: Playable[semya.State, semya.Action, semya.Event] = semya.Game()
lyceum_playable: Playable[lyceum.State, lyceum.Action, lyceum.Event] = lyceum.Game()
orbita_playable: Playable[orbita.State, orbita.Action, orbita.Event] = orbita.Game()
kuhn_playable: Playable[kuhn.State, kuhn.Action, kuhn.Event] = kuhn.Game()
table = Table(semya_game, seed=7)
assert_type(table.state, semya.State)
assert_type(table.turn(), Turn[semya.Action])
assert_type(semya_game.prompt(state, "ru").moves[0].action, semya.Action)
assert_type(semya_game.result(state, "en"), Result)
