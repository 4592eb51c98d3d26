"""Kuhn poker as rule units: KUHN-1..KUHN-8, each the whole of its rule.

:data:`RULES` lists them in rulebook order and the core composes the game from them: the
deal (KUHN-2's setup), who acts and what each step takes (KUHN-3), the moves and their
effects (KUHN-4, KUHN-5), the end (KUHN-6), the pot (KUHN-7) and what a seat sees
(KUHN-8). Every function gets the :class:`~boardrules.games.kuhn.content.Stakes` of the
hand as its context; what one rule decides and another reads (whether the hand is over, how
it ended, what each seat paid) is a named fact, looked up as ``stakes.facts.NAME``.

>>> from boardrules.games.kuhn import Game
>>> game = Game().with_rules(replace={"KUHN-7": lowest_card_wins}, name="low-card")
>>> state = game.new(seed=1, deal=(Card.KING, Card.JACK))
>>> state = game.apply(game.apply(state, Check()), Check())
>>> game.score(state).winners
(1,)
"""

from __future__ import annotations

import attrs

from boardrules.core.errors import BadInput
from boardrules.core.rng import Rng
from boardrules.core.rules import ANY_ACTION, Rule, Rulebook
from boardrules.core.standings import Standing, Standings, rank_by_points
from boardrules.games.kuhn.actions import Action, Bet, Call, Check, Fold
from boardrules.games.kuhn.content import DECK, Card, Stakes
from boardrules.games.kuhn.events import Acted, Event, HandEnded
from boardrules.games.kuhn.state import State

__all__ = [
    "KUHN_1",
    "KUHN_2",
    "KUHN_3",
    "KUHN_4",
    "KUHN_5",
    "KUHN_6",
    "KUHN_7",
    "KUHN_8",
    "RULES",
    "Setup",
    "lowest_card_wins",
]

Events = list[Event] | None
KuhnRule = Rule[Stakes, State]

KUHN_1: KuhnRule = Rule(
    "KUHN-1",
    "Three cards, Jack below Queen below King; two seats each ante one chip.",
    "Три карты: валет младше дамы, дама младше короля; два игрока ставят по фишке вслепую.",
    terms=True,
)
"""The deck and the antes: terms (:mod:`~boardrules.games.kuhn.content`; the options
``ante`` and ``bet`` set the chips)."""


# -- KUHN-2: the deal ------------------------------------------------------------------------
def _deal_option(
    _: object, attribute: attrs.Attribute[tuple[Card, Card] | None], value: object
) -> None:
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

    deal: tuple[Card, Card] | None = attrs.field(default=None, validator=_deal_option)


def _deal(stakes: Stakes, seed: int, setup: Setup, state: State | None) -> State:
    cards = setup.deal
    if cards is None:
        shuffled = Rng.derive(seed, "kuhn", "deal").shuffled(DECK)
        cards = (shuffled[0], shuffled[1])
    return State(cards=(cards[0], cards[1]))


KUHN_2: KuhnRule = Rule(
    "KUHN-2",
    "Each seat is dealt one card face down from the shuffled deck; the third is not used.",
    "Каждому игроку сдают по одной карте рубашкой вверх; третья карта не участвует.",
    setup=_deal,
)
"""The deal. Setup: a shuffle of the deck from the seed (seat 0 gets the first card), or
the ``deal=`` given to ``new``."""


# -- KUHN-3: the order of play -----------------------------------------------------------------
_NO_BET: tuple[type, ...] = (Check, Bet)
_FACING_BET: tuple[type, ...] = (Fold, Call)


def _alternate(stakes: Stakes, state: State) -> int:
    return len(state.moves) & 1


def _step(stakes: Stakes, state: State) -> tuple[type, ...]:
    moves = state.moves
    return _FACING_BET if moves and type(moves[-1]) is Bet else _NO_BET


_RESPOND: tuple[str, ...] = ("respond",)
_OPEN: tuple[str, ...] = ("open",)


def _step_names(stakes: Stakes, state: State) -> tuple[str, ...]:
    moves = state.moves
    return _RESPOND if moves and type(moves[-1]) is Bet else _OPEN


