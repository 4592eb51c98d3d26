"""«Об игре» rules LY-6..LY-13: rounds and epochs, the pending steps, drawing, eligibility,
playing, discarding and deferring a card."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping

from boardrules.core.rng import Rng
from boardrules.core.rules import Rule
from boardrules.core.violation import Violation
from boardrules.games.lyceum.actions import (
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
    SpecialKind,
    Tables,
    epoch_of_round,
)
from boardrules.games.lyceum.events import (
    CardDeferred,
    CardDiscarded,
    CardDrawn,
    CardPlayed,
    DeferredExpired,
    EffectStarted,
    LevelReached,
    RoundStarted,
)
from boardrules.games.lyceum.rules.abilities import level_up_step
from boardrules.games.lyceum.rules.common import COLOURS, Events
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
    MOVE_STEP as _MOVE,
)
from boardrules.games.lyceum.state import (
    OFFER_STEP as _OFFER,
)
from boardrules.games.lyceum.state import (
    OVER_STAGE as _OVER,
)
from boardrules.games.lyceum.state import (
    Effect,
    MainTurnOver,
    Seat,
    State,
    Step,
    StepKind,
    TurnOver,
    Work,
)

_GAIN = SpecialKind.GAIN
_REDISTRIBUTE = SpecialKind.REDISTRIBUTE


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
            events.append(RoundStarted(work.round, 15 + work.round, epoch))
    assert work.first is not None
    work.stage = _MAIN_STAGE
    work.queue = (Step(_MAIN, (work.first + work.turn) % n),)
    return work


LY_6 = Rule(
    "LY-6",
    "Ten rounds, ages 16–25, in three epochs, each with fresh shuffled piles.",
    "Десять раундов, возраст 16–25, три эпохи — у каждой свои перемешанные колоды.",
    effects={TurnOver: _next_turn},
)
"""LY-6: ten rounds in three epochs; a new epoch brings its own shuffled piles."""

# -- LY-7: one main action, then its follow-ups --------------------------------------------------
#: Which actions answer each kind of pending step (LY-7); the core refuses others (CORE-3).
ANSWERS: Mapping[StepKind, frozenset[type]] = {
    _CHOOSE: frozenset({ChooseSkill}),
    _DECLARE: frozenset({Declare}),
    _DECLARE_SKILL: frozenset({DeclareSkill}),
    _MAIN: frozenset({Draw, Rest, ShareExperience}),
    _DECIDE: frozenset({PlayCard, DiscardCard, DeferCard}),
    _MOVE: frozenset({MoveSkillPoint, FinishMoves}),
    _OFFER: frozenset({PlayDeferred, KeepDeferred}),
}

LY_7 = Rule(
    "LY-7",
    "A turn is one main action; its follow-up choices are answered in order first.",
    "Ход — одно основное действие; вызванные им выборы решаются по порядку сразу.",
)
"""LY-7: the pending steps; which actions answer which step is :data:`ANSWERS` (the core's
CORE-3 refuses any other)."""

# -- LY-8: drawing -----------------------------------------------------------------------------


def _draw(ctx: Tables, work: Work, action: Draw, events: Events) -> Work:
    seat = work.step.seat
    colour = action.colour
    index = COLOURS.index(colour)
    pile = work.piles[index]
    card = pile[0]
    piles = list(work.piles)
    piles[index] = pile[1:]
    work.piles = tuple(piles)
    work.queue = (Step(_DECIDE, seat, card=card), *work.queue)
    if events is not None:
        events.append(CardDrawn(seat, colour, card))
    return work


LY_8 = Rule(
    "LY-8",
    "To draw, take the top card of this epoch's pile of a chosen colour.",
    "Взять карту — верхнюю из колоды выбранного цвета текущей эпохи.",
    effects={Draw: _draw},
)
"""LY-8: a draw takes the top card of a pile; the seat then decides on it."""

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
"""LY-9: no draw from an empty pile."""

# -- LY-10: eligibility ------------------------------------------------------------------------


def eligible(ctx: Tables, skills: tuple[int, ...], card_id: str) -> bool:
    """Whether a character with ``skills`` meets the card's conditions and losses (LY-10)."""
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
)
"""LY-10: eligibility (:func:`eligible`), which LY-11, LY-12 and LY-13 ask."""

