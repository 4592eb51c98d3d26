"""ORB-10: gifts between seated characters (trade, hiring, consumption, offer support)."""

from __future__ import annotations

from boardrules.core.frozen import FrozenMap
from boardrules.core.rules import ANY_ACTION, Direct, Guard, Rule
from boardrules.core.violation import Violation
from boardrules.games.orbita.actions import Action, Amount, Gift
from boardrules.games.orbita.content import RESOURCE_ORDER, Context
from boardrules.games.orbita.events import Event, GiftGiven
from boardrules.games.orbita.flow import Draft, add, handed_on, next_seat
from boardrules.games.orbita.rules.attraction import ORB_6
from boardrules.games.orbita.rules.basics import ORB_4
from boardrules.games.orbita.rules.hiring import ORB_14
from boardrules.games.orbita.rules.limits import ORB_21, gift_limits
from boardrules.games.orbita.state import State, make_seat, make_zones
from boardrules.games.orbita.table import Index, index, play_cards

__all__ = ["ORB_10"]

#: Gift actions by resource (its index), then receiver: one unit and all, built once.
_GIFTS: tuple[dict[str, tuple[Gift, Gift]], ...] = tuple({} for _ in RESOURCE_ORDER)

#: One resource's gifts to every seated card in table order: of one unit, and (one, all).
_Row = tuple[tuple[Gift, ...], tuple[Gift, ...]]


def _pair(i: int, to: str) -> tuple[Gift, Gift]:
    cache = _GIFTS[i]
    pair = cache.get(to)
    if pair is None:
        resource = RESOURCE_ORDER[i]
        pair = cache[to] = (Gift(resource, to), Gift(resource, to, Amount.ALL))
    return pair


def _gifts(ctx: Context, state: State) -> list[Gift]:
    """Every well-formed gift: of each resource, to each card at the table, one and all."""
    cards = play_cards(state)
    return [gift for i in range(len(RESOURCE_ORDER)) for to in cards for gift in _pair(i, to)]


def _to_seated(ctx: Context, state: State, action: Gift) -> Violation | None:
    if action.to not in index(state).seat_of:
        return Violation("ORB-10", "gift_to_market", {"card": action.to})
    return None


def _gift_row(ix: Index, ctx: Context, rows: list[_Row | None], i: int) -> _Row:
    """For resource ``i``: the one-unit gifts, and the (one, all) pairs, to every seated card
    in table order; built when first needed and kept with the index."""
    made = _GIFTS[i]
    pairs = [made.get(to) or _pair(i, to) for to in ix.all_cards]
    ones = tuple([p[0] for p in pairs])
    row = (ones, tuple([a for p in pairs for a in p]) if ctx.all_at_once else ones)
    rows[i] = row
    return row


def _allowed_gifts(ctx: Context, state: State) -> list[Action]:
    """The gifts ORB-10, ORB-4, ORB-14 and ORB-21 allow, by resource, then receiver in table
    order (one unit, then all when that is more than one).

    A receiver is any seated character (ORB-10), while an offer is open one of its two sides
    (ORB-14); the units come from the mover's characters that may give them (ORB-4's
    givers: not the receiver itself, nor the answering structure); ORB-21 counts the steps
    and the amounts.
    """
    out: list[Action] = []
    room = ctx.facts.step_room(ctx, state)  # (ORB-21: None once the steps are used)
    if room is None:
        return out
    _seat, cards, zones, ix = room  # zones(card): the map's lookup, without a Python call
    offer = state.offer
    all_at_once = ctx.all_at_once
    if offer is None:
        # Every seated card receives: the rows of ready gifts, cut around the seat's own
        # givers (a giver receives only what the others can give it). ``held`` lists each
        # giver's holding as (resource, place in table order, units).
        held: list[tuple[int, int, int]] = []
        totals = [0, 0, 0, 0]
        for c, _own, _b, gives, k in cards:
            z = zones(c)
            cur, gif, res = z.current, z.gifts, z.reserve
            for i in gives:
                n = cur[i] + gif[i] + res[i]
                if n:
                    held.append((i, k, n))
                    totals[i] += n
        if not held:
            return out
        held.sort()  # by resource, then in table order (a card is there once per resource)
        memo = ix.gift_rows
        if memo is None or memo[0] is not ctx:
            memo = ix.gift_rows = (ctx, [None, None, None, None])
        rows: list[_Row | None] = memo[1]
        last = -1
        start = total = wide = 0
        ones: tuple[Gift, ...] = ()
        pairs: tuple[Gift, ...] = ()
        row: tuple[Gift, ...] = ()
        for i, k, n in held:
            if i != last:
                if last >= 0:
                    out.extend(row[start * wide :])
                last, start, total = i, 0, totals[i]
                ones, pairs = rows[i] or _gift_row(ix, ctx, rows, i)
                wide = 2 if total > 1 and all_at_once else 1
                row = pairs if wide == 2 else ones
            out.extend(row[start * wide : k * wide])
            available = total - n
            if available:
                out.append(ones[k])
                if available > 1 and all_at_once:
                    out.append(pairs[2 * k + 1])
            start = k + 1
        out.extend(row[start * wide :])
        return out
    # The seat's cards outside the answering structure that may give a resource and hold
    # some, in table order.
    # (not the answering structure: it may answer but not give)
    locked = () if offer.responder is None else ix.structure_of[offer.target].members
    by_card: tuple[dict[str, int], ...] = ({}, {}, {}, {})
    sums = [0, 0, 0, 0]
    for c, _own, _b, gives, _k in cards:
        if c in locked:
            continue
        z = zones(c)
        cur, gif, res = z.current, z.gifts, z.reserve
        for i in gives:
            n = cur[i] + gif[i] + res[i]
            if n:
                by_card[i][c] = n
                sums[i] += n
    sides = (offer.seat, offer.responder)
    receivers = [c for s, cards in enumerate(ix.cards) if s in sides for c in cards]
    for i in range(len(RESOURCE_ORDER)):
        total = sums[i]
        if not total:
            continue
        mine = by_card[i]
        made = _GIFTS[i]
        for to in receivers:
            available = total - mine.get(to, 0)
            if available:
                pair = made.get(to) or _pair(i, to)
                out.append(pair[0])
                if available > 1 and all_at_once:
                    out.append(pair[1])
    return out