KUHN_3: KuhnRule = Rule(
    "KUHN-3",
    "Seat 0 acts first; then the seats take turns.",
    "Первым ходит игрок 0, затем игроки ходят по очереди.",
    turn=_alternate,
    steps=_step,
    step_names=_step_names,
)
"""The order of play. Turn: seat 0, then the seats alternate. Steps: facing a bet the seat
to move responds, calling or folding (KUHN-5, the step ``"respond"``), otherwise it opens,
checking or betting (KUHN-4, ``"open"``); the core refuses any other kind of action there
(CORE-3)."""


# -- KUHN-4, KUHN-5: the betting ---------------------------------------------------------------
def _take_turn(stakes: Stakes, state: State, action: Action, events: Events) -> State:
    if events is not None:
        events.append(Acted(stakes.facts.turn(stakes, state), action.tag))
    return State(state.cards, (*state.moves, action))


_CHECK, _BET, _FOLD, _CALL = Check(), Bet(), Fold(), Call()


def _check(stakes: Stakes, state: State) -> tuple[Check]:
    return (_CHECK,)


def _bet(stakes: Stakes, state: State) -> tuple[Bet]:
    return (_BET,)


def _fold(stakes: Stakes, state: State) -> tuple[Fold]:
    return (_FOLD,)


def _call(stakes: Stakes, state: State) -> tuple[Call]:
    return (_CALL,)


KUHN_4: KuhnRule = Rule(
    "KUHN-4",
    "With no bet to answer, a seat checks or bets one chip.",
    "Если ставки нет, игрок пропускает (чек) или ставит одну фишку.",
    moves={Check: _check, Bet: _bet},
    effects={Check: _take_turn, Bet: _take_turn},
)
"""No bet to answer: check or bet. Moves: a check and a bet. Effect: the action joins the
betting (a bet adds one stake to the pot)."""

KUHN_5: KuhnRule = Rule(
    "KUHN-5",
    "Facing a bet, a seat calls with one chip or folds.",
    "Против ставки игрок уравнивает её одной фишкой или сбрасывает карту (пас).",
    moves={Fold: _fold, Call: _call},
    effects={Call: _take_turn, Fold: _take_turn},
)
"""Facing a bet: call or fold. Moves: a fold and a call. Effect: the action joins the
betting (a call adds one stake to the pot)."""


# -- KUHN-6: the end -----------------------------------------------------------------------------
def _over(stakes: Stakes, state: State) -> bool:
    moves = state.moves
    if not moves:
        return False
    last = type(moves[-1])
    return last is Call or last is Fold or (len(moves) == 2 and last is Check)


def _showdown(stakes: Stakes, state: State) -> bool:
    """Whether the hand ended with the cards shown (two checks or a call), not a fold."""
    moves = state.moves  # _over without a fold, in one call: every view asks it
    if not moves:
        return False
    last = type(moves[-1])
    return last is Call or (len(moves) == 2 and last is Check)


def _announce_the_end(stakes: Stakes, state: State, action: Action, events: Events) -> State:
    if events is None or not stakes.facts.over(stakes, state):
        return state
    won = stakes.facts.winner(stakes, state)
    first, second = state.cards
    shown = None
    if stakes.facts.showdown(stakes, state) and first is not None and second is not None:
        shown = (first, second)
    chips = stakes.facts.paid(stakes, state)
    events.append(HandEnded(won, chips[1 - won], shown))
    return state


KUHN_6: KuhnRule = Rule(
    "KUHN-6",
    "The hand ends after two checks, a call or a fold.",
    "Сдача кончается после двух чеков, уравнивания или сброса.",
    end=_over,
    effects={ANY_ACTION: _announce_the_end},
    facts={"over": _over, "showdown": _showdown},
)
"""The end of the hand. End: after two checks, a call or a fold. Facts: ``over`` and
``showdown`` (the cards are shown unless someone folded). Effect, after every action: once
the hand is over, announce the winner."""


