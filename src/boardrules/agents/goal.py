"""The goal agent: plays the game's own policy (``HasPolicy``), with no look-ahead."""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from boardrules.core.capabilities import HasPolicy, missing
from boardrules.core.rng import Rng

__all__ = ["GoalAgent"]


@attrs.frozen
class GoalAgent:
    """Plays the action the game's ``policy`` picks for its seat.

    A game with a policy (:class:`~boardrules.core.capabilities.HasPolicy`) writes down how
    a sensible player pursues the game's goal; in «Орбита Добра» that is building
    enterprises, feeding them and joining them into a corporation (see
    ``boardrules.games.orbita.strategy``). The agent hands the policy its seat's view, the
    legal actions and its own ``Rng`` stream, so its play is reproducible and reads nothing
    the seat may not see. It is as fast as the policy: no action is tried ahead.

    Raises:
        MissingCapability: for a game without ``policy``/``evaluate``.
    """

    name: ClassVar[str] = "goal"

    def require(self, game: Any) -> None:
        """Raise ``MissingCapability`` for a game without a policy."""
        if not isinstance(game, HasPolicy):
            raise missing(game, HasPolicy, "GoalAgent")

    def choose(self, game: Any, view: Any, seat: int, rng: Rng) -> Any:
        """The action the game's policy picks from the legal actions of ``view``."""
        self.require(game)
        policy = game.policy
        legal = game.legal_actions(view)
        if len(legal) == 1:
            return legal[0]
        return policy(view, seat, legal, rng)
