"""Lyceum's catalogue: skills, epochs, colours, characters and action cards of the game's
content, by the ids the views use (a seat's ``character``, the ``piles``, ``deferred``).

Skill points are given per skill by name, so a front-end needs no skill order.

>>> from boardrules.games import lyceum
>>> found = catalogue(lyceum.Game().content)
>>> card = found.cards[0]
>>> card.id, card.colour, card.xp, card.conditions.health, card.gains.communication
('ly-green-01', Colour.GREEN, 100, 2, 1)
>>> found.characters[0].name.en
'Masha'
"""

from __future__ import annotations

import attrs

from boardrules.core.catalogue import Label
from boardrules.games.lyceum.content import (
    COLOUR_XP,
    EPOCH_ROUNDS,
    Card,
    Character,
    Colour,
    Content,
    Epoch,
    Skill,
    SpecialKind,
    Target,
)

__all__ = [
    "CardItem",
    "Catalogue",
    "CharacterItem",
    "ColourItem",
    "EpochItem",
    "SkillItem",
    "Skills",
    "SpecialItem",
    "catalogue",
]


@attrs.frozen
class Skills:
    """Skill points per skill."""

    health: int
    intellect: int
    creativity: int
    communication: int
    energy: int


@attrs.frozen
class SkillItem:
    """A skill: its id (``"health"``), its place in every skill vector of the views, its name."""

    id: Skill
    index: int
    name: Label


@attrs.frozen
class EpochItem:
    """An epoch: its id, its name and the rounds it spans."""

    id: Epoch
    name: Label
    rounds: tuple[int, ...]


@attrs.frozen
class ColourItem:
    """An action card's colour: its id, its name and the XP a card of it brings."""

    id: Colour
    name: Label
    xp: int


@attrs.frozen
class CharacterItem:
    """A character of the character deck.

    Attributes:
        id: as a seat's ``character`` names it.
        name: the character's name.
        about: a one-line description.
        base: the base skill points.
    """

    id: str
    name: Label
    about: Label
    base: Skills


@attrs.frozen
class SpecialItem:
    """A red card's special ability: which effect, how much, whom a lasting one reaches."""

    kind: SpecialKind
    amount: int
    target: Target


@attrs.frozen
class CardItem:
    """An action card.

    Attributes:
        id: as piles, ``deferred`` and actions name it (``"ly-green-01"``).
        epoch: the epoch whose piles hold it.
        colour: green, yellow or red.
        title: what the card stands for.
        xp: the experience it brings when played.
        conditions: the least skill points needed to play it.
        losses: the skill points it costs.
        gains: the skill points it gives.
        special: a red card's special ability, or null.
        label: the card in one line, as the game's labels write it.
    """

    id: str
    epoch: Epoch
    colour: Colour
    title: Label
    xp: int
    conditions: Skills
    losses: Skills
    gains: Skills
    special: SpecialItem | None
    label: Label


@attrs.frozen
class Catalogue:
    """Everything a Lyceum table is drawn with."""

    skills: tuple[SkillItem, ...]
    epochs: tuple[EpochItem, ...]
    colours: tuple[ColourItem, ...]
    levels: tuple[int, ...]
    characters: tuple[CharacterItem, ...]
    cards: tuple[CardItem, ...]


def _skills(values: tuple[int, ...]) -> Skills:
    return Skills(*values)


def _character(c: Character) -> CharacterItem:
    return CharacterItem(c.id, Label(c.name_en, c.name_ru), Label(c.about_en, c.about_ru),
                         _skills(c.base))


def _card(c: Card) -> CardItem:
    special = None if c.special is None else SpecialItem(c.special.kind, c.special.amount,
                                                         c.special.target)
    return CardItem(c.id, c.epoch, c.colour, Label(c.title_en, c.title_ru), c.xp,
                    _skills(c.conditions), _skills(c.losses), _skills(c.gains), special,
                    Label(c.describe("en"), c.describe("ru")))


def catalogue(content: Content) -> Catalogue:
    """The catalogue of a game played with ``content``."""
    return Catalogue(
        skills=tuple(SkillItem(s, s.index, Label(s.value, s.name_ru)) for s in Skill),
        epochs=tuple(EpochItem(e, Label(e.value.capitalize(), e.name_ru),
                               tuple(EPOCH_ROUNDS[e])) for e in Epoch),
        colours=tuple(ColourItem(c, Label(c.value, c.name_ru), COLOUR_XP[c]) for c in Colour),
        levels=content.levels,
        characters=tuple(_character(c) for c in content.characters),
        cards=tuple(_card(c) for c in content.cards),
    )
