"""ORB-21..ORB-24: limits and amounts, the end of the game, standings, hidden information."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from boardrules.core.rules import Rule
from boardrules.core.standings import Standing, Standings, rank_by_points
from boardrules.core.violation import Violation
from boardrules.games.orbita.actions import Amount, Boost, Gift, MakeOffer, Reinforce
from boardrules.games.orbita.content import Context
from boardrules.games.orbita.events import Event, GameEnded
from boardrules.games.orbita.flow import Draft, RoundEnd
from boardrules.games.orbita.state import Phase, State, Zones
from boardrules.games.orbita.table import CardRow, Index, card_rows, index, seat_food

__all__ = [
    "FOOD_CAP",
    "ORB_21",
    "ORB_21_0_1_0",
    "ORB_22",
    "ORB_23",
    "ORB_24",
    "WEIGHTS",
    "all_is_one",
    "boost_limits",
    "breakdown",
    "gift_limits",
    "offer_limits",
    "one_unit_only",
    "over_step_limit",
    "score",
    "step_room",
    "view",
]


# -- ORB-21: limits and amounts ---------------------------------------------------------------
def over_step_limit(ctx: Context, state: State, seat: int) -> Violation | None:
    """The refusal of a limited action once ``seat`` has used its ``steps`` this phase."""
    if state.seats[seat].steps >= ctx.steps:
        return Violation("ORB-21", "step_limit", {"seat": seat, "limit": ctx.steps})
    return None


#: What a limited step reads: the seat to move, its cards (``table.CardRow``, in table order),
#: the tokens of any card by name, and the table index.
StepRoom = tuple[int, list[CardRow], Callable[[str], Zones], Index]

#: The fact ``step_room`` in the last state it was asked about: ``(ctx, state, room)``. A
#: state is a value, so the same state has the same room; the listings of a step's gifts,
#: boosts and offers ask one after another (one entry, replaced whole: safe to share between
#: threads and games).
_LAST_ROOM: list[tuple[object, object, StepRoom | None]] = [(None, None, None)]


def step_room(ctx: Context, state: State) -> StepRoom | None:
    """The fact ``step_room``: the seat to move (ORB-6's ``mover``) with its cards, the tokens
    and the table index, while it may still take a limited step (a gift, a boost, an offer);
    ``None`` once it has used its ``steps`` this phase (or the game is over). Worked out once
    per state: kept for the state it was last asked about."""
    last = _LAST_ROOM[0]
    if last[1] is state and last[0] is ctx:
        return last[2]
    seat = state.turn if state.offer is None else ctx.facts.mover(ctx, state)  # (whose move)
    room: StepRoom | None = None
    if seat is not None and not state.over and state.seats[seat].steps < ctx.steps:
        ix = index(state)
        rows = ix.card_rows  # (card_rows(ctx, ix), kept with the index)
        cards = rows[1] if rows is not None and rows[0] is ctx else card_rows(ctx, ix)
        room = (seat, cards[seat], state.zones.lookup(), ix)
    _LAST_ROOM[0] = (ctx, state, room)
    return room


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


def gift_limits(ctx: Context, state: State, action: Gift) -> Violation | None:
    """ORB-21's check of a gift: the step limit and the amount (ORB-4's ``givable``)."""
    seat = ctx.facts.mover(ctx, state)
    assert seat is not None
    limit = over_step_limit(ctx, state, seat) or one_unit_only(ctx, action.amount)
    if limit is not None or action.amount is Amount.ONE:
        return limit
    return all_is_one(
        action.amount, ctx.facts.givable(ctx, state, seat, action.resource, action.to)
    )


def boost_limits(ctx: Context, state: State, action: Boost) -> Violation | None:
    """ORB-21's check of a boost: the step limit and the amount (the booster held)."""
    seat = ctx.facts.mover(ctx, state)
    assert seat is not None
    limit = over_step_limit(ctx, state, seat) or one_unit_only(ctx, action.amount)
    if limit is not None or action.amount is Amount.ONE:
        return limit
    b = ctx.booster[action.card]
    z = state.zones[action.card]
    return all_is_one(action.amount, z.current[b] + z.gifts[b] + z.reserve[b])


def offer_limits(ctx: Context, state: State, action: MakeOffer) -> Violation | None:
    """ORB-21's check of an offer: the step limit."""
    seat = ctx.facts.mover(ctx, state)
    assert seat is not None
    return over_step_limit(ctx, state, seat)


def _reinforce_limits(ctx: Context, state: State, action: Reinforce) -> Violation | None:
    offer = state.offer
    assert offer is not None
    return one_unit_only(ctx, action.amount) or all_is_one(
        action.amount, ctx.facts.stake(ctx, state, offer)
    )


def _use_step(ctx: Context, d: Draft, action: object, events: list[Event] | None) -> Draft:
    seat = ctx.facts.mover(ctx, d.before)
    assert seat is not None
    d.use_step(seat)
    return d


ORB_21 = Rule(
    "ORB-21",
    "Per phase `steps` gifts, boosts, offers; limited reinforcements; one unit or all.",
    "За фазу `steps` подарков, ускорений, предложений; усилений — по лимиту; 1 или всё.",
    checks={
        Gift: gift_limits,
        Boost: boost_limits,
        MakeOffer: offer_limits,
        Reinforce: _reinforce_limits,
    },
    effects={Gift: _use_step, Boost: _use_step, MakeOffer: _use_step},
    facts={"step_room": step_room},
)
"""ORB-21: ``steps`` gifts, boosts and offers per seat and phase; every amount is one unit or
everything at hand, and "everything" only when it is more than one (with the option
``all_at_once=False``, one unit only). What a gift's "everything" is comes from ORB-4's fact
``givable``, a reinforcement's from ORB-11's ``stake``. It states the fact ``step_room``
(the seat to move while it has a limited step left, with its cards and their tokens, worked
out once per state), which the exact lists of ORB-3's boosts, ORB-10's gifts and ORB-11's
offers read: each of them covers ORB-21's check of its class, so a variant whose ORB-21
checks otherwise switches those lists off (and never reads the fact)."""

ORB_21_0_1_0: Rule = ORB_21
"""ORB-21 as 0.1.0 read it: the same unit (a Warrior's Advice counting in "everything" it
reinforces with is 0.1.0's ORB-11 ``stake``, which this unit reads)."""


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
    "The game ends after `rounds` rounds or once a corporation survives `goal_rounds`.",
    "Игра кончается после `rounds` конов или когда корпорация выжила `goal_rounds` конов.",
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
