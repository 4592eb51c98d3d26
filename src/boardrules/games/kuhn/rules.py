"""Kuhn poker as rule units, KUHN-1..KUHN-8. Every function gets the hand's
:class:`~boardrules.games.kuhn.content.Stakes`, which carries the named facts other rules read.

>>> from boardrules.games.kuhn import Game
>>> game = Game().with_rules(replace={"KUHN-7": lowest_card_wins}, name="low-card")
>>> state = game.new(seed=1, deal=(Card.KING, Card.JACK))
>>> game.score(game.apply(game.apply(state, Check()), Check())).winners
(1,)
"""

from __future__ import annotations

import attrs

from boardrules.core.errors import BadInput
from boardrules.core.rng import Rng
from boardrules.core.rules import ANY_ACTION, Rule, Rulebook
from boardrules.core.standings import Standing, Standings, rank_by_points
from boardrules.games.kuhn import content
from boardrules.games.kuhn.content import Bet, Call, Card, Check, Fold, Stakes, State

__all__ = ["KUHN_1", "KUHN_2", "KUHN_3", "KUHN_4", "KUHN_5", "KUHN_6", "KUHN_7", "KUHN_8",
           "RULES", "Setup", "lowest_card_wins"]

Events = list[content.Event] | None

KUHN_1 = Rule(
    "KUHN-1",
    "Three cards, Jack below Queen below King; two seats each ante one chip.",
    "Три карты: валет младше дамы, дама младше короля; два игрока ставят по фишке вслепую.",
    terms=True,
)
"""The deck and the antes: terms (the options ``ante`` and ``bet`` set the chips)."""


def _deal_option(_: object, attribute: attrs.Attribute[tuple[Card, Card] | None],
                 value: object) -> None:
    if value is not None and (not isinstance(value, tuple) or len(value) != 2):
        raise BadInput("$.deal", "a deal is two cards, one per seat")
    if value is not None and value[0] is value[1]:
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
    cards = setup.deal or Rng.derive(seed, "kuhn", "deal").shuffled(content.DECK)[:2]
    return State(cards=(cards[0], cards[1]))


KUHN_2 = Rule(
    "KUHN-2",
    "Each seat is dealt one card face down from the shuffled deck; the third is not used.",
    "Каждому игроку сдают по одной карте рубашкой вверх; третья карта не участвует.",
    setup=_deal,
)
"""The deal: a shuffle of the deck from the seed (seat 0 gets the first card), or ``deal=``."""


def _alternate(stakes: Stakes, state: State) -> int:
    return len(state.moves) % 2


def _step(stakes: Stakes, state: State) -> tuple[type, ...]:
    moves = state.moves
    return (Fold, Call) if moves and type(moves[-1]) is Bet else (Check, Bet)


def _step_names(stakes: Stakes, state: State) -> tuple[str, ...]:
    return ("respond",) if _step(stakes, state)[0] is Fold else ("open",)


KUHN_3 = Rule(
    "KUHN-3",
    "Seat 0 acts first; then the seats take turns.",
    "Первым ходит игрок 0, затем игроки ходят по очереди.",
    turn=_alternate,
    steps=_step,
    step_names=_step_names,
)
"""Seat 0, then the seats alternate; facing a bet a seat responds (KUHN-5, step ``"respond"``),
else it opens (KUHN-4, ``"open"``): the core refuses any other kind (CORE-3)."""


def _take_turn(stakes: Stakes, state: State, action: content.Action, events: Events) -> State:
    if events is not None:
        events.append(content.Acted(stakes.facts.turn(stakes, state), action.tag))
    return State(state.cards, (*state.moves, action))


_CHECK, _BET, _FOLD, _CALL = (Check(),), (Bet(),), (Fold(),), (Call(),)


def _check(stakes: Stakes, state: State) -> tuple[Check]:
    return _CHECK


def _bet(stakes: Stakes, state: State) -> tuple[Bet]:
    return _BET


def _fold(stakes: Stakes, state: State) -> tuple[Fold]:
    return _FOLD


def _call(stakes: Stakes, state: State) -> tuple[Call]:
    return _CALL


KUHN_4 = Rule(
    "KUHN-4",
    "With no bet to answer, a seat checks or bets one chip.",
    "Если ставки нет, игрок пропускает (чек) или ставит одну фишку.",
    moves={Check: _check, Bet: _bet},
    effects={Check: _take_turn, Bet: _take_turn},
)
"""No bet to answer: check, or bet one stake into the pot."""

KUHN_5 = Rule(
    "KUHN-5",
    "Facing a bet, a seat calls with one chip or folds.",
    "Против ставки игрок уравнивает её одной фишкой или сбрасывает карту (пас).",
    moves={Fold: _fold, Call: _call},
    effects={Call: _take_turn, Fold: _take_turn},
)
"""Facing a bet: call (one stake into the pot) or fold."""


