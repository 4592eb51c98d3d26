"""Kuhn poker's catalogue: the three cards, by the ids the views use (``cards`` holds them).

>>> found = catalogue()
>>> [(c.id, c.rank, c.name.ru) for c in found.cards]
[(Card.JACK, 0, 'Валет'), (Card.QUEEN, 1, 'Дама'), (Card.KING, 2, 'Король')]
"""

from __future__ import annotations

import attrs

from boardrules.core.catalogue import Label
from boardrules.games.kuhn.content import DECK, Card

__all__ = ["CardItem", "Catalogue", "catalogue"]


@attrs.frozen
class CardItem:
    """A card: its id in views (``"king"``), its rank (0 lowest) and its name."""

    id: Card
    rank: int
    name: Label


@attrs.frozen
class Catalogue:
    """The deck, lowest card first."""

    cards: tuple[CardItem, ...]


def catalogue() -> Catalogue:
    """The catalogue of Kuhn poker (the same for every stake)."""
    return Catalogue(tuple(CardItem(c, c.rank, Label(c.name_en, c.name_ru)) for c in DECK))
