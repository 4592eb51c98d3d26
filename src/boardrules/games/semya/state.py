"""The 7Я state: both hands, both trumps, the table of plays in order, and for a position
built from a description, the cards played before the table in an order not known."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import ClassVar

import attrs

from boardrules.core.codec import OMIT_IF_DEFAULT
from boardrules.core.frozen import builder
from boardrules.games.semya.actions import Action, PlayCard

__all__ = ["Play", "State", "Trump", "make_state"]


class Trump(enum.Enum):
    """Where a seat's trump is: still held, or gone out as the Lord or the Fool."""

    HELD = "held"
    LORD = "lord"
    FOOL = "fool"

    # Members are singletons compared by identity; ``Enum``'s own hash is a Python call
    # (the score looks a trump up in ``TRUMP_POINTS`` for each seat).
    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return f"Trump.{self.name}"


@attrs.frozen
class Play:
    """One entry on the table: ``seat`` took ``action``."""

    seat: int
    action: Action


@attrs.frozen(weakref_slot=False)  # no weakref slot: ``make_state`` needs its layout
class State:
    """Everything that changes in a game of 7Я.

    Attributes:
        first: the seat of the first play on ``table`` (in a game played from the start,
            the seat that made the first move); with ``table`` it says whose move it is.
        hands: the ids of the feeling cards each seat still holds, in deck order.
        trumps: where each seat's trump is.
        table: every play so far, oldest first; seats alternate, starting with ``first``.
            After ``earlier`` cards it holds only the plays whose order is known.
        loser: the seat that had no answer and no trump (SEM-9), once the game is over.
        earlier: the ids of the cards each seat played before ``table``'s first play, in
            an order nobody knows (listed in deck order). Empty for a game played from the
            start; only :meth:`Game.position <boardrules.games.semya.Game.position>` fills
            it. A spent trump that ``table`` does not show went out among these plays (its
            kind is in ``trumps``). Left out of the JSON while empty.
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
    earlier: tuple[tuple[str, ...], tuple[str, ...]] = attrs.field(
        default=((), ()), metadata={OMIT_IF_DEFAULT: True}
    )

    @property
    def earlier_plays(self) -> int:
        """How many plays were made before ``table`` in an order not known: the ``earlier``
        cards, and each spent trump that ``table`` does not show (0 in a game played from
        the start)."""
        if not (self.earlier[0] or self.earlier[1]):
            return 0
        count = len(self.earlier[0]) + len(self.earlier[1])
        return count + sum(1 for seat in (0, 1) if self.trump_went_earlier(seat))

    def trump_went_earlier(self, seat: int) -> bool:
        """Whether ``seat``'s trump went out among the ``earlier`` plays: it is spent, and
        ``table`` does not show it."""
        if self.trumps[seat] is Trump.HELD or not (self.earlier[0] or self.earlier[1]):
            return False
        return not any(p.seat == seat and not isinstance(p.action, PlayCard) for p in self.table)


#: ``State(first, hands, trumps, table, loser, earlier)`` made faster (every field given, in
#: field order), for the rules that make a state per play (see ``core.frozen.builder``).
make_state: Callable[
    [
        int,
        tuple[tuple[str, ...], tuple[str, ...]],
        tuple[Trump, Trump],
        tuple[Play, ...],
        int | None,
        tuple[tuple[str, ...], tuple[str, ...]],
    ],
    State,
] = builder(State)
