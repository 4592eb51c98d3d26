"""ORB-6..ORB-9: the round and its turns, attraction, the Leader limit, production."""

from __future__ import annotations

from boardrules.core.rules import ANY_ACTION, Rule
from boardrules.core.violation import Refusal, Violation
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
from boardrules.games.orbita.content import Role, Spec
from boardrules.games.orbita.context import Context
from boardrules.games.orbita.events import CharacterDrawn, CharacterHired, Event, PhaseStarted
from boardrules.games.orbita.flow import (
    CONSUMPTION,
    DEVELOPMENT,
    NEXT_DEVELOPER,
    PRODUCTION,
    ROUND_END,
    SAVING,
    SETTLEMENT,
    AutoStep,
    Draft,
    Production,
    add,
)
from boardrules.games.orbita.state import BARE, EMPTY, Phase, Seat, Stage, State, Team, make_zones
from boardrules.games.orbita.table import enterprises, leaders, seat_cards

__all__ = [
    "HOSTS_OUTPUT",
    "MASTER_BONUS",
    "ORB_6",
    "ORB_7",
    "ORB_8",
    "ORB_9",
    "OUTPUT",
    "STEPS",
    "join",
    "join_slot",
    "leader_room",
    "output",
    "whose_move",
]


# -- ORB-6: the round and its turns -------------------------------------------------------------
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


def whose_move(ctx: Context, state: State) -> int | None:
    """The fact ``mover``: who decides, or ``None`` once the game is over (ORB-22): the seat
    on turn; while an offer is open, the third seat waiting to support, the answering seat,
    then the offering seat to reinforce."""
    if state.over:
        return None
    offer = state.offer
    if offer is None:
        return state.turn
    if offer.stage is Stage.SUPPORT:
        return offer.waiting[0]
    if offer.stage is Stage.ANSWER:
        return offer.responder
    return offer.seat


def _turn(ctx: Context, state: State) -> int:
    seat = whose_move(ctx, state)
    assert seat is not None
    return seat


def _first(ctx: Context, round: int, seats: int) -> int:
    """The fact ``first``: the seat that acts first in ``round``; it moves one place each
    round."""
    return (round - 1) % seats


def _passes(ctx: Context, state: State) -> tuple[Pass]:
    """ORB-6's pass, possible in every step but an answer (CORE-3 refuses it there)."""
    return (ctx.passing,)


def _move_over(ctx: Context, d: Draft, action: object, events: list[Event] | None) -> Draft:
    # A gift, boost or allocation outside an offer is the seat's whole move; the turn passes.
    if d.before.offer is None:
        d.ended = d.mover
    return d


def _pass(ctx: Context, d: Draft, action: Pass, events: list[Event] | None) -> Draft:
    state = d.before
    if state.offer is None and state.phase is not Phase.ATTRACTION:
        d.set_seat(d.mover, done=True)
        d.ended = d.mover
    return d


def _run(ctx: Context, d: Draft, step: AutoStep) -> None:
    """The effects of the rules for the automatic step ``step``, in rulebook order."""
    for effect in ctx.automatic[type(step)]:
        effect(ctx, d, step, d.events)


def _enter(ctx: Context, d: Draft, phase: Phase) -> None:
    d.phase = phase
    if d.events is not None:
        d.emit(PhaseStarted(d.round, phase))
    d.reset_seats()
    d.turn = ctx.facts.first(ctx, d.round, len(d.seats))
    d.offer = None


def _next_developer(ctx: Context, d: Draft) -> None:
    d.phase_over = False
    _run(ctx, d, NEXT_DEVELOPER)
    if d.phase_over:
        d.phase_over = False
        _enter(ctx, d, Phase.CONSUMPTION)


def _end_of_phase(ctx: Context, d: Draft) -> None:
    if d.phase is Phase.TRADE:
        _enter(ctx, d, Phase.HIRING)
    elif d.phase is Phase.HIRING:
        d.phase = Phase.DEVELOPMENT
        if d.events is not None:
            d.emit(PhaseStarted(d.round, Phase.DEVELOPMENT))
        d.reset_seats()
        d.offer = None
        _run(ctx, d, DEVELOPMENT)
        _next_developer(ctx, d)
    else:
        _run(ctx, d, CONSUMPTION)
        if d.events is not None:
            d.emit(PhaseStarted(d.round, Phase.SAVING))
        _run(ctx, d, SAVING)
        d.reset_seats()
        d.offer = None
        _run(ctx, d, ROUND_END)
        if not d.over:
            d.round += 1
            d.phase = Phase.ATTRACTION
            d.turn = ctx.facts.first(ctx, d.round, len(d.seats))
            d.drew = d.took = False
            if d.events is not None:
                d.emit(PhaseStarted(d.round, Phase.ATTRACTION))


