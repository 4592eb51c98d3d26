"""A game's catalogue: every card, character and content item with its data, by the ids the
views use, so a front-end can draw its own art without parsing ids or labels.

Each game with content returns its own frozen catalogue class from ``catalogue()`` (the
:class:`~boardrules.core.capabilities.HasCatalogue` capability); the fields differ per game,
but every item carries the ``id`` its views and actions use and its names in English and
Russian as a :class:`Label`. ``boardrules.catalogue(game)`` returns it,
``boardrules.schema(game, "content")`` describes it, and ``boardrules serve`` answers it at
``GET /api/games/{game}/content``.

>>> Label("Sun", "Солнце")
Label(en='Sun', ru='Солнце')
"""

from __future__ import annotations

from typing import Any

import attrs

from boardrules.core.capabilities import HasCatalogue, missing

__all__ = ["Label", "catalogue"]


@attrs.frozen
class Label:
    """A name or a short text in English and Russian."""

    en: str
    ru: str


def catalogue(game: Any) -> Any:
    """The catalogue of ``game``'s content (computed from the game's own options, so a custom
    deck or content gives its own).

    >>> import boardrules
    >>> found = catalogue(boardrules.load("kuhn"))
    >>> [card.id.value for card in found.cards]
    ['jack', 'queen', 'king']

    Raises:
        MissingCapability: the game has no ``catalogue()``.
    """
    if not isinstance(game, HasCatalogue):
        raise missing(game, HasCatalogue, "the content catalogue")
    return game.catalogue()
