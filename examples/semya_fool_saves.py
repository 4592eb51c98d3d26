"""7Я: the Fool (Дурень) saves a seat that had no answer, and that seat goes on to win.

Hypothesis searches random legal games for one where a seat without an answer plays its
trump as the Fool and later wins; then a hand-built position shows the rescue itself.
Run: ``python examples/semya_fool_saves.py``.
"""

from hypothesis import HealthCheck, find, settings

from boardrules.games import semya
from boardrules.testing import playouts

game = semya.Game()


def saved_by_the_fool(p) -> bool:
    if not game.is_over(p.final):
        return False
    winner = game.score(p.final).winners[0]
    return any(
        isinstance(action, semya.PlayFool) and game.to_move(state) == winner
        for state, action in zip(p.states, p.actions, strict=False)
    )


example = find(
    playouts(game, to_end=True),
    saved_by_the_fool,
    settings=settings(
        database=None, derandomize=True, max_examples=5000,
        suppress_health_check=list(HealthCheck),
    ),
)
winner = game.score(example.final).winners[0]
for move, (state, action) in enumerate(zip(example.states, example.actions, strict=False)):
    if isinstance(action, semya.PlayFool) and game.to_move(state) == winner:
        need = game.demand(state)
        print(
            f"Seed {example.seed}, move {move}: seat {winner} had no card starting on "
            f"{need.name_en if need else '?'} and played the Fool instead of losing."
        )
print(f"The game went on for {len(example.actions)} moves; seat {winner} won.")

# The rescue from a position: seat 0 must answer on Saturn and holds no such card.
state = game.position(
    hands=[["venus-mercury"], ["mars-sun"]], table=[semya.PlayCard("sun-saturn")], to_move=0
)
print("Legal for seat 0:", game.legal_actions(state))
after = game.apply(state, semya.PlayFool())
print("After the Fool, seat 1 may play any card:", game.legal_actions(after)[0])
assert not game.is_over(after)
