"""How fast ``boardrules.explore.find`` reaches what issue 35 asks, on this machine.

Run by hand (never as a timed test): ``python benchmarks/find_speed.py [--seeds 5]``.

1. 7Я, SEM-8 acting (the trump played as the Fool): the CPU time of ``find`` against that of
   200 random games, and the length of the game found against the median move of the first
   Fool in random games (goal: no longer, and no slower than the 200 games).
2. Orbita (default options, three seats), ORB-15 acting (a Hero's shield): the CPU time of
   ``find`` (goal: within 60 s).
Each over ``--seeds`` search seeds, the median reported.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from boardrules.explore import find
from boardrules.games import orbita, semya


def _random_games(game: semya.Game, n: int, seed: int) -> list[int | None]:
    """Play ``n`` random games; the move (from 1) of each game's first Fool, or None."""
    pick = random.Random(seed)
    firsts: list[int | None] = []
    for i in range(n):
        state, first = game.new(seed * 1000 + i), None
        move = 0
        while not game.is_over(state):
            legal = game.legal_actions(state)
            action = legal[pick.randrange(len(legal))]
            move += 1
            if first is None and isinstance(action, semya.PlayFool):
                first = move
            state = game.apply(state, action)
        firsts.append(first)
    return firsts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()
    game = semya.Game()
    start = time.process_time()
    firsts = _random_games(game, 200, 1)
    random_cpu = time.process_time() - start
    fools = [f for f in firsts if f is not None]
    searches, lengths = [], []
    for seed in range(args.seeds):
        start = time.process_time()
        found = find(game, rule="SEM-8", seed=seed, budget=20_000)
        searches.append(time.process_time() - start)
        assert found.record is not None
        lengths.append(len(found.record.actions))
    print("## 7Я: SEM-8 acting")
    print(f"200 random games: {random_cpu:.2f} s CPU; the Fool played in {len(fools)} of them, "
          f"first at move {statistics.median(fools)} (median)")
    print(f"find(rule='SEM-8', budget=20000), {args.seeds} seeds: {statistics.median(searches):.2f}"
          f" s CPU (median), games found {sorted(lengths)} moves long")
    board = orbita.Game()
    times, lengths = [], []
    for seed in range(args.seeds):
        start = time.process_time()
        found = find(board, rule="ORB-15", seed=seed, budget=2_000_000, seconds=60,
                     setup={"players": 3})
        times.append(time.process_time() - start)
        lengths.append(len(found.record.actions) if found.record is not None else None)
    print("## Orbita: ORB-15 acting (three seats)")
    print(f"find(rule='ORB-15', budget=2000000, seconds=60), {args.seeds} seeds: "
          f"{statistics.median(times):.1f} s CPU (median, slowest {max(times):.1f} s), "
          f"games found {lengths} moves long")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
