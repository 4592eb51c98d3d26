"""ORB-6..ORB-9: the round and its turns, attraction, the Leader limit, production."""

from __future__ import annotations

from boardrules.core.rules import Rule
from boardrules.core.violation import Violation
from boardrules.games.orbita.actions import (
    AllocateFood,
    Boost,
    DrawCharacter,
    FormCorporation,
    Gift,
    Pass,
    TakeFromMarket,
)
from boardrules.games.orbita.content import Context, Role, Spec
from boardrules.games.orbita.events import CharacterDrawn, CharacterHired, Event
from boardrules.games.orbita.flow import Draft, Production, add, to_move, turn_handed_on
from boardrules.games.orbita.state import (
    BARE,
    EMPTY,
    Phase,
    Seat,
    State,
    Team,
    make_seat,
    make_zones,
)
from boardrules.games.orbita.table import enterprises, leaders, seat_cards

__all__ = [
    "HOSTS_OUTPUT",
    "MASTER_BONUS",
    "ORB_6",
    "ORB_7",
    "ORB_8",
    "ORB_9",
    "OUTPUT",
    "has_bard",
    "join",
    "join_slot",
    "leader_room",
    "over_leader_limit",
    "pass_step",
]


# -- ORB-6: the round and its turns -------------------------------------------------------------
def _move_over(ctx: Context, d: Draft, action: object, events: list[Event] | None) -> Draft:
    # A gift, boost or allocation outside an offer is the seat's whole move; the turn passes.
    if d.before.offer is None:
        d.ended = to_move(d.before)
    return d


def _pass(ctx: Context, d: Draft, action: Pass, events: list[Event] | None) -> Draft:
    state = d.before
    if state.offer is None and state.phase is not Phase.ATTRACTION:
        seat = state.turn
        d.set_seat(seat, done=True)
        d.ended = seat
    return d


ORB_6 = Rule(
    "ORB-6",
    "A round: attraction, production, trade, hiring, development, consumption, saving.",
    "Кон: привлечение, производство, торг, найм, развитие, потребление, сохранение.",
    effects={
        Gift: _move_over,
        Boost: _move_over,
        AllocateFood: _move_over,
        FormCorporation: _move_over,
        Pass: _pass,
    },
)
"""ORB-6: the phases in order, the turn going round; ``Pass`` ends a seat's part of a phase.

Which actions each step takes is ``flow.ACCEPTS`` (the core refuses the rest as CORE-3); the
turn order and the phase changes are ``flow.finish``.
"""


# -- ORB-7: attraction -----------------------------------------------------------------------
def has_bard(ctx: Context, state: State, seat: int) -> bool:
    """Whether ``seat`` holds a Bard (it may both draw and take)."""
    role = ctx.role
    return any(role[c] is Role.BARD for c in seat_cards(state.seats[seat]))


def join_slot(ctx: Context, seat: Seat, card: str) -> tuple[int, str | None]:
    """Where ``card`` would join ``seat`` (ORB-7, ORB-8).

    Returns:
        ``(team index, None)`` for a team of its specialisation missing its role,
        ``(-1, None)`` for a Leader starting a new team, or ``(-2, reason)`` where the
        reason is ``"leader_limit"`` or ``"cannot_join"``.
    """
    spec_of, role_of = ctx.spec, ctx.role
    spec, role = spec_of[card], role_of[card]
    if role is Role.LEADER:
        if leader_room(seat):
            return -1, None
        return -2, "leader_limit"
    for t, team in enumerate(seat.teams):
        if team.enterprise or spec_of[team.leader] is not spec:
            continue
        if all(role_of[m] is not role for m in team.members):
            return t, None
    return -2, "cannot_join"


