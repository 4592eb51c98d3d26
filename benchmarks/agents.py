"""Seeded agent match-ups with 95% intervals: does each agent beat random play?

Run by hand (not a timed test): ``python benchmarks/agents.py [GAME ...]``. Every seat but one
is a random player; the agent under test rotates through the seats, so seat advantage
cancels out. The figures go to ``docs/explanation/agents.md``.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import boardrules
from boardrules.agents import GreedyAgent, MCTSAgent, RandomAgent
from boardrules.sim import simulate, wilson

SETUP: dict[str, dict[str, Any]] = {"lyceum": {"players": 4}, "orbita": {"players": 4}}


def matchup(name: str, agent: Any, games: int, seed: int) -> str:
    game = boardrules.load(name)
    setup = SETUP.get(name, {})
    seats = setup.get("players", game.min_players)
    agents = [agent] + [RandomAgent() for _ in range(seats - 1)]
    start = time.perf_counter()
    result = simulate(game, agents, games, seed, setup=setup, keep_games=False)
    elapsed = time.perf_counter() - start
    s = result.summary
    rate = wilson(s.agent_wins.get(agent.name, 0.0), s.agent_games[agent.name])
    baseline = 1 / seats
    verdict = "beats random" if rate.low > baseline else "NOT clearly better"
    return (
        f"{name:7} {agent.name:7} vs {seats - 1} random: {rate}  (even: {baseline:.0%}) "
        f"{verdict}; {games} games in {elapsed:.0f} s"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("names", nargs="*")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--mcts-games", type=int, default=200)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    for name in args.names or boardrules.game_names():
        game = boardrules.load(name)
        if hasattr(game, "heuristic"):
            print(matchup(name, GreedyAgent(), args.games, args.seed), flush=True)
        if name in ("semya", "lyceum"):
            mcts = MCTSAgent(iterations=args.iterations)
            print(matchup(name, mcts, args.mcts_games, args.seed), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
