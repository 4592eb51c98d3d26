"""«Об игре» rules LY-1..LY-5: seats, characters, the setup's extra SP, the declaration
and the turn order.

Each unit states its part of the setup (folded in rulebook order: LY-1 the empty table,
LY-2 the characters, LY-3 the extra SP, LY-4 the declaration steps, LY-5 the tie order; LY-6
adds the piles) besides its moves, checks, effects and facts.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence

import attrs

from boardrules.core.errors import BadInput
from boardrules.core.rng import Rng
from boardrules.core.rules import Rule
from boardrules.core.violation import Refusal
from boardrules.games.lyceum.actions import CHOICES, ChooseSkill, Declare, DeclareSkill
from boardrules.games.lyceum.content import SKILLS, Epoch, Tables
from boardrules.games.lyceum.events import (
    DeclarationMade,
    PointChosen,
    RoundStarted,
    TurnOrderSet,
)
from boardrules.games.lyceum.rules.common import ENERGY, Events, bump, clip
from boardrules.games.lyceum.state import (
    Seat,
    SetupOver,
    Stage,
    State,
    Step,
    StepKind,
    Work,
)

__all__ = [
    "DECLARATION_BONUS",
    "DECLARATION_TARGETS",
    "DECLARES",
    "DECLARE_VALUES",
    "EXTRA_POINTS",
    "LY_1",
    "LY_2",
    "LY_3",
    "LY_4",
    "LY_5",
    "Setup",
    "extra_points",
    "first_seat",
    "givers",
    "mover",
    "tie_order",
    "turn_order",
]


def _players(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 2 <= value <= 64:
        raise BadInput("$.players", "LY-1: players is an integer from 2 to 64")


@attrs.frozen
class Setup:
    """The keyword arguments of :meth:`Game.new <boardrules.games.lyceum.Game.new>`.

    Attributes:
        players: the number of seats (3 or 4 by default; see ``Game.min_players``).
        ages: each seat's age in any unit (smaller is younger), to break an energy tie
            (LY-5); without ages or birth dates the lower seat wins the tie.
        birth_dates: each seat's birth date as ``"YYYY-MM-DD"`` (later is younger);
            instead of ``ages``.
    """

    players: int = attrs.field(default=4, validator=_players)
    ages: tuple[int, ...] | None = None
    birth_dates: tuple[str, ...] | None = None


# -- LY-1: seats and skills -------------------------------------------------------------------
def givers(ctx: Tables, skills: tuple[int, ...]) -> tuple[int, ...]:
    """The fact ``givers``: the skills (by index) a point may leave, those that hold one: no
    skill goes below 0. LY-17's moves take points only from these, and its check refuses a
    point taken from any other skill under this rule's ID (``skill_empty``)."""
    return tuple(i for i, points in enumerate(skills) if points > 0)


def _table(ctx: Tables, seed: int, setup: Setup, state: State | None) -> State:
    """The table: as many seats as the options allow, nothing dealt yet."""
    players = setup.players
    if not ctx.min_players <= players <= ctx.max_players:
        raise BadInput(
            "$.players",
            f"LY-1: this game seats {ctx.min_players} to {ctx.max_players} players",
        )
    return State(
        seed=seed, seats=(), tie_order=tuple(range(players)), first=None, round=0, turn=0,
        stage=Stage.SETUP, queue=(), piles=((), (), ()),
    )


LY_1 = Rule(
    "LY-1",
    "3–4 seats; five skills counted in SP, and no skill ever drops below 0.",
    "3–4 игрока; пять умений в очках (SP), ни одно не опускается ниже 0.",
    setup=_table,
    facts={"givers": givers},
)
"""LY-1: seats and skills. Setup: the number of seats within the options (``BadInput``
otherwise). The fact ``givers``: a point leaves only a skill that holds one (LY-17 reads it
for its moves, and refuses any other point as ``LY-1 skill_empty``)."""


