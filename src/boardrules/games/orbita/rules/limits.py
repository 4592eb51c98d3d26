"""ORB-21..ORB-24: limits and amounts, the end of the game, standings, hidden information."""

from __future__ import annotations

import attrs

from boardrules.core.rules import Rule
from boardrules.core.standings import Standing, Standings, rank_by_points
from boardrules.core.violation import Violation
from boardrules.games.orbita.actions import Amount, Boost, Gift, MakeOffer
from boardrules.games.orbita.context import CHOICES, Context
from boardrules.games.orbita.events import Event, GameEnded
from boardrules.games.orbita.flow import Draft, RoundEnd
from boardrules.games.orbita.state import Phase, State
from boardrules.games.orbita.table import seat_food

__all__ = [
    "FOOD_CAP",
    "ORB_21",
    "ORB_22",
    "ORB_23",
    "ORB_24",
    "WEIGHTS",
    "amounts",
    "breakdown",
    "over_step_limit",
    "score",
    "view",
    "wrong_amount",
]


# -- ORB-21: limits and amounts ---------------------------------------------------------------
def over_step_limit(ctx: Context, state: State) -> Violation | None:
    """The fact ``over_step_limit``: ORB-21's refusal of a limited action (a gift, a boost, an
    offer) once the seat to move has used its ``steps`` this phase; ``None`` while it has one
    left."""
    seat = ctx.facts.mover(ctx, state)
    if seat is not None and state.seats[seat].steps >= ctx.steps:
        return Violation("ORB-21", "step_limit", {"seat": seat, "limit": ctx.steps})
    return None


def amounts(ctx: Context, available: int) -> tuple[Amount, ...]:
    """The fact ``amounts``: the amounts that are choices of their own with ``available``
    units at hand: one unit, and everything when that is more than one unit (and the game
    moves more than one at once, ``all_at_once``); none without a unit."""
    if available < 1:
        return CHOICES[0]
    if available > 1 and ctx.all_at_once:
        return CHOICES[2]
    return CHOICES[1]


def wrong_amount(ctx: Context, amount: Amount, available: int) -> Violation | None:
    """The fact ``wrong_amount``: ORB-21's refusal of ``amount`` with ``available`` units at
    hand (at least one) when :func:`amounts` leaves it out: ``one_unit_only`` in a game that
    moves one unit at a time, else ``all_is_one``."""
    if amount in amounts(ctx, available):
        return None
    return Violation("ORB-21", "all_is_one" if ctx.all_at_once else "one_unit_only", {})


def _use_step(ctx: Context, d: Draft, action: object, events: list[Event] | None) -> Draft:
    d.use_step(d.mover)
    return d


ORB_21 = Rule(
    "ORB-21",
    "In a phase a seat makes a set number of gifts, boosts and offers, and reinforces an "
    "offer a set number of times, one unit or all at once as the game is set.",
    "За фазу игрок делает заданное число подарков, ускорений и предложений и усиливает "
    "предложение заданное число раз — по одной единице или всем сразу, как задано.",
    effects={Gift: _use_step, Boost: _use_step, MakeOffer: _use_step},
    facts={"over_step_limit": over_step_limit, "amounts": amounts, "wrong_amount": wrong_amount},
)
"""ORB-21: ``steps`` gifts, boosts and offers per seat and phase (the fact
``over_step_limit``, which the units that list gifts, ORB-10, boosts, ORB-3, and offers,
ORB-11, read: they list none beyond the limit and refuse them with it); every amount is one
unit or everything at hand, and "everything" only when it is more than one (with the option
``all_at_once=False``, one unit only): the facts ``amounts`` and ``wrong_amount``, which the
units that list gifts, boosts and reinforcements (ORB-14) read, with what is at hand as they
count it (ORB-4's ``at_hand``, the booster held, ORB-11's ``stake``). Its effect counts each
gift, boost and offer of the seat to move."""

