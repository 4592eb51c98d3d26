"""7Я: find a game where the Fool saves a seat, instead of building it (semya_fool_saves.py).

A seat that cannot answer may throw its trump as the Fool (SEM-8) and play on. We ask the
search for a finished game won by a seat that played the Fool, and it hands back the
shortest it could make, as a record to replay.
Run: ``python examples/find_semya_fool_saves.py``.
"""

from boardrules import replay
from boardrules.explore import find
from boardrules.games import semya

game = semya.Game()


def saved_by_the_fool(state: semya.State, events: tuple[object, ...]) -> bool:
    """The game is over and its winner's trump went out as the Fool."""
    if not game.is_over(state):
        return False
    winners = game.score(state).winners
    return any(state.trumps[seat] is semya.Trump.FOOL for seat in winners)


found = find(game, saved_by_the_fool, seed=7, budget=60_000)
print(found.summary())
assert found.record is not None
states = replay(found.record, game)
for number, (state, action) in enumerate(zip(states[:-1], found.record.actions,
                                                strict=True), start=1):
    print(f"{number:3}. seat {game.to_move(state)}: {game.describe_action(action)}")
print(game.render_text(states[-1]))
