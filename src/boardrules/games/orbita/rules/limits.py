"""ORB-21..ORB-24: limits and amounts, the end of the game, standings, hidden information."""

from __future__ import annotations

import attrs

from boardrules.core.rules import Rule
from boardrules.core.violation import Violation
from boardrules.games.orbita.actions import Amount, Boost, Gift, MakeOffer, Reinforce
from boardrules.games.orbita.content import Context
from boardrules.games.orbita.events import Event, GameEnded
from boardrules.games.orbita.flow import Draft, RoundEnd, to_move
from boardrules.games.orbita.rules.basics import booster_held, givable
from boardrules.games.orbita.rules.hiring import (
    AdviceReading,
    advice_always_0_1_0,
    advice_counts,
    stake,
)
from boardrules.games.orbita.state import Phase, State

__all__ = [
    "ORB_21",
    "ORB_21_0_1_0",
    "ORB_22",
    "ORB_23",
    "ORB_24",
    "all_is_one",
    "one_unit_only",
    "over_step_limit",
]


# -- ORB-21: limits and amounts ---------------------------------------------------------------
def over_step_limit(ctx: Context, state: State, seat: int) -> Violation | None:
    """The refusal of a limited action once ``seat`` has used its ``steps`` this phase."""
    if state.seats[seat].steps >= ctx.steps:
        return Violation("ORB-21", "step_limit", {"seat": seat, "limit": ctx.steps})
    return None


def all_is_one(amount: Amount, available: int) -> Violation | None:
    """"Everything" is a choice of its own only when it is more than one unit."""
    if amount is Amount.ALL and available == 1:
        return Violation("ORB-21", "all_is_one", {})
    return None


def one_unit_only(ctx: Context, amount: Amount) -> Violation | None:
    """With the option ``all_at_once=False`` every amount is one unit."""
    if amount is Amount.ALL and not ctx.all_at_once:
        return Violation("ORB-21", "one_unit_only", {})
    return None


def _gift_limits(ctx: Context, state: State, action: Gift) -> Violation | None:
    seat = to_move(state)
    assert seat is not None
    limit = over_step_limit(ctx, state, seat) or one_unit_only(ctx, action.amount)
    if limit is not None:
        return limit
    return all_is_one(action.amount, givable(ctx, state, seat, action.resource, action.to))


def _boost_limits(ctx: Context, state: State, action: Boost) -> Violation | None:
    seat = to_move(state)
    assert seat is not None
    limit = over_step_limit(ctx, state, seat) or one_unit_only(ctx, action.amount)
    if limit is not None:
        return limit
    return all_is_one(action.amount, booster_held(ctx, state.zones[action.card], action.card))


def _offer_limits(ctx: Context, state: State, action: MakeOffer) -> Violation | None:
    seat = to_move(state)
    assert seat is not None
    return over_step_limit(ctx, state, seat)


def _reinforce_limits_by(
    ctx: Context, state: State, action: Reinforce, *, reading: AdviceReading
) -> Violation | None:
    offer = state.offer
    assert offer is not None
    return one_unit_only(ctx, action.amount) or all_is_one(
        action.amount, stake(ctx, state, offer, reading)
    )


def _reinforce_limits(ctx: Context, state: State, action: Reinforce) -> Violation | None:
    return _reinforce_limits_by(ctx, state, action, reading=advice_counts)


def _reinforce_limits_0_1_0(ctx: Context, state: State, action: Reinforce) -> Violation | None:
    return _reinforce_limits_by(ctx, state, action, reading=advice_always_0_1_0)


def _use_step(ctx: Context, d: Draft, action: object, events: list[Event] | None) -> Draft:
    seat = to_move(d.before)
    assert seat is not None
    d.use_step(seat)
    return d


ORB_21 = Rule(
    "ORB-21",
    "Per phase `steps` gifts, boosts, offers; limited reinforcements; one unit or all.",
    "За фазу `steps` подарков, ускорений, предложений; усилений — по лимиту; 1 или всё.",
    checks={
        Gift: _gift_limits,
        Boost: _boost_limits,
        MakeOffer: _offer_limits,
        Reinforce: _reinforce_limits,
    },
    effects={Gift: _use_step, Boost: _use_step, MakeOffer: _use_step},
)
"""ORB-21: ``steps`` gifts, boosts and offers per seat and phase; every amount is one unit or
everything at hand, and "everything" only when it is more than one (with the option
``all_at_once=False``, one unit only)."""

ORB_21_0_1_0: Rule = attrs.evolve(
    ORB_21,
    checks={**ORB_21.checks, Reinforce: _reinforce_limits_0_1_0},
)
"""ORB-21 as 0.1.0 read it: a Warrior's Advice counts in "everything" it reinforces with."""


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


ORB_22 = Rule(
    "ORB-22",
    "The game ends after `rounds` rounds or once a corporation survives `goal_rounds`.",
    "Игра кончается после `rounds` конов или когда корпорация выжила `goal_rounds` конов.",
    effects={RoundEnd: _round_end},
)
"""ORB-22: after saving, the game ends at round ``rounds``, or once some corporation has been
fed ``goal_rounds`` consumption phases in a row (0: never early)."""

ORB_23 = Rule(
    "ORB-23",
    "Standings: corporations, then enterprises, then team characters, then Food.",
    "Итог: корпорации, затем предприятия, затем персонажи в командах, затем Еда.",
)
"""ORB-23: the standings (``scoring.score``)."""

ORB_24 = Rule(
    "ORB-24",
    "Only the deck order is hidden; the table is open.",
    "Скрыт только порядок колоды; стол открыт.",
)
"""ORB-24: what a seat sees (``views.view``)."""
