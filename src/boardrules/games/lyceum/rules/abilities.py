"""«Об игре» rules LY-14..LY-19: the colours, special abilities, rest, sharing experience
and levels.

The facts other rules read: ``special`` (LY-15: what a played card's special ability does),
``lasting_rest`` (LY-16: the lasting special that decides a seat's rest), ``rest_moves``
(LY-17), ``can_share`` (LY-18), ``level`` and ``level_up`` (LY-19: a seat's level, and the SP
of choice for new levels).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping

from boardrules.core.rules import Rule
from boardrules.core.violation import Refusal, Violation
from boardrules.games.lyceum.actions import (
    MOVES,
    FinishMoves,
    MoveSkillPoint,
    Rest,
    ShareExperience,
)
from boardrules.games.lyceum.content import Epoch, SpecialKind, Tables, Target, epoch_of_round
from boardrules.games.lyceum.events import (
    EffectStarted,
    ExperienceShared,
    LevelReached,
    PointMoved,
    Rested,
)
from boardrules.games.lyceum.rules.common import COMMUNICATION, ENERGY, Events, bump
from boardrules.games.lyceum.state import (
    Effect,
    State,
    Step,
    StepKind,
    Work,
    make_seat,
)

# -- LY-14: the colours ------------------------------------------------------------------------
LY_14 = Rule(
    "LY-14",
    "Green: 100 XP, +1 SP. Yellow: 200 XP, +1..3, −1. Red: 500 XP, +1..6, −0..3.",
    "Зелёная: 100 XP, +1 SP. Жёлтая: 200 XP, +1..3, −1. Красная: 500 XP, +1..6, −0..3.",
    terms=True,
)
"""LY-14: what each colour gives and costs: terms, which the content must keep (checked
when it is loaded, :func:`~boardrules.games.lyceum.content.validate_content`)."""

# -- LY-15: special abilities ------------------------------------------------------------------


def special(ctx: Tables, work: Work, seat: int, card_id: str, events: Events) -> Step | None:
    """The fact ``special``: what the special ability of ``card_id``, just played by
    ``seat``, does: the step of its SP of choice or its SP moves (LY-17's moves, so none in a
    variant without LY-17), or (a lasting one) an effect in force until the end of the
    epoch."""
    ability = ctx.cards[card_id].special
    if ability is None:
        return None
    if ability.kind is SpecialKind.GAIN:
        return Step(StepKind.CHOOSE, seat, ability.amount)
    if ability.kind is SpecialKind.REDISTRIBUTE:
        # SP moves are LY-17's moves: in a variant without LY-17 the special moves nothing.
        return Step(StepKind.MOVE, seat, ability.amount) if "rest_moves" in ctx.facts else None
    work.effects = (
        *work.effects,
        Effect(seat, card_id, ability.kind, ability.amount, ability.target),
    )
    if events is not None and ability.lasting:
        events.append(
            EffectStarted(seat, card_id, ability.kind, ability.amount, ability.target)
        )
    return None


LY_15 = Rule(
    "LY-15",
    "A red card may carry a special: SP of choice, SP moves, or other rests this epoch.",
    "Красная карта может иметь особое: SP на выбор, перенос SP или иной отдых до конца эпохи.",
    facts={"special": special},
)
"""LY-15: special abilities: the fact ``special``, which playing a card (LY-11) reads."""

# -- LY-16: conflicting specials ---------------------------------------------------------------


def lasting_rest(ctx: Tables, effects: tuple[Effect, ...], seat: int) -> int | None:
    """The fact ``lasting_rest``: the SP a rest of ``seat`` may move under the lasting
    effects in force, or ``None`` when none reaches it: the earliest played decides."""
    for effect in effects:
        if (effect.seat == seat) == (effect.target is Target.SELF):
            return effect.amount
    return None


LY_16 = Rule(
    "LY-16",
    "If two lasting specials reach the same seat, the earlier one applies.",
    "Если два длительных эффекта касаются одного игрока, действует более ранний.",
    facts={"lasting_rest": lasting_rest},
)
"""LY-16: the earliest lasting special decides: the fact ``lasting_rest``, which LY-17's
``rest_moves`` reads."""

# -- LY-17: rest -------------------------------------------------------------------------------
#: SP a rest may move, by epoch (LY-17).
REST_MOVES: Mapping[Epoch, int] = {Epoch.LYCEUM: 3, Epoch.UNIVERSITY: 4, Epoch.ADULT: 5}


def rest_moves(ctx: Tables, effects: tuple[Effect, ...], round_: int, seat: int) -> int:
    """The fact ``rest_moves``: how many SP ``seat`` may move in a rest in ``round_``: what a
    lasting effect in ``effects`` says (LY-16's fact ``lasting_rest``), else 3 / 4 / 5 by
    epoch."""
    if effects:
        lasting = ctx.facts.lasting_rest(ctx, effects, seat)
        if lasting is not None:
            return int(lasting)
    return REST_MOVES[epoch_of_round(round_)]


_REST = (Rest(),)
_FINISH = (FinishMoves(),)


def _rests(ctx: Tables, state: State) -> tuple[Rest, ...]:
    return _REST


def _moves(ctx: Tables, state: State) -> list[MoveSkillPoint]:
    """A point moves from a skill that may give one (LY-1's fact ``givers``) to another."""
    skills = state.seats[state.queue[0].seat].skills
    return [move for source in ctx.facts.givers(ctx, skills) for move in MOVES[source]]


def _finishes(ctx: Tables, state: State) -> tuple[FinishMoves, ...]:
    return _FINISH


def _move_check(ctx: Tables, state: State, action: MoveSkillPoint) -> Refusal:
    """Between two different skills (``same_skill``), from one that may give a point (LY-1's
    ``skill_empty``)."""
    source = action.source
    if source is action.target:
        return "same_skill", {"skill": source.value}
    seat = state.queue[0].seat
    if source.index not in ctx.facts.givers(ctx, state.seats[seat].skills):
        return Violation("LY-1", "skill_empty", {"seat": seat, "skill": source.value})
    return None


def _rest(ctx: Tables, work: Work, action: Rest, events: Events) -> Work:
    seat = work.step.seat
    sheet = work.seats[seat]
    work.put(seat, sheet.with_skills(bump(sheet.skills, ENERGY, 1)))
    moves = ctx.facts.rest_moves(ctx, work.effects, work.round, seat)
    choose = Step(StepKind.CHOOSE, seat, 1)
    if moves:
        work.queue = (choose, Step(StepKind.MOVE, seat, moves), *work.queue)
    else:
        work.queue = (choose, *work.queue)
    if events is not None:
        events.append(Rested(seat, moves))
    return work


def _move(ctx: Tables, work: Work, action: MoveSkillPoint, events: Events) -> Work:
    step = work.step
    seat = step.seat
    source, target = action.source, action.target
    sheet = work.seats[seat]
    skills = list(sheet.skills)
    skills[source.index] -= 1
    skills[target.index] += 1
    work.put(seat, sheet.with_skills(tuple(skills)))
    if step.count > 1:
        work.queue = (Step(StepKind.MOVE, seat, step.count - 1), *work.queue)
    if events is not None:
        events.append(PointMoved(seat, source, target))
    return work


def _finish_moves(ctx: Tables, work: Work, action: FinishMoves, events: Events) -> Work:
    return work  # the moves left are given up


LY_17 = Rule(
    "LY-17",
    "Rest: +1 energy, +1 SP of choice, then move up to 3/4/5 SP by epoch.",
    "Отдых: +1 энергия, +1 SP на выбор, затем перенос до 3/4/5 SP по эпохе.",
    moves={Rest: _rests, MoveSkillPoint: _moves, FinishMoves: _finishes},
    checks={MoveSkillPoint: _move_check},
    effects={Rest: _rest, MoveSkillPoint: _move, FinishMoves: _finish_moves},
    facts={"rest_moves": rest_moves},
)
"""LY-17: rest (the fact ``rest_moves``), and moving SP between different skills
(``same_skill``), each from a skill that holds one (LY-1), until the seat finishes or the
moves run out."""

# -- LY-18: sharing experience -----------------------------------------------------------------
#: The lowest level that may share experience (LY-18).
SHARE_LEVEL = 3


def share_amount(xp: int) -> int:
    """What every other seat gains when a seat with ``xp`` shares: 30 %, to the nearest 100.

    Half rounds up (LY-18).

    >>> share_amount(1500), share_amount(1400), share_amount(1200), share_amount(1100)
    (500, 400, 400, 300)
    """
    return (3 * xp + 500) // 1000 * 100


def can_share(ctx: Tables, state: State, seat: int) -> Refusal:
    """The fact ``can_share``: why ``seat`` may not share experience now (a code and its
    params), or ``None``: once per game, from level 3, with energy to pay."""
    sheet = state.seats[seat]
    if sheet.shared:
        return "already_shared", {"seat": seat}
    level = ctx.facts.level(ctx, sheet.played_xp + sheet.shared_xp)
    if level < SHARE_LEVEL:
        return "level_too_low", {"seat": seat, "level": level, "needed": SHARE_LEVEL}
    if sheet.skills[ENERGY] < 1:
        return "no_energy", {"seat": seat}
    return None


def _may_share(ctx: Tables, state: State) -> Refusal:
    """The seat to move shares only as the fact ``can_share`` allows."""
    refusal: Refusal = ctx.facts.can_share(ctx, state, state.queue[0].seat)
    return refusal


_SHARE = (ShareExperience(),)


def _shares(ctx: Tables, state: State) -> tuple[ShareExperience, ...]:
    return _SHARE


def share(ctx: Tables, work: Work, amount: int, events: Events) -> Work:
    """The seat to move shares ``amount`` XP with every other seat (LY-18), who may level
    up (LY-19); the sharer gets +1 communication, −1 energy and +1 SP of choice."""
    seat = work.step.seat
    seats = list(work.seats)
    sheet = seats[seat]
    skills = bump(bump(sheet.skills, COMMUNICATION, 1), ENERGY, -1)
    seats[seat] = make_seat(
        sheet.character, skills, sheet.played_xp, sheet.shared_xp, sheet.declaration,
        sheet.deferred, sheet.deferred_round, True,
    )
    follow = [Step(StepKind.CHOOSE, seat, 1)]
    level_of = ctx.facts.level
    reached: list[LevelReached] = []
    n = len(seats)
    for offset in range(1, n):
        other = (seat + offset) % n
        them = seats[other]
        before = level_of(ctx, them.played_xp + them.shared_xp)
        after = level_of(ctx, them.played_xp + them.shared_xp + amount)
        seats[other] = make_seat(
            them.character, them.skills, them.played_xp, them.shared_xp + amount,
            them.declaration, them.deferred, them.deferred_round, them.shared,
        )
        if after > before:
            follow.append(ctx.facts.level_up(ctx, other, before, after))
            reached += [LevelReached(other, lv) for lv in range(before + 1, after + 1)]
    work.seats = tuple(seats)
    work.queue = (*follow, *work.queue)
    if events is not None:
        events.append(ExperienceShared(seat, amount))
        events.extend(reached)
    return work


def _share(ctx: Tables, work: Work, action: ShareExperience, events: Events) -> Work:
    sheet = work.seats[work.step.seat]
    return share(ctx, work, share_amount(sheet.played_xp + sheet.shared_xp), events)


LY_18 = Rule(
    "LY-18",
    "Share once, from level 3, paying 1 energy: others get 30% of your XP.",
    "Делиться опытом — раз за игру, с 3 уровня, за 1 энергию: другим 30 % вашего опыта.",
    moves={ShareExperience: _shares},
    checks={ShareExperience: _may_share},
    effects={ShareExperience: _share},
    facts={"can_share": can_share},
)
"""LY-18: sharing experience: once (``already_shared``), from level 3 (``level_too_low``),
with energy to pay (``no_energy``) — the fact ``can_share``, for the seat to move the check
of every ``ShareExperience``; :func:`share_amount` rounds to the nearest 100, half up."""

# -- LY-19: levels -----------------------------------------------------------------------------
#: SP of choice per level reached (LY-19).
LEVEL_POINTS = 2


def level(ctx: Tables, xp: int) -> int:
    """The fact ``level``: the level (from 1) that ``xp`` reaches under the content's level
    table, whose thresholds rise from 0."""
    return bisect_right(ctx.levels, xp)


def level_up(ctx: Tables, seat: int, before: int, after: int) -> Step:
    """The fact ``level_up``: the step of SP of choice for going from level ``before`` to
    ``after``."""
    return Step(StepKind.CHOOSE, seat, LEVEL_POINTS * (after - before))


LY_19 = Rule(
    "LY-19",
    "Levels follow the XP table; each new level gives 2 SP of choice at once.",
    "Уровни идут по таблице опыта; каждый новый уровень сразу даёт 2 SP на выбор.",
    facts={"level": level, "level_up": level_up},
)
"""LY-19: levels (the fact ``level``); each one reached gives SP of choice at once (the fact
``level_up``): playing a card (LY-11) and sharing (LY-18) read both."""
