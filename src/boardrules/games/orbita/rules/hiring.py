"""ORB-11..ORB-16: offers, answers, market characters, support, the shield, directed Warriors."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from boardrules.core.rules import Rule
from boardrules.core.violation import Violation
from boardrules.games.orbita.actions import (
    Action,
    Amount,
    AnswerOffer,
    Gift,
    MakeOffer,
    Pass,
    Reinforce,
    Shield,
)
from boardrules.games.orbita.content import Context, Resource, Spec
from boardrules.games.orbita.events import (
    CharacterHired,
    Event,
    HostShielded,
    OfferAccepted,
    OfferAnswered,
    OfferDeclined,
    OfferMade,
    OfferReinforced,
    OfferSeized,
    WarriorDirected,
    WarriorReleased,
)
from boardrules.games.orbita.flow import Draft, Settlement, add
from boardrules.games.orbita.state import (
    EMPTY,
    Answer,
    Counts,
    Offer,
    Stage,
    State,
    make_zones,
)
from boardrules.games.orbita.table import (
    CORPORATION,
    ENTERPRISE,
    LONE,
    Index,
    Structure,
    index,
)

__all__ = [
    "ORB_11",
    "ORB_11_0_1_0",
    "ORB_11_ADVICE_ALONE",
    "ORB_12",
    "ORB_12_0_1_0",
    "ORB_12_SEIZED_AS_OWN",
    "ORB_13",
    "ORB_14",
    "ORB_14_0_1_0",
    "ORB_15",
    "ORB_15_0_1_0",
    "ORB_16",
    "AdviceReading",
    "advice_always_0_1_0",
    "advice_counts",
    "can_reinforce",
    "hire",
    "name_for",
    "offer_units",
    "release_warriors",
    "settle_offer",
    "shield_units",
    "stake",
    "support_seats",
]

_FOOD = Resource.FOOD.index
_ALL = 1 << 30


# -- ORB-11: offers ---------------------------------------------------------------------------
#: Whether Advice counts in a Warriors' offer: ``(ctx, state, offerer, target) -> bool``.
AdviceReading = Callable[[Context, State, str, str], bool]


def advice_counts(ctx: Context, state: State, offerer: str, target: str) -> bool:
    """Whether Advice counts in ``offerer``'s offer to ``target`` (ORB-11): only a lone
    Warrior's, to a Hosts' Workshop (the exception to the size rule); everybody else moves
    only with the resource its specialisation produces."""
    if ctx.spec[offerer] is not Spec.WARRIORS:
        return False
    ix = index(state)
    own = ix.structure_of.get(offerer)
    if own is None or own.size != LONE:
        return False
    tgt = ix.structure_of.get(target)
    return tgt is not None and tgt.size == ENTERPRISE


def advice_always_0_1_0(ctx: Context, state: State, offerer: str, target: str) -> bool:
    """0.1.0's reading: Advice a Warrior holds always counts in its offers."""
    return ctx.spec[offerer] is Spec.WARRIORS


def offer_units(ctx: Context, state: State, offerer: str, *, advice: bool = False) -> int:
    """Units the offerer's structure can place: its trump resource (and, with ``advice``,
    the Warriors' Advice too, :func:`advice_counts`)."""
    spec_of = ctx.spec
    spec = spec_of[offerer]
    i = spec.resource.index
    zones = state.zones
    total = 0
    for m in _members(state, offerer):
        if spec_of[m] is spec:
            z = zones[m]
            total += z.current[i] + z.gifts[i] + z.reserve[i]
            if advice:
                total += z.holds(Resource.ADVICE)
    return total


def _members(state: State, card: str) -> tuple[str, ...]:
    """The members of ``card``'s structure (the card alone if it is not seated)."""
    st = index(state).structure_of.get(card)
    return (card,) if st is None else st.members


def stake(ctx: Context, state: State, offer: Offer, reading: AdviceReading = advice_counts) -> int:
    """Units the offerer of ``offer`` can still add to it (ORB-14), by the Advice ``reading``."""
    advice = reading(ctx, state, offer.offerer, offer.target)
    return offer_units(ctx, state, offer.offerer, advice=advice)


def _stake(ctx: Context, state: State, offer: Offer) -> int:
    return stake(ctx, state, offer, advice_counts)


def _stake_0_1_0(ctx: Context, state: State, offer: Offer) -> int:
    return stake(ctx, state, offer, advice_always_0_1_0)


def name_for(ctx: Context, st: Structure, spec: Spec, state: State) -> str:
    """The card an offer to structure ``st`` by a trump over ``spec`` is placed on."""
    if st.size == CORPORATION:
        corp = state.seats[st.seat].corporations[st.corporation]
        for team in corp.enterprises:
            if ctx.spec[team.leader] is spec:
                return team.leader
    return st.name


def support_seats(n: int, offerer_seat: int, responder: int) -> tuple[int, ...]:
    """The third seats, in turn order after the offerer, that may support before an answer."""
    return tuple(s for s in ((offerer_seat + k) % n for k in range(1, n)) if s != responder)


