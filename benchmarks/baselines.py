"""How the two uniform baselines play 7Я's trump: uniform over actions, or over kinds first.

Run by hand: ``python benchmarks/baselines.py [--games 2000] [--seed 1]``. Both seats play
the same agent; the figures are in docs/explanation/agents.md.
"""

from __future__ import annotations

import argparse

from boardrules.agents import KindUniformAgent, RandomAgent
from boardrules.games import semya
from boardrules.sim import iter_games, wilson


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = semya.Game()
    print("| agent | games | both trumps as the Lord | trumps as the Fool per game |")
    print("| --- | --- | --- | --- |")
    for agent in (RandomAgent(), KindUniformAgent()):
        both = fools = 0
        for result in iter_games(game, [agent, agent], args.games, args.seed):
            both += result.events.get("lord_played", 0) == 2
            fools += result.events.get("fool_played", 0)
        rate = wilson(both, args.games)
        print(f"| {agent.name} | {args.games:,} | {both:,} ({rate}) | "
              f"{fools / args.games:.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
