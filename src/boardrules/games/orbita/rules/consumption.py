"""ORB-19, ORB-20: consumption (what each structure eats, who goes) and saving."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from boardrules.core.rules import Rule
from boardrules.core.violation import Refusal
from boardrules.games.orbita.actions import AllocateFood
from boardrules.games.orbita.content import STORES, Resource, Role, Spec
from boardrules.games.orbita.context import Context
from boardrules.games.orbita.events import (
    CharacterFired,
    CorporationCollapsed,
    EnterpriseCollapsed,
    Event,
    StructureFed,
)
from boardrules.games.orbita.flow import Consumption, Draft, Saving
from boardrules.games.orbita.state import (
    BARE,
    EMPTY,
    Corporation,
    Seat,
    State,
    Team,
    Zones,
    make_seat,
    make_zones,
)
from boardrules.games.orbita.table import (
    CORPORATION,
    ENTERPRISE,
    LONE,
    seat_cards,
    structure_of,
    structures,
)

__all__ = [
    "FOOD_CORPORATION",
    "FOOD_ENTERPRISE",
    "FOOD_LONE",
    "ORB_19",
    "ORB_20",
    "eats",
    "feed_seat",
    "food_for",
    "own_food",
    "seat_need",
]

#: ORB-19: the Food a lone character eats in a round.
FOOD_LONE = 1
#: ORB-19: the Food an enterprise eats in a round.
FOOD_ENTERPRISE = 6
#: ORB-19: the Food a corporation eats in a round.
FOOD_CORPORATION = 32

_FOOD = Resource.FOOD.index


def _appetite(size: int) -> int:
    return {LONE: FOOD_LONE, ENTERPRISE: FOOD_ENTERPRISE, CORPORATION: FOOD_CORPORATION}[size]


def eats(ctx: Context, size: int) -> int:
    """The fact ``eats``: the Food a structure of ``size`` characters eats in a round."""
    return _appetite(size)


def _needs(seat: Seat) -> list[tuple[tuple[str, ...], int]]:
    """Each structure of ``seat`` as its members and the Food it eats this round."""
    return [(st.members, _appetite(st.size)) for st in structures(0, seat)]


def seat_need(ctx: Context, seat: Seat) -> int:
    """The fact ``seat_need``: the Food the seat's structures eat this round."""
    return sum(need for _, need in _needs(seat))


def own_food(ctx: Context, zones: Mapping[str, Zones], members: Iterable[str]) -> int:
    """The Food only the structure of ``members`` may eat: the meals set aside for its
    members and its Priests' Food (Priests' Food feeds only themselves)."""
    spec_of = ctx.spec
    return sum(
        zones[m].meals + (zones[m].holds(Resource.FOOD) if spec_of[m] is Spec.PRIESTS else 0)
        for m in members
    )


def food_for(
    ctx: Context, seat: Seat, zones: Mapping[str, Zones], members: tuple[str, ...]
) -> int:
    """The fact ``food_for``: the Food the structure of ``members`` may eat this round in
    ``seat`` (ORB-17, ORB-19): its own (:func:`own_food`) and the seat's shared Food (what its
    characters other than Priests hold), less what the seat's other structures need beyond
    their own."""
    spec_of = ctx.spec
    shared = sum(
        zones[c].holds(Resource.FOOD) for c in seat_cards(seat) if spec_of[c] is not Spec.PRIESTS
    )
    mine = set(members)
    others = 0
    for ms, need in _needs(seat):
        if not mine.intersection(ms):
            others += max(0, need - own_food(ctx, zones, ms))
    return own_food(ctx, zones, members) + shared - others


def _allocate_refused(ctx: Context, state: State, action: AllocateFood) -> Refusal:
    card = action.card
    seat = ctx.facts.mover(ctx, state)
    st = structure_of(state, card)
    if st.seat != seat:
        return "not_your_character", {"card": card, "seat": seat}
    if card != st.name:
        return "feed_whole", {"card": card, "name": st.name}
    if card in state.seats[seat].allocated:
        return "already_allocated", {"card": card}
    return None


def _allocations(ctx: Context, state: State) -> list[AllocateFood]:
    """The allocations ORB-19 allows: the mover's structures not yet fed first, by the card
    that names them, in table order."""
    seat = ctx.facts.mover(ctx, state)
    mine = state.seats[seat]
    allocate = ctx.allocate
    return [
        allocate[st.name] for st in structures(seat, mine) if st.name not in mine.allocated
    ]