def _gift(ctx: Context, d: Draft, action: Gift, events: list[Event] | None) -> Draft:
    state = d.before
    seat = ctx.facts.mover(ctx, state)
    assert seat is not None
    resource, to = action.resource, action.to
    i = resource.index
    sources = ctx.facts.givers(ctx, state, seat, resource, to)
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
    d.give(to, i, units - left)
    return d


def _gift_step(
    ctx: Context, state: State, action: Gift, events: list[Event] | None = None
) -> State | None:
    """The state after a ``Gift`` made with no open offer, built directly.

    It is what the effects for a gift (ORB-6's end of the move and the turn passing on,
    ORB-10's :func:`_gift`, ORB-21's step count; ORB-14's support does nothing without an
    offer) make of the working copy: the givers (ORB-4's fact) give in table order, the
    seat's step count goes up by one, and the turn passes to the next seat that is not
    done; with ``events`` (from ``step``), a ``GiftGiven`` for each giver that gave, as
    :func:`_gift` emits them (the other effects emit none here). ``None`` when the step is
    not of that kind (an open offer, no seat to pass to), before any event.
    """
    if state.offer is not None:
        return None
    seat = state.turn
    seats = state.seats
    turn = next_seat(seats, seat)  # as ORB-6 passes the turn
    if turn < 0:
        return None
    resource, to = action.resource, action.to
    i = resource.index
    sources = ctx.facts.givers(ctx, state, seat, resource, to)
    zones = state.zones.thaw()
    get = zones.__getitem__  # each giver is read before it is replaced, and once
    if action.amount is Amount.ALL:
        units = sum(z.current[i] + z.gifts[i] + z.reserve[i] for z in map(get, sources))
    else:
        units = 1
    left = units
    for card in sources:  # ``Draft.take``: this round's first, then gifts, then reserve
        z = get(card)
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
            if events is not None:
                events.append(GiftGiven(seat, card, resource, to, a + b + c))
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
        z.current, z.reserve, add(z.gifts, i, units - left), z.influence, z.meals, z.directed_by
    )
    mine = seats[seat]
    new_seats = list(seats)
    new_seats[seat] = make_seat(
        mine.teams, mine.corporations, mine.allocated, mine.steps + 1, mine.done
    )
    return handed_on(state, new_seats, turn, FrozenMap.adopt(zones))


ORB_10 = Rule(
    "ORB-10",
    "Gifts go to seated characters of any seat, never to the labour market.",
    "Подарки — персонажам любого игрока, но не персонажам рынка труда.",
    moves={Gift: _gifts},
    checks={
        Gift: Guard(
            _to_seated,
            select=_allowed_gifts,
            covers=(ORB_4.checks[Gift], ORB_14.checks[Gift], gift_limits),
        )
    },
    effects={
        Gift: Direct(
            _gift,
            _gift_step,
            covers=(
                ORB_6.effects[Gift],
                ORB_6.effects[ANY_ACTION],
                ORB_14.effects[Gift],
                ORB_21.effects[Gift],
            ),
            in_step="emits",
        )
    },
)
"""ORB-10: a seat gives what its characters may give (ORB-4's fact ``givers``) to any seated
character; the units come from those characters in table order. Its check lists at once the
gifts it, ORB-4, ORB-14 and ORB-21 allow (while their gift checks are the rulebook's)."""
