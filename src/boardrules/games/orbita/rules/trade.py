"""ORB-10: gifts between seated characters (trade, hiring, consumption, offer support)."""

from __future__ import annotations

from boardrules.core.frozen import FrozenMap
from boardrules.core.rules import Rule
from boardrules.core.violation import Violation
from boardrules.games.orbita.actions import Amount, Gift
from boardrules.games.orbita.content import Context
from boardrules.games.orbita.events import Event, GiftGiven
from boardrules.games.orbita.flow import Draft, add, handed_on, next_seat, to_move
from boardrules.games.orbita.rules.basics import givers
from boardrules.games.orbita.state import State, make_seat, make_zones
from boardrules.games.orbita.table import index

__all__ = ["ORB_10", "gift_step"]


def _to_seated(ctx: Context, state: State, action: Gift) -> Violation | None:
    if action.to not in index(state).seat_of:
        return Violation("ORB-10", "gift_to_market", {"card": action.to})
    return None


def _gift(ctx: Context, d: Draft, action: Gift, events: list[Event] | None) -> Draft:
    state = d.before
    seat = to_move(state)
    assert seat is not None
    resource, to = action.resource, action.to
    i = resource.index
    sources = givers(ctx, state, seat, resource, to)
    units = 1
    if action.amount is Amount.ALL:  # ``givable``, from the same givers
        zones = state.zones
        units = sum(zones[c].holds(resource) for c in sources)
    left = units
    for giver in sources:
        got = d.take(giver, i, left)
        if got and events is not None:
            d.emit(GiftGiven(seat, giver, resource, to, got))
        left -= got
        if not left:
            break
    d.give(to, i, units)
    return d


ORB_10 = Rule(
    "ORB-10",
    "Gifts go to seated characters of any seat, never to the labour market.",
    "Подарки — персонажам любого игрока, но не персонажам рынка труда.",
    checks={Gift: _to_seated},
    effects={Gift: _gift},
)
"""ORB-10: a seat gives what its characters may give (ORB-4) to any seated character; the
units come from its characters in table order."""


def gift_step(ctx: Context, state: State, action: Gift) -> State | None:
    """The state after a legal ``Gift`` made with no open offer, built directly.

    It is what the default effects for a gift (ORB-6's end of the move, ORB-10's
    :func:`_gift`, ORB-21's step count; ORB-14's support does nothing without an offer) and
    ``flow.finish`` make of the working copy, without the working copy: the givers
    (:func:`~boardrules.games.orbita.rules.basics.givers`) give in table order, the seat's
    step count goes up by one, and the turn passes to the next seat that is not done.
    ``None`` when the step is not of that kind (an open offer, no seat to pass to): the
    caller then takes the general path. The caller makes sure the gift is legal and that its
    rulebook has those effects for gifts; no events are made.
    """
    if state.offer is not None:
        return None
    seat = state.turn
    seats = state.seats
    turn = next_seat(seats, seat)  # as ``flow.finish`` passes the turn
    if turn < 0:
        return None
    i = action.resource.index
    to = action.to
    get = state.zones.lookup()
    gives = ctx.gives
    sources = []
    for card in index(state).cards[seat]:  # ``givers``, with no answering structure
        if card == to or not gives[card][i]:
            continue
        z = get(card)
        if z.current[i] or z.gifts[i] or z.reserve[i]:
            sources.append((card, z))
    if action.amount is Amount.ALL:
        units = sum(z.current[i] + z.gifts[i] + z.reserve[i] for _, z in sources)
    else:
        units = 1
    zones = state.zones.thaw()
    left = units
    for card, z in sources:  # ``Draft.take``: this round's first, then gifts, then reserve
        cur, gif, res = z.current, z.gifts, z.reserve
        a = cur[i]
        if a > left:
            a = left
        b = gif[i]
        if b > left - a:
            b = left - a
        c = res[i]
        if c > left - a - b:
            c = left - a - b
        if a + b + c:
            zones[card] = make_zones(
                add(cur, i, -a) if a else cur,
                add(res, i, -c) if c else res,
                add(gif, i, -b) if b else gif,
                z.influence,
                z.meals,
                z.directed_by,
            )
            left -= a + b + c
            if not left:
                break
    z = zones[to]  # ``Draft.give``
    zones[to] = make_zones(
        z.current, z.reserve, add(z.gifts, i, units), z.influence, z.meals, z.directed_by
    )
    mine = seats[seat]
    new_seats = list(seats)
    new_seats[seat] = make_seat(
        mine.teams, mine.corporations, mine.allocated, mine.steps + 1, mine.done
    )
    return handed_on(state, new_seats, turn, FrozenMap.adopt(zones))
