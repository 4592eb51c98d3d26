"""«Об игре» rules LY-14..LY-19: the colours, special abilities, rest, sharing experience
and levels."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping

from boardrules.core.rules import Rule
from boardrules.core.violation import Violation
from boardrules.games.lyceum.actions import (
    FinishMoves,
    MoveSkillPoint,
    Rest,
    ShareExperience,
)
from boardrules.games.lyceum.content import (
    Epoch,
    Tables,
    Target,
    epoch_of_round,
)
from boardrules.games.lyceum.events import (
    ExperienceShared,
    LevelReached,
    PointMoved,
    Rested,
)
from boardrules.games.lyceum.rules.common import COMMUNICATION, ENERGY, Events, bump
from boardrules.games.lyceum.state import (
    CHOOSE_STEP as _CHOOSE,
)
from boardrules.games.lyceum.state import (
    MOVE_STEP as _MOVE,
)
from boardrules.games.lyceum.state import (
    Effect,
    Seat,
    State,
    Step,
    Work,
)

_SELF = Target.SELF


# -- LY-14: the colours ------------------------------------------------------------------------
LY_14 = Rule(
    "LY-14",
    "Green: 100 XP, +1 SP. Yellow: 200 XP, +1..3, −1. Red: 500 XP, +1..6, −0..3.",
    "Зелёная: 100 XP, +1 SP. Жёлтая: 200 XP, +1..3, −1. Красная: 500 XP, +1..6, −0..3.",
)
"""LY-14: what each colour gives and costs; checked when content is loaded."""

# -- LY-15: special abilities ------------------------------------------------------------------
LY_15 = Rule(
    "LY-15",
    "A red card may carry a special: SP of choice, SP moves, or other rests this epoch.",
    "Красная карта может иметь особое: SP на выбор, перенос SP или иной отдых до конца эпохи.",
)
"""LY-15: special abilities, carried out when the card is played (:func:`play`)."""

# -- LY-16: conflicting specials ---------------------------------------------------------------


def rest_moves(effects: tuple[Effect, ...], round_: int, seat: int) -> int:
    """How many SP ``seat`` may move in a rest in ``round_``: 3 / 4 / 5 by epoch (LY-17), or
    the amount of the earliest-played lasting effect in ``effects`` that reaches it (LY-16)."""
    for effect in effects:
        if (effect.seat == seat) == (effect.target is _SELF):
            return effect.amount
    return REST_MOVES[epoch_of_round(round_)]


LY_16 = Rule(
    "LY-16",
    "If two lasting specials reach the same seat, the earlier one applies.",
    "Если два длительных эффекта касаются одного игрока, действует более ранний.",
)
"""LY-16: the earliest lasting special decides (:func:`rest_moves`)."""

# -- LY-17: rest -------------------------------------------------------------------------------
#: SP a rest may move, by epoch (LY-17).
REST_MOVES: Mapping[Epoch, int] = {Epoch.LYCEUM: 3, Epoch.UNIVERSITY: 4, Epoch.ADULT: 5}


def longest_rest(tables: Tables) -> int:
    """The most SP any MOVE step holds under this content (LY-17, a lasting special's rest,
    or a redistribution)."""
    return max(*REST_MOVES.values(), tables.longest_lasting_rest)


def largest_choice(tables: Tables, extra_points: int) -> int:
    """The most SP any CHOOSE step holds: the setup's extra points, every level-up of the
    level table at once (LY-19), or a gain special."""
    levels = LEVEL_POINTS * max(len(tables.levels) - 1, 1)
    return max(extra_points, levels, tables.largest_gain)


def _different_skills(ctx: Tables, state: State, action: MoveSkillPoint) -> Violation | None:
    if action.source is action.target:
        return Violation("LY-17", "same_skill", {"skill": action.source.value})
    return None


def _rest(ctx: Tables, work: Work, action: Rest, events: Events) -> Work:
    seat = work.step.seat
    sheet = work.seats[seat]
    work.put(seat, sheet.with_skills(bump(sheet.skills, ENERGY, 1)))
    moves = rest_moves(work.effects, work.round, seat)
    if moves:
        work.queue = (
            Step(_CHOOSE, seat, 1), Step(_MOVE, seat, moves), *work.queue
        )
    else:
        work.queue = (Step(_CHOOSE, seat, 1), *work.queue)
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
        work.queue = (Step(_MOVE, seat, step.count - 1), *work.queue)
    if events is not None:
        events.append(PointMoved(seat, source, target))
    return work


def _finish_moves(ctx: Tables, work: Work, action: FinishMoves, events: Events) -> Work:
    return work


LY_17 = Rule(
    "LY-17",
    "Rest: +1 energy, +1 SP of choice, then move up to 3/4/5 SP by epoch.",
    "Отдых: +1 энергия, +1 SP на выбор, затем перенос до 3/4/5 SP по эпохе.",
    checks={MoveSkillPoint: _different_skills},
    effects={Rest: _rest, MoveSkillPoint: _move, FinishMoves: _finish_moves},
)
"""LY-17: rest, and moving SP between different skills."""

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


def can_share(ctx: Tables, state: State, seat: int) -> Violation | None:
    """Why ``seat`` may not share experience now (LY-18), or ``None``."""
    sheet = state.seats[seat]
    if sheet.shared:
        return Violation("LY-18", "already_shared", {"seat": seat})
    level = bisect_right(ctx.levels, sheet.played_xp + sheet.shared_xp)
    if level < SHARE_LEVEL:
        return Violation(
            "LY-18", "level_too_low", {"seat": seat, "level": level, "needed": SHARE_LEVEL}
        )
    if sheet.skills[ENERGY] < 1:
        return Violation("LY-18", "no_energy", {"seat": seat})
    return None


def can_share_check(ctx: Tables, state: State, action: ShareExperience) -> Violation | None:
    """LY-18's check: :func:`can_share` for the seat to move."""
    return can_share(ctx, state, state.queue[0].seat)