def _offer_allowed_by(
    ctx: Context,
    state: State,
    action: MakeOffer,
    *,
    reading: AdviceReading,
    produced: bool = False,
) -> Violation | None:
    offerer, target = action.offerer, action.target
    seat = ctx.facts.mover(ctx, state)
    ix = index(state)
    owner = ix.seat_of.get(offerer)
    if owner is None:
        return Violation("ORB-11", "not_your_character", {"card": offerer, "seat": seat})
    directed = state.zones[offerer].directed_by
    if (directed if directed is not None else owner) != seat:
        if directed is not None:
            return None  # ORB-16 refuses it
        return Violation("ORB-11", "not_your_character", {"card": offerer, "seat": seat})
    spec = ctx.spec[offerer]
    t_seat = ix.seat_of.get(target)
    if t_seat is not None and t_seat in (owner, seat):
        return Violation("ORB-11", "own_target", {"card": target})
    t_spec = ctx.spec[target]
    if t_spec is not ctx.victim[offerer]:
        return Violation(
            "ORB-11",
            "not_trump",
            {"offerer": offerer, "trumps": spec.next.value, "card": target},
        )
    own = ix.structure_of[offerer]
    tgt = ix.structure_of.get(target)
    size = LONE if tgt is None else tgt.size
    if tgt is not None and size > LONE:
        name = name_for(ctx, tgt, t_spec, state)
        if target != name:
            return Violation("ORB-11", "whole_structure", {"card": target, "name": name})
    advice = reading(ctx, state, offerer, target)
    available = offer_units(ctx, state, offerer, advice=advice)
    if produced and advice and available and not offer_units(ctx, state, offerer):
        # One moves with the resource one produces: Advice only adds to Territory.
        return Violation("ORB-11", "advice_alone", {"card": offerer})
    if own.size < size:
        # The lone Warrior's exception: with 4 units it may make an offer to a Workshop.
        exception = (
            spec is Spec.WARRIORS
            and size == ENTERPRISE
            and own.size == LONE
            and available >= ENTERPRISE
        )
        if not exception:
            return Violation("ORB-11", "smaller_structure", {"size": own.size, "target_size": size})
    if available < size:
        return Violation("ORB-11", "not_enough_units", {"needed": size, "available": available})
    return None


def _offer_allowed(ctx: Context, state: State, action: MakeOffer) -> Violation | None:
    return _offer_allowed_by(ctx, state, action, reading=advice_counts, produced=True)


def _offer_allowed_advice_alone(
    ctx: Context, state: State, action: MakeOffer
) -> Violation | None:
    return _offer_allowed_by(ctx, state, action, reading=advice_counts)


def _offer_allowed_0_1_0(ctx: Context, state: State, action: MakeOffer) -> Violation | None:
    return _offer_allowed_by(ctx, state, action, reading=advice_always_0_1_0)


def _place(
    ctx: Context,
    d: Draft,
    offerer: str,
    members: tuple[str, ...],
    target: str,
    units: int,
    advice: bool,
) -> None:
    """Move ``units`` of the offerer's trump (with ``advice``: then Advice) onto the target."""
    spec_of = ctx.spec
    spec = spec_of[offerer]
    ordered = [offerer, *(m for m in members if m != offerer and spec_of[m] is spec)]
    kinds = [spec.index] + ([Resource.ADVICE.index] if advice else [])
    placed = [0, 0, 0, 0]
    left = units
    for i in kinds:
        for m in ordered:
            if left == 0:
                break
            got = d.take(m, i, left)
            placed[i] += got
            left -= got
    z = d.zones[target]
    influence = (
        z.influence[0] + placed[0],
        z.influence[1] + placed[1],
        z.influence[2] + placed[2],
        z.influence[3] + placed[3],
    )
    d.put(target, make_zones(z.current, z.reserve, z.gifts, influence, z.meals, z.directed_by))


def _make_offer_by(
    ctx: Context,
    d: Draft,
    action: MakeOffer,
    events: list[Event] | None,
    *,
    reading: AdviceReading,
) -> Draft:
    state = d.before
    seat = ctx.facts.mover(ctx, state)
    assert seat is not None
    ix = index(state)
    tgt = ix.structure_of.get(action.target)
    units = LONE if tgt is None else tgt.size
    advice = reading(ctx, state, action.offerer, action.target)
    members = _members(state, action.offerer)
    _place(ctx, d, action.offerer, members, action.target, units, advice)
    resource = ctx.spec[action.offerer].resource
    if d.events is not None:
        d.emit(OfferMade(seat, action.offerer, action.target, resource, units))
    if tgt is None:
        d.offer = Offer(seat, action.offerer, action.target, None, resource, units, Stage.ANSWER)
        return d
    waiting = support_seats(len(d.seats), seat, tgt.seat)
    stage = Stage.SUPPORT if waiting else Stage.ANSWER
    d.offer = Offer(
        seat, action.offerer, action.target, tgt.seat, resource, units, stage, None, 0, waiting
    )
    return d


def _make_offer(ctx: Context, d: Draft, action: MakeOffer, events: list[Event] | None) -> Draft:
    return _make_offer_by(ctx, d, action, events, reading=advice_counts)


