"""ORB-15: the shield. A Hero of a third seat spends Way to discard a Warriors' offer to a
Host and takes the Host's Food."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import attrs

from boardrules.core.rules import Rule
from boardrules.core.violation import Refusal
from boardrules.games.orbita.actions import Shield
from boardrules.games.orbita.content import Resource, Spec
from boardrules.games.orbita.context import Context
from boardrules.games.orbita.events import Event, HostShielded
from boardrules.games.orbita.flow import Draft
from boardrules.games.orbita.state import Offer, State
from boardrules.games.orbita.table import owner, seat_cards, structure_of

__all__ = ["ORB_15", "ORB_15_0_1_0"]

_FOOD = Resource.FOOD.index
_WAY = Resource.WAY.index
_ALL = 1 << 30


def _shield_basics(ctx: Context, state: State, hero: str) -> Refusal:
    """What both readings of ORB-15 refuse first: not the mover's Hero, an offer that is not
    the Warriors' Territory, or the offering seat itself."""
    offer = state.offer
    assert offer is not None
    seat = ctx.facts.mover(ctx, state)
    if owner(state, hero) != seat:
        return "not_your_character", {"card": hero, "seat": seat}
    if ctx.spec[hero] is not Spec.HEROES:
        return "not_a_hero", {"card": hero}
    if offer.resource is not Resource.TERRITORY:
        return "shield_needs_warriors", {}
    if seat == offer.seat:
        return "offerer_shields", {}
    return None


def _protected(state: State, offer: Offer) -> Refusal:
    """Territory in the gifts of the target's structure protects it from the shield."""
    zones = state.zones
    t = Resource.TERRITORY.index
    if any(zones[m].gifts[t] > 0 for m in structure_of(state, offer.target).members):
        return "host_protected", {}
    return None


def _heroes(ctx: Context, state: State, hero: str) -> list[str]:
    """The Heroes of ``hero``'s structure, ``hero`` first (they spend the Way)."""
    spec_of = ctx.spec
    members = structure_of(state, hero).members
    return [hero, *(m for m in members if m != hero and spec_of[m] is Spec.HEROES)]


def _shield_refused(ctx: Context, state: State, action: Shield) -> Refusal:
    hero = action.hero
    basics = _shield_basics(ctx, state, hero)
    if basics is not None:
        return basics
    offer = state.offer
    assert offer is not None
    if ctx.facts.mover(ctx, state) == offer.responder:
        return "responder_shields", {}
    own = structure_of(state, hero)
    target = structure_of(state, offer.target)
    size = target.size
    if own.size < size:
        return "shield_smaller", {"size": own.size, "target_size": size}
    held = sum(state.zones[m].holds(Resource.WAY) for m in _heroes(ctx, state, hero))
    cost = ctx.facts.shield_cost(ctx, size)
    if held < 1:
        return "no_way", {"card": hero}
    if held < cost:
        return "not_enough_units", {"needed": cost, "available": held}
    return _protected(state, offer)


def _cost(ctx: Context, size: int) -> int:
    """The fact ``shield_cost``: one Way per character of the structure shielded."""
    return size


def _shields(
    ctx: Context, state: State, *, refused: Callable[..., Refusal] = _shield_refused
) -> list[Shield]:
    """The shields ``refused`` (ORB-15's check) allows: of the mover's Heroes, in table
    order."""
    spec_of, shield = ctx.spec, ctx.shield
    return [
        shield[c]
        for c in seat_cards(state.seats[ctx.facts.mover(ctx, state)])
        if spec_of[c] is Spec.HEROES and refused(ctx, state, shield[c]) is None
    ]


def _shield_by(ctx: Context, d: Draft, hero: str, spenders: list[str]) -> Draft:
    """The shield of ``hero``: the Way it costs comes from ``spenders`` in order, the offer is
    discarded and the Hero takes the Host's Food."""
    offer = d.before.offer
    assert offer is not None
    target = structure_of(d.before, offer.target)
    left = ctx.facts.shield_cost(ctx, target.size)
    for m in spenders:
        if not left:
            break
        left -= d.take(m, _WAY, left)
    d.clear_influence(offer.target)
    food = 0
    spec_of = ctx.spec
    for m in structure_of(d.before, offer.target).members:
        if spec_of[m] is Spec.HOSTS:
            food += d.take(m, _FOOD, _ALL)
    if food:
        d.give(hero, _FOOD, food)
    if d.events is not None:
        d.emit(HostShielded(hero, offer.target, food))
    d.offer = None
    d.ended = offer.seat
    return d


def _shield(ctx: Context, d: Draft, action: Shield, events: list[Event] | None) -> Draft:
    return _shield_by(ctx, d, action.hero, _heroes(ctx, d.before, action.hero))


ORB_15 = Rule(
    "ORB-15",
    "A Hero's Way shields a Host from Warriors and takes its Food, unless it is protected; "
    "never a smaller structure for a larger one, and never by the answering seat.",
    "Способ Героя защищает Хозяина от Воинов и забирает его Еду, если нет защиты "
    "Территорией; меньшая структура не защищает большую, отвечающий не защищается сам.",
    moves={Shield: _shields},
    checks={Shield: _shield_refused},
    effects={Shield: _shield},
    facts={"shield_cost": _cost},
)
"""ORB-15: a Hero of a third seat (neither the offerer's nor the answering one) spends Way
against a Warriors' offer to a Host: one per character of the Host's structure (the fact
``shield_cost``: 1, 4 or 16, from the Heroes of the Hero's structure, which must be at least
as large); the offer is discarded and the Hero takes the Host's Food, unless Territory in
the Host's gifts protects it."""


def _shield_refused_0_1_0(ctx: Context, state: State, action: Shield) -> Refusal:
    hero = action.hero
    basics = _shield_basics(ctx, state, hero)
    if basics is not None:
        return basics
    offer = state.offer
    assert offer is not None
    if state.zones[hero].holds(Resource.WAY) < 1:
        return "no_way", {"card": hero}
    return _protected(state, offer)


def _shield_0_1_0(ctx: Context, d: Draft, action: Shield, events: list[Event] | None) -> Draft:
    return _shield_by(ctx, d, action.hero, [action.hero])


def _cost_0_1_0(ctx: Context, size: int) -> int:
    """0.1.0's ``shield_cost``: one Way shields a structure of any size."""
    return 1


ORB_15_0_1_0: Rule = attrs.evolve(
    ORB_15,
    en="A Hero's Way shields a Host from Warriors and takes its Food, unless it is protected.",
    ru="Способ Героя защищает Хозяина от Воинов и забирает его Еду, если нет защиты Территорией.",
    moves={Shield: partial(_shields, refused=_shield_refused_0_1_0)},
    checks={Shield: _shield_refused_0_1_0},
    effects={Shield: _shield_0_1_0},
    facts={"shield_cost": _cost_0_1_0},
)
"""ORB-15 as 0.1.0 read it: one Way of any Hero outside the offering seat (the answering seat
too) shields a structure of any size."""
