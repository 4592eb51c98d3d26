"""A 7Я picture (``render_svg``) against a step of the game, CPU time in one run.

Run by hand (never as a timed test): ``python benchmarks/render_speed.py``. Issue 33's goal:
a picture of a 7Я position at most 100 steps. The positions are twenty random ones (1 to 30
plays in); a step is legal actions, a random choice and ``apply``; each figure is the best of
five alternating batches.
"""

from __future__ import annotations

import random
import time

from boardrules.games import semya

GAME = semya.Game()


def positions() -> list[semya.State]:
    """Twenty positions of random games, 1 to 30 plays in."""
    out = []
    for seed in range(20):
        state, pick = GAME.new(seed), random.Random(seed)
        for _ in range(pick.randrange(1, 30)):
            if GAME.is_over(state):
                break
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[pick.randrange(len(legal))])
        out.append(state)
    return out


def step_seconds() -> float:
    """CPU seconds per step of 300 random games."""
    pick, steps, start = random.Random(5), 0, time.process_time()
    for seed in range(300):
        state = GAME.new(seed)
        while not GAME.is_over(state):
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[pick.randrange(len(legal))])
            steps += 1
    return (time.process_time() - start) / steps


def picture_seconds(states: list[semya.State]) -> float:
    """CPU seconds per picture, seat 0's view."""
    start = time.process_time()
    for state in states:
        GAME.render_svg(state, 0)
    return (time.process_time() - start) / len(states)


def main() -> int:
    states = positions()
    steps, pictures = [], []
    for _ in range(5):
        steps.append(step_seconds())
        pictures.append(picture_seconds(states))
    step, picture = min(steps), min(pictures)
    print(f"7Я step {step * 1e6:.2f} µs, render_svg {picture * 1e6:.0f} µs: "
          f"{picture / step:.0f} steps a picture (goal ≤ 100)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
