"""«Об игре» rules LY-6..LY-13: rounds and epochs, the pending steps, drawing, eligibility,
playing, discarding and deferring a card.

LY-7 states the pending-step machinery: who is to move (the seat of the head of the
state's ``queue``), which kinds of action the step takes (in the order ``legal_actions``
lists them), and what happens when the pending steps run out (the moments of a turn, whose
effects the other units state). The facts other rules read: ``rounds`` (LY-6), ``eligible``
(LY-10), ``play`` (LY-11) and ``deferral_turns`` (LY-13).
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import ge

import attrs

from boardrules.core.rng import Rng
from boardrules.core.rules import ANY_ACTION, Rule
from boardrules.core.violation import Refusal
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
from boardrules.games.lyceum.content import Epoch, Tables, epoch_of_round
from boardrules.games.lyceum.events import (
    CardDeferred,
    CardDiscarded,
    CardDrawn,
    CardPlayed,
    DeferredExpired,
    LevelReached,
    RoundStarted,
)
from boardrules.games.lyceum.rules.common import COLOURS, Events
from boardrules.games.lyceum.state import (
    MAIN_TURN_OVER,
    SETUP_OVER,
    TURN_OVER,
    MainTurnOver,
    SetupOver,
    Stage,
    State,
    Step,
    StepKind,
    TurnOver,
    Work,
    make_seat,
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
    "deferral_turns",
    "eligible",
    "play",
    "rounds",
    "shuffled_piles",
]


# -- LY-6: rounds and epochs -------------------------------------------------------------------
#: Rounds in a game: ages 16..25 (LY-6).
ROUNDS = 10


def rounds(ctx: Tables) -> int:
    """The fact ``rounds``: how many rounds a game lasts."""
    return ROUNDS


def shuffled_piles(ctx: Tables, seed: int, epoch: Epoch) -> tuple[tuple[str, ...], ...]:
    """The epoch's three piles, each shuffled from the seed (LY-6)."""
    return tuple(
        Rng.derive(seed, "lyceum", "epoch", epoch.value, colour.value).shuffled(
            ctx.piles[epoch, colour]
        )
        for colour in COLOURS
    )


def _first_piles(ctx: Tables, seed: int, setup: object, state: State | None) -> State:
    assert state is not None
    return attrs.evolve(state, piles=shuffled_piles(ctx, seed, Epoch.LYCEUM))


def _next_turn(ctx: Tables, work: Work, moment: TurnOver, events: Events) -> Work:
    """The next seat's turn; after the last seat a new round, maybe a new epoch; after the
    last round the end (LY-20 says who won)."""
    work.turn += 1
    if work.turn == len(work.seats):
        if work.round == ctx.facts.rounds(ctx):
            work.turn -= 1
            work.stage = Stage.OVER
            work.queue = ()
            return work
        work.turn = 0
        work.round += 1
        epoch = epoch_of_round(work.round)
        if epoch is not epoch_of_round(work.round - 1):
            work.piles = shuffled_piles(ctx, work.seed, epoch)
            work.effects = ()  # lasting specials end with their epoch (LY-15)
        if events is not None:
            events.append(RoundStarted(work.round, 15 + work.round, epoch))
    work.stage = Stage.MAIN
    work.queue = (Step(StepKind.MAIN, ctx.facts.mover(ctx, work)),)
    return work


LY_6 = Rule(
    "LY-6",
    "Ten rounds, ages 16–25, in three epochs, each with fresh shuffled piles.",
    "Десять раундов, возраст 16–25, три эпохи — у каждой свои перемешанные колоды.",
    setup=_first_piles,
    effects={TurnOver: _next_turn},
    facts={"rounds": rounds},
)
"""LY-6: ten rounds (the fact ``rounds``) in three epochs, each seat's turn in the order of
LY-5 (its fact ``mover``). Setup: the Lyceum epoch's shuffled piles; after each turn the next seat,
round or epoch (whose own shuffled piles replace the last ones), or the end."""

# -- LY-7: one main action, then its follow-ups --------------------------------------------------
#: Which kinds of action answer each kind of pending step (LY-7), in the order
#: ``legal_actions`` lists them; the core refuses others (CORE-3).
ANSWERS: Mapping[StepKind, tuple[type, ...]] = {
    StepKind.CHOOSE: (ChooseSkill,),
    StepKind.DECLARE: (Declare,),
    StepKind.DECLARE_SKILL: (DeclareSkill,),
    StepKind.MAIN: (Draw, Rest, ShareExperience),
    StepKind.DECIDE: (PlayCard, DeferCard, DiscardCard),
    StepKind.MOVE: (MoveSkillPoint, FinishMoves),
    StepKind.OFFER: (PlayDeferred, KeepDeferred),
}
#: The moments of a turn, in the order they may come when the pending steps run out.
MOMENTS: tuple[type, ...] = (SetupOver, MainTurnOver, TurnOver)


