"""ORB-11..ORB-14, ORB-16: offers, answers, market characters, support, directed Warriors
(the shield, ORB-15, is :mod:`.shield`)."""

from __future__ import annotations

from functools import partial

import attrs

from boardrules.core.rules import Rule
from boardrules.core.violation import Refusal, Violation
from boardrules.games.orbita.actions import (
    Action,
    Amount,
    AnswerOffer,
    Gift,
    MakeOffer,
    Pass,
    Reinforce,
)
from boardrules.games.orbita.content import Resource, Role, Spec
from boardrules.games.orbita.context import Context
from boardrules.games.orbita.events import (
    CharacterHired,
    Event,
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
from boardrules.games.orbita.state import Answer, Counts, Offer, Stage, State, make_zones
from boardrules.games.orbita.table import (
    CORPORATION,
    ENTERPRISE,
    LONE,
    Structure,
    corporation,
    owner,
    structure_of,
    structures,
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
    "ORB_16",
]

_FOOD = Resource.FOOD.index
_ADVICE = Resource.ADVICE.index
_WAY = Resource.WAY.index
_ALL = 1 << 30


# -- ORB-11: offers ---------------------------------------------------------------------------
def _advice_counts(ctx: Context, offerer: str, own: int, target: int) -> bool:
    """The fact ``advice``: whether Advice counts in ``offerer``'s offer from its structure of
    ``own`` characters to one of ``target``: only a lone Warrior's, to a Hosts' Workshop."""
    return ctx.spec[offerer] is Spec.WARRIORS and own == LONE and target == ENTERPRISE


def _advice_always_0_1_0(ctx: Context, offerer: str, own: int, target: int) -> bool:
    """0.1.0's reading: Advice a Warrior holds always counts in its offers."""
    return ctx.spec[offerer] is Spec.WARRIORS


def _offer_units(
    ctx: Context, state: State, offerer: str, members: tuple[str, ...]
) -> tuple[int, int]:
    """The units of trump and of Advice the offerer's structure (``members``) holds to
    offer: those of its characters of the offerer's specialisation."""
    spec_of, zones = ctx.spec, state.zones.lookup()
    spec = spec_of[offerer]
    i = spec.index
    trump = advice = 0
    for m in members:
        if spec_of[m] is spec:
            z = zones(m)
            trump += z.current[i] + z.gifts[i] + z.reserve[i]
            advice += z.current[_ADVICE] + z.gifts[_ADVICE] + z.reserve[_ADVICE]
    return trump, advice


def _available(ctx: Context, offerer: str, held: tuple[int, int], own: int, target: int) -> int:
    """The units an offer from a structure of ``own`` to one of ``target`` characters can
    place: the offerer's trump, and Advice where it counts (the fact ``advice``)."""
    trump, advice = held
    return trump + advice if ctx.facts.advice(ctx, offerer, own, target) else trump


def _short(
    ctx: Context, offerer: str, held: tuple[int, int], own: int, target: int, produced: bool
) -> str | None:
    """Why a structure of ``own`` characters holding ``held`` cannot reach one of ``target``
    (never a larger one, but a lone Warrior with 4 units a Workshop; ``target`` units; with
    ``produced``, one of its own trump at least), or ``None``."""
    available = _available(ctx, offerer, held, own, target)
    if produced and available and not held[0]:
        return "advice_alone"
    if own < target and not (
        ctx.spec[offerer] is Spec.WARRIORS
        and own == LONE
        and target == ENTERPRISE
        and available >= ENTERPRISE
    ):
        return "smaller_structure"
    if available < target:
        return "not_enough_units"
    return None


def _placed_on(ctx: Context, structure: Structure, spec: Spec) -> str:
    """The fact ``placed_on``: the card an offer of the trump over ``spec`` to
    ``structure`` is placed on: a corporation's Leader of that specialisation, else the card
    that names the structure."""
    if structure.size == CORPORATION:
        spec_of, role_of = ctx.spec, ctx.role
        for m in structure.members:
            if spec_of[m] is spec and role_of[m] is Role.LEADER:
                return m
    return structure.name


def _offer_refused(
    ctx: Context, state: State, action: MakeOffer, *, produced: bool = True
) -> Refusal:
    offerer, target = action.offerer, action.target
    seat = ctx.facts.mover(ctx, state)
    own_seat = owner(state, offerer)
    if own_seat is None:
        return "not_your_character", {"card": offerer, "seat": seat}
    directing = ctx.facts.directed(ctx, state).get(offerer)
    if (own_seat if directing is None else directing) != seat:
        if directing is not None:
            return Violation("ORB-16", "not_your_character", {"card": offerer, "seat": seat})
        return "not_your_character", {"card": offerer, "seat": seat}
    target_seat = owner(state, target)
    if target_seat is not None and target_seat in (own_seat, seat):
        return "own_target", {"card": target}
    victim = ctx.victim[offerer]
    if ctx.spec[target] is not victim:
        return "not_trump", {"offerer": offerer, "trumps": victim.value, "card": target}
    tgt = structure_of(state, target)
    size = tgt.size
    if size > LONE:
        name = _placed_on(ctx, tgt, victim)
        if target != name:
            return "whole_structure", {"card": target, "name": name}
    own = structure_of(state, offerer)
    held = _offer_units(ctx, state, offerer, own.members)
    why = _short(ctx, offerer, held, own.size, size, produced)
    if why == "advice_alone":
        return why, {"card": offerer}
    if why == "smaller_structure":
        return why, {"size": own.size, "target_size": size}
    if why is not None:
        available = _available(ctx, offerer, held, own.size, size)
        return why, {"needed": size, "available": available}
    limit: Refusal = ctx.facts.over_step_limit(ctx, state)
    return limit


def _offers(ctx: Context, state: State, *, produced: bool = True) -> list[Action]:
    """The offers ORB-11 allows, by offerer in canonical order (the seat's characters and
    the Warriors it directs, ORB-16's fact ``directed``), then target (:func:`_targets`, as
    the size rule and the units allow, ``_short``), within ORB-21's step limit."""
    facts = ctx.facts
    if facts.over_step_limit(ctx, state) is not None:
        return []
    seat = facts.mover(ctx, state)
    directed = facts.directed(ctx, state)
    own_of = {m: st for st in structures(seat, state.seats[seat]) for m in st.members}
    for card, s in directed.items():
        if s == seat and card not in own_of:
            own_of[card] = structure_of(state, card)
    offerers = [card for card in own_of if directed.get(card, seat) == seat]
    offerers.sort(key=ctx.order.__getitem__)
    out: list[Action] = []
    targets: dict[tuple[Spec, int], list[tuple[str, int]]] = {}
    for offerer in offerers:
        own = own_of[offerer]
        victim = ctx.victim[offerer]
        reach = targets.get((victim, own.seat))
        if reach is None:
            reach = targets[victim, own.seat] = _targets(ctx, state, victim, (seat, own.seat))
        held = _offer_units(ctx, state, offerer, own.members)
        made = ctx.offer[offerer]
        short: dict[int, str | None] = {}  # by the size of the target
        for target, size in reach:
            if size not in short:
                short[size] = _short(ctx, offerer, held, own.size, size, produced)
            if short[size] is None:
                out.append(made[target])
    return out


def _targets(
    ctx: Context, state: State, victim: Spec, outside: tuple[int, int]
) -> list[tuple[str, int]]:
    """The characters of ``victim``'s specialisation an offer may name and their structure's
    size: the market's, then each structure of a seat not ``outside`` holding such characters
    (every corporation; a team of that specialisation), by the card it is placed on."""
    spec_of = ctx.spec
    found = [(c, LONE) for c in state.market if spec_of[c] is victim]
    for s, seat in enumerate(state.seats):
        if s in outside:
            continue
        for corp in seat.corporations:
            found.append((_placed_on(ctx, corporation(s, corp), victim), CORPORATION))
        for team in seat.teams:
            if spec_of[team.leader] is victim:
                if team.enterprise:
                    found.append((team.leader, ENTERPRISE))
                else:
                    found += [(m, LONE) for m in team.members]
    return found


def _stake(ctx: Context, state: State, offer: Offer) -> int:
    """The fact ``stake``: the units the offerer of ``offer`` can still add to it."""
    own = structure_of(state, offer.offerer)
    target = structure_of(state, offer.target)
    held = _offer_units(ctx, state, offer.offerer, own.members)
    return _available(ctx, offer.offerer, held, own.size, target.size)


def _place(
    ctx: Context, d: Draft, offerer: str, members: tuple[str, ...], target: str, units: int,
    advice: bool,
) -> int:
    """Move up to ``units`` of the offerer's trump (with ``advice``: then Advice) from its
    structure's ``members`` onto the target; the units placed."""
    spec_of = ctx.spec
    spec = spec_of[offerer]
    ordered = [offerer, *(m for m in members if m != offerer and spec_of[m] is spec)]
    influence = d.zones[target].influence
    left = units
    for i in [spec.index] + ([_ADVICE] if advice else []):
        for m in ordered:
            got = d.take(m, i, left) if left else 0
            influence = add(influence, i, got)
            left -= got
    z = d.zones[target]
    d.put(target, make_zones(z.current, z.reserve, z.gifts, influence, z.meals, z.directed_by))
    return units - left


def _make_offer(ctx: Context, d: Draft, action: MakeOffer, events: list[Event] | None) -> Draft:
    state = d.before
    seat = d.mover
    offerer, target = action.offerer, action.target
    tgt = structure_of(state, target)
    own = structure_of(state, offerer)
    advice = ctx.facts.advice(ctx, offerer, own.size, tgt.size)
    units = _place(ctx, d, offerer, own.members, target, tgt.size, advice)
    resource = ctx.spec[offerer].resource
    if d.events is not None:
        d.emit(OfferMade(seat, offerer, target, resource, units))
    if tgt.seat < 0:  # the labour market: ORB-13 answers at once
        d.offer = Offer(seat, offerer, target, None, resource, units, Stage.ANSWER)
        return d
    waiting = ctx.facts.supporters(ctx, len(d.seats), seat, tgt.seat)
    stage = Stage.SUPPORT if waiting else Stage.ANSWER
    d.offer = Offer(seat, offerer, target, tgt.seat, resource, units, stage, None, 0, waiting)
    return d


ORB_11 = Rule(
    "ORB-11",
    "Offers are made with the trump resource; structures whole with 4 or 16; never smaller "
    "to larger, but a lone Warrior may add Advice to its Territory up to 4 against a "
    "Workshop.",
    "Предложение делают козырем; структурам целиком (4 или 16); меньшая не влияет на "
    "большую, но одиночный Воин может дополнить Территорию Советами до 4 против Цеха.",
    moves={MakeOffer: _offers},
    checks={MakeOffer: _offer_refused},
    effects={MakeOffer: _make_offer},
    facts={"advice": _advice_counts, "stake": _stake, "placed_on": _placed_on},
)
"""ORB-11: an offer of the offerer's trump to the next specialisation, placed whole on a
structure (4 or 16 units, on the card the fact ``placed_on`` names), never from a smaller
structure to a larger one, but from a lone Warrior to a Workshop with 4 units, Advice
counting (the fact ``advice``); since revision 3 never with Advice alone (``advice_alone``).
The offerers are the seat's own characters and the Warriors ORB-16 says it directs; ORB-21
limits the steps. The fact ``stake`` is what the offerer can still add (ORB-14)."""

ORB_11_ADVICE_ALONE: Rule = attrs.evolve(
    ORB_11,
    en="Offers use the trump resource only; structures whole with 4 or 16; never smaller to "
    "larger, but a lone Warrior with Advice may reach 4 against a Workshop.",
    ru="Предложение — только козырем; структурам целиком (4 или 16); меньшая не влияет на "
    "большую, но одиночный Воин с Советами может набрать 4 против Цеха.",
    moves={MakeOffer: partial(_offers, produced=False)},
    checks={MakeOffer: partial(_offer_refused, produced=False)},
)
"""ORB-11 as revision 2 read it (the variant ``orbita-advice-alone``): against a Workshop a
lone Warrior's Advice counts even with no Territory at all, so 4 Advice alone make an offer;
against anything else only Territory counts."""

ORB_11_0_1_0: Rule = attrs.evolve(
    ORB_11_ADVICE_ALONE,
    en="Offers use the trump resource; structures whole with 4 or 16; never smaller to larger.",
    ru="Предложение — козырем; структурам целиком (4 или 16); меньшая не влияет на большую.",
    facts={**ORB_11.facts, "advice": _advice_always_0_1_0},
)
"""ORB-11 as 0.1.0 read it: Advice a Warrior holds counts in every offer it makes."""


# -- ORB-12: answers --------------------------------------------------------------------------
def _responders(state: State, offer: Offer) -> tuple[str, ...]:
    """The answering structure (the target alone on the labour market)."""
    return structure_of(state, offer.target).members


def _answer_refused(ctx: Context, state: State, action: AnswerOffer) -> Refusal:
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
    held = sum(zones[m].holds(resource) for m in _responders(state, offer))
    if held < offer.units:
        return code, {"units": offer.units, "resource": resource.value, "held": held}
    return None


def _answers(ctx: Context, state: State) -> list[AnswerOffer]:
    """The answers ORB-12 allows: those its check does not refuse."""
    return [a for a in ctx.answer.values() if _answer_refused(ctx, state, a) is None]


def _answer(ctx: Context, d: Draft, action: AnswerOffer, events: list[Event] | None) -> Draft:
    state = d.before
    offer = state.offer
    assert offer is not None
    answer = action.answer
    if d.events is not None:
        d.emit(OfferAnswered(offer.responder, offer.target, answer))
    if answer is Answer.ACCEPT or not ctx.facts.may_reinforce(ctx, state):
        d.settle = answer
    else:
        d.offer = attrs.evolve(offer, stage=Stage.REINFORCE, answer=answer, waiting=())
    return d


def _settle(
    ctx: Context, d: Draft, step: Settlement, events: list[Event] | None, *,
    seized_as_own: bool = True,
) -> Draft:
    """Settle ``d.offer`` by the answer ``d.settle`` and pass the turn on from the offering
    seat; with ``seized_as_own``, seized units join the target's resources of this round
    (so they are not "given" Territory, ORB-15); 0.1.0 kept them with the gifts."""
    offer, answer = d.offer, d.settle
    assert offer is not None
    assert answer is not None
    influence = d.clear_influence(offer.target)
    units = sum(influence)
    if answer is Answer.DECLINE:
        if d.events is not None:
            d.emit(OfferDeclined(offer.target, units))
    elif answer is Answer.SEIZE:
        target = offer.target
        for i in range(4):
            if not influence[i]:
                continue
            if seized_as_own:
                z = d.zones[target]
                d.put(target, make_zones(add(z.current, i, influence[i]), z.reserve, z.gifts,
                                         z.influence, z.meals, z.directed_by))
            else:
                d.give(target, i, influence[i])
        if d.events is not None:
            d.emit(OfferSeized(target, units))
    else:
        _accept(ctx, d, offer, influence)
    d.offer = None
    d.ended = offer.seat
    return d


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
            ctx.facts.direct(ctx, d, offer, members)
    else:
        for m in members:
            moved += d.take(m, resource.index, _ALL)
        if moved:
            d.give(offer.offerer, resource.index, moved)
        if offer.resource is Resource.FOOD:
            fed = influence[_FOOD]
        if offer.resource is Resource.WAY and offer.responder is not None:
            ctx.facts.release(ctx, d, offer.responder)
    if offer.responder is None and not ctx.facts.hire(ctx, d, offer):
        fed = 0
    if fed:
        z = d.zones[offer.target]
        d.put(
            offer.target,
            make_zones(z.current, z.reserve, z.gifts, z.influence, z.meals + fed, z.directed_by),
        )
    if d.events is not None:
        d.emit(OfferAccepted(offer.target, offer.offerer, resource, moved, fed))


ORB_12 = Rule(
    "ORB-12",
    "Answers: same resource declines, the trump over it seizes (the units become the "
    "target's own this round), own resource accepts.",
    "Ответы: тем же ресурсом — отказ, козырем — отобрать (ресурс становится своим на этот "
    "кон), своим ресурсом — согласие.",
    moves={AnswerOffer: _answers},
    checks={AnswerOffer: _answer_refused},
    effects={AnswerOffer: _answer, Settlement: _settle},
)
"""ORB-12: declining shows as many units of the offered resource, seizing as many of the
trump over the offerer (the units offered become the target's own this round, never given
Territory, ORB-15), accepting hands over all the answering structure's own resource (and
offered Food feeds it). After a refusal the offer waits for a reinforcement when ORB-14
allows one (its fact ``may_reinforce``); ORB-13 hires (``hire``), ORB-16 directs and
releases Warriors (``direct``, ``release``)."""

ORB_12_0_1_0: Rule = attrs.evolve(
    ORB_12,
    en="Answers: same resource declines, the trump over it seizes, own resource accepts.",
    ru="Ответы: тем же ресурсом — отказ, козырем — отобрать, своим ресурсом — согласие.",
    effects={AnswerOffer: _answer, Settlement: partial(_settle, seized_as_own=False)},
)
"""ORB-12 as 0.1.0 read it: seized units join the target's gifts (so seized Territory
protects a Host from the shield like given Territory)."""

ORB_12_SEIZED_AS_OWN: Rule = ORB_12
"""ORB-12 of the variant ``orbita-shield-given-only``: 0.1.0's, but seized units are the
target's own this round: today's unit."""


# -- ORB-13: labour-market characters -------------------------------------------------------------
def _hire(ctx: Context, d: Draft, offer: Offer) -> bool:
    """The fact ``hire``: the market character that accepted ``offer`` joins the offering
    seat if it fits a team (ORB-7's fact ``join``)."""
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
    facts={"hire": _hire},
)
"""ORB-13: nobody answers for the labour market: its character accepts at once (ORB-12) and
joins the offering seat if it fits (the fact ``hire``)."""