def _allocate(ctx: Context, d: Draft, action: AllocateFood, events: list[Event] | None) -> Draft:
    seat = d.mover
    st = structure_of(d.before, action.card)
    allocated = d.seats[seat].allocated
    if st.seat == seat and st.name not in allocated:
        d.set_seat(seat, allocated=(*allocated, st.name))
    else:  # (a variant lets one name what is no new structure of one's own: a pass)
        d.set_seat(seat, done=True)
    return d


def feed_seat(ctx: Context, d: Draft, s: int) -> None:
    """Feed seat ``s``'s structures, break up the unfed ones, fire who goes (ORB-19, ORB-8)."""
    spec_of, role_of = ctx.spec, ctx.role
    seat = d.seats[s]
    pool = [c for c in seat_cards(seat) if spec_of[c] is not Spec.PRIESTS]
    teams = list(seat.teams)
    corps = list(seat.corporations)
    # Queue entries: ("corp", its name) / ("team", leader) / ("char", card).
    default: list[tuple[str, str]] = [("corp", c.enterprises[0].leader) for c in corps]
    default += [("team", t.leader) for t in teams if t.enterprise]
    default += [("char", m) for t in teams if not t.enterprise for m in t.members]
    if seat.allocated:
        names = {name: (kind, name) for kind, name in default}
        queue = [names[n] for n in seat.allocated if n in names]
        first = set(queue)
        queue += [e for e in default if e not in first]
    else:
        queue = default
    fed: set[str] = set()
    alive: list[Corporation] = []
    corp_by_name = {c.enterprises[0].leader: c for c in corps} if corps else {}
    team_at = {t.leader: i for i, t in enumerate(teams)}
    # The pool's Food: only ``feed`` takes from it (kept up to date there).
    zones = d.zones  # the draft's own dict, which ``put`` changes in place
    shared = 0
    for c in pool:
        z = zones[c]
        shared += z.current[_FOOD] + z.gifts[_FOOD] + z.reserve[_FOOD]

    def feed(members: tuple[str, ...], need: int, name: str) -> bool:
        nonlocal shared
        own = 0
        for m in members:
            z = zones[m]
            own += z.meals
            if spec_of[m] is Spec.PRIESTS:
                own += z.current[_FOOD] + z.gifts[_FOOD] + z.reserve[_FOOD]
        if own + shared < need:
            return False
        left = need
        for m in members:
            z = zones[m]
            if z.meals and left:
                used = min(z.meals, left)
                left -= used
                meals = z.meals - used
                d.put(
                    m, make_zones(z.current, z.reserve, z.gifts, z.influence, meals, z.directed_by)
                )
        for m in members:
            if left and spec_of[m] is Spec.PRIESTS:
                left -= d.take(m, _FOOD, left)
        if left:
            # The shared Food: the structure's own pool cards first, then the rest of the
            # pool, each in pool order; a card without Food gives nothing (``take`` of 0).
            if len(members) == 1:
                # ``name`` comes again in ``pool``, by then without Food.
                ordered = [name, *pool] if name in pool else pool
            else:
                ordered = [m for m in members if m in pool] + [
                    c for c in pool if c not in members
                ]
            for c in ordered:
                z = zones[c]
                if not (z.current[_FOOD] or z.gifts[_FOOD] or z.reserve[_FOOD]):
                    continue
                got = d.take(c, _FOOD, left)
                left -= got
                shared -= got
                if not left:
                    break
        if d.events is not None:
            d.emit(StructureFed(s, name, need))
        return True

    while queue:
        kind, name = queue.pop(0)
        if kind == "corp":
            corp = corp_by_name[name]
            members = tuple(m for t in corp.enterprises for m in t.members)
            if feed(members, FOOD_CORPORATION, name):
                fed.update(members)
                alive.append(Corporation(corp.suit, corp.enterprises, corp.age + 1))
            else:
                if d.events is not None:
                    d.emit(CorporationCollapsed(s, corp.suit))
                for team in corp.enterprises:
                    team_at[team.leader] = len(teams)
                    teams.append(team)
                queue[:0] = [("team", t.leader) for t in corp.enterprises]
        elif kind == "team":
            team = teams[team_at[name]]
            if feed(team.members, FOOD_ENTERPRISE, name):
                fed.update(team.members)
            else:
                if d.events is not None:
                    d.emit(EnterpriseCollapsed(s, team.leader))
                teams[team_at[name]] = Team(team.leader, team.members, False)
                queue[:0] = [("char", m) for m in team.members]
        elif feed((name,), FOOD_LONE, name):
            fed.add(name)
    kept_corps: tuple[Corporation, ...] = ()
    if alive:
        alive_order = {c.enterprises[0].leader: c for c in alive}
        kept_corps = tuple(
            alive_order[c.enterprises[0].leader]
            for c in corps
            if c.enterprises[0].leader in alive_order
        )
    fired: list[str] = []
    any_leader_fed = bool(kept_corps) or any(t.leader in fed for t in teams)
    keep_last = "" if any_leader_fed else teams[0].leader
    staying: list[Team] = []
    for team in teams:
        if team.enterprise:
            staying.append(team)
            continue
        if team.leader not in fed and team.leader != keep_last:
            fired.extend(team.members)
            continue
        stay = tuple(
            m
            for m in team.members
            if m in fed or m == team.leader or (role_of[m] is Role.SAGE and team.leader in fed)
        )
        fired.extend(m for m in team.members if m not in stay)
        staying.append(team if stay == team.members else Team(team.leader, stay, False))
    # ORB-8: a seat left with too many Leaders sends its newest extra team to the market.
    room = ctx.facts.leader_room
    while room(ctx, make_seat(tuple(staying), kept_corps, (), 0, False)) < 0:
        last = max(i for i, t in enumerate(staying) if not t.enterprise)
        fired.extend(staying.pop(last).members)
    for card in fired:
        d.market.append(card)
        d.put(card, BARE)
        if d.events is not None:
            d.emit(CharacterFired(s, card))
    d.seats[s] = make_seat(
        tuple(staying), kept_corps, (), 0, False
    )