def join(ctx: Context, d: Draft, s: int, card: str) -> bool:
    """Seat ``card`` in a team of seat ``s`` if it fits (ORB-7, ORB-8)."""
    seat = d.seats[s]
    t, reason = join_slot(ctx, seat, card)
    if reason is not None:
        return False
    teams = list(seat.teams)
    if t == -1:
        teams.append(Team(card, (card,)))
    else:
        team = teams[t]
        rank, role = ctx.role_rank, ctx.role
        members = tuple(sorted((*team.members, card), key=lambda c: rank[role[c]]))
        teams[t] = Team(team.leader, members, team.enterprise)
    d.set_seat(s, teams=tuple(teams))
    d.put(card, BARE)
    return True


def _draw_allowed(ctx: Context, state: State, action: DrawCharacter) -> Violation | None:
    seat = to_move(state)
    assert seat is not None
    if state.drew:
        return Violation("ORB-7", "already_drew", {"seat": seat})
    if state.took and not has_bard(ctx, state, seat):
        return Violation("ORB-7", "needs_bard", {})
    if not state.deck:
        return Violation("ORB-7", "deck_empty", {})
    return None


def _take_allowed(ctx: Context, state: State, action: TakeFromMarket) -> Violation | None:
    card = action.card
    seat = to_move(state)
    assert seat is not None
    if card not in state.market:
        return Violation("ORB-7", "not_on_market", {"card": card})
    if state.took:
        return Violation("ORB-7", "already_took", {"seat": seat})
    if state.drew and not has_bard(ctx, state, seat):
        return Violation("ORB-7", "needs_bard", {})
    if join_slot(ctx, state.seats[seat], card)[1] == "cannot_join":
        return Violation("ORB-7", "cannot_join", {"card": card, "seat": seat})
    return None


def _end_of_attraction_move(ctx: Context, d: Draft, seat: int) -> None:
    # Without a Bard one attraction ends the turn; with one, a draw and a take (or a pass).
    role = ctx.role
    bard = any(role[c] is Role.BARD for c in seat_cards(d.seats[seat]))
    if (d.drew and d.took) or not bard:
        d.ended = seat


def _draw(ctx: Context, d: Draft, action: DrawCharacter, events: list[Event] | None) -> Draft:
    seat = d.before.turn
    card = d.deck[0]
    d.deck = d.deck[1:]
    joined = join(ctx, d, seat, card)
    if not joined:
        d.market.append(card)
        d.put(card, BARE)
    if d.events is not None:
        d.emit(CharacterDrawn(seat, card, joined))
    d.drew = True
    _end_of_attraction_move(ctx, d, seat)
    return d


def _take(ctx: Context, d: Draft, action: TakeFromMarket, events: list[Event] | None) -> Draft:
    seat = d.before.turn
    d.market.remove(action.card)
    join(ctx, d, seat, action.card)
    if d.events is not None:
        d.emit(CharacterHired(seat, action.card))
    d.took = True
    _end_of_attraction_move(ctx, d, seat)
    return d


def _stop(ctx: Context, d: Draft, action: Pass, events: list[Event] | None) -> Draft:
    if d.before.phase is Phase.ATTRACTION:
        d.drew = d.took = True
        _end_of_attraction_move(ctx, d, d.before.turn)
    return d


ORB_7 = Rule(
    "ORB-7",
    "Attraction: draw a character (it joins a team or the market) or take one from market.",
    "Привлечение: открыть персонажа (в команду или на рынок) или взять с рынка труда.",
    checks={DrawCharacter: _draw_allowed, TakeFromMarket: _take_allowed},
    effects={DrawCharacter: _draw, TakeFromMarket: _take, Pass: _stop},
)
"""ORB-7: one draw or one take a turn (both with a Bard); a card joins a team that lacks its
role, else goes to the labour market."""


# -- ORB-8: the Leader limit ------------------------------------------------------------------
def leader_room(seat: Seat) -> int:
    """How many more Leaders ``seat`` may take: it holds at most one more than enterprises.

    Negative when the seat holds too many (after losing an enterprise).
    """
    return 1 + enterprises(seat) - leaders(seat)


def over_leader_limit(seat: Seat) -> bool:
    """Whether ``seat`` holds more Leaders than ORB-8 allows."""
    return leader_room(seat) < 0


