"""Random playouts per second, and microseconds per ``apply`` and per ``legal_actions``.

Run by hand (never as a timed test): ``make bench`` or ``python benchmarks/playouts.py``.
Each figure is the median of several runs. For 7Я it also times a plain mutable
implementation of the same rules (``tests/games/semya/plain.py``) in the same run, so the
cost of immutability is measured, not guessed.
"""

from __future__ import annotations

import argparse
import functools
import gc
import importlib.util
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import boardrules

ROOT = Path(__file__).resolve().parent.parent


def _plain_module() -> Any:
    spec = importlib.util.spec_from_file_location("plain", ROOT / "tests/games/semya/plain.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _setup(name: str) -> dict[str, Any]:
    return {"players": 4} if name in ("lyceum", "orbita") else {}


def playout(game: Any, seed: int, pick: random.Random, setup: dict[str, Any]) -> int:
    """One random game to the end: legal actions at every step, checked ``apply``."""
    state = game.new(seed, **setup)
    steps = 0
    legal_actions, apply, choice = game.legal_actions, game.apply, pick.choice
    legal = legal_actions(state)
    while legal:
        state = apply(state, choice(legal))
        legal = legal_actions(state)
        steps += 1
    return steps


def plain_playout(plain: Any, deck: list[Any], seed: int, pick: random.Random) -> int:
    """The same loop over the plain mutable implementation."""
    game = plain.PlainSemya(deck, seed % 2)
    steps = 0
    legal = game.legal()
    while legal:
        game.play(pick.choice(legal))
        legal = game.legal()
        steps += 1
    return steps


def plain_playout_of(plain: Any, deck: list[Any]) -> Callable[..., int]:
    """``plain_playout`` in the shape of ``playout``, for the shared timing loop."""

    def run(_game: Any, seed: int, pick: random.Random, _setup: dict[str, Any]) -> int:
        return plain_playout(plain, deck, seed, pick)

    return run


def _next_game(
    play: Callable[..., int], game: Any, seeds: Any, pick: random.Random, setup: dict[str, Any]
) -> int:
    return play(game, next(seeds), pick, setup)


def _median_rate(run: Callable[[], int], games: int, repeats: int) -> tuple[float, float]:
    """Median seconds per game and per step over ``repeats`` batches of ``games``."""
    per_game, per_step = [], []
    for _ in range(repeats):
        start = time.perf_counter()
        steps = sum(run() for _ in range(games))
        elapsed = time.perf_counter() - start
        per_game.append(elapsed / games)
        per_step.append(elapsed / steps)
    return statistics.median(per_game), statistics.median(per_step)


def _micro(game: Any, setup: dict[str, Any], samples: int = 3000) -> tuple[float, float]:
    """Median microseconds of one ``legal_actions`` and one ``apply`` over sampled states."""
    pick = random.Random(1)
    pairs = []
    seed = 0
    while len(pairs) < samples:
        state = game.new(seed, **setup)
        seed += 1
        while not game.is_over(state) and len(pairs) < samples:
            action = pick.choice(game.legal_actions(state))
            pairs.append((state, action))
            state = game.apply(state, action)
    timings_legal, timings_apply = [], []
    for _ in range(5):
        start = time.perf_counter()
        for state, _action in pairs:
            game.legal_actions(state)
        timings_legal.append((time.perf_counter() - start) / len(pairs))
        start = time.perf_counter()
        for state, action in pairs:
            game.apply(state, action)
        timings_apply.append((time.perf_counter() - start) / len(pairs))
    return statistics.median(timings_legal) * 1e6, statistics.median(timings_apply) * 1e6


def orbita_round_ms(game: Any, repeats: int, rounds: int = 200) -> float:
    """Median milliseconds for round 1 of a 4-seat Orbita game, from ``new`` to round 2."""
    timings = []
    for batch in range(repeats):
        pick = random.Random(batch)
        start = time.perf_counter()
        for seed in range(rounds):
            state = game.new(seed, players=4)
            while state.round == 1 and not game.is_over(state):
                state = game.apply(state, pick.choice(game.legal_actions(state)))
        timings.append((time.perf_counter() - start) / rounds)
    return statistics.median(timings) * 1e3


#: A step or view that took longer than this (seconds) was interrupted by the machine.
_INTERRUPTED = 1e-3


def view_cost(game: Any, setup: dict[str, Any], games: int = 40) -> tuple[float, float]:
    """Median microseconds of one ``view`` and of one step of random play.

    Each batch plays fresh random games (nothing a view could remember is shared between
    batches) as a front-end would: a step (``legal_actions``, a random choice, ``apply``),
    then a view of the new state for the seat to move. The two are timed alternately,
    state by state, so that a busy machine slows both alike; a pair in which either took
    over a millisecond (no step or view of these games does: the process was interrupted)
    is left out.
    """
    clock = time.perf_counter
    timings_view, timings_step = [], []
    for batch in range(5):
        view_s = step_s = 0.0
        count = 0
        gc.collect()
        for offset in range(games):
            seed = 10**6 + batch * games + offset
            choice = random.Random(seed).choice
            state = game.new(seed, **setup)
            while not game.is_over(state):
                start = clock()
                state = game.apply(state, choice(game.legal_actions(state)))
                middle = clock()
                game.view(state, game.to_move(state))
                end = clock()
                if middle - start < _INTERRUPTED and end - middle < _INTERRUPTED:
                    step_s += middle - start
                    view_s += end - middle
                    count += 1
        timings_view.append(view_s / count)
        timings_step.append(step_s / count)
    return statistics.median(timings_view) * 1e6, statistics.median(timings_step) * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300, help="games per batch")
    parser.add_argument("--repeats", type=int, default=7, help="batches; the median is shown")
    parser.add_argument("names", nargs="*", help="games to time (default: all registered)")
    args = parser.parse_args(argv)
    names = args.names or list(boardrules.game_names())
    print(f"boardrules {boardrules.__version__}, Python {sys.version.split()[0]}")
    print(f"median of {args.repeats} batches of {args.games} random games each\n")
    columns = ("games/s", "ms/game", "µs/step", "µs/legal", "µs/apply")
    print(f"{'game':8} " + " ".join(f"{c:>9}" for c in columns))
    us_per_step: dict[str, float] = {}
    for name in names:
        game = boardrules.load(name)
        setup = _setup(name)
        run = functools.partial(
            _next_game, playout, game, iter(range(10**9)), random.Random(2026), setup
        )
        per_game, per_step = _median_rate(run, args.games, args.repeats)
        legal_us, apply_us = _micro(game, setup)
        us_per_step[name] = per_step * 1e6
        print(
            f"{name:8} {1 / per_game:9.0f} {per_game * 1e3:8.3f} {per_step * 1e6:8.2f} "
            f"{legal_us:9.2f} {apply_us:9.2f}"
        )
        if game.hidden_information:
            view_us, step_us = view_cost(game, setup)
            print(
                f"{'':8} view {view_us:.2f} µs, step (legal_actions, choice, apply) "
                f"{step_us:.2f} µs: a view costs {view_us / step_us:.2f} of a step"
            )
        if name == "orbita":
            print(f"{'':8} one 4-seat round of random play: {orbita_round_ms(game, 5):.2f} ms")
        if name == "semya":
            plain = _plain_module()
            deck = [(c.id, c.start.value, c.end.value, c.suit.value == "white", c.points)
                    for c in game.deck]
            run = functools.partial(
                _next_game, plain_playout_of(plain, deck), None, iter(range(10**9)),
                random.Random(2026), {},
            )
            plain_game, plain_step = _median_rate(run, args.games, args.repeats)
            print(
                f"{'  plain':8} {1 / plain_game:9.0f} {plain_game * 1e3:8.3f} "
                f"{plain_step * 1e6:8.2f}   (mutable, same rules, same run)"
            )
            print(f"{'':8} immutable/plain cost per step: {per_step / plain_step:.2f}x")
    print_orbita_ratio(us_per_step)
    return 0