def _make_offer_0_1_0(
    ctx: Context, d: Draft, action: MakeOffer, events: list[Event] | None
) -> Draft:
    return _make_offer_by(ctx, d, action, events, reading=advice_always_0_1_0)


#: Offers by offerer, then target, built once.
_OFFERS: dict[str, dict[str, MakeOffer]] = {}

_ADVICE = Resource.ADVICE.index


def _offer_of(offerer: str, target: str) -> MakeOffer:
    made = _OFFERS.get(offerer)
    if made is None:
        made = _OFFERS[offerer] = {}
    offer = made.get(target)
    if offer is None:
        offer = made[target] = MakeOffer(offerer, target)
    return offer


def _targets(ctx: Context, ix: Index, state: State, victim: Spec) -> list[list[tuple[str, int]]]:
    """Per seat, the structures holding ``victim`` cards, by the card an offer names, and size.

    It depends only on the teams and corporations, so it is kept with the index.
    """
    memo = ix.offer_targets
    if memo is None or memo[0] is not ctx:
        memo = ix.offer_targets = (ctx, {})
    known: dict[Spec, list[list[tuple[str, int]]]] = memo[1]
    found = known.get(victim)
    if found is None:
        spec_of = ctx.spec
        structure_of = ix.structure_of
        found = []
        for cards in ix.cards:
            named: list[tuple[str, int]] = []
            seen: set[str] = set()
            for c in cards:
                if spec_of[c] is not victim:
                    continue
                st = structure_of[c]
                name = name_for(ctx, st, victim, state)
                if name not in seen:
                    seen.add(name)
                    named.append((name, st.size))
            found.append(named)
        known[victim] = found
    return found


def _allowed_offers(
    ctx: Context, state: State, advice_always: bool = False, produced: bool = True
) -> list[Action]:
    """The offers ORB-11, ORB-16 and ORB-21 allow, by offerer in canonical order, then target:
    the market's, then the other seats' structures in seat order.

    Offerers are the seat's own cards and the Warriors it directs (ORB-16); targets are of
    the specialisation the offerer's trump is over, placed whole, within reach of the
    offerer's structure and its units (ORB-11, Advice read as ``advice_always`` says, and
    with ``produced`` only beside at least one unit of the offerer's own trump); ORB-21
    counts the steps (its fact ``step_room``). The defaults are today's reading, so ORB-11
    lists with this function itself; the earlier readings call it with theirs.
    """
    room = ctx.facts.step_room(ctx, state)  # (ORB-21: None once the steps are used)
    if room is None:
        return []
    seat, _cards, zones, ix = room
    # The seat's cards and the Warriors it directs (ORB-16 directs only seated Warriors, an
    # invariant ``position.validate_state`` holds untrusted states to), in canonical order.
    memo = ix.offerer_cards
    if memo is None or memo[0] is not ctx:
        spec_of = ctx.spec
        warriors = [[c for c in cards if spec_of[c] is Spec.WARRIORS] for cards in ix.cards]
        others = [[c for c in cards if spec_of[c] is not Spec.WARRIORS] for cards in ix.cards]
        # Each seat's own cards in canonical order: the offerers when no Warrior is directed.
        by_order = [sorted(cards, key=ctx.order.__getitem__) for cards in ix.cards]
        memo = ix.offerer_cards = (ctx, (warriors, others, by_order))
    warriors, others, own_cards = memo[1]
    offerers: list[str] | None = None
    for s, cards in enumerate(warriors):
        for card in cards:
            directed = zones(card).directed_by
            if directed is not None and directed != s:
                offerers = []  # some Warrior is directed by another seat: sort them out
                break
        if offerers is not None:
            break
    if offerers is None:
        offerers = own_cards[seat]
    else:
        offerers = list(others[seat])
        for s, cards in enumerate(warriors):
            for card in cards:
                directed = zones(card).directed_by
                if (directed if directed is not None else s) == seat:
                    offerers.append(card)
        offerers.sort(key=ctx.order.__getitem__)
    out: list[Action] = []
    spec_of = ctx.spec
    structure_of = ix.structure_of
    market = state.market
    # The targets by (victim, seat, owner), kept with the index for this very market (a draw
    # changes the market but not the teams).
    kept = ix.offer_reach
    if kept is None or kept[0] is not ctx or kept[1] is not market:
        kept = ix.offer_reach = (ctx, market, {})
    reach: dict[tuple[Spec, int, int], list[tuple[str, int]]] = kept[2]
    for offerer in offerers:
        # The units of the offerer's trump its structure holds, and with Advice as well
        # (only some Warriors' offers count Advice; see ``advice_counts``).
        own = structure_of[offerer]
        spec = spec_of[offerer]
        warrior = spec is Spec.WARRIORS
        i = spec.index
        plain = advice = 0
        for m in own.members:
            if spec_of[m] is spec:
                z = zones(m)
                plain += z.current[i] + z.gifts[i] + z.reserve[i]
                if warrior:
                    advice += z.current[_ADVICE] + z.gifts[_ADVICE] + z.reserve[_ADVICE]
        cap = plain + advice
        if not (plain if produced else cap):
            # Not a unit to place (only a Warrior's Advice ever counts; where ``produced``,
            # only beside Territory).
            continue
        lone_warrior = own.size == LONE and warrior
        victim = ctx.victim[offerer]
        owner = ix.seat_of[offerer]
        targets = reach.get((victim, seat, owner))
        if targets is None:
            targets = [(c, LONE) for c in market if spec_of[c] is victim]
            for s, named in enumerate(_targets(ctx, ix, state, victim)):
                if s != seat and s != owner:
                    targets.extend(named)
            reach[(victim, seat, owner)] = targets
        if own.size == LONE and not warrior:
            # A lone character other than a Warrior reaches only lone characters, with the
            # units of its trump (``plain``, at least one here).
            out.extend(_offer_of(offerer, target) for target, size in targets if size == LONE)
            continue
        for target, size in targets:
            if warrior and (advice_always or (lone_warrior and size == ENTERPRISE)):
                available = cap
            else:
                available = plain
            if own.size < size and not (lone_warrior and size == ENTERPRISE and available >= size):
                continue
            if available < size:
                continue
            out.append(_offer_of(offerer, target))
    return out