# -- LY-2: characters ------------------------------------------------------------------------
def _characters(ctx: Tables, seed: int, setup: Setup, state: State | None) -> State:
    assert state is not None
    characters = ctx.content.characters
    drawn = Rng.derive(seed, "lyceum", "characters").shuffled(range(len(characters)))
    seats = tuple(Seat(characters[i].id, characters[i].base) for i in drawn[: setup.players])
    return attrs.evolve(state, seats=seats)


LY_2 = Rule(
    "LY-2",
    "Each seat draws its own character from the deck and starts with its base SP.",
    "Каждому игроку по жребию свой персонаж; он начинает со своими базовыми SP.",
    setup=_characters,
)
"""LY-2: setup: each seat's character is drawn from the seed, with its base SP."""

# -- LY-3: extra SP, and every SP of choice ---------------------------------------------------
#: Extra SP each seat distributes at the start (LY-3).
EXTRA_POINTS = 5


def extra_points(ctx: Tables) -> int:
    """The fact ``extra_points``: the extra SP each seat places in the setup."""
    return EXTRA_POINTS


def _choices(ctx: Tables, state: State) -> tuple[ChooseSkill, ...]:
    """A point of choice goes into any skill."""
    return CHOICES


def _choose(ctx: Tables, work: Work, action: ChooseSkill, events: Events) -> Work:
    """Put one SP of choice into the chosen skill; the rest of the step stays pending."""
    step = work.step
    seat = step.seat
    sheet = work.seats[seat]
    work.put(seat, sheet.with_skills(bump(sheet.skills, action.skill.index, 1)))
    if step.count > 1:
        work.queue = (Step(StepKind.CHOOSE, seat, step.count - 1), *work.queue)
    if events is not None:
        events.append(PointChosen(seat, action.skill))
    return work


def _extra_points(ctx: Tables, seed: int, setup: Setup, state: State | None) -> State:
    assert state is not None
    extra = ctx.facts.extra_points(ctx)
    steps = tuple(Step(StepKind.CHOOSE, seat, extra) for seat in range(setup.players))
    return attrs.evolve(state, queue=(*state.queue, *steps))


LY_3 = Rule(
    "LY-3",
    "Setup: every seat adds 5 extra SP, one at a time, where it likes.",
    "Подготовка: каждый по одному добавляет 5 SP в любые умения.",
    setup=_extra_points,
    moves={ChooseSkill: _choices},
    effects={ChooseSkill: _choose},
    facts={"extra_points": extra_points},
)
"""LY-3: the setup's extra SP (a pending step per seat; the fact ``extra_points``), placed one
at a time like every SP of choice: a point goes into any skill."""

# -- LY-4: the declaration --------------------------------------------------------------------
#: The declaration targets and the XP bonus each earns when met (LY-4, LY-20).
DECLARATION_BONUS: Mapping[int, int] = {35: 300, 40: 400, 45: 500}
DECLARATION_TARGETS: tuple[int, ...] = tuple(DECLARATION_BONUS)
#: Every declaration a seat may make: none, or one of the targets.
DECLARES: tuple[Declare, ...] = (Declare(None), *(Declare(t) for t in DECLARATION_TARGETS))
#: ``DeclareSkill(v)`` for every value a skill may be declared, 0 to the largest target.
DECLARE_VALUES: tuple[DeclareSkill, ...] = tuple(
    DeclareSkill(v) for v in range(max(DECLARATION_TARGETS) + 1)
)


def _declarations(ctx: Tables, state: State) -> tuple[Declare, ...]:
    return DECLARES


def _target_check(ctx: Tables, state: State, action: Declare) -> Refusal:
    if action in DECLARES:
        return None
    assert action.target is not None  # no declaration is one of them
    return "bad_target", {"target": clip(action.target)}


def _declarable(state: State) -> range:
    """The SP the next declared skill may take: 0 up to what is left of the target."""
    return range(state.queue[0].count + 1)


def _values(ctx: Tables, state: State) -> tuple[DeclareSkill, ...]:
    return tuple(map(DECLARE_VALUES.__getitem__, _declarable(state)))


