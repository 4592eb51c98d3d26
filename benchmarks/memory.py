"""Peak memory of ``simulate`` as the study grows: only the summary kept, or every game.

Run by hand: ``python benchmarks/memory.py [--games 2000 20000] [--game semya]``. Each study
runs in a fresh interpreter in this process (``executor=None``), so its peak resident set
size (``ru_maxrss``) is the study's own; figures in docs/explanation/performance.md.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

_CHILD = """
import json, resource, sys
from boardrules import load
from boardrules.agents import RandomAgent
from boardrules.sim import seats_of, simulate
name, games, keep = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "keep"
game = load(name)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
simulate(game, [RandomAgent()] * seats_of(game), games, seed=1, executor=None,
         keep_games=keep)
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"before": before / 1024, "peak": after / 1024}))
"""


def peak(game: str, games: int, keep: bool) -> dict[str, float]:
    """The peak RSS in MiB of one study in a fresh interpreter (and its RSS before)."""
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, game, str(games), "keep" if keep else "summary"],
        check=True, capture_output=True, text=True,
    ).stdout
    figures: dict[str, float] = json.loads(out)
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, nargs="+", default=[2_000, 20_000])
    parser.add_argument("--game", default="semya")
    args = parser.parse_args()
    print(f"| {args.game} games | summary only: peak MiB | keep_games=True: peak MiB |")
    print("| --- | --- | --- |")
    for games in args.games:
        summary = peak(args.game, games, keep=False)
        kept = peak(args.game, games, keep=True)
        print(f"| {games:,} | {summary['peak']:.1f} (start {summary['before']:.1f}) "
              f"| {kept['peak']:.1f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
