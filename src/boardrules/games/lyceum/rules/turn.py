"""«Об игре» rules LY-6..LY-13: rounds and epochs, the pending steps, drawing, eligibility,
playing, discarding and deferring a card.

LY-7 states the pending-step machinery: who is to move (the seat of the head of the
state's ``queue``), which kinds of action the step takes (in the order ``legal_actions``
lists them), and what happens when the pending steps run out (the moments of a turn, whose
effects the other units state). LY-10 states the fact ``eligible`` and LY-11 the fact
``play``, which LY-11, LY-12 and LY-13 read through ``ctx.facts``.
"""

from __future__ import annotations

import functools
from bisect import bisect_right
from collections.abc import Mapping

from boardrules.core.frozen import builder
from boardrules.core.rng import Rng
from boardrules.core.rules import ANY_ACTION, Rule
from boardrules.core.violation import Violation
from boardrules.games.lyceum.actions import (
    DRAWS,
    Action,
    ChooseSkill,
    Declare,
    DeclareSkill,
    DeferCard,
    DiscardCard,
    Draw,
    FinishMoves,
    KeepDeferred,
    MoveSkillPoint,
    PlayCard,
    PlayDeferred,
    Rest,
    ShareExperience,
)
from boardrules.games.lyceum.content import (
    Epoch,
    Tables,
    epoch_of_round,
)
from boardrules.games.lyceum.events import (
    CardDeferred,
    CardDiscarded,
    CardDrawn,
    CardPlayed,
    DeferredExpired,
    LevelReached,
    RoundStarted,
)
from boardrules.games.lyceum.rules.common import COLOURS, Events, Listing, replaced
from boardrules.games.lyceum.rules.setup import Setup
from boardrules.games.lyceum.state import (
    CHOOSE_STEP as _CHOOSE,
)
from boardrules.games.lyceum.state import (
    DECIDE_STEP as _DECIDE,
)
from boardrules.games.lyceum.state import (
    DECLARE_SKILL_STEP as _DECLARE_SKILL,
)
from boardrules.games.lyceum.state import (
    DECLARE_STEP as _DECLARE,
)
from boardrules.games.lyceum.state import (
    DEFERRED_STAGE as _DEFERRED,
)
from boardrules.games.lyceum.state import (
    MAIN_STAGE as _MAIN_STAGE,
)
from boardrules.games.lyceum.state import (
    MAIN_STEP as _MAIN,
)
from boardrules.games.lyceum.state import (
    MAIN_TURN_OVER,
    SETUP_OVER,
    TURN_OVER,
    MainTurnOver,
    Seat,
    SetupOver,
    State,
    Step,
    StepKind,
    TurnOver,
    Work,
)
from boardrules.games.lyceum.state import (
    MOVE_STEP as _MOVE,
)
from boardrules.games.lyceum.state import (
    OFFER_STEP as _OFFER,
)
from boardrules.games.lyceum.state import (
    OVER_STAGE as _OVER,
)
from boardrules.games.lyceum.state import (
    SETUP_STAGE as _SETUP,
)

__all__ = [
    "ANSWERS",
    "DEFER_TURNS",
    "LY_6",
    "LY_7",
    "LY_8",
    "LY_9",
    "LY_10",
    "LY_11",
    "LY_12",
    "LY_13",
    "MOMENTS",
    "ROUNDS",
    "eligible",
    "mover",
    "offer_or_expire",
    "play",
    "shuffled_piles",
]


# -- LY-6: rounds and epochs -------------------------------------------------------------------
#: Rounds in a game: ages 16..25 (LY-6).
ROUNDS = 10


def shuffled_piles(ctx: Tables, seed: int, epoch: Epoch) -> tuple[tuple[str, ...], ...]:
    """The epoch's three piles, each shuffled from the seed (LY-6)."""
    return tuple(
        Rng.derive(seed, "lyceum", "epoch", epoch.value, colour.value).shuffled(
            ctx.piles[epoch, colour]
        )
        for colour in COLOURS
    )