def _allowed_offers_advice_alone(ctx: Context, state: State) -> list[Action]:
    return _allowed_offers(ctx, state, False, False)


def _allowed_offers_0_1_0(ctx: Context, state: State) -> list[Action]:
    return _allowed_offers(ctx, state, True, False)


def _directed(ctx: Context, state: State, action: MakeOffer) -> Violation | None:
    seat = ctx.facts.mover(ctx, state)
    if action.offerer in index(state).seat_of:
        directed = state.zones[action.offerer].directed_by
        if directed is not None and directed != seat:
            return Violation("ORB-16", "not_your_character", {"card": action.offerer, "seat": seat})
    return None


ORB_11 = Rule(
    "ORB-11",
    "Offers are made with the trump resource; structures whole with 4 or 16; never smaller "
    "to larger, but a lone Warrior may add Advice to its Territory up to 4 against a "
    "Workshop.",
    "Предложение делают козырем; структурам целиком (4 или 16); меньшая не влияет на "
    "большую, но одиночный Воин может дополнить Территорию Советами до 4 против Цеха.",
    moves={MakeOffer: _allowed_offers},
    checks={MakeOffer: _offer_allowed},
    effects={MakeOffer: _make_offer},
    facts={"advice": advice_counts, "stake": _stake},
)
"""ORB-11: an offer of the offerer's trump (the resource its specialisation produces) to the
next specialisation, placed on a structure whole (4 or 16 units), never from a smaller
structure to a larger one; but a lone Warrior may make one to a Workshop with 4 units, Advice
counting (:func:`advice_counts`, the only offer Advice takes part in). Since revision 3 an
offer is always made with at least one unit of the offerer's own trump: Advice only adds to
Territory (``advice_alone`` refuses Advice without it), so a lone Warrior with no Territory
reaches neither a lone Host nor a Workshop."""

ORB_11_ADVICE_ALONE: Rule = attrs.evolve(
    ORB_11,
    en="Offers use the trump resource only; structures whole with 4 or 16; never smaller to "
    "larger, but a lone Warrior with Advice may reach 4 against a Workshop.",
    ru="Предложение — только козырем; структурам целиком (4 или 16); меньшая не влияет на "
    "большую, но одиночный Воин с Советами может набрать 4 против Цеха.",
    moves={MakeOffer: _allowed_offers_advice_alone},
    checks={MakeOffer: _offer_allowed_advice_alone},
)
"""ORB-11 as revision 2 read it (the variant ``orbita-advice-alone``): against a Workshop a
lone Warrior's Advice counts even with no Territory at all, so 4 Advice alone make an offer;
against anything else only Territory counts."""

ORB_11_0_1_0: Rule = attrs.evolve(
    ORB_11,
    en="Offers use the trump resource; structures whole with 4 or 16; never smaller to larger.",
    ru="Предложение — козырем; структурам целиком (4 или 16); меньшая не влияет на большую.",
    moves={MakeOffer: _allowed_offers_0_1_0},
    checks={MakeOffer: _offer_allowed_0_1_0},
    effects={MakeOffer: _make_offer_0_1_0},
    facts={"advice": advice_always_0_1_0, "stake": _stake_0_1_0},
)
"""ORB-11 as 0.1.0 read it: Advice a Warrior holds counts in every offer it makes."""


# -- ORB-12: answers --------------------------------------------------------------------------
def _answer_allowed(ctx: Context, state: State, action: AnswerOffer) -> Violation | None:
    offer = state.offer
    assert offer is not None
    answer = action.answer
    if answer is Answer.ACCEPT:
        return None
    if answer is Answer.DECLINE:
        resource, code = offer.resource, "cannot_decline"
    else:
        resource, code = offer.resource.spec.previous.resource, "cannot_seize"
    zones = state.zones
    held = sum(zones[m].holds(resource) for m in _members(state, offer.target))
    if held < offer.units:
        return Violation(
            "ORB-12", code, {"units": offer.units, "resource": resource.value, "held": held}
        )
    return None


