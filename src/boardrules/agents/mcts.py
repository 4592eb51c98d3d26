"""Monte Carlo tree search (UCT) over any game's reducer, with determinization."""

from __future__ import annotations

import math
import time
from typing import Any, ClassVar, Literal

import attrs

from boardrules.agents.base import determinizer
from boardrules.core.capabilities import HasPolicy, missing
from boardrules.core.rng import Rng

__all__ = ["GoalMCTSAgent", "MCTSAgent"]


class _Node:
    __slots__ = ("children", "reward", "untried", "visits")

    def __init__(self, untried: list[Any]) -> None:
        self.children: dict[Any, _Node] = {}
        self.untried = untried
        self.visits = 0
        self.reward: dict[int, float] = {}


def _not_negative(instance: Any, attribute: Any, value: int | None) -> None:
    if value is not None and value < 0:
        raise ValueError(f"{attribute.name} must be at least 0, not {value}")


#: The roll-out cut-off of ``depth="auto"`` with policy roll-outs: about one 4-seat Orbita
#: round.
AUTO_DEPTH = 40


def _depth(instance: Any, attribute: Any, value: int | str | None) -> None:
    if value == "auto" or value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"depth is a whole number ≥ 0, None or 'auto', not {value!r}")


@attrs.frozen
class MCTSAgent:
    """UCT with roll-outs, for any game of the registry.

    Every iteration samples a state consistent with the seat's view (``determinize``; the
    view itself for games without hidden information), descends the tree by UCB1 from the
    point of view of the seat to move at each node, expands one action, rolls out, and backs
    up each seat's reward: its outcome (1 for a win, shared for a tied win) when the roll-out
    reaches the end, or the game's estimate ``evaluate(state)`` when it stops at ``depth``.

    The defaults (200 iterations, ``rollout="auto"``) work for every game: a game with a
    policy (:class:`~boardrules.core.capabilities.HasPolicy`, Orbita) is searched with policy
    roll-outs cut off after 40 actions (:class:`GoalMCTSAgent`'s settings), any other with
    random roll-outs to the end (7Я, Lyceum and Kuhn poker play exactly as in 0.1.0).
    ``rollout="random"`` or ``"policy"`` and an explicit ``depth`` choose for themselves.

    Attributes:
        iterations: the most roll-outs per decision.
        seconds: optional wall-clock budget per decision: the search stops after the
            iteration that passes it, or after ``iterations``, whichever comes first (at
            least one iteration is always played). Being time, it makes choices depend on
            the machine: leave it ``None`` for reproducible studies.
        exploration: the UCB1 constant.
        rollout: ``"auto"`` (the game's policy when it has one, else random), ``"random"``
            (uniform legal actions) or ``"policy"`` (the game's ``policy``, seen from the
            seat to move). With policy roll-outs the policy also picks
            which untried action a node expands next (among the untried ones), and the most
            visited action at the root wins with ties going to the one expanded first, so
            a short search falls back on the policy's own choice.
        depth: the most actions a roll-out plays before it stops and backs up
            ``game.evaluate(state)``; ``None`` plays to the end of the game; ``"auto"``
            (the default) is 40 with policy roll-outs and ``None`` with random ones.

    Raises:
        MissingCapability: when ``rollout="policy"`` or a ``depth`` is asked of a game
            without ``policy``/``evaluate``.
    """

    name: ClassVar[str] = "mcts"
    iterations: int = attrs.field(default=200, validator=_not_negative)
    seconds: float | None = None
    exploration: float = 1.4
    rollout: Literal["auto", "random", "policy"] = attrs.field(
        default="auto", validator=attrs.validators.in_(("auto", "random", "policy"))
    )
    depth: int | Literal["auto"] | None = attrs.field(default="auto", validator=_depth)

    def settings(self, game: Any) -> tuple[Literal["random", "policy"], int | None]:
        """The roll-out and depth this agent searches ``game`` with, ``"auto"`` resolved.

        >>> from boardrules.games import orbita, semya
        >>> MCTSAgent().settings(orbita.Game()), MCTSAgent().settings(semya.Game())
        (('policy', 40), ('random', None))
        """
        rollout: Literal["random", "policy"]
        if self.rollout == "auto":
            rollout = "policy" if isinstance(game, HasPolicy) else "random"
        else:
            rollout = self.rollout
        if self.depth == "auto":
            return rollout, AUTO_DEPTH if rollout == "policy" else None
        return rollout, self.depth

    def choose(self, game: Any, view: Any, seat: int, rng: Rng) -> Any:
        """The most visited action at the root after the search."""
        legal = game.legal_actions(view)
        if len(legal) == 1:
            return legal[0]
        root, _ = self._search(game, view, seat, rng, legal)
        if self.settings(game)[0] == "policy" and root.children:
            # Ties go to the child expanded first: the policy's choice (see ``_iterate``).
            return max(root.children, key=lambda a: root.children[a].visits)
        return max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)

    def require(self, game: Any) -> None:
        """Raise ``MissingCapability`` when policy roll-outs or a depth meet a game
        without a policy."""
        rollout, depth = self.settings(game)
        if (rollout == "policy" or depth is not None) and not isinstance(game, HasPolicy):
            feature = f"{type(self).__name__} with policy roll-outs or a depth"
            raise missing(game, HasPolicy, feature)

    def search(self, game: Any, view: Any, seat: int, rng: Rng) -> int:
        """Run one decision's search from ``view``; how many iterations it made.

        For benchmarks (``benchmarks/mcts_speed.py``): the search :meth:`choose` makes,
        counted.
        """
        return self._search(game, view, seat, rng, game.legal_actions(view))[1]

    def _search(
        self, game: Any, view: Any, seat: int, rng: Rng, legal: Any
    ) -> tuple[_Node, int]:
        self.require(game)
        root = _Node(list(legal))
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        rollout, depth = self.settings(game)
        sample = determinizer(game)
        for _ in range(max(1, self.iterations)):
            self._iterate(game, sample(view, seat, rng), root, rng, rollout, depth)
            done += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        return root, done

    def _iterate(
        self, game: Any, state: Any, root: _Node, rng: Rng, rollout: str, depth: int | None
    ) -> None:
        path = [root]
        node = root
        # Each state's legal actions are listed once and passed on; none is the end (CORE-2),
        # so the search never asks separately whether the game is over.
        legal = game.legal_actions(state)
        # Selection: descend while the node is fully expanded.
        while legal and not node.untried and node.children:
            mover = game.to_move(state)
            # Membership by equality either way; hashing pays only for long lists.
            present = set(legal) if len(legal) > 8 else legal
            options = [(a, c) for a, c in node.children.items() if a in present]
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
            state = game.apply(state, action)
            legal = game.legal_actions(state)
            path.append(node)
        # Expansion: one untried action that is legal in this sample.
        if legal:
            untried = [a for a in node.untried if a in legal]
            if untried:
                if rollout == "policy" and len(untried) > 1:
                    # The policy's choice among the untried actions is expanded first.
                    action = game.policy(state, game.to_move(state), untried, rng)
                else:
                    action = untried[rng.below(len(untried))]
                node.untried.remove(action)
                state = game.apply(state, action)
                legal = game.legal_actions(state)
                child = _Node(list(legal))
                node.children[action] = child
                path.append(child)
        # Roll-out, to the end or to the cut-off.
        limit = game.max_moves() if depth is None else depth
        by_policy = rollout == "policy"
        for _ in range(limit):
            if not legal:
                break
            if not by_policy:
                action = legal[rng.below(len(legal))]
            elif len(legal) == 1:
                action = legal[0]
            else:
                action = game.policy(state, game.to_move(state), legal, rng)
            state = game.apply(state, action)
            legal = game.legal_actions(state)
        if not legal:
            standings = game.score(state)  # once: outcome() of every seat, from one score
            winners = standings.winners
            share = 1.0 / len(winners) if winners else 0.0
            rewards = {s: share if s in winners else 0.0 for s in range(len(standings))}
        else:
            rewards = dict(enumerate(game.evaluate(state)))
        for visited in path:
            visited.visits += 1
            for s, r in rewards.items():
                visited.reward[s] = visited.reward.get(s, 0.0) + r


@attrs.frozen
class GoalMCTSAgent(MCTSAgent):
    """MCTS with the game's policy in its roll-outs, cut off after ``depth`` actions.

    The preset for games with a policy (:class:`~boardrules.core.capabilities.HasPolicy`):
    each roll-out plays ``depth`` actions of the policy and backs up the game's estimate
    ``evaluate``, so an iteration costs a fixed amount however long the game is.
    """

    name: ClassVar[str] = "mcts-goal"
    iterations: int = attrs.field(default=200, validator=_not_negative)
    rollout: Literal["auto", "random", "policy"] = attrs.field(
        default="policy", validator=attrs.validators.in_(("auto", "random", "policy"))
    )
    depth: int | Literal["auto"] | None = attrs.field(default=AUTO_DEPTH, validator=_depth)
