"""7Я terms the rules share: the setup's arguments, what a move must answer, the deck's tables.

A game of 7Я has one kind of step: the seat to move answers the last play on the table
(SEM-5..SEM-8) until a seat cannot (SEM-9). The rules themselves, setup and turn included,
are the units of :mod:`~boardrules.games.semya.rules`; this module holds the vocabulary they
share (:data:`Demand`, :class:`Setup`) and builds :class:`Tables`, the lookups derived from
a deck that the rules get as their context (``Game.rule_context``), with the rulebook's
facts.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from boardrules.core.rules import Facts
from boardrules.games.semya.actions import PlayCard, PlayFool, PlayLord
from boardrules.games.semya.content import (
    DECK_SIZE,
    Card,
    Suit,
    Symbol,
    default_deck,
    validate_deck,
)

__all__ = [
    "ACTION_CLASSES",
    "ANY",
    "OPENING",
    "Demand",
    "Need",
    "Setup",
    "Tables",
    "max_moves",
    "to_deck",
]


class Need(enum.Enum):
    """What the seat to move must answer besides a symbol: anything, or the opening move.

    An enum, not strings: the rules compare by identity, and enum members stay singletons
    through pickling (a game sent to a worker process keeps working).
    """

    ANY = "any"
    OPENING = "opening"


#: Any card answers (after a black card or the Fool).
ANY = Need.ANY
#: Nothing is on the table yet: the opening move (SEM-5).
OPENING = Need.OPENING
#: What the seat to move must answer: a symbol to start on, anything, or the opening move.
Demand = Symbol | Need

#: Every kind of 7Я action; each step takes all three (the rules say which one is legal).
ACTION_CLASSES: tuple[type, ...] = (PlayCard, PlayLord, PlayFool)


@attrs.frozen
class Setup:
    """The keyword arguments of :meth:`Game.new <boardrules.games.semya.Game.new>`.

    Attributes:
        first: the seat that moves first (0 or 1); ``None`` draws it from the seed (SEM-4).
    """

    first: int | None = attrs.field(
        default=None, validator=attrs.validators.optional(attrs.validators.in_((0, 1)))
    )


def to_deck(value: Iterable[Card] | None) -> tuple[Card, ...]:
    """The ``deck`` option: the default deck for ``None``, otherwise a deck checked by SEM-3."""
    return default_deck() if value is None else validate_deck(value)


@attrs.frozen(eq=False, repr=False)
class Tables:
    """Lookups derived from a deck; the context every 7Я rule gets.

    Attributes:
        deck: the deck, in deck order.
        cards: card id to card.
        points: card id to the card's points (SEM-10 adds up a hand's).
        order: card id to its place in the deck.
        start: card id to the symbol it starts on.
        answer_to: card id to what the answer to it must be (SEM-6): its end symbol for a
            white card, anything for a black one.
        by_start: symbol to the ids of the cards that start on it, in deck order.
        answers: card id to the ids of the cards that may answer it (those starting on its
            end symbol, in deck order), or ``None`` for a black card: anything answers it.
        full_hand: every card id in deck order (a hand at the start, SEM-4).
        plays: card id to its ``PlayCard``.
        lords: the Lord naming each symbol, in symbol order.
        fool: the ``PlayFool``.
        facts: the named facts of the rulebook the game is played by (set by the game).
    """

    deck: tuple[Card, ...]
    cards: dict[str, Card]
    points: dict[str, int]
    order: dict[str, int]
    start: dict[str, Symbol]
    answer_to: dict[str, Demand]
    by_start: dict[Symbol, tuple[str, ...]]
    answers: dict[str, tuple[str, ...] | None]
    full_hand: tuple[str, ...]
    plays: dict[str, PlayCard]
    lords: tuple[PlayLord, ...]
    fool: PlayFool
    facts: Facts = attrs.field(factory=Facts, kw_only=True)

    @classmethod
    def build(cls, deck: tuple[Card, ...], facts: Facts | None = None) -> Tables:
        """The tables of a (checked) deck, with the facts of a rulebook."""
        plays = {c.id: PlayCard(c.id) for c in deck}
        by_start = {s: tuple(c.id for c in deck if c.start is s) for s in Symbol}
        return cls(
            deck=deck,
            cards={c.id: c for c in deck},
            points={c.id: c.points for c in deck},
            order={c.id: i for i, c in enumerate(deck)},
            start={c.id: c.start for c in deck},
            answer_to={c.id: c.end if c.suit is Suit.WHITE else ANY for c in deck},
            by_start=by_start,
            answers={c.id: by_start[c.end] if c.suit is Suit.WHITE else None for c in deck},
            full_hand=tuple(c.id for c in deck),
            plays=plays,
            lords=tuple(PlayLord(s) for s in Symbol),
            fool=PlayFool(),
            facts=facts or Facts(),
        )


def max_moves() -> int:
    """Every card of both decks, trumps included, can be played at most once."""
    return 2 * (DECK_SIZE + 1)