def _answer(ctx: Context, d: Draft, action: AnswerOffer, events: list[Event] | None) -> Draft:
    state = d.before
    offer = state.offer
    assert offer is not None
    answer = action.answer
    if d.events is not None:
        d.emit(OfferAnswered(offer.responder, offer.target, answer))
    if answer is Answer.ACCEPT or not _can_reinforce(ctx, state, offer):
        d.settle = answer
    else:
        d.offer = Offer(
            offer.seat,
            offer.offerer,
            offer.target,
            offer.responder,
            offer.resource,
            offer.units,
            Stage.REINFORCE,
            answer,
            offer.reinforcements,
            (),
        )
    return d


_ANSWERS = tuple(AnswerOffer(a) for a in Answer)


def _answers(ctx: Context, state: State) -> list[AnswerOffer]:
    """The answers ORB-12 allows: those its check does not refuse."""
    return [a for a in _ANSWERS if _answer_allowed(ctx, state, a) is None]


def _clear_influence(d: Draft, target: str) -> Counts:
    z = d.zones[target]
    d.put(target, make_zones(z.current, z.reserve, z.gifts, EMPTY, z.meals, z.directed_by))
    return z.influence


def _responders(state: State, offer: Offer) -> tuple[str, ...]:
    if offer.responder is None:
        return (offer.target,)
    return index(state).structure_of[offer.target].members


def settle_offer(ctx: Context, d: Draft, *, seized_as_own: bool) -> None:
    """Settle ``d.offer`` by ``d.settle`` and pass the turn on from the offering seat.

    Args:
        ctx: the rule context.
        d: the draft, with the offer and its answer.
        seized_as_own: keep seized units among the target's resources of this round
            instead of its gifts (so they are not "given" Territory, ORB-15); 0.1.0 kept
            them with the gifts.
    """
    offer, answer = d.offer, d.settle
    assert offer is not None
    assert answer is not None
    influence = _clear_influence(d, offer.target)
    units = sum(influence)
    if answer is Answer.DECLINE:
        if d.events is not None:
            d.emit(OfferDeclined(offer.target, units))
    elif answer is Answer.SEIZE:
        target = offer.target
        if seized_as_own:
            z = d.zones[target]
            current = z.current
            for i in range(4):
                if influence[i]:
                    current = add(current, i, influence[i])
            d.put(
                target, make_zones(current, z.reserve, z.gifts, z.influence, z.meals, z.directed_by)
            )
        else:
            for i in range(4):
                if influence[i]:
                    d.give(target, i, influence[i])
        if d.events is not None:
            d.emit(OfferSeized(target, units))
    else:
        _accept(ctx, d, offer, influence)
    d.offer = None
    d.ended = offer.seat


def _accept(ctx: Context, d: Draft, offer: Offer, influence: Counts) -> None:
    spec_of = ctx.spec
    t_spec = spec_of[offer.target]
    members = [m for m in _responders(d.before, offer) if spec_of[m] is t_spec]
    fed = 0
    moved = 0
    resource = t_spec.resource
    if offer.resource is Resource.ADVICE:
        # Priests do not take Territory: they direct the Warriors for the round (ORB-16).
        if offer.responder is not None:
            direct_warriors(d, offer, members)
    else:
        for m in members:
            moved += d.take(m, resource.index, _ALL)
        if moved:
            d.give(offer.offerer, resource.index, moved)
        if offer.resource is Resource.FOOD:
            fed = influence[_FOOD]
        if offer.resource is Resource.WAY and offer.responder is not None:
            release_warriors(ctx, d, offer.responder)
    if offer.responder is None and not hire(ctx, d, offer):
        fed = 0
    if fed:
        z = d.zones[offer.target]
        d.put(
            offer.target,
            make_zones(z.current, z.reserve, z.gifts, z.influence, z.meals + fed, z.directed_by),
        )
    if d.events is not None:
        d.emit(OfferAccepted(offer.target, offer.offerer, resource, moved, fed))


def _settle(ctx: Context, d: Draft, step: Settlement, events: list[Event] | None) -> Draft:
    settle_offer(ctx, d, seized_as_own=True)
    return d


def _settle_0_1_0(ctx: Context, d: Draft, step: Settlement, events: list[Event] | None) -> Draft:
    settle_offer(ctx, d, seized_as_own=False)
    return d


ORB_12 = Rule(
    "ORB-12",
    "Answers: same resource declines, the trump over it seizes (the units become the "
    "target's own this round), own resource accepts.",
    "Ответы: тем же ресурсом — отказ, козырем — отобрать (ресурс становится своим на этот "
    "кон), своим ресурсом — согласие.",
    moves={AnswerOffer: _answers},
    checks={AnswerOffer: _answer_allowed},
    effects={AnswerOffer: _answer, Settlement: _settle},
)
"""ORB-12: declining shows as many units of the offered resource, seizing as many of the
trump over the offerer (and takes the units offered: they join the target's resources of
this round, not its gifts, so seized Territory never counts as given, ORB-15), accepting
hands over all the answering structure's own resource; offered Food feeds it this round."""