def _pending_seat(ctx: Tables, state: State) -> int:
    """Whose decision it is: the seat of the pending step."""
    return state.queue[0].seat


def _pending_kinds(ctx: Tables, state: State) -> tuple[type, ...]:
    """The kinds of action that answer the pending step."""
    return ANSWERS[state.queue[0].kind]


def _pending_names(ctx: Tables, state: State) -> tuple[str, ...]:
    """The pending steps by key (``StepKind`` values): the one waiting, then those of the
    same seat queued right after it."""
    head, *rest = state.queue[:3]
    names = [head.kind.value]
    for step in rest:
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
    if work.stage is Stage.SETUP:
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


def _draws(ctx: Tables, state: State) -> tuple[Draw, ...]:
    """A draw of any colour."""
    return DRAWS


def _draw(ctx: Tables, work: Work, action: Draw, events: Events) -> Work:
    index = COLOURS.index(action.colour)
    pile = work.piles[index]
    if not pile:
        return work  # nothing to take (LY-9 refuses this; a variant without it draws nothing)
    seat = work.step.seat
    card = pile[0]
    piles = list(work.piles)
    piles[index] = pile[1:]
    work.piles = tuple(piles)
    work.queue = (Step(StepKind.DECIDE, seat, card=card), *work.queue)
    if events is not None:
        events.append(CardDrawn(seat, action.colour, card))
    return work


LY_8 = Rule(
    "LY-8",
    "To draw, take the top card of this epoch's pile of a chosen colour.",
    "Взять карту — верхнюю из колоды выбранного цвета текущей эпохи.",
    moves={Draw: _draws},
    effects={Draw: _draw},
)
"""LY-8: a draw of any colour takes the top card of its pile; the seat then decides on it."""

# -- LY-9: empty piles -------------------------------------------------------------------------


def _pile_not_empty(ctx: Tables, state: State, action: Draw) -> Refusal:
    if not state.piles[COLOURS.index(action.colour)]:
        return "empty_pile", {"colour": action.colour.value}
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
    """The fact ``eligible``: whether a character with ``skills`` may play the card: each
    skill holds at least the card's condition and at least its loss."""
    card = ctx.cards[card_id]
    return all(map(ge, skills, map(max, card.conditions, card.losses)))


LY_10 = Rule(
    "LY-10",
    "Eligible: every skill covers both the card's condition and its loss.",
    "Карта доступна, если каждое умение покрывает и условие, и потерю карты.",
    facts={"eligible": eligible},
)
"""LY-10: eligibility, the fact ``eligible`` that LY-11, LY-12 and LY-13 read."""

# -- LY-11: play or discard --------------------------------------------------------------------
_PLAY = (PlayCard(),)
_DISCARD = (DiscardCard(),)


def _play(ctx: Tables, state: State) -> tuple[PlayCard, ...]:
    return _PLAY


def _discards(ctx: Tables, state: State) -> tuple[DiscardCard, ...]:
    return _DISCARD


def _playable(ctx: Tables, state: State) -> Refusal:
    """Only a card the seat is eligible for is played."""
    step = state.queue[0]
    if not ctx.facts.eligible(ctx, state.seats[step.seat].skills, step.card):
        return "not_eligible", {"seat": step.seat, "card": step.card}
    return None


def play(ctx: Tables, work: Work, seat: int, card_id: str, deferred: bool, events: Events) -> None:
    """The fact ``play``: ``seat`` plays ``card_id``: losses, gains, XP, then the level-up
    points (LY-19's facts ``level`` and ``level_up``) and the special ability (LY-15's fact
    ``special``)."""
    card = ctx.cards[card_id]
    sheet = work.seats[seat]
    skills = tuple(
        s - lo + g for s, lo, g in zip(sheet.skills, card.losses, card.gains, strict=True)
    )
    level_of = ctx.facts.level
    before = level_of(ctx, sheet.played_xp + sheet.shared_xp)
    played = sheet.played_xp + card.xp
    after = level_of(ctx, played + sheet.shared_xp)
    work.put(
        seat,
        make_seat(
            sheet.character, skills, played, sheet.shared_xp, sheet.declaration,
            sheet.deferred, sheet.deferred_round, sheet.shared,
        ),
    )
    if events is not None:
        events.append(CardPlayed(seat, card_id, card.xp, deferred))
        events.extend(LevelReached(seat, level) for level in range(before + 1, after + 1))
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


