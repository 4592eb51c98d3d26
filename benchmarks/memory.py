"""Peak memory of ``simulate`` as the study grows: only the summary kept, or every game.

Run by hand: ``python benchmarks/memory.py [--games 2000 20000] [--game semya]
[--jobs 2]``. Each study runs in a fresh interpreter, in that process (``--jobs 1``, the
default) or on a pool of worker processes; the figures are peak resident set sizes
(``ru_maxrss``) of the interpreter and of its largest worker, in
docs/explanation/performance.md.
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
from concurrent.futures import ProcessPoolExecutor
name, games, keep, jobs = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "keep", int(sys.argv[4])
game = load(name)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
agents = [RandomAgent()] * seats_of(game)
if jobs == 1:
    simulate(game, agents, games, seed=1, executor=None, keep_games=keep)
else:
    with ProcessPoolExecutor(jobs) as pool:
        simulate(game, agents, games, seed=1, executor=pool, keep_games=keep)
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
worker = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(json.dumps({"before": before / 1024, "peak": after / 1024, "worker": worker / 1024}))
"""


def peak(game: str, games: int, keep: bool, jobs: int = 1) -> dict[str, float]:
    """Peak RSS in MiB of one study in a fresh interpreter: before the study, at its peak,
    and of its largest worker process (0 without a pool)."""
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, game, str(games), "keep" if keep else "summary",
         str(jobs)],
        check=True, capture_output=True, text=True,
    ).stdout
    figures: dict[str, float] = json.loads(out)
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, nargs="+", default=[2_000, 20_000])
    parser.add_argument("--game", default="semya")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    where = "this process" if args.jobs == 1 else f"{args.jobs} worker processes"
    print(f"{args.game}, {where}; peak RSS in MiB (largest worker in brackets)")
    print("| games | summary only | keep_games=True |")
    print("| --- | --- | --- |")
    for games in args.games:
        summary = peak(args.game, games, False, args.jobs)
        kept = peak(args.game, games, True, args.jobs)

        def cell(f: dict[str, float]) -> str:
            return f"{f['peak']:.1f}" + (f" ({f['worker']:.1f})" if args.jobs > 1 else "")

        print(f"| {games:,} | {cell(summary)} | {cell(kept)} |")
    print(f"(the interpreter with boardrules imported: {summary['before']:.1f} MiB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