ORB_12_0_1_0: Rule = attrs.evolve(
    ORB_12,
    en="Answers: same resource declines, the trump over it seizes, own resource accepts.",
    ru="Ответы: тем же ресурсом — отказ, козырем — отобрать, своим ресурсом — согласие.",
    effects={AnswerOffer: _answer, Settlement: _settle_0_1_0},
)
"""ORB-12 as 0.1.0 read it: seized units join the target's gifts (so seized Territory
protects a Host from the shield like given Territory); Advice always counts for Warriors."""

ORB_12_SEIZED_AS_OWN: Rule = ORB_12
"""ORB-12 of the variant ``orbita-shield-given-only``: 0.1.0's, but seized units are the
target's own this round: today's unit (the Advice it reads when an offer may be reinforced
is ORB-11's fact ``stake``, 0.1.0's in that variant)."""


# -- ORB-13: labour-market characters -------------------------------------------------------------
def hire(ctx: Context, d: Draft, offer: Offer) -> bool:
    """Hire the market character that accepted ``offer`` if it fits a team (ORB-7, ORB-8)."""
    if not ctx.facts.join(ctx, d, offer.seat, offer.target):
        return False
    d.market.remove(offer.target)
    if d.events is not None:
        d.emit(CharacterHired(offer.seat, offer.target))
    return True


def _market_accepts(ctx: Context, d: Draft, action: MakeOffer, events: list[Event] | None) -> Draft:
    offer = d.offer
    if offer is not None and offer.responder is None:
        if d.events is not None:
            d.emit(OfferAnswered(None, offer.target, Answer.ACCEPT))
        d.settle = Answer.ACCEPT
    return d


ORB_13 = Rule(
    "ORB-13",
    "A labour-market character always accepts and is hired if it fits a team.",
    "Персонаж рынка труда всегда соглашается и нанимается, если подходит команде.",
    effects={MakeOffer: _market_accepts},
)
"""ORB-13: nobody answers for the labour market: its character accepts at once (ORB-12) and
joins the offering seat if it fits (:func:`hire`)."""


# -- ORB-14: reinforcement and support -----------------------------------------------------------
def can_reinforce(
    ctx: Context, state: State, offer: Offer, reading: AdviceReading = advice_counts
) -> bool:
    """Whether the offerer may still reinforce ``offer`` (a reinforcement left, units at hand)."""
    return offer.reinforcements < ctx.reinforcements and stake(ctx, state, offer, reading) > 0


def _can_reinforce(ctx: Context, state: State, offer: Offer) -> bool:
    # As ``can_reinforce``, with ORB-11's reading of the offer (its fact ``stake``).
    return offer.reinforcements < ctx.reinforcements and ctx.facts.stake(ctx, state, offer) > 0


def _support_sides(ctx: Context, state: State, action: Gift) -> Violation | None:
    offer = state.offer
    if offer is not None:
        owner = index(state).seat_of.get(action.to)
        if owner != offer.seat and owner != offer.responder:
            return Violation("ORB-14", "support_sides", {})
    return None


def _reinforce_allowed(ctx: Context, state: State, action: Reinforce) -> Violation | None:
    offer = state.offer
    assert offer is not None
    if offer.reinforcements >= ctx.reinforcements:
        return Violation("ORB-14", "reinforce_limit", {"limit": ctx.reinforcements})
    available = ctx.facts.stake(ctx, state, offer)
    if available < 1:
        return Violation("ORB-14", "not_enough_units", {"needed": 1, "available": available})
    return None


_REINFORCES = (Reinforce(Amount.ONE), Reinforce(Amount.ALL))


def _reinforces(ctx: Context, state: State) -> tuple[Reinforce, ...]:
    return _REINFORCES


def _next_supporter(d: Draft, offer: Offer) -> None:
    waiting = offer.waiting[1:]
    d.offer = Offer(
        offer.seat,
        offer.offerer,
        offer.target,
        offer.responder,
        offer.resource,
        offer.units,
        Stage.SUPPORT if waiting else Stage.ANSWER,
        offer.answer,
        offer.reinforcements,
        waiting,
    )


def _supported(ctx: Context, d: Draft, action: Gift, events: list[Event] | None) -> Draft:
    offer = d.before.offer
    if offer is not None:
        _next_supporter(d, offer)
    return d


def _pass_in_offer(ctx: Context, d: Draft, action: Pass, events: list[Event] | None) -> Draft:
    offer = d.before.offer
    if offer is not None:
        if offer.stage is Stage.SUPPORT:
            _next_supporter(d, offer)
        else:  # the offerer stops reinforcing: the last answer stands
            d.settle = offer.answer
    return d


