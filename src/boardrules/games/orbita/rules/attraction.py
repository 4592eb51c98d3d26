"""ORB-6..ORB-9: the round and its turns, attraction, the Leader limit, production."""

from __future__ import annotations

from boardrules.core.rules import ANY_ACTION, Rule
from boardrules.core.violation import Violation
from boardrules.games.orbita.actions import (
    AllocateFood,
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
from boardrules.games.orbita.content import ROLE_ORDER, Context, Role, Spec
from boardrules.games.orbita.events import CharacterDrawn, CharacterHired, Event
from boardrules.games.orbita.flow import (
    AutoStep,
    Draft,
    Production,
    add,
    wrap_up,
)
from boardrules.games.orbita.state import (
    BARE,
    EMPTY,
    Phase,
    Seat,
    Stage,
    State,
    Team,
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
    "whose_move",
]


# -- ORB-6: the round and its turns -------------------------------------------------------------
def _move_over(ctx: Context, d: Draft, action: object, events: list[Event] | None) -> Draft:
    # A gift, boost or allocation outside an offer is the seat's whole move; the turn passes.
    if d.before.offer is None:
        d.ended = ctx.facts.mover(ctx, d.before)
    return d


def _pass(ctx: Context, d: Draft, action: Pass, events: list[Event] | None) -> Draft:
    state = d.before
    if state.offer is None and state.phase is not Phase.ATTRACTION:
        seat = state.turn
        d.set_seat(seat, done=True)
        d.ended = seat
    return d


#: The kinds of action each step takes, in the order they are listed (ORB-6, ORB-12,
#: ORB-14); the core refuses the rest (CORE-3).
STEPS: dict[Phase | Stage, tuple[type, ...]] = {
    Phase.ATTRACTION: (DrawCharacter, TakeFromMarket, Pass),
    Phase.TRADE: (Gift, Boost, Pass),
    Phase.HIRING: (MakeOffer, Gift, Boost, Pass),
    Stage.SUPPORT: (Gift, Shield, Pass),
    Stage.ANSWER: (AnswerOffer, Boost, Shield),
    Stage.REINFORCE: (Reinforce, Boost, Pass),
    Phase.DEVELOPMENT: (FormCorporation, Pass),
    Phase.CONSUMPTION: (AllocateFood, Gift, Boost, Pass),
}


def _steps(ctx: Context, state: State) -> tuple[type, ...]:
    offer = state.offer
    return STEPS.get(offer.stage if offer is not None else state.phase, ())


def _step_names(ctx: Context, state: State) -> tuple[str, ...]:
    """The step waiting: the open offer's stage, else the phase (their values)."""
    offer = state.offer
    return ((offer.stage if offer is not None else state.phase).value,)


def whose_move(state: State) -> int | None:
    """Who decides (ORB-6), or ``None`` once the game is over (ORB-22): the seat on turn;
    while an offer is open, the third seat waiting to support, the answering seat, then the
    offering seat to reinforce."""
    if state.over:
        return None
    offer = state.offer
    if offer is None:
        return state.turn
    stage = offer.stage
    if stage is _SUPPORT:
        return offer.waiting[0]
    if stage is _ANSWER:
        return offer.responder
    return offer.seat


_SUPPORT = Stage.SUPPORT
_ANSWER = Stage.ANSWER


def _mover(ctx: Context, state: State) -> int | None:
    """The fact ``mover``: :func:`whose_move`, for the rules that ask whose decision it is."""
    return whose_move(state)


def _turn(ctx: Context, state: State) -> int:
    seat = whose_move(state)
    assert seat is not None
    return seat


_PASS = (Pass(),)


def _passes(ctx: Context, state: State) -> tuple[Pass]:
    """ORB-6's pass, possible in every step but an answer (CORE-3 refuses it there)."""
    return _PASS


def _wrap_up(ctx: Context, d: Draft, action: object, events: list[Event] | None) -> Draft:
    if isinstance(action, AutoStep):  # (the automatic steps are run from here)
        return d
    return wrap_up(ctx, d)


# -- ORB-7: attraction -----------------------------------------------------------------------
def has_bard(ctx: Context, state: State, seat: int) -> bool:
    """Whether ``seat`` holds a Bard (it may both draw and take)."""
    role = ctx.role
    return any(role[c] is Role.BARD for c in seat_cards(state.seats[seat]))


def join_slot(ctx: Context, seat: Seat, card: str) -> tuple[int, str | None]:
    """Where ``card`` would join ``seat`` (ORB-7; a Leader needs ORB-8's ``leader_room``).

    Returns:
        ``(team index, None)`` for a team of its specialisation missing its role,
        ``(-1, None)`` for a Leader starting a new team, or ``(-2, reason)`` where the
        reason is ``"leader_limit"`` or ``"cannot_join"``.
    """
    spec_of, role_of = ctx.spec, ctx.role
    spec, role = spec_of[card], role_of[card]
    if role is Role.LEADER:
        if ctx.facts.leader_room(ctx, seat):
            return -1, None
        return -2, "leader_limit"
    for t, team in enumerate(seat.teams):
        if team.enterprise or spec_of[team.leader] is not spec:
            continue
        if all(role_of[m] is not role for m in team.members):
            return t, None
    return -2, "cannot_join"


def join(ctx: Context, d: Draft, s: int, card: str) -> bool:
    """Seat ``card`` in a team of seat ``s`` if it fits (ORB-7's fact ``join``)."""
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


_DRAW = DrawCharacter()
_DRAWS = (_DRAW,)
#: Takes by card, built once.
_TAKES: dict[str, TakeFromMarket] = {}


def _take_of(card: str) -> TakeFromMarket:
    take = _TAKES.get(card)
    if take is None:
        take = _TAKES[card] = TakeFromMarket(card)
    return take


def _draw_allowed(ctx: Context, state: State, action: DrawCharacter) -> Violation | None:
    seat = ctx.facts.mover(ctx, state)
    assert seat is not None
    if state.drew:
        return Violation("ORB-7", "already_drew", {"seat": seat})
    if state.took and not has_bard(ctx, state, seat):
        return Violation("ORB-7", "needs_bard", {})
    if not state.deck:
        return Violation("ORB-7", "deck_empty", {})
    return None


def _draw_if_allowed(ctx: Context, state: State) -> tuple[DrawCharacter, ...]:
    """The draw ORB-7 allows, or nothing: one draw a turn (after a take only with a Bard),
    while the deck lasts."""
    if state.drew or not state.deck:
        return ()
    if state.took:
        seat = state.turn if state.offer is None else ctx.facts.mover(ctx, state)  # (whose move)
        if seat is None or not has_bard(ctx, state, seat):
            return ()
    return _DRAWS


def _take_allowed(ctx: Context, state: State, action: TakeFromMarket) -> Violation | None:
    card = action.card
    seat = ctx.facts.mover(ctx, state)
    assert seat is not None
    if state.took:
        return Violation("ORB-7", "already_took", {"seat": seat})
    if state.drew and not has_bard(ctx, state, seat):
        return Violation("ORB-7", "needs_bard", {})
    if join_slot(ctx, state.seats[seat], card)[1] == "cannot_join":
        return Violation("ORB-7", "cannot_join", {"card": card, "seat": seat})
    return None


def _allowed_takes(ctx: Context, state: State) -> list[TakeFromMarket]:
    """The takes ORB-7 and ORB-8 allow, in market order: one take a turn (a draw too only
    with a Bard), of a card that fits a team of the seat or a Leader with room."""
    seat = state.turn if state.offer is None else ctx.facts.mover(ctx, state)  # (whose move)
    assert seat is not None
    if state.took or (state.drew and not has_bard(ctx, state, seat)):
        return []
    mine = state.seats[seat]
    spec_of, role_of = ctx.spec, ctx.role
    room = bool(ctx.facts.leader_room(ctx, mine))
    # Open slots as 4 * specialisation + role (by their indices).
    open_slots: set[int] = set()
    for team in mine.teams:
        if not team.enterprise:
            base = 4 * spec_of[team.leader].index
            taken = [role_of[m] for m in team.members]
            open_slots.update(base + r.index for r in ROLE_ORDER if r not in taken)
    out: list[TakeFromMarket] = []
    for card in state.market:
        role = role_of[card]
        if role is Role.LEADER:
            if not room:
                continue
        elif 4 * spec_of[card].index + role.index not in open_slots:
            continue
        out.append(_take_of(card))
    return out


def _end_of_attraction_move(ctx: Context, d: Draft, seat: int) -> None:
    # Without a Bard one attraction ends the turn; with one, a draw and a take (or a pass).
    role = ctx.role
    bard = any(role[c] is Role.BARD for c in seat_cards(d.seats[seat]))
    if (d.drew and d.took) or not bard:
        d.ended = seat


def _draw(ctx: Context, d: Draft, action: DrawCharacter, events: list[Event] | None) -> Draft:
    seat = d.before.turn
    if d.deck:  # (an empty deck gives nothing, where a variant lets one draw from it)
        card = d.deck[0]
        d.deck = d.deck[1:]
        joined = ctx.facts.join(ctx, d, seat, card)
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
    # A card that fits no team stays on the market (where a variant lets one take it).
    if ctx.facts.join(ctx, d, seat, action.card):
        d.market.remove(action.card)
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


ORB_6 = Rule(
    "ORB-6",
    "A round: attraction, production, trade, hiring, development, consumption, saving.",
    "Кон: привлечение, производство, торг, найм, развитие, потребление, сохранение.",
    moves={Pass: _passes},
    effects={
        Gift: _move_over,
        Boost: _move_over,
        AllocateFood: _move_over,
        FormCorporation: _move_over,
        Pass: _pass,
        ANY_ACTION: _wrap_up,
    },
    turn=_turn,
    steps=_steps,
    step_names=_step_names,
    facts={"mover": _mover},
)
"""ORB-6: the phases in order, the turn going round (:func:`whose_move`, which the other
rules read as ORB-6's fact ``mover``); ``Pass`` ends a seat's
part of a phase. Which actions each step takes is :data:`STEPS` (the core refuses the rest as
CORE-3); after every action the turn moves on and the parts of the round nobody decides run
(``flow.wrap_up``); ``apply`` builds the state of a pass that leaves the phase going at
once, while the pass's effects are these units' own."""


# -- ORB-8: the Leader limit ------------------------------------------------------------------
def leader_room(seat: Seat) -> int:
    """How many more Leaders ``seat`` may take: it holds at most one more than enterprises.

    Negative when the seat holds too many (after losing an enterprise).
    """
    return 1 + enterprises(seat) - leaders(seat)


def over_leader_limit(seat: Seat) -> bool:
    """Whether ``seat`` holds more Leaders than ORB-8 allows."""
    return leader_room(seat) < 0


def _room(ctx: Context, seat: Seat) -> int:
    return leader_room(seat)


def _leader_allowed(ctx: Context, state: State, action: TakeFromMarket) -> Violation | None:
    seat = ctx.facts.mover(ctx, state)
    assert seat is not None
    if ctx.role[action.card] is Role.LEADER and not leader_room(state.seats[seat]):
        return Violation("ORB-8", "leader_limit", {"seat": seat})
    return None


ORB_7 = Rule(
    "ORB-7",
    "Attraction: draw a character (it joins a team or the market) or take one from market.",
    "Привлечение: открыть персонажа (в команду или на рынок) или взять с рынка труда.",
    moves={DrawCharacter: _draw_if_allowed, TakeFromMarket: _allowed_takes},
    checks={
        DrawCharacter: _draw_allowed,
        TakeFromMarket: _take_allowed,
    },
    effects={DrawCharacter: _draw, TakeFromMarket: _take, Pass: _stop},
    facts={"join": join},
)
"""ORB-7: one draw or one take a turn (both with a Bard); a card joins a team that lacks its
role (the fact ``join``; a Leader needs ORB-8's ``leader_room``), else goes to the labour
market."""

ORB_8 = Rule(
    "ORB-8",
    "At most one Leader more than enterprises; a lost enterprise costs the extra team.",
    "Лидеров не больше, чем предприятий плюс один; распад предприятия уводит лишнюю команду.",
    checks={TakeFromMarket: _leader_allowed},
    facts={"leader_room": _room},
)
"""ORB-8: the fact ``leader_room`` (:func:`leader_room`), which ORB-7's joining and ORB-19's
feeding read: a Leader without room is not taken and a drawn one goes to the market (ORB-7),
and consumption sends the newest extra team to the market (ORB-19)."""


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
