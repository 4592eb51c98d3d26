"""«Об игре»: find a game where a declared 45 is met (LY-4, LY-20), instead of searching
with a loop of one's own (lyceum_declaration_45.py plays 600 seeded games for it).

Random play almost never meets a declaration of 45, so the search is given the player of
lyceum_declaration_45.py for seat 0: it declares 45 spread evenly, puts every SP of choice
into its furthest skill below target, rests while far from it and plays a card only when it
does not leave it further. The search lets that player take over half of the games it plays
on, and shrinks what it finds.
Run: ``python examples/find_lyceum_declaration.py``.
"""

from lyceum_declaration_45 import planner  # the aiming player of that example

from boardrules import replay
from boardrules.agents import RandomAgent
from boardrules.core.rng import Rng
from boardrules.explore import find
from boardrules.games import lyceum

game = lyceum.Game()
TARGET = (9, 9, 9, 9, 9)


class Aiming:
    """Seat 0's player: every decision aims at the declared 45 (the planner's choice)."""

    name = "aiming"

    def choose(self, game: lyceum.Game, view: lyceum.State, seat: int, rng: Rng) -> object:
        return planner(view, rng, TARGET)


def met_45(state: lyceum.State, events: tuple[object, ...]) -> bool:
    """The game is over and seat 0 met its declaration of 45 (a 500 XP bonus)."""
    return game.is_over(state) and lyceum.declaration_bonus(state.seats[0]) == 500


found = find(game, met_45, seed=1, budget=100_000, seconds=60,
             agents=[Aiming(), RandomAgent(), RandomAgent(), RandomAgent()])
print(found.summary())
assert found.record is not None
final = replay(found.record, game)[-1]
sheet = final.seats[0]
print(f"seat 0 ({sheet.character}) declared {sheet.declaration}, ended with skills "
      f"{sheet.skills} and {game.score(final)[0].points} XP, the 500 bonus included")