# -- ORB-22: the end ----------------------------------------------------------------------------
def _round_end(ctx: Context, d: Draft, step: RoundEnd, events: list[Event] | None) -> Draft:
    goal = ctx.goal_rounds
    reason = ""
    if goal and any(c.age >= goal for s in d.seats for c in s.corporations):
        reason = "corporation"
    elif d.round >= ctx.rounds:
        reason = "rounds"
    if reason:
        d.over = True
        d.phase = Phase.SAVING
        d.turn = 0
        if d.events is not None:
            d.emit(GameEnded(d.round, reason))
    return d


def _over(ctx: Context, state: State) -> bool:
    return state.over


ORB_22 = Rule(
    "ORB-22",
    "The game ends after the set number of rounds, or once a corporation has lasted the set "
    "number of rounds.",
    "Игра кончается после заданного числа конов или когда корпорация продержалась заданное "
    "число конов.",
    effects={RoundEnd: _round_end},
    end=_over,
)
"""ORB-22: after saving, the game ends at round ``rounds``, or once some corporation has been
fed ``goal_rounds`` consumption phases in a row (0: never early)."""


# -- ORB-23: standings --------------------------------------------------------------------------
#: Points per corporation, enterprise, lone character and unit of Food (capped at 99).
WEIGHTS = {"corporations": 1_000_000, "enterprises": 10_000, "characters": 100, "food": 1}
FOOD_CAP = 99


def breakdown(state: State, seat: int) -> dict[str, int]:
    """The parts of ``seat``'s points (ORB-23).

    The rulebook names no scorer (its goal is that one's corporation survives); this one is
    ours. Each part is weighted so that no amount of a lower part outweighs one unit of a
    higher one: a corporation is worth 1 000 000, an enterprise outside corporations 10 000,
    a character in a team (not in an enterprise) 100, and each unit of Food the seat holds 1
    (at most 99).

    >>> from boardrules.games.orbita import Game
    >>> breakdown(Game().new(seed=1, players=2), 0)
    {'corporations': 0, 'enterprises': 0, 'characters': 100, 'food': 2}
    """
    s = state.seats[seat]
    corporations = len(s.corporations)
    enterprises = sum(1 for t in s.teams if t.enterprise)
    characters = sum(len(t.members) for t in s.teams if not t.enterprise)
    food = min(FOOD_CAP, seat_food(s, state.zones))
    return {
        "corporations": WEIGHTS["corporations"] * corporations,
        "enterprises": WEIGHTS["enterprises"] * enterprises,
        "characters": WEIGHTS["characters"] * characters,
        "food": food,
    }


def score(state: State) -> Standings:
    """The standings of ``state``; final once the game is over (ORB-22)."""
    parts = [breakdown(state, s) for s in range(len(state.seats))]
    points = [sum(p.values()) for p in parts]
    ranks = rank_by_points(points)
    seats = tuple(Standing(s, points[s], ranks[s], parts[s]) for s in range(len(parts)))
    if not state.over:
        return Standings(seats, winners=(), final=False)
    winners = tuple(s for s in range(len(parts)) if ranks[s] == 1)
    return Standings(seats, winners=winners, final=True)


def _standings(ctx: Context, state: State) -> Standings:
    return score(state)


ORB_23 = Rule(
    "ORB-23",
    "Standings: corporations, then enterprises, then team characters, then Food.",
    "Итог: корпорации, затем предприятия, затем персонажи в командах, затем Еда.",
    score=_standings,
)
"""ORB-23: the standings (:func:`score`, weighted by :data:`WEIGHTS`)."""


# -- ORB-24: hidden information ------------------------------------------------------------------
def view(ctx: Context, state: State, seat: int | None) -> State:
    """``state`` with the deck shown sorted in the canonical order (the same for every seat)."""
    order = ctx.order
    deck = tuple(sorted(state.deck, key=lambda c: order.get(c, len(order))))
    if deck == state.deck:
        return state
    return attrs.evolve(state, deck=deck)


ORB_24 = Rule(
    "ORB-24",
    "Only the deck order is hidden; the table is open.",
    "Скрыт только порядок колоды; стол открыт.",
    view=view,
)
"""ORB-24: what a seat sees (:func:`view`): the deck sorted; everything else as it is."""