def mover(state: State) -> int | None:
    """The seat whose turn it is in the round (``None`` in the setup and at the end)."""
    if state.first is None or state.stage is _OVER:
        return None
    return (state.first + state.turn) % len(state.seats)


def _first_piles(ctx: Tables, seed: int, setup: Setup, state: State | None) -> State:
    assert state is not None
    return replaced(state, piles=shuffled_piles(ctx, seed, Epoch.LYCEUM))


_round_started = builder(RoundStarted)  # made on many steps, without a call per field


def _next_turn(ctx: Tables, work: Work, moment: TurnOver, events: Events) -> Work:
    """The next seat's turn; after the last seat a new round, maybe a new epoch."""
    n = len(work.seats)
    work.turn += 1
    if work.turn == n:
        work.turn = 0
        work.round += 1
        if work.round > ROUNDS:  # the game is over (LY-20 says who won)
            work.round = ROUNDS
            work.turn = n - 1
            work.stage = _OVER
            work.queue = ()
            return work
        epoch = epoch_of_round(work.round)
        if epoch is not epoch_of_round(work.round - 1):
            work.piles = shuffled_piles(ctx, work.seed, epoch)
            work.effects = ()  # lasting specials end with their epoch (LY-15)
        if events is not None:
            events.append(_round_started(work.round, 15 + work.round, epoch))
    assert work.first is not None
    work.stage = _MAIN_STAGE
    work.queue = (Step(_MAIN, (work.first + work.turn) % n),)
    return work


LY_6 = Rule(
    "LY-6",
    "Ten rounds, ages 16–25, in three epochs, each with fresh shuffled piles.",
    "Десять раундов, возраст 16–25, три эпохи — у каждой свои перемешанные колоды.",
    setup=_first_piles,
    effects={TurnOver: _next_turn},
)
"""LY-6: ten rounds in three epochs. Setup: the Lyceum epoch's shuffled piles; after each
turn the next seat, round or epoch (whose own shuffled piles replace the last ones)."""

# -- LY-7: one main action, then its follow-ups --------------------------------------------------
#: Which kinds of action answer each kind of pending step (LY-7), in the order
#: ``legal_actions`` lists them; the core refuses others (CORE-3).
ANSWERS: Mapping[StepKind, tuple[type, ...]] = {
    _CHOOSE: (ChooseSkill,),
    _DECLARE: (Declare,),
    _DECLARE_SKILL: (DeclareSkill,),
    _MAIN: (Draw, Rest, ShareExperience),
    _DECIDE: (PlayCard, DeferCard, DiscardCard),
    _MOVE: (MoveSkillPoint, FinishMoves),
    _OFFER: (PlayDeferred, KeepDeferred),
}
#: The moments of a turn, in the order they may come when the pending steps run out.
MOMENTS: tuple[type, ...] = (SetupOver, MainTurnOver, TurnOver)

# Keyed by the identity of the step kind: an enum member lives as long as its class, and
# ``id`` hashes much faster than an enum member does.
_ANSWERS_BY_ID: dict[int, tuple[type, ...]] = {id(kind): ANSWERS[kind] for kind in StepKind}


def _pending_seat(ctx: Tables, state: State) -> int:
    """Whose decision it is: the seat of the pending step."""
    return state.queue[0].seat


def _pending_kinds(ctx: Tables, state: State) -> tuple[type, ...]:
    """The kinds of action that answer the pending step."""
    return _ANSWERS_BY_ID[id(state.queue[0].kind)]


def _pending_names(ctx: Tables, state: State) -> tuple[str, ...]:
    """The pending steps by key (``StepKind`` values): the one waiting, then those of the
    same seat queued right after it."""
    queue = state.queue
    head = queue[0]
    names = [head.kind.value]
    for step in queue[1:3]:
        if step.seat != head.seat:
            break
        names.append(step.kind.value)
    return tuple(names)


