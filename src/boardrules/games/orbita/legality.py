"""Orbita legality: one small predicate per action kind, and the legal actions built from them.

``legal_actions`` lists candidates and keeps those the same predicates accept, so ``check`` and
``legal_actions`` agree; only the gift list (the hot path) mirrors :func:`check_gift` inline,
and the conformance properties hold the two together.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from boardrules.core.violation import Violation
from boardrules.games.orbita.actions import (
    Action,
    AllocateFood,
    Amount,
    AnswerOffer,
    Boost,
    DrawCharacter,
    FormCorporation,
    Gift,
    MakeOffer,
    Pass,
    Reinforce,
    Shield,
    TakeFromMarket,
)
from boardrules.games.orbita.content import BOOSTS, RESOURCE_ORDER, SPEC_ORDER, Resource, Spec
from boardrules.games.orbita.state import Answer, Phase, Stage, State

if TYPE_CHECKING:
    from boardrules.games.orbita.rules import Game

__all__ = ["CHECKS", "legal_actions"]

_PASS = Pass()
_DRAW = DrawCharacter()
_ANSWER_ACTIONS = tuple(AnswerOffer(a) for a in Answer)
_REINFORCE_ONE = Reinforce(Amount.ONE)
_REINFORCE_ALL = Reinforce(Amount.ALL)


def _unknown(card: str) -> Violation:
    return Violation("ORB-1", "unknown_character", {"card": card[:64]})


def _all_is_one(amount: Amount, available: int) -> Violation | None:
    """ORB-21: "everything" is a choice of its own only when it is more than one unit."""
    if amount is Amount.ALL and available == 1:
        return Violation("ORB-21", "all_is_one", {})
    return None


def _step_limit(game: Game, state: State, seat: int) -> Violation | None:
    if state.seats[seat].steps >= game.steps:
        return Violation("ORB-21", "step_limit", {"seat": seat, "limit": game.steps})
    return None


# -- attraction (ORB-7, ORB-8) ----------------------------------------------------------------
def check_draw(game: Game, state: State, seat: int, action: DrawCharacter) -> Violation | None:
    """ORB-7: one draw a turn (two attractions with a Bard), from a non-empty deck."""
    if state.drew:
        return Violation("ORB-7", "already_drew", {"seat": seat})
    if state.took and not game._has_bard(state, seat):
        return Violation("ORB-7", "needs_bard", {})
    if not state.deck:
        return Violation("ORB-7", "deck_empty", {})
    return None


def check_take(game: Game, state: State, seat: int, action: TakeFromMarket) -> Violation | None:
    """ORB-7, ORB-8: a market character that fits a team, once a turn."""
    card = action.card
    if card not in state.market:
        if card not in game._spec:
            return _unknown(card)
        return Violation("ORB-7", "not_on_market", {"card": card})
    if state.took:
        return Violation("ORB-7", "already_took", {"seat": seat})
    if state.drew and not game._has_bard(state, seat):
        return Violation("ORB-7", "needs_bard", {})
    _, reason = game._join_slot(state, seat, card)
    if reason == "leader_limit":
        return Violation("ORB-8", "leader_limit", {"seat": seat})
    if reason is not None:
        return Violation("ORB-7", "cannot_join", {"card": card, "seat": seat})
    return None


# -- gifts and boosts (ORB-3, ORB-4, ORB-10, ORB-14) -----------------------------------------
def check_gift(game: Game, state: State, seat: int, action: Gift) -> Violation | None:
    """ORB-4, ORB-10, ORB-14, ORB-21: a unit or all the seat may give, to a seated character."""
    to = action.to
    ix = game.index(state)
    owner = ix.seat_of.get(to)
    if owner is None:
        if to in state.market:
            return Violation("ORB-10", "gift_to_market", {"card": to})
        return _unknown(to)
    offer = state.offer
    if offer is not None and owner != offer.seat and owner != offer.responder:
        return Violation("ORB-14", "support_sides", {})
    limit = _step_limit(game, state, seat)
    if limit is not None:
        return limit
    available = game._giftable(state, seat, action.resource, to)
    if available == 0:
        return Violation(
            "ORB-4", "nothing_to_give", {"seat": seat, "resource": action.resource.value}
        )
    return _all_is_one(action.amount, available)


def check_boost(game: Game, state: State, seat: int, action: Boost) -> Violation | None:
    """ORB-3, ORB-21: own resource this round, a booster held, one unit or all."""
    card = action.card
    ix = game.index(state)
    if card not in ix.seat_of:
        if card in game._spec:
            return Violation("ORB-3", "not_your_character", {"card": card, "seat": seat})
        return _unknown(card)
    if ix.seat_of[card] != seat:
        return Violation("ORB-3", "not_your_character", {"card": card, "seat": seat})
    limit = _step_limit(game, state, seat)
    if limit is not None:
        return limit
    spec = game._spec[card]
    z = state.zones[card]
    if z.current[spec.index] < 1:
        return Violation("ORB-3", "boost_needs_own", {"card": card})
    booster = BOOSTS[spec][0]
    held = z.holds(booster)
    if held < 1:
        return Violation("ORB-3", "no_booster", {"card": card, "resource": booster.value})
    return _all_is_one(action.amount, held)


# -- offers (ORB-11..ORB-16) ---------------------------------------------------------------------
def check_offer(game: Game, state: State, seat: int, action: MakeOffer) -> Violation | None:
    """ORB-11, ORB-16: the trump over the target, whole structures, no smaller to larger."""
    offerer, target = action.offerer, action.target
    ix = game.index(state)
    if offerer not in ix.seat_of:
        if offerer in game._spec:
            return Violation("ORB-11", "not_your_character", {"card": offerer, "seat": seat})
        return _unknown(offerer)
    if not game._controls(state, seat, offerer):
        rule = "ORB-16" if state.zones[offerer].directed_by is not None else "ORB-11"
        return Violation(rule, "not_your_character", {"card": offerer, "seat": seat})
    owner = ix.seat_of[offerer]
    spec = game._spec[offerer]
    if target in ix.seat_of:
        t_seat = ix.seat_of[target]
        if t_seat in (owner, seat):
            return Violation("ORB-11", "own_target", {"card": target})
    elif target not in state.market:
        return _unknown(target)
    t_spec = game._spec[target]
    if t_spec is not spec.next:
        return Violation(
            "ORB-11",
            "not_trump",
            {"offerer": offerer, "trumps": spec.next.value, "card": target},
        )
    own = ix.structure_of[offerer]
    tgt = ix.structure_of.get(target)
    size = 1 if tgt is None else tgt.size
    if tgt is not None and size > 1:
        name = game._name_for(tgt, t_spec, state)
        if target != name:
            return Violation("ORB-11", "whole_structure", {"card": target, "name": name})
    needed = size
    available = game._offer_units(state, offerer)
    if own.size < size:
        exception = spec is Spec.WARRIORS and size == 4 and own.size == 1 and available >= 4
        if not exception:
            return Violation("ORB-11", "smaller_structure", {"size": own.size, "target_size": size})
    limit = _step_limit(game, state, seat)
    if limit is not None:
        return limit
    if available < needed:
        return Violation("ORB-11", "not_enough_units", {"needed": needed, "available": available})
    return None


def check_answer(game: Game, state: State, seat: int, action: AnswerOffer) -> Violation | None:
    """ORB-12: declining or seizing shows as many units as the offer stands at."""
    offer = state.offer
    assert offer is not None
    answer = action.answer
    if answer is Answer.ACCEPT:
        return None
    members = game.index(state).structure_of[offer.target].members
    if answer is Answer.DECLINE:
        resource, code = offer.resource, "cannot_decline"
    else:
        resource, code = offer.resource.spec.previous.resource, "cannot_seize"
    held = game._holds(state, members, resource)
    if held < offer.units:
        return Violation(
            "ORB-12", code, {"units": offer.units, "resource": resource.value, "held": held}
        )
    return None


def check_reinforce(game: Game, state: State, seat: int, action: Reinforce) -> Violation | None:
    """ORB-14, ORB-21: within the reinforcement limit, one more unit or all at hand."""
    offer = state.offer
    assert offer is not None
    if offer.reinforcements >= game.reinforcements:
        return Violation("ORB-14", "reinforce_limit", {"limit": game.reinforcements})
    available = game._offer_units(state, offer.offerer)
    if available < 1:
        return Violation("ORB-14", "not_enough_units", {"needed": 1, "available": available})
    return _all_is_one(action.amount, available)


def check_shield(game: Game, state: State, seat: int, action: Shield) -> Violation | None:
    """ORB-15: a Hero with a Way, against Warriors, on an unprotected Host."""
    offer = state.offer
    assert offer is not None
    hero = action.hero
    ix = game.index(state)
    if hero not in ix.seat_of:
        if hero in game._spec:
            return Violation("ORB-15", "not_your_character", {"card": hero, "seat": seat})
        return _unknown(hero)
    if ix.seat_of[hero] != seat:
        return Violation("ORB-15", "not_your_character", {"card": hero, "seat": seat})
    if game._spec[hero] is not Spec.HEROES:
        return Violation("ORB-15", "not_a_hero", {"card": hero})
    if offer.resource is not Resource.TERRITORY:
        return Violation("ORB-15", "shield_needs_warriors", {})
    if seat == offer.seat:
        return Violation("ORB-15", "offerer_shields", {})
    if state.zones[hero].holds(Resource.WAY) < 1:
        return Violation("ORB-15", "no_way", {"card": hero})
    t = Resource.TERRITORY.index
    for m in ix.structure_of[offer.target].members:
        if state.zones[m].gifts[t] > 0:
            return Violation("ORB-15", "host_protected", {})
    return None


# -- development and consumption (ORB-18, ORB-19) -----------------------------------------------
def check_corporation(
    game: Game, state: State, seat: int, action: FormCorporation
) -> Violation | None:
    """ORB-18: four enterprises of different specialisations and Food for them."""
    if len(game._corporation_specs(state, seat)) < 4:
        return Violation("ORB-18", "no_corporation", {"seat": seat, "suit": action.suit.value})
    food, need = game._food(state, seat), game._need(state, seat) + 8
    if food < need:
        return Violation("ORB-18", "cannot_feed", {"seat": seat, "food": food, "need": need})
    return None


def check_allocate(game: Game, state: State, seat: int, action: AllocateFood) -> Violation | None:
    """ORB-19: a structure of the seat, named whole, once."""
    card = action.card
    ix = game.index(state)
    if ix.seat_of.get(card) != seat:
        if card in game._spec:
            return Violation("ORB-19", "not_your_character", {"card": card, "seat": seat})
        return _unknown(card)
    name = ix.structure_of[card].name
    if card != name:
        return Violation("ORB-19", "feed_whole", {"card": card, "name": name})
    if name in state.seats[seat].allocated:
        return Violation("ORB-19", "already_allocated", {"card": card})
    return None


def check_pass(game: Game, state: State, seat: int, action: Pass) -> Violation | None:
    """ORB-6: passing is always possible where it is offered."""
    return None


CHECKS: dict[type, Callable[[Game, State, int, Any], Violation | None]] = {
    DrawCharacter: check_draw,
    TakeFromMarket: check_take,
    Gift: check_gift,
    Boost: check_boost,
    MakeOffer: check_offer,
    AnswerOffer: check_answer,
    Reinforce: check_reinforce,
    Shield: check_shield,
    FormCorporation: check_corporation,
    AllocateFood: check_allocate,
    Pass: check_pass,
}


# -- candidates -----------------------------------------------------------------------------
def _gifts(game: Game, state: State, seat: int) -> list[Action]:
    """Gifts of one unit, and of all the seat can give if that is more, to every receiver.

    Mirrors :func:`check_gift` without calling it per receiver (this list is the hot path).
    """
    if state.seats[seat].steps >= game.steps:
        return []
    ix = game.index(state)
    offer = state.offer
    receivers = [
        c
        for s, cards in enumerate(ix.cards)
        if offer is None or s in (offer.seat, offer.responder)
        for c in cards
    ]
    out: list[Action] = []
    cache = game._actions
    for resource in RESOURCE_ORDER:
        held = {c: state.zones[c].holds(resource) for c in game._givers(state, seat, resource, "")}
        total = sum(held.values())
        if not total:
            continue
        for to in receivers:
            available = total - held.get(to, 0)
            if available:
                key = (resource, to)
                pair = cache.get(key)
                if pair is None:
                    pair = cache[key] = (Gift(resource, to), Gift(resource, to, Amount.ALL))
                out.append(pair[0])
                if available > 1:
                    out.append(pair[1])
    return out


def _boosts(game: Game, state: State, seat: int) -> list[Action]:
    if state.seats[seat].steps >= game.steps:
        return []
    out: list[Action] = []
    for card in game.index(state).cards[seat]:
        action = Boost(card)
        if check_boost(game, state, seat, action) is None:
            out.append(action)
            held = state.zones[card].holds(BOOSTS[game._spec[card]][0])
            if held > 1:
                out.append(Boost(card, Amount.ALL))
    return out


def _offers(game: Game, state: State, seat: int) -> list[Action]:
    if state.seats[seat].steps >= game.steps:
        return []
    ix = game.index(state)
    offerers = [c for c in ix.seat_of if game._controls(state, seat, c)]
    offerers.sort(key=game._order.__getitem__)
    out: list[Action] = []
    spec_of = game._spec
    for offerer in offerers:
        victim = spec_of[offerer].next
        targets = [c for c in state.market if spec_of[c] is victim]
        for s, cards in enumerate(ix.cards):
            if s != seat and s != ix.seat_of[offerer]:
                seen: set[str] = set()
                for c in cards:
                    if spec_of[c] is not victim:
                        continue
                    name = game._name_for(ix.structure_of[c], victim, state)
                    if name not in seen:
                        seen.add(name)
                        targets.append(name)
        for target in targets:
            action = MakeOffer(offerer, target)
            if check_offer(game, state, seat, action) is None:
                out.append(action)
    return out


def legal_actions(game: Game, state: State) -> tuple[Action, ...]:
    """Every legal action in ``state`` (not over), in a stable order."""
    seat = game.to_move(state)
    assert seat is not None
    offer = state.offer
    out: list[Action] = []
    if offer is not None:
        if offer.stage is Stage.ANSWER:
            out.extend(a for a in _ANSWER_ACTIONS if check_answer(game, state, seat, a) is None)
        elif offer.stage is Stage.REINFORCE:
            if offer.reinforcements < game.reinforcements:
                available = game._offer_units(state, offer.offerer)
                if available >= 1:
                    out.append(_REINFORCE_ONE)
                if available > 1:
                    out.append(_REINFORCE_ALL)
        else:
            out.extend(_gifts(game, state, seat))
        if offer.stage is not Stage.SUPPORT:
            out.extend(_boosts(game, state, seat))
        if offer.stage is not Stage.REINFORCE:
            for card in game.index(state).cards[seat]:
                shield = Shield(card)
                if check_shield(game, state, seat, shield) is None:
                    out.append(shield)
        if offer.stage is not Stage.ANSWER:
            out.append(_PASS)
        return tuple(out)
    phase = state.phase
    if phase is Phase.ATTRACTION:
        if check_draw(game, state, seat, _DRAW) is None:
            out.append(_DRAW)
        for card in state.market:
            take = TakeFromMarket(card)
            if check_take(game, state, seat, take) is None:
                out.append(take)
    elif phase is Phase.TRADE:
        out.extend(_gifts(game, state, seat))
        out.extend(_boosts(game, state, seat))
    elif phase is Phase.HIRING:
        out.extend(_offers(game, state, seat))
        out.extend(_gifts(game, state, seat))
        out.extend(_boosts(game, state, seat))
    elif phase is Phase.DEVELOPMENT:
        for suit in SPEC_ORDER:
            form = FormCorporation(suit)
            if check_corporation(game, state, seat, form) is None:
                out.append(form)
    else:
        for st in game.index(state).structures[seat]:
            allocate = AllocateFood(st.name)
            if check_allocate(game, state, seat, allocate) is None:
                out.append(allocate)
        out.extend(_gifts(game, state, seat))
        out.extend(_boosts(game, state, seat))
    out.append(_PASS)
    return tuple(out)
