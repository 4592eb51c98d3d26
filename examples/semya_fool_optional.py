"""7Я: what if the Fool could be played at any time? (a rules variant, SEM-8)

The rulebook lets a seat play its trump as the Fool only when no card answers (SEM-8). This
script makes the variant in which the Fool may be played whenever the trump is held (never
as the opening move, SEM-5), without editing the package: it replaces SEM-8's check for
`PlayFool` and keeps the rest of the unit (its sentence is rewritten; its moves, the Fool
while the trump is held, and its effect stay). Then
it runs the same seeded study on both rulebooks with `boardrules.sim.sweep` and prints them
side by side: how often the first seat wins, how long games last, and how often each trump
form is played. Run: ``python examples/semya_fool_optional.py [--games N]``.
"""

import argparse

import attrs

from boardrules.agents import GreedyAgent, RandomAgent
from boardrules.games import semya
from boardrules.sim import sweep


def fool_optional(game: semya.Game) -> semya.Game:
    """``game`` with SEM-8 relaxed: the Fool may be played whenever the trump is held."""
    own = game.rulebook.rule("SEM-8")
    relaxed = attrs.evolve(
        own,
        en="The trump as the Fool may be played whenever the trump is held; it is black.",
        ru="Козырь-Дурень можно сыграть в любой момент, пока Козырь на руке; его масть чёрная.",
        checks={},  # no answer needed: the Fool whenever the trump is held (SEM-5: not first)
    )
    return game.with_rules(replace={"SEM-8": relaxed}, name="fool-optional")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per rulebook and pairing")
    games = parser.parse_args().games
    pairings = {
        "random v random": [RandomAgent(), RandomAgent()],
        "greedy v greedy": [GreedyAgent(), GreedyAgent()],
    }
    print(f"{'pairing':16} {'rules':14} {'seat 0 wins':>11} {'mean length':>11} "
          f"{'Fool/game':>9} {'Lord/game':>9}")
    for label, agents in pairings.items():
        studies = sweep("semya", {}, agents, games=games, seed=2026, executor=None,
                        rules=[None, fool_optional])
        for study in studies:
            s = study.result.summary
            length = sum(n * count for n, count in s.lengths.items()) / s.games
            first = s.seat_wins.get(0, 0) / s.games
            fools = s.events.get("fool_played", 0) / s.games
            lords = s.events.get("lord_played", 0) / s.games
            rules = study.rules or "rulebook"
            print(f"{label:16} {rules:14} {first:11.1%} {length:11.1f} {fools:9.2f} {lords:9.2f}")


if __name__ == "__main__":
    main()