def _steps_run_out(ctx: Tables, work: Work, action: Action, events: Events) -> Work:
    """After every action: once no step is pending, the effects the rules state for the
    moment that comes (the setup is over; the main turn is over; the turn is over), in
    rulebook order."""
    if work.queue:
        return work
    moments = ctx.moments
    if work.stage is _SETUP:
        for effect in moments.get(SetupOver, ()):
            work = effect(ctx, work, SETUP_OVER, events)
        return work
    for effect in moments.get(MainTurnOver, ()):
        work = effect(ctx, work, MAIN_TURN_OVER, events)
    if not work.queue:
        for effect in moments.get(TurnOver, ()):
            work = effect(ctx, work, TURN_OVER, events)
    return work


LY_7 = Rule(
    "LY-7",
    "A turn is one main action; its follow-up choices are answered in order first.",
    "Ход — одно основное действие; вызванные им выборы решаются по порядку сразу.",
    turn=_pending_seat,
    steps=_pending_kinds,
    step_names=_pending_names,
    effects={ANY_ACTION: _steps_run_out},
)
"""LY-7: the pending steps. Turn: the seat of the pending step moves. Steps: the kinds of
action that answer it are :data:`ANSWERS` (the core's CORE-3 refuses any other, naming the
step waiting and the ones of the same seat after it, by their ``StepKind`` values). After
every action, once no step is pending, the moment that comes (:data:`MOMENTS`) runs the
effects the rules state for it."""

# -- LY-8: drawing -----------------------------------------------------------------------------


_card_drawn = builder(CardDrawn)  # made on many steps, without a call per field


def _draw(ctx: Tables, work: Work, action: Draw, events: Events) -> Work:
    colour = action.colour
    index = COLOURS.index(colour)
    pile = work.piles[index]
    if not pile:
        return work  # nothing to take (LY-9 refuses this; a variant without it draws nothing)
    seat = work.step.seat
    card = pile[0]
    piles = list(work.piles)
    piles[index] = pile[1:]
    work.piles = tuple(piles)
    work.queue = (Step(_DECIDE, seat, card=card), *work.queue)
    if events is not None:
        events.append(_card_drawn(seat, colour, card))
    return work


LY_8 = Rule(
    "LY-8",
    "To draw, take the top card of this epoch's pile of a chosen colour.",
    "Взять карту — верхнюю из колоды выбранного цвета текущей эпохи.",
    moves={Draw: Listing(DRAWS)},
    effects={Draw: _draw},
)
"""LY-8: a draw of any colour takes the top card of its pile; the seat then decides on it."""

# -- LY-9: empty piles -------------------------------------------------------------------------


def _pile_not_empty(ctx: Tables, state: State, action: Draw) -> Violation | None:
    if not state.piles[COLOURS.index(action.colour)]:
        return Violation("LY-9", "empty_pile", {"colour": action.colour.value})
    return None


LY_9 = Rule(
    "LY-9",
    "An empty pile cannot be drawn from.",
    "Из пустой колоды брать нельзя.",
    checks={Draw: _pile_not_empty},
)
"""LY-9: no draw from an empty pile (``empty_pile``)."""

# -- LY-10: eligibility ------------------------------------------------------------------------


def eligible(ctx: Tables, skills: tuple[int, ...], card_id: str) -> bool:
    """The fact ``eligible``: whether a character with ``skills`` meets the card's conditions
    and losses (LY-10)."""
    needs = ctx.needs[card_id]
    return (
        skills[0] >= needs[0]
        and skills[1] >= needs[1]
        and skills[2] >= needs[2]
        and skills[3] >= needs[3]
        and skills[4] >= needs[4]
    )


