"""Kuhn poker as rule units: KUHN-1..KUHN-8, each with its checks and effects.

:data:`RULES` lists them in rulebook order; the core runs them (see
:class:`~boardrules.core.rules.Rulebook`). Every rule gets the hand's
:class:`~boardrules.games.kuhn.content.Stakes` as its context. Kuhn poker needs no check of
its own: an action of the wrong kind for the step (a check when facing a bet, a call with
no bet to answer) is refused by the core (CORE-3) from :func:`flow.accepts
<boardrules.games.kuhn.flow.accepts>`, and any action after the end by CORE-2.
"""

from __future__ import annotations

from boardrules.core.rules import ANY_ACTION, Rule, Rulebook
from boardrules.games.kuhn.actions import Action, Bet, Call, Check, Fold
from boardrules.games.kuhn.content import Stakes
from boardrules.games.kuhn.events import Acted, Event, HandEnded
from boardrules.games.kuhn.flow import showdown
from boardrules.games.kuhn.scoring import paid, winner
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
    "take_turn",
]

Events = list[Event] | None


KUHN_1 = Rule(
    "KUHN-1",
    "Three cards, Jack below Queen below King; two seats each ante one chip.",
    "Три карты: валет младше дамы, дама младше короля; два игрока ставят по фишке вслепую.",
)
"""The deck and the antes: kept by :mod:`~boardrules.games.kuhn.content` (the options
``ante`` and ``bet`` set the chips)."""

KUHN_2 = Rule(
    "KUHN-2",
    "Each seat is dealt one card face down from the shuffled deck; the third is not used.",
    "Каждому игроку сдают по одной карте рубашкой вверх; третья карта не участвует.",
)
"""The deal, from the seed: kept by :func:`boardrules.games.kuhn.flow.new`."""

KUHN_3 = Rule(
    "KUHN-3",
    "Seat 0 acts first; then the seats take turns.",
    "Первым ходит игрок 0, затем игроки ходят по очереди.",
)
"""The order of play: kept by :func:`boardrules.games.kuhn.flow.to_move`."""


def take_turn(stakes: Stakes, state: State, action: Action, events: Events) -> State:
    """The effect of every action: it joins the betting, and the other seat is to move."""
    if events is not None:
        events.append(Acted(len(state.moves) % 2, action.tag))
    return State(state.cards, (*state.moves, action))


KUHN_4 = Rule(
    "KUHN-4",
    "With no bet to answer, a seat checks or bets one chip.",
    "Если ставки нет, игрок пропускает (чек) или ставит одну фишку.",
    effects={Check: take_turn, Bet: take_turn},
)
"""No bet to answer: check or bet. The step takes only these (CORE-3 refuses a call or a
fold). Effect: the action joins the betting (a bet adds one stake to the pot)."""

KUHN_5 = Rule(
    "KUHN-5",
    "Facing a bet, a seat calls with one chip or folds.",
    "Против ставки игрок уравнивает её одной фишкой или сбрасывает карту (пас).",
    effects={Call: take_turn, Fold: take_turn},
)
"""Facing a bet: call or fold. The step takes only these (CORE-3 refuses a check or a
bet). Effect: the action joins the betting (a call adds one stake to the pot)."""


def _announce_the_end(stakes: Stakes, state: State, action: Action, events: Events) -> State:
    won = winner(state) if events is not None else None
    if events is not None and won is not None:
        first, second = state.cards
        shown = None
        if showdown(state) and first is not None and second is not None:
            shown = (first, second)
        events.append(HandEnded(winner=won, won=paid(stakes, state)[1 - won], shown=shown))
    return state


KUHN_6 = Rule(
    "KUHN-6",
    "The hand ends after two checks, a call or a fold.",
    "Сдача кончается после двух чеков, уравнивания или сброса.",
    effects={ANY_ACTION: _announce_the_end},
)
"""The end of the hand: :func:`boardrules.games.kuhn.flow.is_over` tells it from the
betting. Effect, after every action: once the hand is over, announce the winner."""

KUHN_7 = Rule(
    "KUHN-7",
    "After a fold the other seat takes the pot; otherwise the higher card takes it.",
    "После сброса банк забирает соперник, иначе — старшая карта.",
)
"""Who takes the pot, and the points: kept by :mod:`~boardrules.games.kuhn.scoring`."""

KUHN_8 = Rule(
    "KUHN-8",
    "A seat sees its own card and every action; cards are shown only at a showdown.",
    "Игрок видит свою карту и все ходы; карты открывают только при вскрытии.",
)
"""Hidden information: kept by :func:`boardrules.games.kuhn.views.view`."""


#: Kuhn poker's rules in rulebook order; ``boardrules rules kuhn`` prints their sentences.
RULES = Rulebook((KUHN_1, KUHN_2, KUHN_3, KUHN_4, KUHN_5, KUHN_6, KUHN_7, KUHN_8))

