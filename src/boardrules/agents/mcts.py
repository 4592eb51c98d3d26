"""Monte Carlo tree search (UCT) over any game's reducer, with determinization."""

from __future__ import annotations

import math
import time
from typing import Any, ClassVar

import attrs

from boardrules.agents.base import determinize, outcome
from boardrules.core.rng import Rng

__all__ = ["MCTSAgent"]


class _Node:
    __slots__ = ("children", "reward", "untried", "visits")

    def __init__(self, untried: list[Any]) -> None:
        self.children: dict[Any, _Node] = {}
        self.untried = untried
        self.visits = 0
        self.reward: dict[int, float] = {}


@attrs.frozen
class MCTSAgent:
    """UCT with random roll-outs, for any game of the registry.

    Every iteration samples a state consistent with the seat's view (``determinize``; the
    view itself for games without hidden information), descends the tree by UCB1 from the
    point of view of the seat to move at each node, expands one action, rolls out at random
    to the end, and backs up each seat's outcome (1 for a win, shared for a tied win).

    Attributes:
        iterations: roll-outs per decision.
        seconds: optional wall-clock budget per decision; it stops the search early but,
            being time, it makes choices depend on the machine. Leave it ``None`` for
            reproducible studies.
        exploration: the UCB1 constant.
    """

    name: ClassVar[str] = "mcts"
    iterations: int = 200
    seconds: float | None = None
    exploration: float = 1.4

    def choose(self, game: Any, view: Any, seat: int, rng: Rng) -> Any:
        """The most visited action at the root after the search."""
        legal = game.legal_actions(view)
        if len(legal) == 1:
            return legal[0]
        root = _Node(list(legal))
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        for _ in range(self.iterations):
            self._iterate(game, determinize(game, view, seat, rng), root, rng)
            if deadline is not None and time.perf_counter() > deadline:
                break
        return max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)

    def _iterate(self, game: Any, state: Any, root: _Node, rng: Rng) -> None:
        path = [root]
        node = root
        movers: list[int] = []
        # Selection: descend while the node is fully expanded.
        while not node.untried and node.children and not game.is_over(state):
            mover = game.to_move(state)
            legal = set(game.legal_actions(state))
            options = [(a, c) for a, c in node.children.items() if a in legal]
            if not options:
                break
            log_n = math.log(node.visits + 1)
            action, node = max(
                options,
                key=lambda pair: (
                    pair[1].reward.get(mover, 0.0) / (pair[1].visits or 1)
                    + self.exploration * math.sqrt(log_n / (pair[1].visits or 1))
                ),
            )
            movers.append(mover)
            state = game.apply(state, action)
            path.append(node)
        # Expansion: one untried action that is legal in this sample.
        if not game.is_over(state):
            legal_now = game.legal_actions(state)
            untried = [a for a in node.untried if a in legal_now]
            if untried:
                action = untried[rng.below(len(untried))]
                node.untried.remove(action)
                state = game.apply(state, action)
                child = _Node(list(game.legal_actions(state)))
                node.children[action] = child
                path.append(child)
        # Roll-out.
        for _ in range(game.max_moves()):
            legal = game.legal_actions(state)
            if not legal:
                break
            state = game.apply(state, legal[rng.below(len(legal))])
        seats = range(len(game.score(state)))
        rewards = {s: outcome(game, state, s) for s in seats}
        for visited in path:
            visited.visits += 1
            for s, r in rewards.items():
                visited.reward[s] = visited.reward.get(s, 0.0) + r
