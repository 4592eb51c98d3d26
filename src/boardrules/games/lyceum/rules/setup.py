"""«Об игре» rules LY-1..LY-5: seats, characters, the setup's extra SP, the declaration
and the turn order."""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence

from boardrules.core.errors import BadInput
from boardrules.core.rules import Rule
from boardrules.core.violation import Violation
from boardrules.games.lyceum.actions import (
    ChooseSkill,
    Declare,
    DeclareSkill,
    MoveSkillPoint,
)
from boardrules.games.lyceum.content import (
    SKILLS,
    Epoch,
    Tables,
)
from boardrules.games.lyceum.events import (
    DeclarationMade,
    PointChosen,
    RoundStarted,
    TurnOrderSet,
)
from boardrules.games.lyceum.rules.common import ENERGY, Events, bump, clip
from boardrules.games.lyceum.state import (
    CHOOSE_STEP as _CHOOSE,
)
from boardrules.games.lyceum.state import (
    DECLARE_SKILL_STEP as _DECLARE_SKILL,
)
from boardrules.games.lyceum.state import (
    MAIN_STAGE as _MAIN_STAGE,
)
from boardrules.games.lyceum.state import (
    MAIN_STEP as _MAIN,
)
from boardrules.games.lyceum.state import (
    Seat,
    SetupOver,
    State,
    Step,
    Work,
)


# -- LY-1: seats and skills -------------------------------------------------------------------
def _skill_not_empty(ctx: Tables, state: State, action: MoveSkillPoint) -> Violation | None:
    """No skill goes below 0: a point leaves only a skill that has one."""
    if action.source is action.target:
        return None  # a point moved onto its own skill takes nothing (LY-17 refuses it)
    seat = state.queue[0].seat
    if not state.seats[seat].skills[action.source.index]:
        return Violation("LY-1", "skill_empty", {"seat": seat, "skill": action.source.value})
    return None


LY_1 = Rule(
    "LY-1",
    "3–4 seats; five skills counted in SP, and no skill ever drops below 0.",
    "3–4 игрока; пять умений в очках (SP), ни одно не опускается ниже 0.",
    checks={MoveSkillPoint: _skill_not_empty},
)
"""LY-1: seats and skills; a point is never taken from an empty skill."""

# -- LY-2: characters ------------------------------------------------------------------------
LY_2 = Rule(
    "LY-2",
    "Each seat draws its own character from the deck and starts with its base SP.",
    "Каждому игроку по жребию свой персонаж; он начинает со своими базовыми SP.",
)
"""LY-2: characters are drawn from the seed at setup (``flow.new``)."""

# -- LY-3: extra SP, and every SP of choice ---------------------------------------------------
#: Extra SP each seat distributes at the start (LY-3).
EXTRA_POINTS = 5


def _choose(ctx: Tables, work: Work, action: ChooseSkill, events: Events) -> Work:
    """Put one SP of choice into the chosen skill; the rest of the step stays pending."""
    step = work.step
    seat = step.seat
    sheet = work.seats[seat]
    work.put(seat, sheet.with_skills(bump(sheet.skills, action.skill.index, 1)))
    if step.count > 1:
        work.queue = (Step(_CHOOSE, seat, step.count - 1), *work.queue)
    if events is not None:
        events.append(PointChosen(seat, action.skill))
    return work


LY_3 = Rule(
    "LY-3",
    "Setup: every seat adds 5 extra SP, one at a time, where it likes.",
    "Подготовка: каждый по одному добавляет 5 SP в любые умения.",
    effects={ChooseSkill: _choose},
)
"""LY-3: the setup's extra SP, placed one at a time like every SP of choice."""

# -- LY-4: the declaration --------------------------------------------------------------------
#: The declaration targets and the XP bonus each earns when met (LY-4, LY-20).
DECLARATION_BONUS: Mapping[int, int] = {35: 300, 40: 400, 45: 500}
DECLARATION_TARGETS: tuple[int, ...] = tuple(DECLARATION_BONUS)


def _target_check(ctx: Tables, state: State, action: Declare) -> Violation | None:
    target = action.target
    if target is not None and target not in DECLARATION_BONUS:
        return Violation("LY-4", "bad_target", {"target": clip(target)})
    return None