def _value_check(ctx: Tables, state: State, action: DeclareSkill) -> Refusal:
    value = action.value
    if type(value) is not int or value not in _declarable(state):  # a bool is not an SP count
        return "bad_declared_value", {"value": clip(value), "left": state.queue[0].count}
    return None


def _declaration_steps(ctx: Tables, seed: int, setup: Setup, state: State | None) -> State:
    """Each seat's declaration step, after the seat's other setup steps."""
    assert state is not None
    queue: list[Step] = []
    for seat in range(setup.players):
        queue += [step for step in state.queue if step.seat == seat]
        queue.append(Step(StepKind.DECLARE, seat))
    return attrs.evolve(state, queue=tuple(queue))


def _declare(ctx: Tables, work: Work, action: Declare, events: Events) -> Work:
    seat = work.step.seat
    if action.target is None:
        if events is not None:
            events.append(DeclarationMade(seat, None))
    else:
        work.queue = (Step(StepKind.DECLARE_SKILL, seat, action.target), *work.queue)
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
        work.queue = (Step(StepKind.DECLARE_SKILL, seat, left, None, values), *work.queue)
    return work


LY_4 = Rule(
    "LY-4",
    "Optionally declare a future self of 35/40/45 SP split over the skills.",
    "По желанию — заявка образа будущего: 35/40/45 SP, разложенные по умениям.",
    setup=_declaration_steps,
    moves={Declare: _declarations, DeclareSkill: _values},
    checks={Declare: _target_check, DeclareSkill: _value_check},
    effects={Declare: _declare, DeclareSkill: _declare_skill},
)
"""LY-4: setup: a declaration step per seat. A target or none (:data:`DECLARES`,
``bad_target``), then the SP of four skills in turn, each at most what is left
(``bad_declared_value``); energy takes the rest."""

# -- LY-5: who moves first ---------------------------------------------------------------------


def first_seat(ctx: Tables, seats: Sequence[Seat], order: Sequence[int]) -> int:
    """The fact ``first_seat``: the seat that opens every round: most energy first; among
    equals the youngest, as the tie order says."""
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


def turn_order(ctx: Tables, state: State) -> tuple[int, ...]:
    """The fact ``turn_order``: the seats in the order they move in every round, clockwise
    from the first seat (none during the setup)."""
    first = state.first
    if first is None:
        return ()
    return (*range(first, len(state.seats)), *range(first))


def mover(ctx: Tables, state: State) -> int | None:
    """The fact ``mover``: the seat whose turn it is in the round (``None`` in the setup and
    at the end)."""
    if state.first is None or state.stage is Stage.OVER:
        return None
    seat: int = ctx.facts.turn_order(ctx, state)[state.turn]
    return seat


def _ties(ctx: Tables, seed: int, setup: Setup, state: State | None) -> State:
    assert state is not None
    return attrs.evolve(
        state, tie_order=tie_order(setup.players, setup.ages, setup.birth_dates)
    )


def _start_play(ctx: Tables, work: Work, moment: SetupOver, events: Events) -> Work:
    """The setup is over: the most energetic seat opens round 1."""
    first = ctx.facts.first_seat(ctx, work.seats, work.tie_order)
    work.first = first
    work.stage = Stage.MAIN
    work.round = 1
    work.turn = 0
    work.queue = (Step(StepKind.MAIN, first),)
    if events is not None:
        events.append(TurnOrderSet(first, ctx.facts.turn_order(ctx, work)))
        events.append(RoundStarted(1, 16, Epoch.LYCEUM))
    return work


LY_5 = Rule(
    "LY-5",
    "Most energy moves first; on a tie the younger, else the lower seat; then clockwise.",
    "Первым ходит самый энергичный; при равенстве младший или меньший номер; далее по кругу.",
    setup=_ties,
    effects={SetupOver: _start_play},
    facts={"first_seat": first_seat, "turn_order": turn_order, "mover": mover},
)
"""LY-5: the turn order. Setup: the seats from youngest to oldest (``ages`` or
``birth_dates``); when the setup is over, the most energetic seat (the fact ``first_seat``)
opens round 1, and every round goes clockwise from it (the facts ``turn_order`` and
``mover``)."""
