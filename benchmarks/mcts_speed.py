"""MCTS iterations per second from a game's start position.

Run by hand (not a timed test): ``python benchmarks/mcts_speed.py [GAME] [--players N]
[--seconds S]``. For each setting it runs one decision's search with a time budget of ``S``
seconds (``MCTSAgent.seconds``; the iteration cap is lifted) from ``game.new(seed, players)``
and prints iterations per second. The figures go to ``docs/explanation/agents.md``.
"""

from __future__ import annotations

import argparse
import time

import boardrules
from boardrules.agents import GoalMCTSAgent, MCTSAgent
from boardrules.core.capabilities import HasPolicy
from boardrules.core.rng import Rng


def settings(has_policy: bool) -> list[tuple[str, MCTSAgent]]:
    """The searches to time: the default, and with a policy the cut-off variants."""
    big = 10**9
    out: list[tuple[str, MCTSAgent]] = [
        ("mcts, random roll-outs to the end",
         MCTSAgent(iterations=big, rollout="random", depth=None))
    ]
    if has_policy:
        out += [
            ("mcts, random roll-outs, depth 40",
             MCTSAgent(iterations=big, rollout="random", depth=40)),
            ("mcts, policy roll-outs to the end",
             MCTSAgent(iterations=big, rollout="policy", depth=None)),
            ("mcts (the default: policy roll-outs, depth 40)", MCTSAgent(iterations=big)),
            ("mcts-goal (policy roll-outs, depth 40)", GoalMCTSAgent(iterations=big)),
            ("mcts-goal, depth 100", GoalMCTSAgent(iterations=big, depth=100)),
        ]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("name", nargs="?", default="orbita")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    game = boardrules.load(args.name)
    state = game.new(args.seed, players=args.players)
    seat = game.to_move(state)
    view = game.view(state, seat)
    for label, agent in settings(isinstance(game, HasPolicy)):
        timed = agent.__class__(**{**_fields(agent), "seconds": args.seconds})
        start = time.perf_counter()
        done = timed.search(game, view, seat, Rng(args.seed))
        elapsed = time.perf_counter() - start
        print(f"{args.name} {args.players} seats, {label:40} {done / elapsed:8.1f} iterations/s "
              f"({done} in {elapsed:.1f} s)", flush=True)
    return 0


def _fields(agent: MCTSAgent) -> dict[str, object]:
    return {
        "iterations": agent.iterations,
        "exploration": agent.exploration,
        "rollout": agent.rollout,
        "depth": agent.depth,
    }


if __name__ == "__main__":
    raise SystemExit(main())
