"""What a designer meets: variants, Kuhn poker against OpenSpiel, and ``simulate``.

Run by hand (never as a timed test): ``python benchmarks/unit_speed.py [--games 200]
[--repeats 5] [--only variants|rules|kuhn|simulate]``. Every figure is a median of
alternating batches of this process's CPU time measured in one run, so a busy machine slows
both sides of a ratio alike; the figures are quoted in docs/explanation/performance.md.

1. **A variant costs what its game costs.** ``variants``: each game against a variant with
   every unit in new function objects (the same code), µs per step of random play.
   ``rules``: for every rule of every game, the variant that replaces that one rule by a copy
   in new function objects, built the documented way (``attrs.evolve`` of the unit with
   copied functions, ``game.with_rules(replace=...)``); its cost per step against the game's,
   and whether it lists the same legal actions in the same order on the same seeds.
2. **Kuhn poker against OpenSpiel's ``kuhn_poker``** stepped from Python (random play: legal
   actions, then apply), µs per step, and an MCTS iteration of ``MCTSAgent`` against
   OpenSpiel's ``MCTSBot`` with random roll-outs (skipped with a line without ``open_spiel``).
3. **``simulate`` against a raw playout loop**: random agents, one process, µs per step.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import types
from collections.abc import Callable
from typing import Any

import attrs

import boardrules

NAMES = ("kuhn", "semya", "lyceum", "orbita")


def _copy(fn: Any) -> Any:
    """The same function in a new function object (same code, same speed)."""
    if not isinstance(fn, types.FunctionType):
        return fn
    new = types.FunctionType(fn.__code__, fn.__globals__, fn.__name__, fn.__defaults__,
                             fn.__closure__)
    new.__kwdefaults__ = fn.__kwdefaults__
    return new


def anew(rule: Any) -> Any:
    """``rule`` with every function of it in a new function object: what a designer who
    writes the same rule again, the documented way, hands to ``with_rules``."""
    if getattr(rule, "terms", False):
        return rule
    changes: dict[str, Any] = {
        table: {k: _copy(f) for k, f in getattr(rule, table).items()}
        for table in ("checks", "effects", "moves", "facts")
    }
    for part in rule.parts():
        changes[part] = _copy(getattr(rule, part))
    return attrs.evolve(rule, **changes)


def same_rules_anew(game: Any) -> Any:
    """``game`` with every unit replaced by itself with every function copied."""
    return game.with_rules(replace={rule.id: anew(rule) for rule in game.rulebook},
                           name="same-rules-anew")


def _setup(name: str) -> dict[str, Any]:
    return {"players": 4} if name in ("lyceum", "orbita") else {}


def _options(name: str) -> dict[str, Any]:
    return {"rounds": 3} if name == "orbita" else {}


def _playouts(game: Any, games: int, seed: int) -> float:
    """µs of this process's CPU per step of ``games`` random playouts (CPU time, so other
    processes on the machine slow it less than they slow the wall clock)."""
    pick = random.Random(seed)
    setup = _setup(game.name)
    steps = 0
    start = time.process_time()
    for s in range(seed, seed + games):
        state = game.new(s, **setup)
        legal = game.legal_actions(state)
        while legal:
            state = game.apply(state, pick.choice(legal))
            legal = game.legal_actions(state)
            steps += 1
    return (time.process_time() - start) / steps * 1e6


def _listings(game: Any, games: int) -> list[tuple[Any, ...]]:
    """Every listing of ``games`` seeded random playouts, in order."""
    out = []
    for s in range(games):
        pick = random.Random(s)
        state = game.new(s, **_setup(game.name))
        legal = game.legal_actions(state)
        out.append(legal)
        while legal:
            state = game.apply(state, pick.choice(legal))
            legal = game.legal_actions(state)
            out.append(legal)
    return out


def _alternate(sides: dict[str, Callable[[int], float]], repeats: int) -> dict[str, float]:
    runs: dict[str, list[float]] = {name: [] for name in sides}
    for r in range(repeats):
        for name, run in sides.items():
            runs[name].append(run(r))
    return {name: statistics.median(values) for name, values in runs.items()}


def _count(name: str, games: int) -> int:
    return games * (20 if name == "kuhn" else 1) // (4 if name == "orbita" else 1)


def variants(games: int, repeats: int) -> None:
    print("## A variant with the same rules in new function objects, µs per step")
    print("| game | game | variant | variant/game |")
    print("| --- | --- | --- | --- |")
    for name in NAMES:
        game = boardrules.load(name, **_options(name))
        variant = same_rules_anew(game)
        count = _count(name, games)
        times = _alternate(
            {"game": lambda r, g=game, n=count: _playouts(g, n, 1000 * r),
             "variant": lambda r, v=variant, n=count: _playouts(v, n, 1000 * r)},
            repeats,
        )
        print(f"| {name} | {times['game']:.2f} | {times['variant']:.2f} | "
              f"{times['variant'] / times['game']:.2f} |")


def rules(games: int, repeats: int) -> None:
    print("## Each rule replaced by a copy in new function objects, µs per step")
    print("| game | rule | game | variant | variant/game | same listings |")
    print("| --- | --- | --- | --- | --- | --- |")
    worst = 0.0
    for name in NAMES:
        game = boardrules.load(name, **_options(name))
        count = max(2, _count(name, games) // 4)
        listings = _listings(game, max(2, count // 4))
        for rule in game.rulebook:
            if rule.terms:
                continue
            variant = game.with_rules(replace={rule.id: anew(rule)}, name=f"{rule.id} anew")
            same = _listings(variant, max(2, count // 4)) == listings
            times = _alternate(
                {"game": lambda r, g=game, n=count: _playouts(g, n, 1000 * r),
                 "variant": lambda r, v=variant, n=count: _playouts(v, n, 1000 * r)},
                repeats,
            )
            ratio = times["variant"] / times["game"]
            worst = max(worst, ratio)
            print(f"| {name} | {rule.id} | {times['game']:.2f} | {times['variant']:.2f} | "
                  f"{ratio:.2f} | {'yes' if same else 'NO'} |")
    print(f"\nworst variant/game: {worst:.2f} (goal ≤ 1.3)")


def _openspiel_playouts(game: Any, games: int, seed: int) -> float:
    pick = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(pick.choice(outcomes)[0])
                continue  # a deal is not a decision: counted as no step, as in ours
            state.apply_action(pick.choice(state.legal_actions()))
            steps += 1
    return (time.perf_counter() - start) / steps * 1e6


def kuhn_against_openspiel(games: int, repeats: int, seconds: float) -> None:
    try:
        import pyspiel
        from open_spiel.python.algorithms import mcts
    except ImportError:
        print("## Kuhn poker against OpenSpiel: SKIPPED (open_spiel is not installed; "
              "pip install open_spiel)")
        return
    ours = boardrules.load("kuhn")
    theirs = pyspiel.load_game("kuhn_poker")
    count = games * 20
    times = _alternate(
        {"boardrules": lambda r: _playouts(ours, count, 1000 * r),
         "openspiel": lambda r: _openspiel_playouts(theirs, count, 1000 * r)},
        repeats,
    )
    print("## Kuhn poker against OpenSpiel's kuhn_poker (C++ stepped from Python), µs per step")
    print("| boardrules | OpenSpiel | ratio |")
    print("| --- | --- | --- |")
    print(f"| {times['boardrules']:.2f} | {times['openspiel']:.2f} | "
          f"{times['boardrules'] / times['openspiel']:.2f} |")

    from boardrules.agents import MCTSAgent
    from boardrules.core.rng import Rng

    iterations = 2000

    def ours_mcts(r: int) -> float:
        agent = MCTSAgent(iterations=iterations, rollout="random")
        state = ours.new(r)
        start = time.perf_counter()
        agent.choose(ours, ours.view(state, 0), 0, Rng(r))
        return (time.perf_counter() - start) / iterations * 1e6

    def theirs_mcts(r: int) -> float:
        bot = mcts.MCTSBot(theirs, 2.0, iterations, mcts.RandomRolloutEvaluator(1, None),
                           solve=False)
        state = theirs.new_initial_state()
        state.apply_action(0)
        state.apply_action(1)
        start = time.perf_counter()
        bot.step(state)
        return (time.perf_counter() - start) / iterations * 1e6

    times = _alternate({"boardrules": ours_mcts, "openspiel": theirs_mcts}, repeats)
    print()
    print("## One MCTS iteration on Kuhn poker (random roll-outs), µs")
    print("| boardrules MCTSAgent | OpenSpiel MCTSBot | ratio |")
    print("| --- | --- | --- |")
    print(f"| {times['boardrules']:.1f} | {times['openspiel']:.1f} | "
          f"{times['boardrules'] / times['openspiel']:.2f} |")


def simulate_against_raw(games: int, repeats: int) -> None:
    from boardrules.agents import RandomAgent
    from boardrules.sim import simulate

    print("## simulate (random agents, one process) against a raw playout loop, µs per step")
    print("| game | raw loop | simulate | ratio |")
    print("| --- | --- | --- | --- |")
    for name in ("semya", "kuhn"):
        game = boardrules.load(name)
        count = games * (10 if name == "kuhn" else 1)

        def sim(r: int, g: Any = game, n: int = count) -> float:
            start = time.perf_counter()
            study = simulate(g, [RandomAgent(), RandomAgent()], games=n, seed=r,
                             executor=None, keep_games=True)
            steps = sum(result.length for result in study.games)
            return (time.perf_counter() - start) / steps * 1e6

        times = _alternate(
            {"raw": lambda r, g=game, n=count: _playouts(g, n, 1000 * r), "simulate": sim},
            repeats,
        )
        print(f"| {name} | {times['raw']:.2f} | {times['simulate']:.2f} | "
              f"{times['simulate'] / times['raw']:.2f} |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--only", choices=["variants", "rules", "kuhn", "simulate"],
                        default=None)
    args = parser.parse_args()
    if args.only in (None, "variants"):
        variants(args.games, args.repeats)
        print()
    if args.only in (None, "rules"):
        rules(args.games, args.repeats)
        print()
    if args.only in (None, "kuhn"):
        kuhn_against_openspiel(args.games, args.repeats, 1.0)
        print()
    if args.only in (None, "simulate"):
        simulate_against_raw(args.games, args.repeats)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