LY_10 = Rule(
    "LY-10",
    "Eligible: every skill covers both the card's condition and its loss.",
    "Карта доступна, если каждое умение покрывает и условие, и потерю карты.",
    facts={"eligible": eligible},
)
"""LY-10: eligibility, the fact ``eligible`` that LY-11, LY-12 and LY-13 read."""

# -- LY-11: play or discard --------------------------------------------------------------------
_PLAY = (PlayCard(),)


def _playable(ctx: Tables, state: State, action: PlayCard) -> Violation | None:
    step = state.queue[0]
    assert step.card is not None
    if not ctx.facts.eligible(ctx, state.seats[step.seat].skills, step.card):
        return Violation("LY-11", "not_eligible", {"seat": step.seat, "card": step.card})
    return None


def _play_if_eligible(ctx: Tables, state: State) -> tuple[PlayCard, ...]:
    step = state.queue[0]
    return _PLAY if ctx.facts.eligible(ctx, state.seats[step.seat].skills, step.card) else ()


def play(ctx: Tables, work: Work, seat: int, card_id: str, deferred: bool, events: Events) -> None:
    """The fact ``play``: ``seat`` plays ``card_id``: losses, gains, XP, then the level-up
    points (LY-19's fact ``level_up``) and the special ability (LY-15's fact ``special``)."""
    card = ctx.cards[card_id]
    sheet = work.seats[seat]
    skills = tuple(
        s - lo + g for s, lo, g in zip(sheet.skills, card.losses, card.gains, strict=True)
    )
    levels = ctx.levels
    before = bisect_right(levels, sheet.played_xp + sheet.shared_xp)
    played = sheet.played_xp + card.xp
    after = bisect_right(levels, played + sheet.shared_xp)
    work.put(
        seat,
        Seat(
            sheet.character, skills, played, sheet.shared_xp, sheet.declaration,
            sheet.deferred, sheet.deferred_round, sheet.shared,
        ),
    )
    if events is not None:
        events.append(CardPlayed(seat, card_id, card.xp, deferred))
        for level in range(before + 1, after + 1):
            events.append(LevelReached(seat, level))
    follow: list[Step] = []
    if after > before:
        follow.append(ctx.facts.level_up(ctx, seat, before, after))
    if card.special is not None:
        step = ctx.facts.special(ctx, work, seat, card_id, events)
        if step is not None:
            follow.append(step)
    if follow:
        work.queue = (*follow, *work.queue)


def _play_drawn(ctx: Tables, work: Work, action: PlayCard, events: Events) -> Work:
    step = work.step
    assert step.card is not None
    ctx.facts.play(ctx, work, step.seat, step.card, False, events)
    return work


#: Made on many steps, without a call per field; an event is a value, so each is made once
#: per seat and card and shared.
_card_discarded = functools.lru_cache(maxsize=4096)(builder(CardDiscarded))


def _discard(ctx: Tables, work: Work, action: DiscardCard, events: Events) -> Work:
    if events is not None:
        step = work.step
        assert step.card is not None
        events.append(_card_discarded(step.seat, step.card))
    return work


LY_11 = Rule(
    "LY-11",
    "Play an eligible card (losses, gains, XP) or discard it; an ineligible one is discarded.",
    "Доступную карту играют (потери, прибавки, опыт) или сбрасывают; недоступную — в отбой.",
    moves={PlayCard: _play_if_eligible, DiscardCard: Listing((DiscardCard(),))},
    checks={PlayCard: _playable},
    effects={PlayCard: _play_drawn, DiscardCard: _discard},
    facts={"play": play},
)
"""LY-11: the drawn card is played (the fact ``play``) if eligible (``not_eligible``), or
discarded."""

# -- LY-12: deferring --------------------------------------------------------------------------
_DEFER = (DeferCard(),)