def _reinforce(ctx: Context, d: Draft, action: Reinforce, events: list[Event] | None) -> Draft:
    state = d.before
    offer = state.offer
    assert offer is not None
    assert offer.responder is not None
    facts = ctx.facts
    units = 1
    if action.amount is Amount.ALL:
        units = facts.stake(ctx, state, offer)
    members = _members(state, offer.offerer)
    advice = facts.advice(ctx, state, offer.offerer, offer.target)
    _place(ctx, d, offer.offerer, members, offer.target, units, advice)
    waiting = support_seats(len(d.seats), offer.seat, offer.responder)
    d.offer = Offer(
        offer.seat,
        offer.offerer,
        offer.target,
        offer.responder,
        offer.resource,
        offer.units + units,
        Stage.SUPPORT if waiting else Stage.ANSWER,
        None,
        offer.reinforcements + 1,
        waiting,
    )
    if d.events is not None:
        d.emit(OfferReinforced(offer.seat, units, offer.units + units))
    return d


ORB_14 = Rule(
    "ORB-14",
    "The offerer may reinforce; other seats may give to either side before each answer.",
    "Предлагающий может усилить; другие игроки могут дарить сторонам перед ответом.",
    moves={Reinforce: _reinforces},
    checks={Gift: _support_sides, Reinforce: _reinforce_allowed},
    effects={
        Gift: _supported,
        Pass: _pass_in_offer,
        Reinforce: _reinforce,
    },
)
"""ORB-14: after a refusal the offerer reinforces (at most ``reinforcements`` times) or stops;
before each answer every third seat may give one gift to either side or pass. Reinforcing
adds the offer's resource (Advice too only where ORB-11 counts it, :func:`advice_counts`)."""

ORB_14_0_1_0: Rule = ORB_14
"""ORB-14 as 0.1.0 read it: the same unit (a Warrior reinforcing with its Advice too is
0.1.0's ORB-11, whose facts ``advice`` and ``stake`` this unit reads)."""


# -- ORB-15: the shield -------------------------------------------------------------------------
def shield_units(ctx: Context, state: State, hero: str) -> int:
    """The Way the Heroes of ``hero``'s structure hold (what a shield can spend)."""
    spec_of = ctx.spec
    zones = state.zones
    return sum(
        zones[m].holds(Resource.WAY) for m in _members(state, hero) if spec_of[m] is Spec.HEROES
    )


def _shield_basics(ctx: Context, state: State, hero: str) -> Violation | None:
    """What both readings of ORB-15 refuse first: not the mover's Hero, an offer that is not
    the Warriors' Territory, or the offering seat itself."""
    offer = state.offer
    assert offer is not None
    seat = ctx.facts.mover(ctx, state)
    if index(state).seat_of.get(hero) != seat:
        return Violation("ORB-15", "not_your_character", {"card": hero, "seat": seat})
    if ctx.spec[hero] is not Spec.HEROES:
        return Violation("ORB-15", "not_a_hero", {"card": hero})
    if offer.resource is not Resource.TERRITORY:
        return Violation("ORB-15", "shield_needs_warriors", {})
    if seat == offer.seat:
        return Violation("ORB-15", "offerer_shields", {})
    return None


def _protected(state: State, target: str) -> Violation | None:
    """Territory in the gifts of the target's structure protects it from the shield."""
    zones = state.zones
    t = Resource.TERRITORY.index
    for m in _members(state, target):
        if zones[m].gifts[t] > 0:
            return Violation("ORB-15", "host_protected", {})
    return None


def _shield_allowed(ctx: Context, state: State, action: Shield) -> Violation | None:
    offer = state.offer
    assert offer is not None
    hero = action.hero
    basics = _shield_basics(ctx, state, hero)
    if basics is not None:
        return basics
    seat = ctx.facts.mover(ctx, state)
    ix = index(state)
    if seat == offer.responder:
        return Violation("ORB-15", "responder_shields", {})
    own = ix.structure_of[hero].size
    size = ix.structure_of[offer.target].size
    if own < size:
        return Violation("ORB-15", "shield_smaller", {"size": own, "target_size": size})
    held = shield_units(ctx, state, hero)
    if held < 1:
        return Violation("ORB-15", "no_way", {"card": hero})
    if held < size:
        return Violation("ORB-15", "not_enough_units", {"needed": size, "available": held})
    return _protected(state, offer.target)


def _shield(ctx: Context, d: Draft, action: Shield, events: list[Event] | None) -> Draft:
    state = d.before
    offer = state.offer
    assert offer is not None
    hero = action.hero
    ix = index(state)
    spec_of = ctx.spec
    target = ix.structure_of.get(offer.target)
    left = LONE if target is None else target.size
    heroes = _members(state, hero)
    for m in (hero, *(m for m in heroes if m != hero and spec_of[m] is Spec.HEROES)):
        if not left:
            break
        left -= d.take(m, Resource.WAY.index, left)
    return _shield_takes_food(ctx, d, offer, hero)


def _shield_takes_food(ctx: Context, d: Draft, offer: Offer, hero: str) -> Draft:
    _clear_influence(d, offer.target)
    food = 0
    spec_of = ctx.spec
    for m in _responders(d.before, offer):
        if spec_of[m] is Spec.HOSTS:
            food += d.take(m, _FOOD, _ALL)
    if food:
        d.give(hero, _FOOD, food)
    if d.events is not None:
        d.emit(HostShielded(hero, offer.target, food))
    d.offer = None
    d.ended = offer.seat
    return d