# -- ORB-14: reinforcement and support -----------------------------------------------------------
def _supporters(ctx: Context, seats: int, offering: int, responder: int) -> tuple[int, ...]:
    """The fact ``supporters``: the third seats, in turn order after the offering seat, that
    may support before an answer (of ``seats`` at the table)."""
    after = ((offering + k) % seats for k in range(1, seats))
    return tuple(s for s in after if s != responder)


def _sides(ctx: Context, state: State) -> tuple[int, ...] | None:
    """The fact ``sides``: the seats whose characters may receive gifts while an offer is
    open, the offering and the answering one; ``None`` (every seat) when none is open."""
    offer = state.offer
    if offer is None:
        return None
    return (offer.seat,) if offer.responder is None else (offer.seat, offer.responder)


def _silenced(ctx: Context, state: State) -> tuple[str, ...]:
    """The fact ``silenced``: the characters that may not give while an offer is open: the
    answering structure (it may answer, not give)."""
    offer = state.offer
    if offer is None or offer.responder is None:
        return ()
    return _responders(state, offer)


def _reinforce_refused(ctx: Context, state: State, action: Reinforce) -> Refusal:
    offer = state.offer
    assert offer is not None
    if offer.reinforcements >= ctx.reinforcements:
        return "reinforce_limit", {"limit": ctx.reinforcements}
    available = ctx.facts.stake(ctx, state, offer)
    if available < 1:
        return "not_enough_units", {"needed": 1, "available": available}
    amount: Refusal = ctx.facts.wrong_amount(ctx, action.amount, available)
    return amount