def _pass_turn(ctx: Context, d: Draft, after: int) -> None:
    """The turn passes on from seat ``after``: in attraction once round the table, then
    production; in development to the next seat that can form a corporation (ORB-18); else
    to the next seat that has not finished the phase, which ends when none is left."""
    n = len(d.seats)
    if d.phase is Phase.ATTRACTION:
        d.turn = (d.turn + 1) % n
        d.drew = d.took = False
        if d.turn == ctx.facts.first(ctx, d.round, n):
            if d.events is not None:
                d.emit(PhaseStarted(d.round, Phase.PRODUCTION))
            _run(ctx, d, PRODUCTION)
            _enter(ctx, d, Phase.TRADE)
        return
    if d.phase is Phase.DEVELOPMENT:
        _next_developer(ctx, d)
        return
    for k in range(1, n + 1):
        s = (after + k) % n
        if not d.seats[s].done:
            d.turn = s
            return
    _end_of_phase(ctx, d)


def _wrap_up(ctx: Context, d: Draft, action: object, events: list[Event] | None) -> Draft:
    """After every action: settle what the step left open, move the turn on and run the
    automatic parts of the round."""
    if d.settle is not None:
        _run(ctx, d, SETTLEMENT)
        d.settle = None
    if d.ended is not None:
        after = d.ended
        d.ended = None
        _pass_turn(ctx, d, after)
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
    facts={"mover": whose_move, "first": _first},
)
"""ORB-6: the phases in order, the turn going round from a first seat that moves one place
each round (the fact ``first``); who decides is :func:`whose_move` (the game's turn, and the
fact ``mover`` the other rules read); ``Pass`` ends a seat's part of a phase. Which actions
each step takes is :data:`STEPS` (the core refuses the rest as CORE-3). After every action
the turn moves on and the parts of the round nobody decides run: the effects the rules state
for each automatic step (``flow.AutoStep``: settling an offer, production, enterprises,
development, feeding, saving, the round's end)."""


# -- ORB-7: attraction -----------------------------------------------------------------------
def _bard(ctx: Context, seat: Seat) -> bool:
    """Whether ``seat`` holds a Bard (it may both draw and take)."""
    role = ctx.role
    return any(role[c] is Role.BARD for c in seat_cards(seat))


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
        if ctx.facts.leader_room(ctx, seat) > 0:
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
        members = tuple(sorted((*team.members, card), key=ctx.role_rank))
        teams[t] = Team(team.leader, members, team.enterprise)
    d.set_seat(s, teams=tuple(teams))
    d.put(card, BARE)
    return True


def _one_more(ctx: Context, state: State, done: bool, other: bool) -> str | None:
    """Why the seat to move may not draw (``done``: it drew) or take (``done``: it took):
    once a turn, and after the other only with a Bard."""
    if done:
        return "already"
    if other and not _bard(ctx, state.seats[ctx.facts.mover(ctx, state)]):
        return "needs_bard"
    return None


def _draw_refused(ctx: Context, state: State) -> Refusal:
    why = _one_more(ctx, state, state.drew, state.took)
    if why == "already":
        return "already_drew", {"seat": ctx.facts.mover(ctx, state)}
    if why is not None:
        return why, {}
    if not state.deck:
        return "deck_empty", {}
    return None


def _draws(ctx: Context, state: State) -> tuple[DrawCharacter]:
    return (ctx.draw,)


def _take_refused(ctx: Context, state: State, action: TakeFromMarket) -> Refusal:
    seat = ctx.facts.mover(ctx, state)
    why = _one_more(ctx, state, state.took, state.drew)
    if why == "already":
        return "already_took", {"seat": seat}
    if why is not None:
        return why, {}
    reason = join_slot(ctx, state.seats[seat], action.card)[1]
    if reason == "cannot_join":
        return reason, {"card": action.card, "seat": seat}
    if reason is not None:
        return Violation("ORB-8", reason, {"seat": seat})
    return None


def _takes(ctx: Context, state: State) -> list[TakeFromMarket]:
    """The takes ORB-7 allows, in market order: one a turn (after a draw only with a Bard),
    of a character that fits a team of the seat, or a Leader with room (ORB-8)."""
    if _one_more(ctx, state, state.took, state.drew) is not None:
        return []
    seat = state.seats[ctx.facts.mover(ctx, state)]
    return [ctx.take[c] for c in state.market if join_slot(ctx, seat, c)[1] is None]