def _consumption(ctx: Context, d: Draft, step: Consumption, events: list[Event] | None) -> Draft:
    for s in range(len(d.seats)):
        feed_seat(ctx, d, s)
    return d


ORB_19 = Rule(
    "ORB-19",
    "Eat 1, 6 or 32 Food; the unfed go to market; unfed structures break up and eat again.",
    "Еда: 1, 6 или 32; ненакормленные уходят на рынок; структуры распадаются и едят снова.",
    moves={AllocateFood: _allocations},
    checks={AllocateFood: _allocate_refused},
    effects={
        AllocateFood: _allocate,
        Consumption: _consumption,
    },
    facts={"food_for": food_for, "seat_need": seat_need, "eats": eats},
)
"""ORB-19: a lone character eats ``FOOD_LONE``, an enterprise ``FOOD_ENTERPRISE``, a
corporation ``FOOD_CORPORATION``; allocated structures first, then the default order; the
unfed break up or go to the market (the seat's last Leader stays; ORB-8's fact
``leader_room`` sends an extra team away). It states the facts ``eats`` (what a structure
eats), ``seat_need`` (what a seat's structures eat) and ``food_for`` (the Food one structure
may eat), which ORB-17 and ORB-18 read (and the position builder, the text view, the
observation and the agents' heuristics)."""


def _saving(ctx: Context, d: Draft, step: Saving, events: list[Event] | None) -> Draft:
    spec_of = ctx.spec
    for seat in d.seats:
        for card in seat_cards(seat):
            z = d.zones[card]
            reserve = list(z.reserve)
            for resource in STORES[spec_of[card]]:
                i = resource.index
                reserve[i] += z.current[i] + z.gifts[i]
            d.put(
                card,
                make_zones(
                    EMPTY, (reserve[0], reserve[1], reserve[2], reserve[3]), EMPTY, EMPTY, 0, None
                ),
            )
    for card in d.market:
        z = d.zones[card]
        # (Tokens besides this round's mean the card is not BARE.)
        if z.reserve != EMPTY or z.gifts != EMPTY or z.influence != EMPTY:
            d.put(card, make_zones(z.current, EMPTY, EMPTY, EMPTY, 0, None))
    return d


ORB_20 = Rule(
    "ORB-20",
    "Saving: storable resources go to reserves, everything else is removed.",
    "Сохранение: что можно хранить — в запас, остальное убирается.",
    effects={Saving: _saving},
)
"""ORB-20: each seated character keeps what it may store (``content.STORES``) in its
reserve; every other token goes; market characters keep their one unit."""