def _over(stakes: Stakes, state: State) -> bool:
    moves = state.moves
    last = type(moves[-1]) if moves else None
    return last is Call or last is Fold or (len(moves) == 2 and last is Check)


def _showdown(stakes: Stakes, state: State) -> bool:  # two checks or a call, not a fold
    return _over(stakes, state) and type(state.moves[-1]) is not Fold


def _announce_the_end(
    stakes: Stakes, state: State, action: content.Action, events: Events
) -> State:
    facts = stakes.facts
    if events is not None and facts.end(stakes, state):
        won = facts.winner(stakes, state)
        first, second = state.cards
        shown = None
        if facts.showdown(stakes, state) and first is not None and second is not None:
            shown = (first, second)
        events.append(content.HandEnded(won, facts.paid(stakes, state)[1 - won], shown))
    return state


KUHN_6 = Rule(
    "KUHN-6",
    "The hand ends after two checks, a call or a fold.",
    "Сдача кончается после двух чеков, уравнивания или сброса.",
    end=_over,
    effects={ANY_ACTION: _announce_the_end},
    facts={"showdown": _showdown},
)
"""The end: after two checks, a call or a fold (the fact ``showdown``: no one folded); after
every action, once the hand is over, the winner is announced."""


def _paid(stakes: Stakes, state: State) -> tuple[int, int]:  # the ante, and a bet or call
    chips = [stakes.ante, stakes.ante]
    for i, move in enumerate(state.moves):
        if type(move) is Bet or type(move) is Call:
            chips[i % 2] += stakes.bet
    return chips[0], chips[1]


def _winner(stakes: Stakes, state: State, higher: bool = True) -> int:
    """After a fold the other seat; at a showdown the higher card (both known then)."""
    if type(state.moves[-1]) is Fold:
        return len(state.moves) % 2  # the folder moved last
    first, second = state.cards
    if first is None or second is None:
        raise ValueError("a showdown needs both cards")
    return 0 if (first.rank > second.rank) == higher else 1


def _lower_card_wins(stakes: Stakes, state: State) -> int:
    return _winner(stakes, state, higher=False)


def _pot(stakes: Stakes, state: State) -> Standings:
    """Chips won or lost; before the end, provisional: what each seat has paid in."""
    facts = stakes.facts
    won = facts.winner(stakes, state) if facts.end(stakes, state) else None
    paid = facts.paid(stakes, state)
    took = [paid[0] + paid[1] if won == s else 0 for s in (0, 1)]
    points = [took[s] - paid[s] for s in (0, 1)]
    ranks = rank_by_points(points)
    seats = tuple(
        Standing(s, points[s], ranks[s], {"paid": -paid[s], "pot": took[s]}) for s in (0, 1)
    )
    return Standings(seats, winners=() if won is None else (won,), final=won is not None)


KUHN_7 = Rule(
    "KUHN-7",
    "After a fold the other seat takes the pot; otherwise the higher card takes it.",
    "После сброса банк забирает соперник, иначе — старшая карта.",
    score=_pot,
    facts={"winner": _winner, "paid": _paid},
)
"""Who takes the pot (the fact ``winner``), each seat's chips in it (``paid``), the points."""

#: A replacement for KUHN-7 for the how-to on variants: the lower card takes the pot.
lowest_card_wins = attrs.evolve(
    KUHN_7,
    en="After a fold the other seat takes the pot; otherwise the lower card takes it.",
    ru="После сброса банк забирает соперник, иначе — младшая карта.",
    facts={"winner": _lower_card_wins, "paid": _paid},
)


def _own_card(stakes: Stakes, state: State, seat: int | None) -> State:
    """``state`` with the cards ``seat`` may not see hidden (a spectator's: both, but at a
    showdown)."""
    if stakes.facts.showdown(stakes, state):
        return state
    cards = (state.cards[0] if seat == 0 else None, state.cards[1] if seat == 1 else None)
    return state if cards == state.cards else State(cards, state.moves)


KUHN_8 = Rule(
    "KUHN-8",
    "A seat sees its own card and every action; cards are shown only at a showdown.",
    "Игрок видит свою карту и все ходы; карты открывают только при вскрытии.",
    view=_own_card,
)
"""Hidden information: a seat's own card, the other only at a showdown; events are public."""

#: Kuhn poker's rules in rulebook order; ``boardrules rules kuhn`` prints their sentences.
RULES = Rulebook((KUHN_1, KUHN_2, KUHN_3, KUHN_4, KUHN_5, KUHN_6, KUHN_7, KUHN_8))