def _value_check(ctx: Tables, state: State, action: DeclareSkill) -> Violation | None:
    value = action.value
    left = state.queue[0].count
    if type(value) is not int or not 0 <= value <= left:  # a bool is not an SP count
        return Violation("LY-4", "bad_declared_value", {"value": clip(value), "left": left})
    return None


def _declare(ctx: Tables, work: Work, action: Declare, events: Events) -> Work:
    seat = work.step.seat
    if action.target is None:
        if events is not None:
            events.append(DeclarationMade(seat, None))
    else:
        work.queue = (Step(_DECLARE_SKILL, seat, action.target), *work.queue)
    return work


def _declare_skill(ctx: Tables, work: Work, action: DeclareSkill, events: Events) -> Work:
    step = work.step
    seat = step.seat
    values = (*step.values, action.value)
    left = step.count - action.value
    if len(values) == len(SKILLS) - 1:
        declaration = (*values, left)
        work.put(seat, work.seats[seat].with_declaration(declaration))
        if events is not None:
            events.append(DeclarationMade(seat, declaration))
    else:
        work.queue = (Step(_DECLARE_SKILL, seat, left, None, values), *work.queue)
    return work


LY_4 = Rule(
    "LY-4",
    "Optionally declare a future self of 35/40/45 SP split over the skills.",
    "По желанию — заявка образа будущего: 35/40/45 SP, разложенные по умениям.",
    checks={Declare: _target_check, DeclareSkill: _value_check},
    effects={Declare: _declare, DeclareSkill: _declare_skill},
)
"""LY-4: a target, then the SP of four skills in turn; energy takes the rest."""

# -- LY-5: who moves first ---------------------------------------------------------------------


def first_seat(seats: Sequence[Seat], order: Sequence[int]) -> int:
    """Most energy first; among equals the youngest, as the tie order says (LY-5)."""
    energy = [s.skills[ENERGY] for s in seats]
    top = max(energy)
    return next(seat for seat in order if energy[seat] == top)


def tie_order(
    players: int, ages: tuple[int, ...] | None, birth_dates: tuple[str, ...] | None
) -> tuple[int, ...]:
    """The seats from youngest to oldest, lower seat first on a tie (LY-5).

    Raises:
        BadInput: for both ages and birth dates, a wrong count, a negative age or a bad date.
    """
    if ages is not None and birth_dates is not None:
        raise BadInput("$.birth_dates", "give ages or birth dates, not both")
    keys: list[int] = [0] * players
    if ages is not None:
        if len(ages) != players:
            raise BadInput("$.ages", f"one age per seat ({players})")
        for i, age in enumerate(ages):
            if age < 0:
                raise BadInput(f"$.ages[{i}]", "an age is not negative")
        keys = list(ages)
    elif birth_dates is not None:
        if len(birth_dates) != players:
            raise BadInput("$.birth_dates", f"one birth date per seat ({players})")
        for i, text in enumerate(birth_dates):
            try:
                keys[i] = -datetime.date.fromisoformat(text).toordinal()
            except ValueError:
                raise BadInput(f"$.birth_dates[{i}]", "a date is written YYYY-MM-DD") from None
    return tuple(sorted(range(players), key=lambda s: (keys[s], s)))


def _start_play(ctx: Tables, work: Work, moment: SetupOver, events: Events) -> Work:
    """The setup is over: the most energetic seat opens round 1."""
    n = len(work.seats)
    first = first_seat(work.seats, work.tie_order)
    work.first = first
    work.stage = _MAIN_STAGE
    work.round = 1
    work.turn = 0
    work.queue = (Step(_MAIN, first),)
    if events is not None:
        events.append(TurnOrderSet(first, tuple((first + i) % n for i in range(n))))
        events.append(RoundStarted(1, 16, Epoch.LYCEUM))
    return work


LY_5 = Rule(
    "LY-5",
    "Most energy moves first; on a tie the younger, else the lower seat; then clockwise.",
    "Первым ходит самый энергичный; при равенстве младший или меньший номер; далее по кругу.",
    effects={SetupOver: _start_play},
)
"""LY-5: the turn order, set when the setup is over."""
