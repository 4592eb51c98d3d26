"""Games per second of ``simulate`` in one process and on a pool of two (or more) processes.

Run by hand: ``python benchmarks/scaling.py [--games 10000] [--jobs 2]``. Each figure is the
best of three runs; the study is 7Я between random players, events counted as usual.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from boardrules.agents import RandomAgent
from boardrules.games import semya
from boardrules.sim import simulate


def rate(games: int, jobs: int) -> float:
    game = semya.Game()
    agents = [RandomAgent(), RandomAgent()]
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        if jobs == 1:
            simulate(game, agents, games, seed=1, executor=None, keep_games=False)
        else:
            with ProcessPoolExecutor(jobs) as pool:
                simulate(game, agents, games, seed=1, executor=pool, keep_games=False)
        best = min(best, time.perf_counter() - start)
    return games / best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    one = rate(args.games, 1)
    many = rate(args.games, args.jobs)
    print(f"{args.games} 7Я games: 1 process {one:,.0f} games/s; "
          f"{args.jobs} processes {many:,.0f} games/s; speed-up {many / one:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
