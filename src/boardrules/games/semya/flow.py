"""7Я flow: who moves, what the move must answer, what the seat may play, and the setup.

A game of 7Я has one kind of step: the seat to move answers the last play on the table
(SEM-5..SEM-8) until a seat cannot (SEM-9). This module holds what every part of the game
asks about that step: the seat to move, the *demand* (what the answer must start on), the
hand-tuned list of legal actions for the game's own rules, and the first state (SEM-4).

It also builds :class:`Tables`, the lookups derived from a deck that the rules get as their
context (``Game.rule_context``).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from boardrules.core.rng import Rng
from boardrules.games.semya.actions import Action, PlayCard, PlayFool, PlayLord
from boardrules.games.semya.content import (
    DECK_SIZE,
    Card,
    Suit,
    Symbol,
    default_deck,
    validate_deck,
)
from boardrules.games.semya.state import Play, State, Trump

__all__ = [
    "ACTION_CLASSES",
    "ANY",
    "OPENING",
    "Demand",
    "Need",
    "Setup",
    "Tables",
    "accepts",
    "answer_cards",
    "demand",
    "demand_after",
    "is_over",
    "legal_actions",
    "max_moves",
    "mover",
    "new",
    "to_deck",
    "to_move",
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

    Prebuilt actions and table entries are shared between states: they are values, so
    sharing is safe, and it spares the hot path building them again.

    Attributes:
        deck: the deck, in deck order.
        cards: card id to card.
        order: card id to its place in the deck.
        start: card id to the symbol it starts on.
        answer_to: card id to what the answer to it must be (SEM-6): its end symbol for a
            white card, anything for a black one.
        by_start: symbol to the ids of the cards that start on it, in deck order.
        answers: card id to the ids of the cards that may answer it (those starting on its
            end symbol, in deck order), or ``None`` for a black card: anything answers it.
        full_hand: every card id in deck order (a hand at the start, SEM-4).
        plays: card id to its (shared) ``PlayCard``.
        lords: the Lord naming each symbol, in symbol order.
        fool: the (shared) ``PlayFool``.
        table_plays: per seat, card id to its (shared) table entry.
    """

    deck: tuple[Card, ...]
    cards: dict[str, Card]
    order: dict[str, int]
    start: dict[str, Symbol]
    answer_to: dict[str, Demand]
    by_start: dict[Symbol, tuple[str, ...]]
    answers: dict[str, tuple[str, ...] | None]
    full_hand: tuple[str, ...]
    plays: dict[str, PlayCard]
    lords: tuple[PlayLord, ...]
    fool: PlayFool
    table_plays: tuple[dict[str, Play], dict[str, Play]]

    @classmethod
    def build(cls, deck: tuple[Card, ...]) -> Tables:
        """The tables of a (checked) deck."""
        plays = {c.id: PlayCard(c.id) for c in deck}
        by_start = {s: tuple(c.id for c in deck if c.start is s) for s in Symbol}
        return cls(
            deck=deck,
            cards={c.id: c for c in deck},
            order={c.id: i for i, c in enumerate(deck)},
            start={c.id: c.start for c in deck},
            answer_to={c.id: c.end if c.suit is Suit.WHITE else ANY for c in deck},
            by_start=by_start,
            answers={c.id: by_start[c.end] if c.suit is Suit.WHITE else None for c in deck},
            full_hand=tuple(c.id for c in deck),
            plays=plays,
            lords=tuple(PlayLord(s) for s in Symbol),
            fool=PlayFool(),
            table_plays=(
                {c.id: Play(0, plays[c.id]) for c in deck},
                {c.id: Play(1, plays[c.id]) for c in deck},
            ),
        )


# -- the first state (SEM-4) ------------------------------------------------------------------
def new(tables: Tables, seed: int, setup: Setup) -> State:
    """Both hands full; the first seat as given, or drawn from the seed (SEM-4)."""
    first = setup.first
    if first is None:
        first = Rng.derive(seed, "semya", "first").below(2)
    return State(first=first, hands=(tables.full_hand, tables.full_hand))


def max_moves() -> int:
    """Every card of both decks, trumps included, can be played at most once."""
    return 2 * (DECK_SIZE + 1)


# -- whose move, and what it must answer ------------------------------------------------------
def mover(state: State) -> int:
    """The seat whose turn it is by alternation (also after the end)."""
    return (state.first + len(state.table)) & 1


def to_move(state: State) -> int | None:
    """The seat to play, or ``None`` after SEM-9 ended the game."""
    if state.loser is not None:
        return None
    return (state.first + len(state.table)) & 1


def is_over(state: State) -> bool:
    """Whether SEM-9 has ended the game."""
    return state.loser is not None


def accepts(state: State) -> tuple[type, ...]:
    """Every step takes every kind of action; the rules say which one is legal."""
    return ACTION_CLASSES


def demand_after(tables: Tables, action: Action) -> Demand:
    """What the answer to ``action`` must be (SEM-6, SEM-7, SEM-8)."""
    if type(action) is PlayCard:
        return tables.answer_to[action.card]
    if type(action) is PlayLord:
        return action.named
    return ANY


def answer_cards(tables: Tables, action: Action) -> tuple[str, ...] | None:
    """The ids of the cards that may answer ``action``, or ``None`` when any card may.

    The same as :func:`demand_after`, as card ids: the hot paths use it.
    """
    if type(action) is PlayCard:
        return tables.answers[action.card]
    if type(action) is PlayLord:
        return tables.by_start[action.named]
    return None


def demand(tables: Tables, state: State) -> Demand:
    """What the seat to move must answer now: the opening, anything, or a symbol."""
    if not state.table:
        return OPENING
    return demand_after(tables, state.table[-1].action)


# -- the hand-tuned legal actions of the game's own rules --------------------------------------
def legal_actions(tables: Tables, state: State) -> tuple[Action, ...]:
    """Every legal action under SEM-5..SEM-9: cards in deck order, the Lords, the Fool.

    Only for the game's own rules; a variant lists what its rule units accept.
    """
    if state.loser is not None:
        return ()
    seat = (state.first + len(state.table)) & 1
    hand = state.hands[seat]
    plays = tables.plays
    if not state.table:
        return tuple(map(plays.__getitem__, hand))
    last = state.table[-1].action  # what answer_cards() says, inlined: this is the hot path
    candidates: tuple[str, ...] | None = None
    if type(last) is PlayCard:
        candidates = tables.answers[last.card]
    elif type(last) is PlayLord:
        candidates = tables.by_start[last.named]
    held = state.trumps[seat] is Trump.HELD
    if candidates is None:  # anything answers (the opening is above)
        cards = tuple(map(plays.__getitem__, hand))
        return cards + tables.lords if held else cards
    # The (three) cards that start on the demanded symbol, in deck order, if held.
    answers = tuple([plays[c] for c in candidates if c in hand])
    if not answers and held:
        return (tables.fool,)
    return answers