#: Orbita's goal (issue 31): one step of random play costs at most this many 7Я steps.
ORBITA_GOAL = 3.0


def paired_steps(batches: int = 9) -> tuple[float, float, float]:
    """Median µs/step of 7Я and of 4-seat Orbita, and the median of their ratio.

    The two games are timed in alternating batches of about the same length (100 7Я
    games, then 2 Orbita games), so a busy machine slows both alike: the ratio is steadier
    than one from the two separate rows of the table, whose 7Я batches are short.
    """
    semya, orbita = boardrules.load("semya"), boardrules.load("orbita")
    seeds = iter(range(2 * 10**6, 3 * 10**6))
    pick = random.Random(4)
    semya_us, orbita_us, ratios = [], [], []
    for _ in range(batches):
        gc.collect()
        start = time.perf_counter()
        steps = sum(playout(semya, next(seeds), pick, {}) for _ in range(100))
        semya_step = (time.perf_counter() - start) / steps
        start = time.perf_counter()
        steps = sum(playout(orbita, next(seeds), pick, {"players": 4}) for _ in range(2))
        orbita_step = (time.perf_counter() - start) / steps
        semya_us.append(semya_step * 1e6)
        orbita_us.append(orbita_step * 1e6)
        ratios.append(orbita_step / semya_step)
    return statistics.median(semya_us), statistics.median(orbita_us), statistics.median(ratios)


def print_orbita_ratio(us_per_step: dict[str, float]) -> None:
    """Orbita's step against 7Я's, when both are timed in this run (machines differ, ratios
    less so)."""
    if "orbita" not in us_per_step:
        return
    if "semya" not in us_per_step:
        print(
            "\norbita step / 7Я step: time 7Я in the same run for the ratio "
            "(python benchmarks/playouts.py semya orbita)"
        )
        return
    semya_us, orbita_us, ratio = paired_steps()
    print(
        f"\norbita step / 7Я step: {ratio:.2f}x (goal ≤ {ORBITA_GOAL:.0f}x; alternating "
        f"batches: 7Я {semya_us:.2f} µs, Orbita {orbita_us:.2f} µs per step; from the "
        f"table's rows: {us_per_step['orbita'] / us_per_step['semya']:.1f}x)"
    )


if __name__ == "__main__":
    raise SystemExit(main())
