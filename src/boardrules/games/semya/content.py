"""7Я content: the seven symbols, the two suits, feeling cards, and decks (SEM-1..SEM-3).

The lookup tables the rules use are built from a deck in :mod:`~boardrules.games.semya.flow`
(:class:`~boardrules.games.semya.flow.Tables`): they hold prebuilt actions, and the actions
name symbols from this module.
"""

from __future__ import annotations

import enum
import tomllib
from collections.abc import Iterable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from boardrules import serde
from boardrules.core.errors import BadInput
from boardrules.core.text import text_problem

__all__ = [
    "DECK_SIZE",
    "MAX_CARD_POINTS",
    "Card",
    "Suit",
    "Symbol",
    "default_deck",
    "load_deck",
    "validate_deck",
]

#: Feeling cards per deck; each seat also holds one trump (SEM-1).
DECK_SIZE = 21


class Symbol(enum.Enum):
    """The seven symbols (stars) a feeling starts and ends on.

    The rulebook fixes three: Sun is orange and the Hero, Saturn is red and the Villain,
    Venus is violet and the Victim. The colours and roles of the other four are ours.
    """

    SUN = "sun"
    MOON = "moon"
    MERCURY = "mercury"
    VENUS = "venus"
    MARS = "mars"
    JUPITER = "jupiter"
    SATURN = "saturn"

    @property
    def name_en(self) -> str:
        """The planet in English: ``"Sun"``."""
        return _SYMBOL_INFO[self][0]

    @property
    def name_ru(self) -> str:
        """The planet in Russian: ``"Солнце"``."""
        return _SYMBOL_INFO[self][1]

    @property
    def colour(self) -> str:
        """The colour of the symbol's circle, in English."""
        return _SYMBOL_INFO[self][2]

    @property
    def colour_ru(self) -> str:
        """The colour of the symbol's circle, in Russian."""
        return _SYMBOL_INFO[self][3]

    @property
    def role(self) -> str:
        """The role the symbol stands for, in English: ``"Hero"``."""
        return _SYMBOL_INFO[self][4]

    @property
    def role_ru(self) -> str:
        """The role the symbol stands for, in Russian: ``"Герой"``."""
        return _SYMBOL_INFO[self][5]

    @property
    def from_rulebook(self) -> bool:
        """Whether the rulebook itself gives this symbol's colour and role."""
        return self in (Symbol.SUN, Symbol.SATURN, Symbol.VENUS)

    def __repr__(self) -> str:
        return f"Symbol.{self.name}"


_SYMBOL_INFO: dict[Symbol, tuple[str, str, str, str, str, str]] = {
    Symbol.SUN: ("Sun", "Солнце", "orange", "оранжевый", "Hero", "Герой"),
    Symbol.MOON: ("Moon", "Луна", "light blue", "голубой", "Dreamer", "Мечтатель"),
    Symbol.MERCURY: ("Mercury", "Меркурий", "yellow", "жёлтый", "Messenger", "Вестник"),
    Symbol.VENUS: ("Venus", "Венера", "violet", "фиолетовый", "Victim", "Жертва"),
    Symbol.MARS: ("Mars", "Марс", "blue", "синий", "Warrior", "Воин"),
    Symbol.JUPITER: ("Jupiter", "Юпитер", "green", "зелёный", "Mentor", "Наставник"),
    Symbol.SATURN: ("Saturn", "Сатурн", "red", "красный", "Villain", "Злодей"),
}


class Suit(enum.Enum):
    """A feeling card's arrow: white cards are answered on their end symbol, black by anything."""

    WHITE = "white"
    BLACK = "black"

    @property
    def name_ru(self) -> str:
        """The suit in Russian."""
        return "ответные" if self is Suit.WHITE else "безответные"

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


