"""ORB-10: gifts between seated characters (trade, hiring, consumption, offer support)."""

from __future__ import annotations

from boardrules.core.rules import Rule
from boardrules.core.violation import Violation
from boardrules.games.orbita.actions import Amount, Gift
from boardrules.games.orbita.content import Context
from boardrules.games.orbita.events import Event, GiftGiven
from boardrules.games.orbita.flow import Draft, to_move
from boardrules.games.orbita.rules.basics import givers
from boardrules.games.orbita.state import State
from boardrules.games.orbita.table import index

__all__ = ["ORB_10"]


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
