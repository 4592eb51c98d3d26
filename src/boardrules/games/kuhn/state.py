"""The Kuhn poker state: the two cards dealt and the actions taken so far."""

from __future__ import annotations

from typing import ClassVar

import attrs

from boardrules.games.kuhn.actions import Action
from boardrules.games.kuhn.content import Card

__all__ = ["State"]


@attrs.frozen
class State:
    """Everything that changes in a hand of Kuhn poker.

    Attributes:
        cards: each seat's card; ``None`` where a view hides it (KUHN-8).
        moves: every action so far, oldest first; seat 0 made the first (KUHN-3).
    """

    __boardrules_game__: ClassVar[str] = "kuhn"

    @property
    def seat_count(self) -> int:
        """The number of seats at the table (``game.seat_count(state)`` says the same)."""
        return len(self.cards)

    cards: tuple[Card | None, Card | None]
    moves: tuple[Action, ...] = ()
