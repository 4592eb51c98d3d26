"""The 7Я state: both hands, both trumps, and the table of plays in order."""

from __future__ import annotations

import enum
from typing import ClassVar

import attrs

from boardrules.games.semya.actions import Action

__all__ = ["Play", "State", "Trump"]


class Trump(enum.Enum):
    """Where a seat's trump is: still held, or gone out as the Lord or the Fool."""

    HELD = "held"
    LORD = "lord"
    FOOL = "fool"

    def __repr__(self) -> str:
        return f"Trump.{self.name}"


@attrs.frozen
class Play:
    """One entry on the table: ``seat`` took ``action``."""

    seat: int
    action: Action


@attrs.frozen
class State:
    """Everything that changes in a game of 7Я.

    Attributes:
        first: the seat that made the first move.
        hands: the ids of the feeling cards each seat still holds, in deck order.
        trumps: where each seat's trump is.
        table: every play so far, oldest first; seats alternate, starting with ``first``.
        loser: the seat that had no answer and no trump (SEM-9), once the game is over.
    """

    __boardrules_game__: ClassVar[str] = "semya"

    @property
    def seat_count(self) -> int:
        """The number of seats at the table (``game.seat_count(state)`` says the same)."""
        return len(self.hands)

    first: int
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    trumps: tuple[Trump, Trump] = (Trump.HELD, Trump.HELD)
    table: tuple[Play, ...] = ()
    loser: int | None = None