def _discard(ctx: Tables, work: Work, action: DiscardCard, events: Events) -> Work:
    if events is not None:
        step = work.step
        assert step.card is not None
        events.append(CardDiscarded(step.seat, step.card))
    return work


LY_11 = Rule(
    "LY-11",
    "Play an eligible card (losses, gains, XP) or discard it; an ineligible one is discarded.",
    "Доступную карту играют (потери, прибавки, опыт) или сбрасывают; недоступную — в отбой.",
    moves={PlayCard: _play, DiscardCard: _discards},
    checks={PlayCard: _playable},
    effects={PlayCard: _play_drawn, DiscardCard: _discard},
    facts={"play": play},
)
"""LY-11: the drawn card is played (the fact ``play``) if eligible (``not_eligible``), or
discarded."""

# -- LY-12: deferring --------------------------------------------------------------------------
_DEFER = (DeferCard(),)


def _defer_moves(ctx: Tables, state: State) -> tuple[DeferCard, ...]:
    return _DEFER


def _deferrable(ctx: Tables, state: State) -> Refusal:
    """Only a card the seat is not eligible for is deferred, and only while it holds none."""
    step = state.queue[0]
    sheet = state.seats[step.seat]
    if ctx.facts.eligible(ctx, sheet.skills, step.card):
        return "defer_eligible", {"card": step.card}
    if sheet.deferred is not None:
        return "already_deferring", {"seat": step.seat, "card": sheet.deferred}
    return None


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
    moves={DeferCard: _defer_moves},
    checks={DeferCard: _deferrable},
    effects={DeferCard: _defer},
)
"""LY-12: deferring the drawn card: only an ineligible one (``defer_eligible``), holding no
deferred card (``already_deferring``)."""

# -- LY-13: the deferred card ------------------------------------------------------------------
#: How long a deferred card waits: the seat's next three main turns (LY-13).
DEFER_TURNS = 3


def deferral_turns(ctx: Tables) -> int:
    """The fact ``deferral_turns``: after how many of the seat's main turns (the turn of the
    deferral not counted) a deferred card still held is discarded."""
    return DEFER_TURNS


_PLAY_DEFERRED = (PlayDeferred(),)
_KEEP_DEFERRED = (KeepDeferred(),)


def _play_offered(ctx: Tables, state: State) -> tuple[PlayDeferred, ...]:
    return _PLAY_DEFERRED


def _keep_offered(ctx: Tables, state: State) -> tuple[KeepDeferred, ...]:
    return _KEEP_DEFERRED


def _play_deferred(ctx: Tables, work: Work, action: PlayDeferred, events: Events) -> Work:
    step = work.step
    assert step.card is not None
    seat = step.seat
    work.put(seat, work.seats[seat].with_deferred(None, 0))
    ctx.facts.play(ctx, work, seat, step.card, True, events)
    return work


def _keep_deferred(ctx: Tables, work: Work, action: KeepDeferred, events: Events) -> Work:
    return work  # the offer is answered; the card stays


def _offer_or_expire(ctx: Tables, work: Work, moment: MainTurnOver, events: Events) -> Work:
    """After the seat's main turn: its deferred card, held since an earlier round, is offered
    if the seat is eligible for it now; once it has waited ``deferral_turns`` of the seat's
    turns, it is discarded."""
    seat = ctx.facts.mover(ctx, work)
    sheet = work.seats[seat]
    card = sheet.deferred
    if card is None or work.round <= sheet.deferred_round:
        return work
    if work.stage is Stage.MAIN and ctx.facts.eligible(ctx, sheet.skills, card):
        work.stage = Stage.DEFERRED
        work.queue = (Step(StepKind.OFFER, seat, card=card),)
    elif work.round - sheet.deferred_round >= ctx.facts.deferral_turns(ctx):
        if events is not None:
            events.append(DeferredExpired(seat, card))
        work.put(seat, sheet.with_deferred(None, 0))
    return work


LY_13 = Rule(
    "LY-13",
    "A deferred card is offered after the next three main turns, then discarded.",
    "Отложенную карту предлагают после трёх следующих ходов, потом она уходит в отбой.",
    moves={PlayDeferred: _play_offered, KeepDeferred: _keep_offered},
    effects={
        PlayDeferred: _play_deferred,
        KeepDeferred: _keep_deferred,
        MainTurnOver: _offer_or_expire,
    },
    facts={"deferral_turns": deferral_turns},
)
"""LY-13: after each main turn the deferred card is offered if eligible (the fact
``eligible``), played in full (the fact ``play``) or kept; after ``deferral_turns`` (three)
of the seat's turns it is discarded."""