def _deferrable(ctx: Tables, state: State, action: DeferCard) -> Violation | None:
    step = state.queue[0]
    assert step.card is not None
    sheet = state.seats[step.seat]
    if ctx.facts.eligible(ctx, sheet.skills, step.card):
        return Violation("LY-12", "defer_eligible", {"card": step.card})
    if sheet.deferred is not None:
        return Violation(
            "LY-12", "already_deferring", {"seat": step.seat, "card": sheet.deferred}
        )
    return None


def _defer_if_allowed(ctx: Tables, state: State) -> tuple[DeferCard, ...]:
    step = state.queue[0]
    sheet = state.seats[step.seat]
    if sheet.deferred is None and not ctx.facts.eligible(ctx, sheet.skills, step.card):
        return _DEFER
    return ()


def _defer(ctx: Tables, work: Work, action: DeferCard, events: Events) -> Work:
    step = work.step
    assert step.card is not None
    seat = step.seat
    work.put(seat, work.seats[seat].with_deferred(step.card, work.round))
    if events is not None:
        events.append(CardDeferred(seat, step.card))
    return work


LY_12 = Rule(
    "LY-12",
    "Only an ineligible card may be deferred, one deferred card at a time.",
    "Отложить можно лишь недоступную карту и лишь одну за раз.",
    moves={DeferCard: _defer_if_allowed},
    checks={DeferCard: _deferrable},
    effects={DeferCard: _defer},
)
"""LY-12: deferring the drawn card: only an ineligible one (``defer_eligible``), holding no
deferred card (``already_deferring``)."""

# -- LY-13: the deferred card ------------------------------------------------------------------
#: How long a deferred card waits: the seat's next three main turns (LY-13).
DEFER_TURNS = 3


def _play_deferred(ctx: Tables, work: Work, action: PlayDeferred, events: Events) -> Work:
    step = work.step
    assert step.card is not None
    seat = step.seat
    work.put(seat, work.seats[seat].with_deferred(None, 0))
    ctx.facts.play(ctx, work, seat, step.card, True, events)
    return work


def _keep_deferred(ctx: Tables, work: Work, action: KeepDeferred, events: Events) -> Work:
    return work


def offer_or_expire(ctx: Tables, work: Work, turns: int, events: Events) -> Work:
    """After the seat's main turn: offer its deferred card if it is eligible now; once the
    card has waited ``turns`` of the seat's turns, discard it."""
    assert work.first is not None
    seat = (work.first + work.turn) % len(work.seats)
    sheet = work.seats[seat]
    if sheet.deferred is not None and work.round > sheet.deferred_round:
        if work.stage is _MAIN_STAGE and ctx.facts.eligible(ctx, sheet.skills, sheet.deferred):
            work.stage = _DEFERRED
            work.queue = (Step(_OFFER, seat, card=sheet.deferred),)
            return work
        if work.round - sheet.deferred_round >= turns:
            if events is not None:
                events.append(DeferredExpired(seat, sheet.deferred))
            work.put(seat, sheet.with_deferred(None, 0))
    return work


def _deferral(ctx: Tables, work: Work, moment: MainTurnOver, events: Events) -> Work:
    assert work.first is not None
    if work.seats[(work.first + work.turn) % len(work.seats)].deferred is None:
        return work  # the common case, kept cheap
    return offer_or_expire(ctx, work, DEFER_TURNS, events)


LY_13 = Rule(
    "LY-13",
    "A deferred card is offered after the next three main turns, then discarded.",
    "Отложенную карту предлагают после трёх следующих ходов, потом она уходит в отбой.",
    moves={PlayDeferred: Listing((PlayDeferred(),)), KeepDeferred: Listing((KeepDeferred(),))},
    effects={
        PlayDeferred: _play_deferred,
        KeepDeferred: _keep_deferred,
        MainTurnOver: _deferral,
    },
)
"""LY-13: after each main turn the deferred card is offered if eligible (the fact
``eligible``), played in full (the fact ``play``) or kept; after three turns it is
discarded."""
