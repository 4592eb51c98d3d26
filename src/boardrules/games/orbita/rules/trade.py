"""ORB-10: gifts between seated characters (trade, hiring, consumption, offer support)."""

from __future__ import annotations

from boardrules.core.rules import Rule
from boardrules.core.violation import Refusal, Violation
from boardrules.games.orbita.actions import Action, Amount, Gift
from boardrules.games.orbita.context import Context
from boardrules.games.orbita.events import Event, GiftGiven
from boardrules.games.orbita.flow import Draft
from boardrules.games.orbita.state import State
from boardrules.games.orbita.table import owner, seated

__all__ = ["ORB_10"]


def _for(held: dict[str, int], to: str) -> int:
    """What the seat can give ``to`` of a resource it holds as ``held`` (ORB-4's
    ``at_hand``): the units of its characters other than ``to`` itself."""
    return sum(held.values()) - held.get(to, 0)


def _gift_refused(ctx: Context, state: State, action: Gift) -> Refusal:
    to = action.to
    receiving = owner(state, to)
    if receiving is None:
        return "gift_to_market", {"card": to}
    resource = action.resource
    available = _for(ctx.facts.at_hand(ctx, state)[resource.index], to)
    if not available:
        seat = ctx.facts.mover(ctx, state)
        return Violation("ORB-4", "nothing_to_give", {"seat": seat, "resource": resource.value})
    sides = ctx.facts.sides(ctx, state)
    if sides is not None and receiving not in sides:
        return Violation("ORB-14", "support_sides", {})
    facts = ctx.facts
    refusal: Refusal = facts.over_step_limit(ctx, state) or facts.wrong_amount(
        ctx, action.amount, available
    )
    return refusal


def _gifts(ctx: Context, state: State) -> list[Action]:
    """The gifts ORB-10 allows, by resource, then receiver in table order (seat by seat),
    then amount: to every seated character, or while an offer is open to those of the two
    sides (ORB-14's fact ``sides``), of what the seat's other characters may give (ORB-4's
    fact ``at_hand``), within ORB-21's step limit and in the amounts it allows (its facts
    ``over_step_limit`` and ``amounts``)."""
    facts = ctx.facts
    if facts.over_step_limit(ctx, state) is not None:
        return []
    receivers = seated(state, facts.sides(ctx, state))
    amounts = facts.amounts
    out: list[Action] = []
    for i, held in enumerate(facts.at_hand(ctx, state)):
        if not held:
            continue
        everything = amounts(ctx, sum(held.values()))  # to a card that is not a giver
        gifts = ctx.gift[i]
        for to in receivers:
            out += gifts[to][everything if to not in held else amounts(ctx, _for(held, to))]
    return out


def _give(ctx: Context, d: Draft, action: Gift, events: list[Event] | None) -> Draft:
    seat = d.mover
    resource, to = action.resource, action.to
    i = resource.index
    held = ctx.facts.at_hand(ctx, d.before)[i]
    units = 1 if action.amount is Amount.ONE else _for(held, to)
    left = units
    for giver in held:  # in table order
        if not left:
            break
        if giver == to:
            continue
        got = d.take(giver, i, left)
        if got and d.events is not None:
            d.emit(GiftGiven(seat, giver, resource, to, got))
        left -= got
    d.give(to, i, units - left)
    return d


ORB_10 = Rule(
    "ORB-10",
    "Gifts go to seated characters of any seat, never to the labour market.",
    "Подарки — персонажам любого игрока, но не персонажам рынка труда.",
    moves={Gift: _gifts},
    checks={Gift: _gift_refused},
    effects={Gift: _give},
)
"""ORB-10: a seat gives what its characters may give (ORB-4's fact ``at_hand``) to a seated
character, never to the labour market (``gift_to_market``); while an offer is open, only to
the two sides (ORB-14's fact ``sides``; ``support_sides``, under ORB-14). The units come from
the seat's characters other than the receiver, in table order; a gift of nothing is refused
as ORB-4's ``nothing_to_give``, a gift beyond the step limit and an amount that is no
choice as ORB-21's (its facts ``over_step_limit``, ``amounts`` and ``wrong_amount``); ORB-21
counts the step."""