def _may_reinforce(ctx: Context, state: State) -> bool:
    """The fact ``may_reinforce``: whether the offerer may still reinforce the open offer (a
    reinforcement left, units at hand): whether one unit more would be allowed."""
    return _reinforce_refused(ctx, state, ctx.reinforce[Amount.ONE]) is None


def _reinforces(ctx: Context, state: State) -> list[Reinforce]:
    return [a for a in ctx.reinforce.values() if _reinforce_refused(ctx, state, a) is None]


def _next_supporter(d: Draft, offer: Offer) -> None:
    waiting = offer.waiting[1:]
    d.offer = attrs.evolve(
        offer, stage=Stage.SUPPORT if waiting else Stage.ANSWER, waiting=waiting
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
    own = structure_of(state, offer.offerer)
    target = structure_of(state, offer.target)
    wanted = 1 if action.amount is Amount.ONE else facts.stake(ctx, state, offer)
    advice = facts.advice(ctx, offer.offerer, own.size, target.size)
    units = _place(ctx, d, offer.offerer, own.members, offer.target, wanted, advice)
    waiting = facts.supporters(ctx, len(d.seats), offer.seat, offer.responder)
    stage = Stage.SUPPORT if waiting else Stage.ANSWER
    d.offer = attrs.evolve(offer, units=offer.units + units, stage=stage, answer=None,
                           reinforcements=offer.reinforcements + 1, waiting=waiting)
    if d.events is not None:
        d.emit(OfferReinforced(offer.seat, units, offer.units + units))
    return d


ORB_14 = Rule(
    "ORB-14",
    "The offerer may reinforce; other seats may give to either side before each answer.",
    "Предлагающий может усилить; другие игроки могут дарить сторонам перед ответом.",
    moves={Reinforce: _reinforces},
    checks={Reinforce: _reinforce_refused},
    effects={Gift: _supported, Pass: _pass_in_offer, Reinforce: _reinforce},
    facts={
        "supporters": _supporters,
        "sides": _sides,
        "silenced": _silenced,
        "may_reinforce": _may_reinforce,
    },
)
"""ORB-14: after a refusal the offerer reinforces (at most ``reinforcements`` times, with
ORB-11's ``stake``) or stops; before each answer each third seat (``supporters``) may give
a gift to either side (``sides``, which ORB-10 reads) or pass; the answering structure does
not give (``silenced``, which ORB-4 reads)."""


# -- ORB-16: Priests direct Warriors -------------------------------------------------------------
def _directed(ctx: Context, state: State) -> dict[str, int]:
    """The fact ``directed``: the Warriors whose offers a seat's Priests direct this round,
    with that seat."""
    return {c: z.directed_by for c, z in state.zones.items() if z.directed_by is not None}


def _direct(ctx: Context, d: Draft, offer: Offer, members: list[str]) -> None:
    """The fact ``direct``: the Warriors that accepted the Priests' Advice are directed by
    the offering seat."""
    for m in members:
        z = d.zones[m]
        d.put(m, make_zones(z.current, z.reserve, z.gifts, z.influence, z.meals, offer.seat))
    if d.events is not None:
        d.emit(WarriorDirected(offer.seat, offer.target))


def _release(ctx: Context, d: Draft, priests_seat: int) -> None:
    """The fact ``release``: Priests that give way to Heroes also withdraw their Advice from
    the Warriors they direct."""
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
    facts={"directed": _directed, "direct": _direct, "release": _release},
)
"""ORB-16: Warriors that accept the Priests' Advice make their offers for the Priests' seat
until saving (the facts ``direct`` and ``directed``, which ORB-11 reads: another seat's
offer of them is refused as ORB-16's ``not_your_character``); Priests that accept Heroes'
Ways release them (``release``)."""
