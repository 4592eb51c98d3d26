"""A designer's own variant, in a file of its own: Lyceum with a five-turn deferral window.

The command line takes the function below as ``--variant examples/lyceum_my_rules.py:deferral_five``
(a function of the game that returns the variant), for ``simulate``, ``rules``, ``play`` and
``replay``; nothing needs to be registered or installed. ``simulate`` with the game's own
rules beside it plays both on the same seeds and reports the paired differences:

    boardrules simulate lyceum -n 300 --seed 11 --jobs 1 \
        --variant rulebook --variant examples/lyceum_my_rules.py:deferral_five --out build/deferral

Run as a script, it makes the same comparison from Python on a few games and prints the two
counts the window moves most: deferred cards played and deferred cards discarded.
Run: ``python examples/lyceum_my_rules.py [--games N]``.
"""

import argparse

import attrs

from boardrules.agents import RandomAgent
from boardrules.games import lyceum


def five_turns(tables: object) -> int:
    """A deferred card waits through five of the seat's turns instead of three."""
    return 5


def deferral_five(game: lyceum.Game) -> lyceum.Game:
    """``game`` with LY-13's window five turns long (its fact ``deferral_turns``)."""
    rule = game.rulebook.rule("LY-13")
    return game.with_rules(
        replace={"LY-13": attrs.evolve(rule, facts={"deferral_turns": five_turns})},
        name="deferral-5",
    )


def main() -> None:
    from boardrules.sim import compare

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per variant")
    games = parser.parse_args().games
    game = lyceum.Game()
    both = compare([game, deferral_five(game)], [RandomAgent()] * 4, games, seed=11,
                   executor=None)
    for figure in both.figures:
        if figure.key in (("action", "play_deferred"), ("event", "deferred_expired")):
            shown = ", ".join(f"{e.value:.2f}" for e in figure.estimates)
            print(f"{figure.name} per game (rulebook, deferral-5): {shown}")
    print(f"games that came out the same: {both.same[0]} of {games}")


if __name__ == "__main__":
    main()
