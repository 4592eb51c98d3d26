"""The kind-uniform agent: a uniform choice of action kind, then of an action of that kind."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import attrs

from boardrules.core.rng import Rng

__all__ = ["KindUniformAgent"]


@attrs.frozen
class KindUniformAgent:
    """Picks uniformly among the kinds (classes) of legal action, then among that kind.

    Uniform play over the legal actions weighs each kind by how many actions it has: after
    a black card a 7Я seat may play the Lord naming any of seven symbols, so
    :class:`~boardrules.agents.RandomAgent` plays the Lord seven times as often as any one
    card. This agent gives "play a card", "play the Lord" and "play the Fool" an equal
    chance first, which makes a fairer baseline for how often a rule comes into play.

    >>> from boardrules.games import semya
    >>> game = semya.Game()
    >>> state = game.new(seed=1)
    >>> KindUniformAgent().choose(game, state, 0, Rng(5)) in game.legal_actions(state)
    True
    """

    name: ClassVar[str] = "uniform-kind"

    def choose(self, game: Any, view: Any, seat: int, rng: Rng) -> Any:
        """A uniformly drawn kind of legal action, then a uniformly drawn action of it."""
        return self.choose_among(game.legal_actions(view), seat, rng)

    def choose_among(self, legal: Sequence[Any], seat: int, rng: Rng) -> Any:
        """A uniformly drawn kind among ``legal``, then a uniformly drawn action of it."""
        kinds: dict[type, list[Any]] = {}
        for action in legal:
            kinds.setdefault(type(action), []).append(action)
        # Kinds in order of first appearance: legal_actions has a stable order.
        return rng.choice(rng.choice(list(kinds.values())))
