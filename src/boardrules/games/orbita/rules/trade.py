"""ORB-10: gifts between seated characters (trade, hiring, consumption, offer support)."""

from __future__ import annotations

from boardrules.core.rules import Rule
from boardrules.core.violation import Violation
from boardrules.games.orbita.actions import Action, Amount, Gift
from boardrules.games.orbita.content import RESOURCE_ORDER, Context
from boardrules.games.orbita.events import Event, GiftGiven
from boardrules.games.orbita.flow import Draft
from boardrules.games.orbita.state import State
from boardrules.games.orbita.table import Index, index

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


ORB_10 = Rule(
    "ORB-10",
    "Gifts go to seated characters of any seat, never to the labour market.",
    "Подарки — персонажам любого игрока, но не персонажам рынка труда.",
    moves={Gift: _allowed_gifts},
    checks={Gift: _to_seated},
    effects={Gift: _gift},
)
"""ORB-10: a seat gives what its characters may give (ORB-4's fact ``givers``) to any seated
character; the units come from those characters in table order. Its check lists at once the
gifts it, ORB-4, ORB-14 and ORB-21 allow (while their gift checks are the rulebook's)."""