# -- LY-11: play or discard --------------------------------------------------------------------


def _playable(ctx: Tables, state: State, action: PlayCard) -> Violation | None:
    step = state.queue[0]
    assert step.card is not None
    if not eligible(ctx, state.seats[step.seat].skills, step.card):
        return Violation("LY-11", "not_eligible", {"seat": step.seat, "card": step.card})
    return None


def play(ctx: Tables, work: Work, seat: int, card_id: str, deferred: bool, events: Events) -> None:
    """Play ``card_id`` for ``seat``: losses, gains, XP, level-up points (LY-19), special
    (LY-15)."""
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
    follow: list[Step] = []
    if after > before:
        follow.append(level_up_step(seat, before, after))
    special = card.special
    if special is not None:
        if special.kind is _GAIN:
            follow.append(Step(_CHOOSE, seat, special.amount))
        elif special.kind is _REDISTRIBUTE:
            follow.append(Step(_MOVE, seat, special.amount))
        else:
            work.effects = (
                *work.effects,
                Effect(seat, card_id, special.kind, special.amount, special.target),
            )
    if follow:
        work.queue = (*follow, *work.queue)
    if events is not None:
        events.append(CardPlayed(seat, card_id, card.xp, deferred))
        for level in range(before + 1, after + 1):
            events.append(LevelReached(seat, level))
        if special is not None and special.lasting:
            events.append(
                EffectStarted(seat, card_id, special.kind, special.amount, special.target)
            )


def _play_drawn(ctx: Tables, work: Work, action: PlayCard, events: Events) -> Work:
    step = work.step
    assert step.card is not None
    play(ctx, work, step.seat, step.card, False, events)
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
    checks={PlayCard: _playable},
    effects={PlayCard: _play_drawn, DiscardCard: _discard},
)
"""LY-11: playing (:func:`play`) or discarding the drawn card."""

# -- LY-12: deferring --------------------------------------------------------------------------


def _deferrable(ctx: Tables, state: State, action: DeferCard) -> Violation | None:
    step = state.queue[0]
    assert step.card is not None
    sheet = state.seats[step.seat]
    if eligible(ctx, sheet.skills, step.card):
        return Violation("LY-12", "defer_eligible", {"card": step.card})
    if sheet.deferred is not None:
        return Violation(
            "LY-12", "already_deferring", {"seat": step.seat, "card": sheet.deferred}
        )
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
    checks={DeferCard: _deferrable},
    effects={DeferCard: _defer},
)
"""LY-12: deferring an ineligible card, one at a time."""

# -- LY-13: the deferred card ------------------------------------------------------------------
#: How long a deferred card waits: the seat's next three main turns (LY-13).
DEFER_TURNS = 3


def _play_deferred(ctx: Tables, work: Work, action: PlayDeferred, events: Events) -> Work:
    step = work.step
    assert step.card is not None
    seat = step.seat
    work.put(seat, work.seats[seat].with_deferred(None, 0))
    play(ctx, work, seat, step.card, True, events)
    return work


def _keep_deferred(ctx: Tables, work: Work, action: KeepDeferred, events: Events) -> Work:
    return work


def offer_or_expire(ctx: Tables, work: Work, turns: int, events: Events) -> Work:
    """After the seat's main turn: offer its deferred card if it is eligible now; once the
    card has waited ``turns`` of the seat's turns, discard it."""
    assert work.first is not None
    mover = (work.first + work.turn) % len(work.seats)
    sheet = work.seats[mover]
    if sheet.deferred is not None and work.round > sheet.deferred_round:
        if work.stage is _MAIN_STAGE and eligible(ctx, sheet.skills, sheet.deferred):
            work.stage = _DEFERRED
            work.queue = (Step(_OFFER, mover, card=sheet.deferred),)
            return work
        if work.round - sheet.deferred_round >= turns:
            if events is not None:
                events.append(DeferredExpired(mover, sheet.deferred))
            work.put(mover, sheet.with_deferred(None, 0))
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
    effects={
        PlayDeferred: _play_deferred,
        KeepDeferred: _keep_deferred,
        MainTurnOver: _deferral,
    },
)
"""LY-13: the offer of a deferred card after each main turn, and its end."""
