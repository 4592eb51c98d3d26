"""7Я: find a game won by a Lord (Владыка) attack, then replay it move by move.

A designer's question: "can the Lord end a game on the spot?" Hypothesis searches random
legal games for one whose last move is the Lord, shrinks it to a short one, and we print it.
Then the same idea from a hand-built position. Run: ``python examples/semya_lord_attack.py``.
"""

from hypothesis import HealthCheck, find, settings

from boardrules.games import semya
from boardrules.testing import playouts

game = semya.Game()


def won_by_the_lord(p) -> bool:
    return game.is_over(p.final) and isinstance(p.actions[-1], semya.PlayLord)


example = find(
    playouts(game, to_end=True),
    won_by_the_lord,
    settings=settings(
        database=None, derandomize=True, max_examples=5000,
        suppress_health_check=list(HealthCheck),
    ),
)
print(f"Seed {example.seed}: {len(example.actions)} moves, the last one a Lord attack.")
for state, action in zip(example.states, example.actions, strict=False):
    print(f"  seat {game.to_move(state)}: {game.describe_action(action)}")
final = example.final
lord = example.actions[-1]
print(
    f"Seat {final.loser} holds no card starting on {lord.named.name_en} and its trump is gone:"
    f" it loses (SEM-9). Winners: {game.score(final).winners}."
)

# The same attack from a position: seat 1 answers a black card with the Lord naming Mars;
# seat 0 has no card starting on Mars and has already used its trump as the Fool.
state = game.position(
    hands=[["sun-venus", "venus-saturn"], ["moon-mars"]],
    table=[semya.PlayCard("jupiter-moon")],
    trumps=["fool", "held"],
    to_move=1,
)
after = game.apply(state, semya.PlayLord(semya.Symbol.MARS))
assert game.is_over(after)
assert after.loser == 0
print("From a position: the Lord naming Mars wins at once:", game.score(after).winners == (1,))
