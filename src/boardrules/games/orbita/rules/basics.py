"""ORB-1..ORB-5: characters, resources and trumps, boosts, storage and giving, setup."""

from __future__ import annotations

from boardrules.core.frozen import FrozenMap
from boardrules.core.rng import Rng
from boardrules.core.rules import Rule
from boardrules.core.violation import Refusal
from boardrules.games.orbita.actions import Action, Amount, Boost
from boardrules.games.orbita.content import BOOSTS, RESOURCE_ORDER, SPEC_ORDER, Spec
from boardrules.games.orbita.context import Context
from boardrules.games.orbita.events import Boosted, Event
from boardrules.games.orbita.flow import Draft, Setup, add
from boardrules.games.orbita.state import Phase, Seat, State, Team, Zones, make_zones
from boardrules.games.orbita.table import owner, seat_cards

__all__ = [
    "ARTEL_BOOST",
    "ORB_1",
    "ORB_2",
    "ORB_3",
    "ORB_4",
    "ORB_5",
    "at_hand",
    "booster_held",
    "dealt_leaders",
    "with_hosts",
]


# -- ORB-1: the characters --------------------------------------------------------------------
ORB_1 = Rule(
    "ORB-1",
    "16 characters (4 specialisations × 4 roles), each in the copies the game is set to; "
    "a card is always in one place.",
    "16 персонажей (4 специализации × 4 роли), каждый в заданном числе копий; карта всегда "
    "в одном месте.",
    terms=True,
)
"""ORB-1: the deck (``content.deck_cards``; the option ``copies``). An action naming a card
that is not at the table (seated or on the labour market) is not well formed: the core
refuses it as CORE-4 (``Game.malformed``) before any rule."""

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


def booster_held(ctx: Context, zones: Zones, card: str) -> int:
    """How much of its booster resource ``card`` holds (``zones`` are its tokens)."""
    b = ctx.booster[card]
    return zones.current[b] + zones.gifts[b] + zones.reserve[b]


def _lacks(ctx: Context, zones: Zones, card: str) -> str | None:
    """What keeps ``card`` from a boost: none of its own resource this round
    (``boost_needs_own``) or no booster (``no_booster``); ``None`` if nothing does."""
    if zones.current[ctx.spec[card].index] < 1:
        return "boost_needs_own"
    if booster_held(ctx, zones, card) < 1:
        return "no_booster"
    return None


def _boost_refused(ctx: Context, state: State, action: Boost) -> Refusal:
    card = action.card
    seat = ctx.facts.mover(ctx, state)
    if owner(state, card) != seat:
        return "not_your_character", {"card": card, "seat": seat}
    zones = state.zones[card]
    lacks = _lacks(ctx, zones, card)
    if lacks == "no_booster":
        return lacks, {"card": card, "resource": RESOURCE_ORDER[ctx.booster[card]].value}
    if lacks is not None:
        return lacks, {"card": card}
    facts = ctx.facts
    held = booster_held(ctx, zones, card)
    refusal: Refusal = facts.over_step_limit(ctx, state) or facts.wrong_amount(
        ctx, action.amount, held
    )
    return refusal


def _boosts(ctx: Context, state: State) -> list[Action]:
    """The boosts ORB-3 allows, in table order: of the mover's characters that hold their
    own resource and a booster, within ORB-21's step limit and in the amounts it allows (its
    facts ``over_step_limit`` and ``amounts``)."""
    facts = ctx.facts
    if facts.over_step_limit(ctx, state) is not None:
        return []
    zones = state.zones.lookup()
    amounts = facts.amounts
    out: list[Action] = []
    for card in seat_cards(state.seats[facts.mover(ctx, state)]):
        z = zones(card)
        if _lacks(ctx, z, card) is None:
            out += ctx.boost[card][amounts(ctx, booster_held(ctx, z, card))]
    return out


def _in_enterprise(seat: Seat, card: str) -> bool:
    """Whether ``card`` belongs to an enterprise of ``seat`` (in a corporation or not)."""
    if any(card in t.members for c in seat.corporations for t in c.enterprises):
        return True
    return any(t.enterprise and card in t.members for t in seat.teams)


def _boost(ctx: Context, d: Draft, action: Boost, events: list[Event] | None) -> Draft:
    card = action.card
    spec = ctx.spec[card]
    booster, gain = BOOSTS[spec]
    if spec is Spec.HEROES and _in_enterprise(d.seats[d.mover], card):
        gain = ARTEL_BOOST
    wanted = 1 if action.amount is Amount.ONE else d.zones[card].holds(booster)
    units = d.take(card, booster.index, wanted)
    gain *= units
    z = d.zones[card]
    d.put(
        card,
        make_zones(
            add(z.current, spec.index, gain), z.reserve, z.gifts, z.influence, z.meals,
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
    moves={Boost: _boosts},
    checks={Boost: _boost_refused},
    effects={Boost: _boost},
)
"""ORB-3: a seat boosts its own character that holds its own resource this round and a
booster (``content.BOOSTS``), spending one unit or every unit of the booster (within
ORB-21's step limit and amounts, its facts ``over_step_limit``, ``amounts`` and
``wrong_amount``; ORB-21 counts the step)."""


# -- ORB-4: storage and giving ----------------------------------------------------------------
def at_hand(ctx: Context, state: State) -> tuple[dict[str, int], ...]:
    """The fact ``at_hand``: per resource (Territory, Food, Way, Advice), the characters of
    the seat to move that may give it (``content.GIVES``) and hold some, with the units each
    holds (this round's, gifts and reserve), in table order; while an offer is open, never
    the characters ORB-14 silences (its fact ``silenced``: the answering structure)."""
    at: tuple[dict[str, int], ...] = ({}, {}, {}, {})
    seat = ctx.facts.mover(ctx, state)
    if seat is None:
        return at
    silenced = ctx.facts.silenced(ctx, state)
    zones = state.zones.lookup()
    gives_at = ctx.gives_at
    for card in seat_cards(state.seats[seat]):
        if card in silenced:
            continue
        z = zones(card)
        current, gifts, reserve = z.current, z.gifts, z.reserve
        for i in gives_at[card]:
            units = current[i] + gifts[i] + reserve[i]
            if units:
                at[i][card] = units
    return at


ORB_4 = Rule(
    "ORB-4",
    "Hosts and Priests store Food, Heroes Advice; Priests keep Food, Heroes keep Advice.",
    "Хозяева и Жрецы копят Еду, Герои — Советы; Жрецы не отдают Еду, Герои — Советы.",
    facts={"at_hand": at_hand},
)
"""ORB-4: what each specialisation stores (``content.STORES``, which ORB-20's saving keeps)
and may give (``content.GIVES``). It states the fact ``at_hand`` (what the seat to move may
give, card by card), from which ORB-10 lists, refuses (``nothing_to_give``, under ORB-4) and
makes gifts."""


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