#: Shields by Hero, built once.
_SHIELDS: dict[str, Shield] = {}


def _shield_of(hero: str) -> Shield:
    shield = _SHIELDS.get(hero)
    if shield is None:
        shield = _SHIELDS[hero] = Shield(hero)
    return shield


def _allowed_shields_by(
    ctx: Context, state: State, why: Callable[[Context, State, Shield], Violation | None]
) -> list[Shield]:
    """The shields ``why`` allows, in table order: none unless the open offer is the
    Warriors' Territory and the mover is not the offering seat (``_shield_basics``); else
    the mover's Heroes that ``why`` allows."""
    offer = state.offer
    seat = ctx.facts.mover(ctx, state)
    if offer is None or seat is None or offer.resource is not Resource.TERRITORY:
        return []
    if seat == offer.seat:
        return []
    spec_of = ctx.spec
    out: list[Shield] = []
    for card in index(state).cards[seat]:
        if spec_of[card] is Spec.HEROES:
            shield = _shield_of(card)
            if why(ctx, state, shield) is None:
                out.append(shield)
    return out


def _allowed_shields(ctx: Context, state: State) -> list[Shield]:
    return _allowed_shields_by(ctx, state, _shield_allowed)


ORB_15 = Rule(
    "ORB-15",
    "A Hero's Way shields a Host from Warriors and takes its Food, unless it is protected; "
    "never a smaller structure for a larger one, and never by the answering seat.",
    "Способ Героя защищает Хозяина от Воинов и забирает его Еду, если нет защиты "
    "Территорией; меньшая структура не защищает большую, отвечающий не защищается сам.",
    moves={Shield: _allowed_shields},
    checks={Shield: _shield_allowed},
    effects={Shield: _shield},
)
"""ORB-15: a Hero of a third seat (neither the offerer's nor the answering one) spends Way
against a Warriors' offer to a Host: one per character of the Host's structure (1, 4 or 16,
from the Heroes of the Hero's structure, which must be at least as large); the offer is
discarded and the Hero takes the Host's Food, unless Territory in the Host's gifts protects
it."""


def _shield_allowed_0_1_0(ctx: Context, state: State, action: Shield) -> Violation | None:
    offer = state.offer
    assert offer is not None
    hero = action.hero
    basics = _shield_basics(ctx, state, hero)
    if basics is not None:
        return basics
    if state.zones[hero].holds(Resource.WAY) < 1:
        return Violation("ORB-15", "no_way", {"card": hero})
    return _protected(state, offer.target)


def _allowed_shields_0_1_0(ctx: Context, state: State) -> list[Shield]:
    return _allowed_shields_by(ctx, state, _shield_allowed_0_1_0)


def _shield_0_1_0(ctx: Context, d: Draft, action: Shield, events: list[Event] | None) -> Draft:
    offer = d.before.offer
    assert offer is not None
    d.take(action.hero, Resource.WAY.index, 1)
    return _shield_takes_food(ctx, d, offer, action.hero)


ORB_15_0_1_0: Rule = attrs.evolve(
    ORB_15,
    en="A Hero's Way shields a Host from Warriors and takes its Food, unless it is protected.",
    ru="Способ Героя защищает Хозяина от Воинов и забирает его Еду, если нет защиты Территорией.",
    moves={Shield: _allowed_shields_0_1_0},
    checks={Shield: _shield_allowed_0_1_0},
    effects={Shield: _shield_0_1_0},
)
"""ORB-15 as 0.1.0 read it: one Way of any Hero outside the offering seat (the answering seat
too) shields a structure of any size."""


# -- ORB-16: Priests direct Warriors -------------------------------------------------------------
def direct_warriors(d: Draft, offer: Offer, members: list[str]) -> None:
    """The Warriors that accepted the Priests' Advice are directed by the offering seat."""
    for m in members:
        z = d.zones[m]
        d.put(m, make_zones(z.current, z.reserve, z.gifts, z.influence, z.meals, offer.seat))
    if d.events is not None:
        d.emit(WarriorDirected(offer.seat, offer.target))


def release_warriors(ctx: Context, d: Draft, priests_seat: int) -> None:
    """Priests that give way to Heroes also withdraw their Advice from Warriors."""
    for card in sorted(d.zones, key=ctx.order.__getitem__):
        z = d.zones[card]
        if z.directed_by == priests_seat:
            d.put(card, make_zones(z.current, z.reserve, z.gifts, z.influence, z.meals, None))
            if d.events is not None:
                d.emit(WarriorReleased(priests_seat, card))


ORB_16 = Rule(
    "ORB-16",
    "Priests that win Warriors direct their offers this round.",
    "Жрецы, получившие Воинов, распоряжаются их предложениями в этот кон.",
    checks={MakeOffer: _directed},
)
"""ORB-16: Warriors that accept the Priests' Advice make their offers for the Priests' seat
until saving (:func:`direct_warriors`); Priests that accept Heroes' Ways release them
(:func:`release_warriors`)."""
