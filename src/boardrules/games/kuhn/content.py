"""Kuhn poker content: the three cards, and the stakes every rule is played with (KUHN-1).

:class:`Stakes` is built from the game's options and is the context every Kuhn rule gets.
"""

from __future__ import annotations

import enum

import attrs

from boardrules.core.errors import BadInput
from boardrules.core.rules import Facts

__all__ = ["DECK", "Card", "Stakes"]


class Card(enum.Enum):
    """The three cards, lowest first: Jack, Queen, King (KUHN-1)."""

    JACK = "jack"
    QUEEN = "queen"
    KING = "king"

    #: 0 for the Jack, 1 for the Queen, 2 for the King (OpenSpiel numbers them so too): a
    #: plain attribute of each member, not a property, for the rules read it every hand.
    rank: int

    def __init__(self, value: object) -> None:
        self.rank = ("jack", "queen", "king").index(value)

    # Members are singletons compared by identity; ``Enum``'s own hash is a Python call.
    __hash__ = object.__hash__

    @property
    def name_en(self) -> str:
        """The card in English: ``"King"``."""
        return _NAMES[self][0]

    @property
    def name_ru(self) -> str:
        """The card in Russian: ``"Король"``."""
        return _NAMES[self][1]

    def __repr__(self) -> str:
        return f"Card.{self.name}"


_NAMES = {
    Card.JACK: ("Jack", "Валет"),
    Card.QUEEN: ("Queen", "Дама"),
    Card.KING: ("King", "Король"),
}

#: The deck, lowest card first.
DECK: tuple[Card, ...] = (Card.JACK, Card.QUEEN, Card.KING)


def _chips(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 1 <= value <= 1_000_000:
        raise BadInput(f"$.{attribute.name}", "a number of chips from 1 to 1000000")


@attrs.frozen
class Stakes:
    """The chips of one hand: what each seat antes (KUHN-1) and what a bet costs (KUHN-4).

    It is also the context every Kuhn rule gets, so it carries the rulebook's named facts.

    Attributes:
        ante: the chips each seat puts in the pot before the deal.
        bet: the chips a bet (and a call) adds.
        facts: the named facts of the rules the hand is played by (set by the game).
    """

    ante: int = attrs.field(default=1, validator=_chips)
    bet: int = attrs.field(default=1, validator=_chips)
    facts: Facts = attrs.field(factory=Facts, eq=False, repr=False, kw_only=True)
