"""ORB-1..ORB-5: characters, resources and trumps, boosts, storage and giving, setup."""

from __future__ import annotations

from boardrules.core.rules import Rule
from boardrules.core.violation import Violation
from boardrules.games.orbita.actions import (
    AllocateFood,
    Amount,
    Boost,
    Gift,
    MakeOffer,
    Shield,
    TakeFromMarket,
)
from boardrules.games.orbita.content import BOOSTS, RESOURCE_ORDER, Context, Resource, Spec
from boardrules.games.orbita.events import Boosted, Event
from boardrules.games.orbita.flow import Draft, add, to_move
from boardrules.games.orbita.state import Seat, State, Zones
from boardrules.games.orbita.table import index

__all__ = [
    "ORB_1",
    "ORB_2",
    "ORB_3",
    "ORB_4",
    "ORB_5",
    "answering_structure",
    "booster_held",
    "givable",
    "givers",
    "in_enterprise",
    "unknown",
]


# -- ORB-1: the characters --------------------------------------------------------------------
def unknown(card: str) -> Violation:
    """The refusal of a card that is not where the action needs it (ORB-1)."""
    return Violation("ORB-1", "unknown_character", {"card": card[:64]})


def _take_unknown(ctx: Context, state: State, action: TakeFromMarket) -> Violation | None:
    card = action.card
    if card not in state.market and card not in ctx.spec:
        return unknown(card)
    return None


def _gift_unknown(ctx: Context, state: State, action: Gift) -> Violation | None:
    to = action.to
    if to not in index(state).seat_of and to not in state.market:
        return unknown(to)
    return None


def _card_unknown(ctx: Context, state: State, action: Boost | Shield) -> Violation | None:
    card = action.card if isinstance(action, Boost) else action.hero
    if card not in index(state).seat_of and card not in ctx.spec:
        return unknown(card)
    return None


def _offer_unknown(ctx: Context, state: State, action: MakeOffer) -> Violation | None:
    seat_of = index(state).seat_of
    if action.offerer not in seat_of and action.offerer not in ctx.spec:
        return unknown(action.offerer)
    if action.target not in seat_of and action.target not in state.market:
        return unknown(action.target)
    return None


def _allocate_unknown(ctx: Context, state: State, action: AllocateFood) -> Violation | None:
    card = action.card
    if index(state).seat_of.get(card) != to_move(state) and card not in ctx.spec:
        return unknown(card)
    return None


ORB_1 = Rule(
    "ORB-1",
    "16 characters (4 specialisations x 4 roles), `copies` of each; each card in one place.",
    "16 персонажей (4 специализации × 4 роли) по `copies` копий; карта всегда в одном месте.",
    checks={
        TakeFromMarket: _take_unknown,
        Gift: _gift_unknown,
        Boost: _card_unknown,
        MakeOffer: _offer_unknown,
        Shield: _card_unknown,
        AllocateFood: _allocate_unknown,
    },
)
"""ORB-1: an action naming a card must name one of the deck's, where the action needs it."""

# -- ORB-2: resources and trumps (content.Spec.next / Resource.trumps) --------------------------
ORB_2 = Rule(
    "ORB-2",
    "Territory, Food, Ways, Advice; each is the trump over the next specialisation.",
    "Территория, Еда, Способы, Советы; каждый ресурс — козырь для следующей специализации.",
)
"""ORB-2: the cycle of resources and trumps; the offers of ORB-11 and answers of ORB-12 use it."""


# -- ORB-3: boosts ----------------------------------------------------------------------------
#: ORB-3: Heroes in an Artel get this many Ways per Advice (instead of ``BOOSTS``' one).
ARTEL_BOOST = 2


def booster_held(ctx: Context, zones: Zones, card: str) -> int:
    """How much of its booster resource ``card`` holds (``zones`` are its tokens)."""
    b = ctx.booster[card]
    return zones.current[b] + zones.gifts[b] + zones.reserve[b]


def in_enterprise(seat: Seat, card: str) -> bool:
    """Whether ``card`` belongs to an enterprise of ``seat`` (in a corporation or not)."""
    if any(card in t.members for c in seat.corporations for t in c.enterprises):
        return True
    return any(t.enterprise and card in t.members for t in seat.teams)


