"""Kuhn poker actions: one decision of the seat to move (KUHN-4, KUHN-5).

With no bet to answer a seat checks or bets; facing a bet it calls or folds.
"""

from __future__ import annotations

from typing import ClassVar, TypeAlias

import attrs

__all__ = ["Action", "Bet", "Call", "Check", "Fold"]


@attrs.frozen
class Check:
    """Pass without betting (no bet to answer).

    >>> Check()
    Check()
    """

    tag: ClassVar[str] = "check"


@attrs.frozen
class Bet:
    """Bet one stake (no bet to answer)."""

    tag: ClassVar[str] = "bet"


@attrs.frozen
class Call:
    """Match the other seat's bet (facing a bet); the cards are shown."""

    tag: ClassVar[str] = "call"


@attrs.frozen
class Fold:
    """Give up the pot (facing a bet)."""

    tag: ClassVar[str] = "fold"


#: Any Kuhn poker action; ``serde.from_json(text, Action)`` reads one by its ``"type"``.
Action: TypeAlias = Check | Bet | Call | Fold