def _attraction_over(ctx: Context, d: Draft, futile: bool = False) -> None:
    # Without a Bard one attraction ends the turn; with one, a draw and a take (or a pass).
    # (A draw from an empty deck or a take of a card that fits no team, where a variant
    # allows one, ends it too.)
    if futile or (d.drew and d.took) or not _bard(ctx, d.seats[d.mover]):
        d.ended = d.mover


def _draw(ctx: Context, d: Draft, action: DrawCharacter, events: list[Event] | None) -> Draft:
    seat = d.mover
    drawn = bool(d.deck)
    if drawn:
        card = d.deck[0]
        d.deck = d.deck[1:]
        joined = ctx.facts.join(ctx, d, seat, card)
        if not joined:
            d.market.append(card)
            d.put(card, BARE)
        if d.events is not None:
            d.emit(CharacterDrawn(seat, card, joined))
    d.drew = True
    _attraction_over(ctx, d, futile=not drawn)
    return d


def _take(ctx: Context, d: Draft, action: TakeFromMarket, events: list[Event] | None) -> Draft:
    seat = d.mover
    joined = ctx.facts.join(ctx, d, seat, action.card)
    if joined:
        d.market.remove(action.card)
        if d.events is not None:
            d.emit(CharacterHired(seat, action.card))
    d.took = True
    _attraction_over(ctx, d, futile=not joined)
    return d


def _stop(ctx: Context, d: Draft, action: Pass, events: list[Event] | None) -> Draft:
    if d.before.phase is Phase.ATTRACTION:
        d.drew = d.took = True
        _attraction_over(ctx, d)
    return d


ORB_7 = Rule(
    "ORB-7",
    "Attraction: draw a character (it joins a team or the market) or take one from market.",
    "Привлечение: открыть персонажа (в команду или на рынок) или взять с рынка труда.",
    moves={DrawCharacter: _draws, TakeFromMarket: _takes},
    checks={DrawCharacter: _draw_refused, TakeFromMarket: _take_refused},
    effects={DrawCharacter: _draw, TakeFromMarket: _take, Pass: _stop},
    facts={"join": join},
)
"""ORB-7: one draw or one take a turn (both with a Bard), a draw while the deck lasts; a card
joins a team that lacks its role (the fact ``join``), else goes to the labour market. A
Leader joins only with room (ORB-8's fact ``leader_room``): a take of one without room is
refused as ORB-8's ``leader_limit``."""


# -- ORB-8: the Leader limit ------------------------------------------------------------------
def leader_room(ctx: Context, seat: Seat) -> int:
    """The fact ``leader_room``: how many more Leaders ``seat`` may take; it holds at most one
    more than enterprises. Negative when the seat holds too many (after losing an
    enterprise)."""
    return 1 + enterprises(seat) - leaders(seat)


ORB_8 = Rule(
    "ORB-8",
    "At most one Leader more than enterprises; a lost enterprise costs the extra team.",
    "Лидеров не больше, чем предприятий плюс один; распад предприятия уводит лишнюю команду.",
    facts={"leader_room": leader_room},
)
"""ORB-8: the fact ``leader_room``, which ORB-7's joining and ORB-19's feeding read: a Leader
without room is not taken (``leader_limit``) and a drawn one goes to the market (ORB-7), and
consumption sends the newest extra team to the market (ORB-19)."""


# -- ORB-9: production ------------------------------------------------------------------------
#: ORB-9: what a seated character's own resource is topped up to each round.
OUTPUT = 1
#: ORB-9: the same for Hosts (Food).
HOSTS_OUTPUT = 2
#: ORB-9: what a Master adds.
MASTER_BONUS = 1


def output(ctx: Context, card: str) -> int:
    """The fact ``output``: what a seated ``card``'s own resource is topped up to each
    round."""
    base = HOSTS_OUTPUT if ctx.spec[card] is Spec.HOSTS else OUTPUT
    return base + (MASTER_BONUS if ctx.role[card] is Role.MASTER else 0)


def _production(ctx: Context, d: Draft, step: Production, events: list[Event] | None) -> Draft:
    spec_of = ctx.spec
    made = ctx.facts.output
    for seat in d.seats:
        for card in seat_cards(seat):
            i = spec_of[card].index
            base = made(ctx, card)
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
    facts={"output": output},
)
"""ORB-9: after attraction each seated character tops its own resource up to its ``output``
(the fact other readers, like the goal-seeking policy, read); market ones get one unit."""