def _boost_allowed(ctx: Context, state: State, action: Boost) -> Violation | None:
    card = action.card
    seat = to_move(state)
    if index(state).seat_of.get(card) != seat:
        return Violation("ORB-3", "not_your_character", {"card": card, "seat": seat})
    spec = ctx.spec[card]
    z = state.zones[card]
    if z.current[spec.index] < 1:
        return Violation("ORB-3", "boost_needs_own", {"card": card})
    if booster_held(ctx, z, card) < 1:
        booster = RESOURCE_ORDER[ctx.booster[card]]
        return Violation("ORB-3", "no_booster", {"card": card, "resource": booster.value})
    return None


def _boost(ctx: Context, d: Draft, action: Boost, events: list[Event] | None) -> Draft:
    card = action.card
    spec = ctx.spec[card]
    booster, gain = BOOSTS[spec]
    seat = to_move(d.before)
    assert seat is not None
    if spec is Spec.HEROES and in_enterprise(d.seats[seat], card):
        gain = ARTEL_BOOST
    units = 1 if action.amount is Amount.ONE else d.zones[card].holds(booster)
    d.take(card, booster.index, units)
    gain *= units
    z = d.zones[card]
    d.put(
        card,
        Zones(
            add(z.current, spec.index, gain),
            z.reserve,
            z.gifts,
            z.influence,
            z.meals,
            z.directed_by,
        ),
    )
    if d.events is not None:
        d.emit(Boosted(card, booster, units, gain))
    return d


ORB_3 = Rule(
    "ORB-3",
    "Boosts: Food +1 Territory or +1 Advice, Advice +1 Way (Artel +2), a Way +2 Food.",
    "Ускорение: Еда +1 Территория или +1 Совет, Совет +1 Способ (Артель +2), Способ +2 Еды.",
    checks={Boost: _boost_allowed},
    effects={Boost: _boost},
)
"""ORB-3: a seat boosts its own character that holds its own resource and a booster."""


# -- ORB-4: storage and giving ----------------------------------------------------------------
def answering_structure(state: State) -> tuple[str, ...]:
    """The responder's structure: it may answer but not give while an offer is open (ORB-14)."""
    offer = state.offer
    if offer is None or offer.responder is None:
        return ()
    return index(state).structure_of[offer.target].members


def givers(ctx: Context, state: State, seat: int, resource: Resource, to: str) -> list[str]:
    """The cards a gift of ``resource`` from ``seat`` to ``to`` comes from, in order."""
    zones = state.zones
    locked = answering_structure(state)
    i = resource.index
    gives = ctx.gives
    out = []
    for card in index(state).cards[seat]:
        if card == to or card in locked or not gives[card][i]:
            continue
        z = zones[card]
        if z.current[i] or z.gifts[i] or z.reserve[i]:
            out.append(card)
    return out


def givable(ctx: Context, state: State, seat: int, resource: Resource, to: str) -> int:
    """How much of ``resource`` ``seat`` can give to ``to``."""
    zones = state.zones
    return sum(zones[c].holds(resource) for c in givers(ctx, state, seat, resource, to))


def _something_to_give(ctx: Context, state: State, action: Gift) -> Violation | None:
    if action.to not in index(state).seat_of:
        return None  # a gift to the labour market is ORB-10's refusal
    seat = to_move(state)
    assert seat is not None
    if givable(ctx, state, seat, action.resource, action.to) == 0:
        return Violation(
            "ORB-4", "nothing_to_give", {"seat": seat, "resource": action.resource.value}
        )
    return None


ORB_4 = Rule(
    "ORB-4",
    "Hosts and Priests store Food, Heroes Advice; Priests keep Food, Heroes keep Advice.",
    "Хозяева и Жрецы копят Еду, Герои — Советы; Жрецы не отдают Еду, Герои — Советы.",
    checks={Gift: _something_to_give},
)
"""ORB-4: what each specialisation stores (``content.STORES``) and may give
(``content.GIVES``); a gift needs a unit the seat may give."""

# -- ORB-5: setup (flow.new) ------------------------------------------------------------------
ORB_5 = Rule(
    "ORB-5",
    "Each seat starts with a Leader of its own specialisation and starting Food.",
    "Каждый игрок начинает с Лидером своей специализации и стартовой Едой.",
)
"""ORB-5: the first state (``flow.new``): one Leader per seat, ``starting_food`` as a gift."""