# -- KUHN-7: the pot -------------------------------------------------------------------------------
def _paid(stakes: Stakes, state: State) -> tuple[int, int]:
    """The chips each seat has put in the pot: its ante and its bet or call, if any."""
    chips = [stakes.ante, stakes.ante]
    for i, move in enumerate(state.moves):
        if type(move) is Bet or type(move) is Call:
            chips[i & 1] += stakes.bet
    return chips[0], chips[1]


def _higher_card_wins(stakes: Stakes, state: State) -> int:
    """After a fold the other seat; at a showdown the higher card (both are known then)."""
    if type(state.moves[-1]) is Fold:
        return len(state.moves) & 1  # the folder moved last; the other seat wins
    first, second = state.cards
    if first is None or second is None:
        raise ValueError("a showdown needs both cards")
    return 0 if first.rank > second.rank else 1


def _pot(stakes: Stakes, state: State) -> Standings:
    """Chips won (the other seat's part of the pot) or lost (the seat's own part);
    provisional before the end: each seat shows what it has paid in."""
    facts = stakes.facts
    won = facts.winner(stakes, state) if facts.over(stakes, state) else None
    paid = facts.paid(stakes, state)
    pot = paid[0] + paid[1]
    took = (pot if won == 0 else 0, pot if won == 1 else 0)
    points = (took[0] - paid[0], took[1] - paid[1])
    ranks = rank_by_points(points)
    seats = (
        Standing(0, points[0], ranks[0], {"paid": -paid[0], "pot": took[0]}),
        Standing(1, points[1], ranks[1], {"paid": -paid[1], "pot": took[1]}),
    )
    if won is None:
        return Standings(seats, winners=(), final=False)
    return Standings(seats, winners=(won,), final=True)


KUHN_7: KuhnRule = Rule(
    "KUHN-7",
    "After a fold the other seat takes the pot; otherwise the higher card takes it.",
    "После сброса банк забирает соперник, иначе — старшая карта.",
    score=_pot,
    facts={"winner": _higher_card_wins, "paid": _paid},
)
"""Who takes the pot, and the points. Score: chips won or lost. Facts: ``winner`` (the seat
that takes the pot of a finished hand) and ``paid`` (each seat's chips in the pot)."""


def _lower_card_wins(stakes: Stakes, state: State) -> int:
    if type(state.moves[-1]) is Fold:
        return len(state.moves) & 1
    first, second = state.cards
    if first is None or second is None:
        raise ValueError("a showdown needs both cards")
    return 0 if first.rank < second.rank else 1


#: A replacement for KUHN-7 for the how-to on variants: the lower card takes the pot.
lowest_card_wins: KuhnRule = attrs.evolve(
    KUHN_7,
    en="After a fold the other seat takes the pot; otherwise the lower card takes it.",
    ru="После сброса банк забирает соперник, иначе — младшая карта.",
    facts={"winner": _lower_card_wins, "paid": _paid},
)


# -- KUHN-8: what a seat sees --------------------------------------------------------------------
def _own_card(stakes: Stakes, state: State, seat: int | None) -> State:
    """``state`` with every card ``seat`` may not see replaced by ``None`` (a spectator,
    ``None``, sees the cards only at a showdown)."""
    if stakes.facts.showdown(stakes, state):
        return state
    first, second = state.cards
    cards = (first if seat == 0 else None, second if seat == 1 else None)
    return state if cards == state.cards else State(cards, state.moves)


KUHN_8: KuhnRule = Rule(
    "KUHN-8",
    "A seat sees its own card and every action; cards are shown only at a showdown.",
    "Игрок видит свою карту и все ходы; карты открывают только при вскрытии.",
    view=_own_card,
)
"""Hidden information. View: the seat's own card, the other one only at a showdown. Events
are public: an action's kind, and the cards only when a showdown shows them."""


#: Kuhn poker's rules in rulebook order; ``boardrules rules kuhn`` prints their sentences.
RULES = Rulebook((KUHN_1, KUHN_2, KUHN_3, KUHN_4, KUHN_5, KUHN_6, KUHN_7, KUHN_8))
