"""Kuhn poker flow: the deal (KUHN-2), who acts (KUHN-3), what each step takes, the end.

A hand has two kinds of step: with no bet to answer the seat to move checks or bets
(KUHN-4); facing a bet it calls or folds (KUHN-5). :func:`accepts` says which, and the core
refuses any other kind of action there (CORE-3). The hand ends after two checks, a call or
a fold (KUHN-6).
"""

from __future__ import annotations

import attrs

from boardrules.core.errors import BadInput
from boardrules.core.rng import Rng
from boardrules.games.kuhn.actions import Bet, Call, Check, Fold
from boardrules.games.kuhn.content import DECK, Card
from boardrules.games.kuhn.state import State

__all__ = [
    "FACING_BET",
    "MAX_MOVES",
    "NO_BET",
    "Setup",
    "accepts",
    "deal",
    "facing_bet",
    "is_over",
    "new",
    "showdown",
    "to_move",
]

#: The kinds of action a seat with no bet to answer may take (KUHN-4).
NO_BET: tuple[type, ...] = (Check, Bet)
#: The kinds of action a seat facing a bet may take (KUHN-5).
FACING_BET: tuple[type, ...] = (Fold, Call)
#: The longest hand: check, bet, then a call or a fold.
MAX_MOVES = 3


def _deal(_: object, attribute: attrs.Attribute[tuple[Card, Card] | None], value: object) -> None:
    if value is None:
        return
    if not isinstance(value, tuple) or len(value) != 2:
        raise BadInput("$.deal", "a deal is two cards, one per seat")
    if value[0] is value[1]:
        raise BadInput("$.deal", "the two seats get different cards")


@attrs.frozen
class Setup:
    """The keyword arguments of :meth:`Game.new <boardrules.games.kuhn.Game.new>`.

    Attributes:
        deal: the cards of seat 0 and seat 1; ``None`` (the default) deals them from the
            seed (KUHN-2). Naming them is for tests and worked examples.
    """

    deal: tuple[Card, Card] | None = attrs.field(default=None, validator=_deal)


def deal(seed: int) -> tuple[Card, Card]:
    """The two cards the seed deals: a shuffle of the deck, seat 0 gets the first (KUHN-2)."""
    shuffled = Rng.derive(seed, "kuhn", "deal").shuffled(DECK)
    return shuffled[0], shuffled[1]


def new(seed: int, setup: Setup) -> State:
    """A new hand: both antes are in (KUHN-1), each seat holds one card (KUHN-2)."""
    cards = setup.deal if setup.deal is not None else deal(seed)
    return State(cards=(cards[0], cards[1]))


def facing_bet(state: State) -> bool:
    """Whether the last action was a bet that the seat to move must answer."""
    return bool(state.moves) and type(state.moves[-1]) is Bet


def is_over(state: State) -> bool:
    """Whether the hand has ended: two checks, a call or a fold (KUHN-6)."""
    moves = state.moves
    if not moves:
        return False
    last = type(moves[-1])
    return last is Call or last is Fold or (len(moves) == 2 and last is Check)


def showdown(state: State) -> bool:
    """Whether the hand ended with the cards shown (two checks or a call), not a fold."""
    return is_over(state) and type(state.moves[-1]) is not Fold


def to_move(state: State) -> int | None:
    """Seat 0 acts first, then the seats alternate (KUHN-3); ``None`` once the hand is over."""
    if is_over(state):
        return None
    return len(state.moves) % 2


def accepts(state: State) -> tuple[type, ...]:
    """The kinds of action the step takes: check or bet, or facing a bet call or fold."""
    return FACING_BET if facing_bet(state) else NO_BET