def share(ctx: Tables, work: Work, amount: int, events: Events) -> Work:
    """The seat to move shares ``amount`` XP with every other seat (LY-18), who may level
    up (LY-19); the sharer gets +1 communication, −1 energy and +1 SP of choice."""
    seat = work.step.seat
    seats = list(work.seats)
    sheet = seats[seat]
    skills = bump(bump(sheet.skills, COMMUNICATION, 1), ENERGY, -1)
    seats[seat] = Seat(
        sheet.character, skills, sheet.played_xp, sheet.shared_xp, sheet.declaration,
        sheet.deferred, sheet.deferred_round, True,
    )
    follow = [Step(_CHOOSE, seat, 1)]
    levels = ctx.levels
    reached: list[LevelReached] = []
    n = len(seats)
    for offset in range(1, n):
        other = (seat + offset) % n
        them = seats[other]
        before = bisect_right(levels, them.played_xp + them.shared_xp)
        after = bisect_right(levels, them.played_xp + them.shared_xp + amount)
        seats[other] = Seat(
            them.character, them.skills, them.played_xp, them.shared_xp + amount,
            them.declaration, them.deferred, them.deferred_round, them.shared,
        )
        if after > before:
            follow.append(level_up_step(other, before, after))
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
    checks={ShareExperience: can_share_check},
    effects={ShareExperience: _share},
)
"""LY-18: sharing experience (:func:`share_amount` rounds to the nearest 100, half up)."""

# -- LY-19: levels -----------------------------------------------------------------------------
#: SP of choice per level reached (LY-19).
LEVEL_POINTS = 2


def level_up_step(seat: int, before: int, after: int) -> Step:
    """The SP of choice for going from level ``before`` to ``after`` (LY-19)."""
    return Step(_CHOOSE, seat, LEVEL_POINTS * (after - before))


LY_19 = Rule(
    "LY-19",
    "Levels follow the XP table; each new level gives 2 SP of choice at once.",
    "Уровни идут по таблице опыта; каждый новый уровень сразу даёт 2 SP на выбор.",
)
"""LY-19: levels; each one reached gives SP of choice at once (:func:`level_up_step`)."""
