"""ORB-1..ORB-5: characters, resources and trumps, boosts, storage and giving, setup."""

from __future__ import annotations

from boardrules.core.frozen import FrozenMap
from boardrules.core.rng import Rng
from boardrules.core.rules import Rule
from boardrules.core.violation import Violation
from boardrules.games.orbita.actions import Amount, Boost, Gift
from boardrules.games.orbita.content import (
    BOOSTS,
    RESOURCE_ORDER,
    SPEC_ORDER,
    Context,
    Resource,
    Spec,
)
from boardrules.games.orbita.events import Boosted, Event
from boardrules.games.orbita.flow import Draft, Setup, add
from boardrules.games.orbita.state import Phase, Seat, State, Team, Zones
from boardrules.games.orbita.table import index

__all__ = [
    "ORB_1",
    "ORB_2",
    "ORB_3",
    "ORB_4",
    "ORB_5",
    "answering_structure",
    "booster_held",
    "dealt_leaders",
    "givable",
    "givers",
    "in_enterprise",
    "with_hosts",
]


# -- ORB-1: the characters --------------------------------------------------------------------
ORB_1 = Rule(
    "ORB-1",
    "16 characters (4 specialisations x 4 roles), `copies` of each; each card in one place.",
    "16 персонажей (4 специализации × 4 роли) по `copies` копий; карта всегда в одном месте.",
    terms=True,
)
"""ORB-1: the deck (``content.deck_cards``). An action naming a card that is not at the table
(seated or on the labour market) is not well formed: the core refuses it as CORE-4
(``Game.malformed``) before any rule."""

# -- ORB-2: resources and trumps (content.Spec.next / Resource.trumps) --------------------------
ORB_2 = Rule(
    "ORB-2",
    "Territory, Food, Ways, Advice; each is the trump over the next specialisation.",
    "Территория, Еда, Способы, Советы; каждый ресурс — козырь для следующей специализации.",
    terms=True,
)
"""ORB-2: the cycle of resources and trumps; the offers of ORB-11 and answers of ORB-12 use it."""


# -- ORB-3: boosts ----------------------------------------------------------------------------
#: ORB-3: Heroes in an Artel get this many Ways per Advice (instead of ``BOOSTS``' one).
ARTEL_BOOST = 2

#: Boost actions by card: one unit and all, built once.
_BOOSTS: dict[str, tuple[Boost, Boost]] = {}


def _boost_pair(card: str) -> tuple[Boost, Boost]:
    pair = _BOOSTS.get(card)
    if pair is None:
        pair = _BOOSTS[card] = (Boost(card), Boost(card, Amount.ALL))
    return pair


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
    seat = ctx.facts.mover(ctx, state)
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


def _allowed_boosts(ctx: Context, state: State) -> list[Boost]:
    """The boosts ORB-3 and ORB-21 allow, in table order: the mover's characters holding
    their own resource and their booster, while the step limit leaves room (ORB-21's fact
    ``step_room``)."""
    out: list[Boost] = []
    room = ctx.facts.step_room(ctx, state)
    if room is None:
        return out
    boosts = _BOOSTS
    all_at_once = ctx.all_at_once
    _, cards, zones, _ix = room
    for card, own, b, _gives, _k in cards:
        z = zones(card)
        held = z.current[b] + z.gifts[b] + z.reserve[b]
        if z.current[own] < 1 or held < 1:
            continue
        pair = boosts.get(card) or _boost_pair(card)
        out.append(pair[0])
        if all_at_once and held > 1:
            out.append(pair[1])
    return out


def _boost(ctx: Context, d: Draft, action: Boost, events: list[Event] | None) -> Draft:
    card = action.card
    spec = ctx.spec[card]
    booster, gain = BOOSTS[spec]
    seat = ctx.facts.mover(ctx, d.before)
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
    moves={Boost: _allowed_boosts},
    checks={Boost: _boost_allowed},
    effects={Boost: _boost},
)
"""ORB-3: a seat boosts its own character that holds its own resource and a booster. Its
check lists the boosts it and ORB-21's limits allow at once (while ORB-21's boost check is
the rulebook's)."""


# -- ORB-4: storage and giving ----------------------------------------------------------------
def answering_structure(state: State) -> tuple[str, ...]:
    """The responder's structure: it may answer but not give while an offer is open (ORB-14)."""
    offer = state.offer
    if offer is None or offer.responder is None:
        return ()
    return index(state).structure_of[offer.target].members


def givers(ctx: Context, state: State, seat: int, resource: Resource, to: str) -> list[str]:
    """The cards a gift of ``resource`` from ``seat`` to ``to`` comes from, in order."""
    zones = state.zones.lookup()  # zones(card): the map's lookup, without a Python call
    offer = state.offer
    locked = () if offer is None or offer.responder is None else answering_structure(state)
    i = resource.index
    gives = ctx.gives
    out = []
    for card in index(state).cards[seat]:
        if card == to or card in locked or not gives[card][i]:
            continue
        z = zones(card)
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
    seat = ctx.facts.mover(ctx, state)
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
    facts={"givers": givers, "givable": givable},
)
"""ORB-4: what each specialisation stores (``content.STORES``) and may give
(``content.GIVES``); a gift needs a unit the seat may give. It states the facts ``givers``
(the cards a gift comes from, in order) and ``givable`` (how much), which ORB-10's gifts and
ORB-21's amounts read."""


# -- ORB-5: setup ------------------------------------------------------------------------------
def dealt_leaders(seed: int, players: int) -> tuple[Spec, ...]:
    """The starting Leaders' specialisations dealt from ``seed``: ``players`` different ones,
    in seat order (ORB-5)."""
    return tuple(Rng.derive(seed, "orbita", "leaders").shuffled(SPEC_ORDER)[:players])


def with_hosts(seed: int, specs: tuple[Spec, ...]) -> tuple[Spec, ...]:
    """``specs`` with the Hosts among them: unchanged when they are, else the Hosts take
    the place of one Leader drawn from ``seed`` (the ``hosts_seated`` option, ORB-5)."""
    if Spec.HOSTS in specs:
        return specs
    i = Rng.derive(seed, "orbita", "hosts").below(len(specs))
    return (*specs[:i], Spec.HOSTS, *specs[i + 1 :])


def _deal(ctx: Context, seed: int, setup: Setup, state: State | None) -> State:
    """The first state: one Leader per seat with its starting Food, the rest shuffled."""
    specs = setup.leaders
    if specs is None:
        specs = dealt_leaders(seed, setup.players)
        if ctx.hosts_seated:
            specs = with_hosts(seed, specs)
    starters = [f"{spec.value}-leader-1" for spec in specs]
    rest = [c for c in ctx.cards if c not in starters]
    deck = Rng.derive(seed, "orbita", "deck").shuffled(rest)
    food = add((0, 0, 0, 0), 1, ctx.starting_food)
    zones = FrozenMap({c: Zones(gifts=food) for c in starters})
    seats = tuple(Seat(teams=(Team(c, (c,)),)) for c in starters)
    return State(1, Phase.ATTRACTION, 0, seats, (), deck, zones)


ORB_5 = Rule(
    "ORB-5",
    "Each seat starts with a Leader of its own specialisation and starting Food.",
    "Каждый игрок начинает с Лидером своей специализации и стартовой Едой.",
    setup=_deal,
)
"""ORB-5: the first state: one Leader per seat (dealt from the seed, or as the setup names
them; with ``hosts_seated`` a Hosts Leader among them), ``starting_food`` as a gift."""
