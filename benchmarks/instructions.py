"""Instructions per step of random play, counted by valgrind: a figure a busy machine cannot move.

Run by hand: ``python benchmarks/instructions.py --base bfc40a9 semya kuhn`` (or
``--variant``: each game against its own rules in new function objects; ``--openspiel``:
Kuhn poker against OpenSpiel's ``kuhn_poker``; ``--mcts``: a Kuhn MCTS iteration against
OpenSpiel's ``MCTSBot``; ``--simulate``: ``simulate`` against a raw playout loop, alone,
with ``game.score`` of each finished game, and scored with its draws from the core's portable
generator, ``Rng(1).below``, as simulate's agents draw; ``--rng``: what the portable generator
costs, a draw, a derived stream, and a study's seed and agents' streams per game). For each game
and each version (the working tree, and the base revision's ``src`` exported with
``git archive``), one random-play script runs under ``valgrind --tool=callgrind`` twice, with
a small and a large number of games; the difference of the two totals divided by the
difference of their steps is the cost of one step (legal actions, then a checked ``apply``),
start-up and imports cancelled out. Without valgrind it says so and stops.

What makes the count repeat. The games are the same in every run (fixed seeds, a seeded
choice, ``PYTHONHASHSEED=0``: the step counts never move), and a run repeats its count
within a few hundred instructions; but the count of one version still moved with how it was
run: the cost of a step depends on where Python's objects land in memory (classes, and
Orbita's enums, hash by identity, and the allocator's paths depend on the heap start-up
leaves), and that followed the calling shell's environment, its working directory, the paths
of the source (a fresh export of the base, the worktree's own ``src``) and whether the
modules were compiled in the process. Rerun so, 0.2's Orbita step counted 110.7k to 111.1k,
and 110.9k to 111.3k with hash seeds 0 to 2 (other worktrees and shells had counted 108.5k
and 110.7k). So each version now runs from its own copy at the same place under one
temporary directory (``w/src``, ``b/src``), compiled to bytecode first (start-up then costs
about 0.66G instructions instead of 1.14G), from that directory, with a fixed environment
(nothing of the calling shell), and each pair of runs is repeated in ``--layouts`` memory
layouts (3 by default: a variable of 0, 40 and 80 characters shifts every address), whose
mean is the figure. Orbita plays 2 and 16 games (1,717 steps apart) instead of 2 and 10
(1,015): the step's cost differs from game to game, so the figure is a mean over more of
them (0.2 counted 110.9k over games 2-9, 109.9k over games 2-11 and 108.5k over games 2-15).
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_SCRIPT = """
import random, sys
import boardrules
name, games = sys.argv[1], int(sys.argv[2])
game = boardrules.load(name, **({"rounds": 3} if name == "orbita" else {}))
if sys.argv[3] == "variant":
    sys.path.insert(0, sys.argv[4])
    from unit_speed import same_rules_anew
    game = same_rules_anew(game)
setup = {"players": 4} if name in ("lyceum", "orbita") else {}
pick = random.Random(1)
scored = sys.argv[3] in ("scored", "portable")  # each finished game scored: its result read
steps = 0
if sys.argv[3] == "portable":  # the core's portable generator draws, as simulate's agents do
    from boardrules.core.rng import Rng
    draw = Rng(1).below
    for seed in range(games):
        state = game.new(seed, **setup)
        legal = game.legal_actions(state)
        while legal:
            state = game.apply(state, legal[draw(len(legal))])
            legal = game.legal_actions(state)
            steps += 1
        game.score(state)
    games = 0
for seed in range(games):
    state = game.new(seed, **setup)
    legal = game.legal_actions(state)
    while legal:
        state = game.apply(state, pick.choice(legal))
        legal = game.legal_actions(state)
        steps += 1
    if scored:
        game.score(state)
print(steps)
"""

_OPENSPIEL = """
import random, sys
import pyspiel
game = pyspiel.load_game("kuhn_poker")
pick = random.Random(1)
steps = 0
for _ in range(int(sys.argv[1])):
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():  # the deal: not a decision, counted as no step (as ours)
            state.apply_action(pick.choice(state.chance_outcomes())[0])
            continue
        state.apply_action(pick.choice(state.legal_actions()))
        steps += 1
print(steps)
"""

_SIMULATE = """
import sys
import boardrules
from boardrules.agents import RandomAgent
from boardrules.sim import simulate
name, games = sys.argv[1], int(sys.argv[2])
game = boardrules.load(name, **({"rounds": 3} if name == "orbita" else {}))
setup = {"players": 4} if name in ("lyceum", "orbita") else {}  # as the raw loop's
seats = setup.get("players", 2)
study = simulate(game, [RandomAgent()] * seats, games=games, seed=0, executor=None,
                 setup=setup)
