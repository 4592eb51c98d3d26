"""The random agent: a uniform choice among the legal actions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import attrs

from boardrules.core.rng import Rng

__all__ = ["RandomAgent"]


@attrs.frozen
class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded stream.

    >>> from boardrules.games import semya
    >>> game = semya.Game()
    >>> state = game.new(seed=1)
    >>> RandomAgent().choose(game, state, 0, Rng(5)) in game.legal_actions(state)
    True
    """

    name: ClassVar[str] = "random"

    def choose(self, game: Any, view: Any, seat: int, rng: Rng) -> Any:
        """A uniformly drawn legal action."""
        legal = game.legal_actions(view)
        return legal[rng.below(len(legal))]  # choose_among(legal, seat, rng), one call fewer

    def choose_among(self, legal: Sequence[Any], seat: int, rng: Rng) -> Any:
        """One of ``legal``, uniformly drawn (the same draw as :meth:`choose`)."""
        return legal[rng.below(len(legal))]  # rng.choice(legal), one call fewer