def _leader_allowed(ctx: Context, state: State, action: TakeFromMarket) -> Violation | None:
    seat = to_move(state)
    assert seat is not None
    if join_slot(ctx, state.seats[seat], action.card)[1] == "leader_limit":
        return Violation("ORB-8", "leader_limit", {"seat": seat})
    return None


ORB_8 = Rule(
    "ORB-8",
    "At most one Leader more than enterprises; a lost enterprise costs the extra team.",
    "Лидеров не больше, чем предприятий плюс один; распад предприятия уводит лишнюю команду.",
    checks={TakeFromMarket: _leader_allowed},
)
"""ORB-8: :func:`leader_room`; a drawn Leader without room goes to the market (ORB-7), and
consumption sends the newest extra team to the market (ORB-19)."""


# -- ORB-9: production ------------------------------------------------------------------------
#: ORB-9: what a seated character's own resource is topped up to each round.
OUTPUT = 1
#: ORB-9: the same for Hosts (Food).
HOSTS_OUTPUT = 2
#: ORB-9: what a Master adds.
MASTER_BONUS = 1


def _made(ctx: Context, card: str) -> tuple[int, int]:
    """The resource (its index) ``card`` produces and what it is topped up to (ORB-9)."""
    spec = ctx.spec[card]
    base = (HOSTS_OUTPUT if spec is Spec.HOSTS else OUTPUT) + (
        MASTER_BONUS if ctx.role[card] is Role.MASTER else 0
    )
    return spec.index, base


#: ``_made`` by card (a card id fixes its specialisation and role), worked out once.
_MADE: dict[str, tuple[int, int]] = {}


def _production(ctx: Context, d: Draft, step: Production, events: list[Event] | None) -> Draft:
    spec_of = ctx.spec
    made = _MADE
    for seat in d.seats:
        for card in seat_cards(seat):
            known = made.get(card)
            if known is None:
                known = made[card] = _made(ctx, card)
            i, base = known
            z = d.zones[card]
            if z.current[i] < base:
                d.put(
                    card,
                    make_zones(
                        add(z.current, i, base - z.current[i]),
                        z.reserve,
                        z.gifts,
                        z.influence,
                        z.meals,
                        z.directed_by,
                    ),
                )
    for card in d.market:
        z = d.zones[card]
        i = spec_of[card].index
        if z.current[i] == 0:
            d.put(card, make_zones(add(EMPTY, i, 1), EMPTY, EMPTY, EMPTY, 0, None))
    return d


ORB_9 = Rule(
    "ORB-9",
    "Production: 1 each, Hosts 2 Food, Masters +1; market characters get one unit.",
    "Производство: по 1, Хозяева 2 Еды, Мастер +1; персонажи рынка получают по 1.",
    effects={Production: _production},
)
"""ORB-9: after attraction each seated character tops its own resource up; market ones get one."""


#: The phases in which a ``Pass`` outside an offer ends the seat's part of the phase.
_DONE_BY_PASS = frozenset((Phase.TRADE, Phase.HIRING, Phase.CONSUMPTION))


def pass_step(ctx: Context, state: State, action: Pass) -> State | None:
    """The state after a legal ``Pass`` that leaves the phase going, built directly.

    It is what the default effects for a pass (ORB-6's :func:`_pass`; ORB-7's and ORB-14's
    do nothing outside attraction and offers) and ``flow.finish`` make of the working copy:
    the seat is done and the turn passes to the next seat that is not. ``None`` when the
    step is not of that kind (attraction, development, an open offer, the last seat to
    pass): the caller then takes the general path. The caller makes sure the pass is legal
    and that its rulebook has those effects for passes; no events are made.
    """
    if state.offer is not None or state.phase not in _DONE_BY_PASS:
        return None
    seat = state.turn
    seats = list(state.seats)
    mine = seats[seat]
    seats[seat] = make_seat(mine.teams, mine.corporations, mine.allocated, mine.steps, True)
    return turn_handed_on(state, seats, seat)