print(sum(length * count for length, count in study.summary.lengths.items()))
"""

_MCTS = """
import sys
import boardrules
from boardrules.agents import MCTSAgent
from boardrules.core.rng import Rng
from boardrules.games.kuhn.content import Card
game = boardrules.load("kuhn")
iterations = int(sys.argv[1])
state = game.new(0, deal=(Card.JACK, Card.QUEEN))  # as OpenSpiel's chance actions 0, 1
MCTSAgent(iterations=iterations, rollout="random").choose(game, game.view(state, 0), 0, Rng(1))
print(iterations)
"""

_OPENSPIEL_MCTS = """
import sys
import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts
game = pyspiel.load_game("kuhn_poker")
iterations = int(sys.argv[1])
state = game.new_initial_state()
state.apply_action(0)
state.apply_action(1)
seeded = np.random.RandomState  # seeded, so the count is the same in every run
bot = mcts.MCTSBot(game, 2.0, iterations, mcts.RandomRolloutEvaluator(1, seeded(1)),
                   solve=False, random_state=seeded(2))
bot.step(state)
print(iterations)
"""

_RNG = """
import sys
from boardrules.core.rng import Rng
from boardrules.sim.run import study_seeds
what, count = sys.argv[1], int(sys.argv[2])
if what == "below":  # a draw, as a random agent makes: ``below`` of a small n
    below = Rng(1).below
    for _ in range(count):
        below(7)
elif what == "derive":  # one stream for one purpose, one at a time
    derive = Rng.derive
    for seed in range(count):
        derive(seed, 5)
elif what == "derive_each":  # many streams at once, 256 at a time
    for start in range(0, count, 256):
        Rng.derive_each(range(start, start + 256), 5)
elif what == "study":  # per game of a study: its seed, then each of two seats' streams
    for start in range(0, count, 256):
        study_seeds(0, range(start, start + 256), 2)  # 256 at a time, as simulate derives
print(count)
"""

#: What ``--rng`` counts: the argument of the script above, and what it says per count.
_RNG_PARTS = {
    "below": "a draw, `Rng(1).below(7)`",
    "derive": "a stream derived alone, `Rng.derive(seed, 5)`: one SplitMix64 step",
    "derive_each": "a stream derived 256 at a time, `Rng.derive_each`: one step each",
    "study": "a study's game: its seed (two steps) and two seats' streams (three)",
}

_SIZES = {"kuhn": (200, 1000), "semya": (50, 250), "lyceum": (10, 50), "orbita": (2, 16)}

#: The lengths of the padding variable that shifts every address of a run (``--layouts``).
_PADS = (0, 40, 80, 20, 60, 100)


def stage(tmp: Path, label: str, src: Path | None = None, revision: str | None = None) -> Path:
    """A copy of the working tree's ``src`` (or a revision's) at ``tmp/label/src``, with
    ``benchmarks/unit_speed.py`` beside it, compiled to bytecode; the copy's ``src``."""
    where = tmp / label
    if revision is not None:
        archive = subprocess.run(["git", "archive", revision, "src"], cwd=ROOT,
                                 capture_output=True, check=True).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(where, filter="data")
    else:
        shutil.copytree(src or ROOT / "src", where / "src",
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copy2(ROOT / "benchmarks" / "unit_speed.py", where / "unit_speed.py")
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(where)], check=True,
                   env={"PYTHONHASHSEED": "0"}, stdout=subprocess.DEVNULL)
    return where / "src"


def _count(src: Path, name: str, games: int, rules: str, pad: int = 0) -> tuple[int, int]:
    """(instructions, steps) of one run under callgrind, from ``src``'s staged copy
    (:func:`stage`), in its temporary directory, with a fixed environment."""
    env = {"PYTHONPATH": str(src), "PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1",
           "LC_ALL": "C.UTF-8", "LAYOUT": "x" * pad}
    script = {
        "openspiel": [_OPENSPIEL, str(games)],
        "simulate": [_SIMULATE, name, str(games)],
        "mcts": [_MCTS, str(games)],
        "openspiel-mcts": [_OPENSPIEL_MCTS, str(games)],
        "rng": [_RNG, name, str(games)],
    }.get(rules, [_SCRIPT, name, str(games), rules, str(src.parent)])
    valgrind = shutil.which("valgrind") or "valgrind"
    run = subprocess.run(
        [valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null",
         sys.executable, "-c", *script],
        capture_output=True, text=True, env=env, cwd=src.parent.parent, check=True,
    )
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        raise RuntimeError(run.stderr[-400:])
    return int(found.group(1)), int(run.stdout.split()[-1])


