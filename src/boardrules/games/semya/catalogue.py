"""7Я's catalogue: the seven symbols and every feeling card of the game's deck, with the ids
the views use (``hands`` hold card ids, actions name symbols by their value).

>>> from boardrules.games import semya
>>> found = catalogue(semya.Game().deck)
>>> card = found.cards[0]
>>> card.id, card.suit, card.start, card.end, card.points
('sun-saturn', Suit.WHITE, Symbol.SUN, Symbol.SATURN, 2)
>>> found.symbols[0].role
Label(en='Hero', ru='Герой')
"""

from __future__ import annotations

import attrs

from boardrules.core.catalogue import Label
from boardrules.games.semya.content import Card, Suit, Symbol

__all__ = ["CardItem", "Catalogue", "SuitItem", "SymbolItem", "catalogue"]


@attrs.frozen
class SymbolItem:
    """A symbol (star): its planet's name, the colour of its circle and the role it stands for.

    Attributes:
        id: the symbol as actions and views name it (``"sun"``).
        name: the planet.
        colour: the colour of the symbol's circle.
        role: the role it stands for.
        from_rulebook: whether the rulebook gives this colour and role (else they are ours).
    """

    id: Symbol
    name: Label
    colour: Label
    role: Label
    from_rulebook: bool


@attrs.frozen
class SuitItem:
    """A suit: white cards are answered on their end symbol, black ones by anything."""

    id: Suit
    name: Label


@attrs.frozen
class CardItem:
    """A feeling card of the deck.

    Attributes:
        id: the card as hands, the table and actions name it (``"sun-saturn"``).
        suit: white (answering) or black (unanswered).
        start: the symbol the feeling starts on (top left corner).
        end: the symbol it ends on (top right corner).
        points: the number in the bottom right corner.
        name: the feeling.
        label: the card in one line, as the game's labels write it.
    """

    id: str
    suit: Suit
    start: Symbol
    end: Symbol
    points: int
    name: Label
    label: Label


@attrs.frozen
class Catalogue:
    """Everything a 7Я table is drawn with: symbols, suits and the deck's cards."""

    symbols: tuple[SymbolItem, ...]
    suits: tuple[SuitItem, ...]
    cards: tuple[CardItem, ...]


def _card(card: Card) -> CardItem:
    return CardItem(card.id, card.suit, card.start, card.end, card.points,
                    Label(card.name_en, card.name_ru),
                    Label(card.describe("en"), card.describe("ru")))


def catalogue(deck: tuple[Card, ...]) -> Catalogue:
    """The catalogue of a game played with ``deck``."""
    symbols = tuple(
        SymbolItem(s, Label(s.name_en, s.name_ru), Label(s.colour, s.colour_ru),
                   Label(s.role, s.role_ru), s.from_rulebook)
        for s in Symbol
    )
    suits = tuple(SuitItem(s, Label(s.value, s.name_ru)) for s in Suit)
    return Catalogue(symbols, suits, tuple(_card(c) for c in deck))
