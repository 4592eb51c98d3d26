"""ORB-19, ORB-20: consumption (what each structure eats, who goes) and saving."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from boardrules.core.rules import Rule
from boardrules.core.violation import Violation
from boardrules.games.orbita.actions import AllocateFood
from boardrules.games.orbita.content import STORES, Context, Resource, Role, Spec
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
from boardrules.games.orbita.table import index, reuse, seat_cards

__all__ = [
    "FOOD_CORPORATION",
    "FOOD_ENTERPRISE",
    "FOOD_LONE",
    "ORB_19",
    "ORB_20",
    "feed_seat",
    "food_for",
    "own_food",
    "seat_need",
    "structures",
]

#: ORB-19: the Food a lone character eats in a round.
FOOD_LONE = 1
#: ORB-19: the Food an enterprise eats in a round.
FOOD_ENTERPRISE = 6
#: ORB-19: the Food a corporation eats in a round.
FOOD_CORPORATION = 32

_FOOD = Resource.FOOD.index


def seat_need(seat: Seat) -> int:
    """The Food the seat's structures eat this round (ORB-19)."""
    need = FOOD_CORPORATION * len(seat.corporations)
    for team in seat.teams:
        need += FOOD_ENTERPRISE if team.enterprise else FOOD_LONE * len(team.members)
    return need


def structures(seat: Seat) -> list[tuple[tuple[str, ...], int]]:
    """Each structure of ``seat`` as its members and the Food it eats this round (ORB-19)."""
    out = [
        (tuple(m for t in c.enterprises for m in t.members), FOOD_CORPORATION)
        for c in seat.corporations
    ]
    for team in seat.teams:
        if team.enterprise:
            out.append((team.members, FOOD_ENTERPRISE))
        else:
            out.extend(((m,), FOOD_LONE) for m in team.members)
    return out


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
    """The Food the structure of ``members`` may eat this round in ``seat`` (ORB-17, ORB-19):
    its own (:func:`own_food`) and the seat's shared Food (what its characters other than
    Priests hold), less what the seat's other structures need beyond their own."""
    spec_of = ctx.spec
    shared = sum(
        zones[c].holds(Resource.FOOD) for c in seat_cards(seat) if spec_of[c] is not Spec.PRIESTS
    )
    mine = set(members)
    others = 0
    for ms, need in structures(seat):
        if not mine.intersection(ms):
            others += max(0, need - own_food(ctx, zones, ms))
    return own_food(ctx, zones, members) + shared - others


def _seat_need(ctx: Context, seat: Seat) -> int:
    """The fact ``seat_need``: the Food ``seat``'s structures eat this round
    (:func:`seat_need`)."""
    return seat_need(seat)


def _allocate_allowed(ctx: Context, state: State, action: AllocateFood) -> Violation | None:
    card = action.card
    seat = ctx.facts.mover(ctx, state)
    assert seat is not None
    ix = index(state)
    if ix.seat_of.get(card) != seat:
        return Violation("ORB-19", "not_your_character", {"card": card, "seat": seat})
    name = ix.structure_of[card].name
    if card != name:
        return Violation("ORB-19", "feed_whole", {"card": card, "name": name})
    if name in state.seats[seat].allocated:
        return Violation("ORB-19", "already_allocated", {"card": card})
    return None


#: Allocations by card, built once.
_ALLOCATES: dict[str, AllocateFood] = {}


def _allocate_of(card: str) -> AllocateFood:
    allocate = _ALLOCATES.get(card)
    if allocate is None:
        allocate = _ALLOCATES[card] = AllocateFood(card)
    return allocate


def _allowed_allocations(ctx: Context, state: State) -> list[AllocateFood]:
    """The allocations ORB-19 allows: the mover's structures by the card that names them,
    each once, in table order."""
    seat = state.turn if state.offer is None else ctx.facts.mover(ctx, state)  # (whose move)
    assert seat is not None
    ix = index(state)
    every = ix.allocations
    if every is None:
        every = ix.allocations = [
            [_allocate_of(st.name) for st in structures] for structures in ix.structures
        ]
    allocated = state.seats[seat].allocated
    if allocated:
        return [a for a in every[seat] if a.card not in allocated]
    found: list[AllocateFood] = every[seat]
    return found


def _allocate(ctx: Context, d: Draft, action: AllocateFood, events: list[Event] | None) -> Draft:
    seat = d.before.turn
    st = index(d.before).structure_of.get(action.card)
    name = action.card if st is None else st.name
    d.set_seat(seat, allocated=(*d.seats[seat].allocated, name))
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
        reuse(staying, seat.teams), reuse(kept_corps, seat.corporations), (), 0, False
    )


def _consumption(ctx: Context, d: Draft, step: Consumption, events: list[Event] | None) -> Draft:
    for s in range(len(d.seats)):
        feed_seat(ctx, d, s)
    return d


ORB_19 = Rule(
    "ORB-19",
    "Eat 1, 6 or 32 Food; the unfed go to market; unfed structures break up and eat again.",
    "Еда: 1, 6 или 32; ненакормленные уходят на рынок; структуры распадаются и едят снова.",
    moves={AllocateFood: _allowed_allocations},
    checks={AllocateFood: _allocate_allowed},
    effects={
        AllocateFood: _allocate,
        Consumption: _consumption,
    },
    facts={"food_for": food_for, "seat_need": _seat_need},
)
"""ORB-19: a lone character eats ``FOOD_LONE``, an enterprise ``FOOD_ENTERPRISE``, a
corporation ``FOOD_CORPORATION``; allocated structures first, then the default order; the
unfed break up or go to the market (the seat's last Leader stays; ORB-8's fact
``leader_room`` sends an extra team away). It states the facts ``seat_need`` (what a seat's
structures eat) and ``food_for`` (the Food one structure may eat), which ORB-17 and ORB-18
read (and the position builder, through ORB-18's :func:`can_form_corporation`)."""


def _saving(ctx: Context, d: Draft, step: Saving, events: list[Event] | None) -> Draft:
    stored = _STORED
    for seat in d.seats:
        for card in seat_cards(seat):
            z = d.zones[card]
            kept = stored.get(card)
            if kept is None:
                kept = stored[card] = tuple(r.index for r in STORES[ctx.spec[card]])
            reserve = list(z.reserve)
            for i in kept:
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


#: The resources (by index) each card stores (``STORES`` of its specialisation), by card id.
_STORED: dict[str, tuple[int, ...]] = {}


ORB_20 = Rule(
    "ORB-20",
    "Saving: storable resources go to reserves, everything else is removed.",
    "Сохранение: что можно хранить — в запас, остальное убирается.",
    effects={Saving: _saving},
)
"""ORB-20: each seated character keeps what it may store (``content.STORES``) in its
reserve; every other token goes; market characters keep their one unit."""