def per_step(src: Path, name: str, rules: str = "game", layouts: int = 1) -> float:
    """Instructions per step, the mean over ``layouts`` memory layouts; ``rules="variant"``:
    the game's rules in new function objects."""
    small, large = {"mcts": (100, 500), "rng": (2560, 12800)}.get(
        rules.split("-")[-1]) or _SIZES[name]
    counts = []
    for pad in _PADS[:layouts]:
        i1, s1 = _count(src, name, small, rules, pad)
        i2, s2 = _count(src, name, large, rules, pad)
        counts.append((i2 - i1) / (s2 - s1))
    return sum(counts) / len(counts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default=None, help="a revision to compare against")
    parser.add_argument("--openspiel", action="store_true",
                        help="Kuhn poker against OpenSpiel's kuhn_poker stepped from Python")
    parser.add_argument("--variant", action="store_true",
                        help="compare each game with its rules in new function objects instead")
    parser.add_argument("--simulate", action="store_true",
                        help="simulate (random agents, one process) against a raw playout loop")
    parser.add_argument("--mcts", action="store_true",
                        help="a Kuhn MCTS iteration against OpenSpiel's MCTSBot (random roll-outs)")
    parser.add_argument("--rng", action="store_true",
                        help="what the core's portable generator costs (a draw, a stream)")
    parser.add_argument("--layouts", type=int, default=3, choices=range(1, len(_PADS) + 1),
                        metavar=f"1..{len(_PADS)}",
                        help="memory layouts each count is the mean of (default 3)")
    parser.add_argument("names", nargs="*", default=["kuhn", "semya", "lyceum", "orbita"])
    args = parser.parse_args()
    unknown = [n for n in args.names if n not in _SIZES]
    if unknown:
        parser.error(f"no game {unknown[0]!r}; choose from {', '.join(_SIZES)}")
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt-get install valgrind); nothing counted")
        return 0
    if (args.mcts or args.openspiel) and importlib.util.find_spec("pyspiel") is None:
        print("open_spiel is not installed (pip install open_spiel); nothing counted")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        return _report(args, Path(tmp))


def _report(args: argparse.Namespace, tmp: Path) -> int:
    layouts = args.layouts
    here = stage(tmp, "w")
    if args.rng:
        print("instructions of the core's portable generator (SplitMix64 in Python integers)")
        print("| what | instructions each |")
        print("| --- | --- |")
        for part, said in _RNG_PARTS.items():
            print(f"| {said} | {per_step(here, part, 'rng', layouts) / 1000:.1f}k |")
        return 0
    if args.simulate:
        print("instructions per step: simulate (random agents, one process) against a raw loop")
        print("(the raw loop alone; scoring each finished game: a playout's result is read;")
        print("scored, drawing from the core's portable generator as simulate's agents must)")
        print("| game | raw loop | raw loop, scored | raw loop, scored, portable draws "
              "| simulate | ratio | ratio, scored | ratio, portable draws |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- |")
        for name in args.names:
            raw = per_step(here, name, layouts=layouts)
            scored = per_step(here, name, "scored", layouts)
            portable = per_step(here, name, "portable", layouts)
            sim = per_step(here, name, "simulate", layouts)
            print(f"| {name} | {raw / 1000:.1f}k | {scored / 1000:.1f}k | "
                  f"{portable / 1000:.1f}k | {sim / 1000:.1f}k | {sim / raw:.2f} | "
                  f"{sim / scored:.2f} | {sim / portable:.2f} |")
        return 0
    if args.mcts:
        ours = per_step(here, "kuhn", "mcts", layouts)
        theirs = per_step(here, "kuhn", "openspiel-mcts", layouts)
        print("instructions per MCTS iteration on Kuhn poker (random roll-outs)")
        print("| boardrules MCTSAgent | OpenSpiel MCTSBot | ratio |")
        print("| --- | --- | --- |")
        print(f"| {ours / 1000:.1f}k | {theirs / 1000:.1f}k | {ours / theirs:.2f} |")
        return 0
    if args.openspiel:
        ours = per_step(here, "kuhn", layouts=layouts)
        theirs = per_step(here, "kuhn", "openspiel", layouts)
        print("instructions per step of random Kuhn poker")
        print("| boardrules | OpenSpiel kuhn_poker | ratio |")
        print("| --- | --- | --- |")
        print(f"| {ours / 1000:.1f}k | {theirs / 1000:.1f}k | {ours / theirs:.2f} |")
        return 0
    versions = {"working tree": here}
    if args.base:
        versions = {args.base: stage(tmp, "b", revision=args.base), **versions}
    if args.variant:
        print("instructions per step: each game against its rules in new function objects")
        print("| game | version | game | variant | variant/game |")
        print("| --- | --- | --- | --- | --- |")
        for name in args.names:
            for version, src in versions.items():
                game = per_step(src, name, layouts=layouts)
                variant = per_step(src, name, "variant", layouts)
                print(f"| {name} | {version} | {game / 1000:.1f}k | {variant / 1000:.1f}k | "
                      f"{variant / game:.2f} |")
        return 0
    print("instructions per step of random play (valgrind callgrind)")
    print("| game | " + " | ".join(versions) + (" | after/before |" if args.base else " |"))
    print("| --- " * (len(versions) + 1 + bool(args.base)) + "|")
    for name in args.names:
        counts = [per_step(src, name, layouts=layouts) for src in versions.values()]
        row = " | ".join(f"{c / 1000:.1f}k" for c in counts)
        ratio = f" | {counts[-1] / counts[0]:.2f} |" if args.base else " |"
        print(f"| {name} | {row}{ratio}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