def _check_id(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    if not isinstance(value, str) or not value or len(value) > 64:
        raise ValueError("a card id is a non-empty string of at most 64 characters")


#: The largest number a card may carry in its corner; a score stays a small exact integer.
MAX_CARD_POINTS = 99


def _check_points(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 0 <= value <= MAX_CARD_POINTS:
        raise BadInput(
            f"$.{attribute.name}", f"card points are an integer from 0 to {MAX_CARD_POINTS}"
        )


@attrs.frozen
class Card:
    """A feeling card (SEM-2): a feeling from one symbol to another, white or black.

    Attributes:
        id: the card's identifier, unique within a deck (``"sun-saturn"``).
        start: the symbol the feeling starts on (top left corner).
        end: the symbol it ends on (top right corner).
        suit: white (answering) or black (unanswered).
        points: the number in the bottom right corner.
        name_ru: the feeling in Russian.
        name_en: the feeling in English.
    """

    id: str = attrs.field(validator=_check_id)
    start: Symbol = attrs.field(validator=attrs.validators.instance_of(Symbol))
    end: Symbol = attrs.field(validator=attrs.validators.instance_of(Symbol))
    suit: Suit = attrs.field(validator=attrs.validators.instance_of(Suit))
    points: int = attrs.field(validator=_check_points)
    name_ru: str = attrs.field(validator=attrs.validators.instance_of(str))
    name_en: str = attrs.field(validator=attrs.validators.instance_of(str))

    def describe(self, lang: str = "en", *, original: bool = False) -> str:
        """A one-line description in ``lang``: ``excitement, inspiration (Sun → Saturn, white,
        2)``, ``«азарт, вдохновение» (Солнце → Сатурн, белая, 2)``; with ``original`` the
        English one names the card in Russian too (``«азарт, вдохновение» / excitement,
        inspiration (...)``)."""
        if lang == "ru":
            suit = "белая" if self.suit is Suit.WHITE else "чёрная"
            ends = f"{self.start.name_ru} → {self.end.name_ru}"
            return f"«{self.name_ru}» ({ends}, {suit}, {self.points})"
        name = f"«{self.name_ru}» / {self.name_en}" if original else self.name_en
        return (
            f"{name} ({self.start.name_en} → {self.end.name_en}, {self.suit.value}, "
            f"{self.points})"
        )


def validate_deck(deck: Iterable[Card]) -> tuple[Card, ...]:
    """Check a deck against SEM-3 and return it as a tuple.

    A deck holds 21 feeling cards with distinct ids; for every symbol exactly three cards
    start on it, two white and one black; every card ends on another symbol than it starts
    on; ids and names hold no NUL character or lone surrogate.

    Raises:
        BadInput: naming the card (``$.deck[4]``) or the symbol that breaks SEM-3.
    """
    cards = tuple(deck)
    for index, card in enumerate(cards):
        if not isinstance(card, Card):
            raise BadInput(f"$.deck[{index}]", "SEM-3: a deck holds Card objects")
    if len(cards) != DECK_SIZE:
        raise BadInput("$.deck", f"SEM-3: a deck holds {DECK_SIZE} feeling cards, not {len(cards)}")
    seen: set[str] = set()
    for index, card in enumerate(cards):
        if card.id in seen:
            raise BadInput(f"$.deck[{index}].id", f"SEM-3: the card id {card.id!r} appears twice")
        seen.add(card.id)
        if card.start is card.end:
            raise BadInput(
                f"$.deck[{index}]",
                f"SEM-3: the card {card.id!r} starts and ends on {card.start.name_en}",
            )
        for name in ("id", "name_ru", "name_en"):
            problem = text_problem(getattr(card, name))
            if problem is not None:
                raise BadInput(f"$.deck[{index}].{name}", problem)
    for symbol in Symbol:
        white = sum(1 for c in cards if c.start is symbol and c.suit is Suit.WHITE)
        black = sum(1 for c in cards if c.start is symbol and c.suit is Suit.BLACK)
        if (white, black) != (2, 1):
            raise BadInput(
                "$.deck",
                f"SEM-3: {white} white and {black} black cards start on {symbol.name_en}; "
                "every symbol needs two white and one black",
            )
    return cards


def _card_from_toml(index: int, entry: Mapping[str, Any]) -> Card:
    try:
        card: Card = serde.from_dict(dict(entry), Card)
    except BadInput as exc:
        raise BadInput(f"$.deck[{index}]{exc.path[1:]}", exc.reason) from None
    return card


def load_deck(source: str | Path) -> tuple[Card, ...]:
    """Read a deck from a TOML file (an array of ``[[card]]`` tables) and validate it.

    Raises:
        BadInput: for a malformed file or a deck that breaks SEM-3.
    """
    text = Path(source).read_text(encoding="utf-8")
    return _parse_deck(text)


def _parse_deck(text: str) -> tuple[Card, ...]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BadInput("$", f"not valid TOML: {exc}") from None
    entries = data.get("card")
    if not isinstance(entries, list):
        raise BadInput("$.card", "a deck file is an array of [[card]] tables")
    return validate_deck(_card_from_toml(i, e) for i, e in enumerate(entries))


_DEFAULT: tuple[Card, ...] | None = None


def default_deck() -> tuple[Card, ...]:
    """The deck that ships with boardrules: our reconstruction, valid under SEM-3."""
    global _DEFAULT
    if _DEFAULT is None:
        text = resources.files("boardrules.games.semya").joinpath("data/deck.toml")
        _DEFAULT = _parse_deck(text.read_text(encoding="utf-8"))
    return _DEFAULT
