"""Kuhn poker's values: the cards, the stakes (the rule context), actions, state, events."""

from __future__ import annotations

import enum
from typing import ClassVar, TypeAlias

import attrs

from boardrules.core.catalogue import Label
from boardrules.core.errors import BadInput
from boardrules.core.rules import Facts

__all__ = ["DECK", "Acted", "Action", "Bet", "Call", "Card", "CardItem", "Catalogue", "Check",
           "Event", "Fold", "HandEnded", "Stakes", "State", "catalogue"]


class Card(enum.Enum):
    """The three cards, lowest first (KUHN-1); ``rank`` is 0 to 2, as OpenSpiel numbers them."""

    JACK = "jack"
    QUEEN = "queen"
    KING = "king"

    rank: int

    def __init__(self, value: str) -> None:
        self.rank = ("jack", "queen", "king").index(value)

    @property
    def name_en(self) -> str:  # "King"
        return str(self.value).capitalize()

    @property
    def name_ru(self) -> str:  # "Король"
        return ("Валет", "Дама", "Король")[self.rank]

    def __repr__(self) -> str:
        return f"Card.{self.name}"


#: The deck, lowest card first.
DECK: tuple[Card, ...] = tuple(Card)


def _chips(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 1 <= value <= 1_000_000:
        raise BadInput(f"$.{attribute.name}", "a number of chips from 1 to 1000000")


@attrs.frozen
class Stakes:
    """What each seat antes (KUHN-1) and what a bet or call adds (KUHN-4, KUHN-5): the
    context every rule gets, with the rulebook's facts (set by the game)."""

    ante: int = attrs.field(default=1, validator=_chips)
    bet: int = attrs.field(default=1, validator=_chips)
    facts: Facts = attrs.field(factory=Facts, eq=False, repr=False, kw_only=True)


@attrs.frozen
class Check:
    """Pass without betting (no bet to answer): ``Check()``."""

    tag: ClassVar[str] = "check"


@attrs.frozen
class Bet:
    """Bet one stake (no bet to answer)."""

    tag: ClassVar[str] = "bet"


@attrs.frozen
class Call:
    """Match the other seat's bet; the cards are shown."""

    tag: ClassVar[str] = "call"


@attrs.frozen
class Fold:
    """Give up the pot (facing a bet)."""

    tag: ClassVar[str] = "fold"


#: Any Kuhn poker action; ``serde.from_json(text, Action)`` reads one by its ``"type"``.
Action: TypeAlias = Check | Bet | Call | Fold


@attrs.frozen
class State:
    """A hand: each seat's card (``None`` where a view hides it, KUHN-8) and every action
    so far, oldest first (seat 0 made the first, KUHN-3)."""

    __boardrules_game__: ClassVar[str] = "kuhn"

    cards: tuple[Card | None, Card | None]
    moves: tuple[Action, ...] = ()

    @property
    def seat_count(self) -> int:
        """The number of seats at the table."""
        return len(self.cards)


@attrs.frozen
class Acted:
    """``seat`` took ``action`` (its tag: ``"check"``, ``"bet"``, ``"call"``, ``"fold"``)."""

    tag: ClassVar[str] = "acted"
    seat: int
    action: str


@attrs.frozen
class HandEnded:
    """``winner`` takes the pot and gains ``won`` chips; ``shown``: both cards after a
    showdown, ``None`` after a fold (KUHN-6, KUHN-7)."""

    tag: ClassVar[str] = "hand_ended"
    winner: int
    won: int
    shown: tuple[Card, Card] | None = None


#: Any Kuhn poker event.
Event: TypeAlias = Acted | HandEnded


@attrs.frozen
class CardItem:
    """A card in the catalogue: its id in views (``"king"``), its rank and its name."""

    id: Card
    rank: int
    name: Label


@attrs.frozen
class Catalogue:
    """The deck, lowest card first (``boardrules.catalogue``)."""

    cards: tuple[CardItem, ...]


def catalogue() -> Catalogue:
    """Kuhn poker's catalogue: ``catalogue().cards[2].name.ru == "Король"``."""
    return Catalogue(tuple(CardItem(c, c.rank, Label(c.name_en, c.name_ru)) for c in DECK))
