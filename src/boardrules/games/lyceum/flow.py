"""Who decides what in which step of «Об игре»: the pending steps, the setup, the end.

The head of a state's ``queue`` is the decision to make now (LY-7); :func:`accepts` names
the actions that answer it (the core refuses any other, CORE-3). An action is worked out on
a :class:`~boardrules.games.lyceum.state.Work` copy (:func:`begin`, :func:`finish`): the
effects of the rules that govern it run in rulebook order, and when the pending steps have
run out, :func:`advance` lets the rules close the setup or the turn at the moments
:data:`~boardrules.games.lyceum.state.SETUP_OVER`,
:data:`~boardrules.games.lyceum.state.MAIN_TURN_OVER` and
:data:`~boardrules.games.lyceum.state.TURN_OVER`.

>>> from boardrules.games.lyceum.content import Tables, default_content
>>> tables = Tables(default_content(), 3, 4)
>>> state = new(tables, 7, Setup(players=3))
>>> to_move(state), sorted(kind.__name__ for kind in accepts(state))
(0, ['ChooseSkill'])
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Iterable, Mapping

import attrs

from boardrules.core.errors import BadInput
from boardrules.core.rng import Rng
from boardrules.core.rules import Effect, Rulebook
from boardrules.games.lyceum.actions import (
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
from boardrules.games.lyceum.content import SKILLS, Colour, Epoch, Tables
from boardrules.games.lyceum.events import Event
from boardrules.games.lyceum.rules import (
    ANSWERS,
    DECLARATION_TARGETS,
    EXTRA_POINTS,
    LEVEL_POINTS,
    ROUNDS,
    can_share,
    eligible,
    longest_rest,
    shuffled_piles,
    tie_order,
)
from boardrules.games.lyceum.state import (
    CHOOSE_STEP as _CHOOSE,
)
from boardrules.games.lyceum.state import (
    DECIDE_STEP as _DECIDE,
)
from boardrules.games.lyceum.state import (
    DECLARE_STEP as _DECLARE,
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
    "CHOICES",
    "DECLARES",
    "DECLARE_VALUES",
    "DRAWS",
    "MOVES",
    "Setup",
    "accepts",
    "advance",
    "begin",
    "effect_table",
    "finish",
    "is_over",
    "legal_actions",
    "max_moves",
    "mover",
    "new",
    "to_move",
]

#: The actions of each step kind, made once (the order of ``legal_actions``).
CHOICES: tuple[ChooseSkill, ...] = tuple(ChooseSkill(s) for s in SKILLS)
DRAWS: tuple[Draw, ...] = tuple(Draw(k) for k in Colour)
#: Per source skill, the moves of one of its SP to every other skill.
MOVES: tuple[tuple[MoveSkillPoint, ...], ...] = tuple(
    tuple(MoveSkillPoint(a, b) for b in SKILLS if b is not a) for a in SKILLS
)
DECLARES: tuple[Declare, ...] = (Declare(None), *(Declare(t) for t in DECLARATION_TARGETS))
DECLARE_VALUES: tuple[DeclareSkill, ...] = tuple(
    DeclareSkill(v) for v in range(max(DECLARATION_TARGETS) + 1)
)
_FINISH = FinishMoves()
#: The legal actions of a move step, for each pattern of which skills hold a point.
_MOVE_STEPS: dict[tuple[bool, ...], tuple[Action, ...]] = {
    held: (*(m for has, moves in zip(held, MOVES, strict=True) if has for m in moves), _FINISH)
    for held in itertools.product((False, True), repeat=len(SKILLS))
}
_REST = Rest()
_SHARE = ShareExperience()
_PLAY = PlayCard()
_DISCARD = DiscardCard()
_DEFER = DeferCard()
_PLAY_DEFERRED = PlayDeferred()
_KEEP_DEFERRED = KeepDeferred()


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


# -- the setup ---------------------------------------------------------------------------------
def new(ctx: Tables, seed: int, setup: Setup) -> State:
    """The first state: characters drawn (LY-2), each seat's extra SP and declaration pending
    in seat order (LY-3, LY-4), the Lyceum piles shuffled (LY-6)."""
    players = setup.players
    if not ctx.min_players <= players <= ctx.max_players:
        raise BadInput(
            "$.players",
            f"LY-1: this game seats {ctx.min_players} to {ctx.max_players} players",
        )
    order = tie_order(players, setup.ages, setup.birth_dates)
    characters = ctx.content.characters
    drawn = Rng.derive(seed, "lyceum", "characters").shuffled(range(len(characters)))
    seats = tuple(Seat(characters[i].id, characters[i].base) for i in drawn[:players])
    queue: list[Step] = []
    for seat in range(players):
        queue += [Step(_CHOOSE, seat, EXTRA_POINTS), Step(_DECLARE, seat)]
    return State(
        seed=seed,
        seats=seats,
        tie_order=order,
        first=None,
        round=0,
        turn=0,
        stage=_SETUP,
        queue=tuple(queue),
        piles=shuffled_piles(ctx, seed, Epoch.LYCEUM),
    )


# -- whose decision --------------------------------------------------------------------------
def to_move(state: State) -> int | None:
    """The seat of the pending step, or ``None`` once round 10 is over."""
    queue = state.queue
    return queue[0].seat if queue else None


def is_over(state: State) -> bool:
    """Whether every seat has had its turn in round 10 (LY-20)."""
    return not state.queue


# Keyed by the identity of the step kind: an enum member lives as long as its class, and
# ``id`` hashes much faster than an enum member does.
_ANSWERS_BY_ID: dict[int, frozenset[type]] = {id(kind): ANSWERS[kind] for kind in StepKind}


def accepts(state: State) -> Collection[type]:
    """The action classes that answer the pending step (LY-7)."""
    return _ANSWERS_BY_ID[id(state.queue[0].kind)]


def mover(state: State) -> int | None:
    """The seat whose turn it is in the round (``None`` in the setup and at the end)."""
    if state.first is None or state.stage is _OVER:
        return None
    return (state.first + state.turn) % len(state.seats)


def legal_actions(ctx: Tables, state: State) -> tuple[Action, ...]:
    """Every legal action, in a stable order that depends on the pending step.

    Skills and colours come in their fixed order; the main step lists draws (green,
    yellow, red), then rest, then share; a drawn card lists play or defer first, then
    discard; an offer lists play first. (The conformance kit proves this agrees with the
    rules' checks.)
    """
    queue = state.queue
    if not queue:
        return ()
    step = queue[0]
    kind = step.kind
    if kind is _CHOOSE:
        return CHOICES
    if kind is _MOVE:
        skills = state.seats[step.seat].skills
        return _MOVE_STEPS[
            (skills[0] > 0, skills[1] > 0, skills[2] > 0, skills[3] > 0, skills[4] > 0)
        ]
    if kind is _MAIN:
        piles = state.piles
        main: list[Action] = [DRAWS[i] for i in range(3) if piles[i]]
        main.append(_REST)
        if can_share(ctx, state, step.seat) is None:
            main.append(_SHARE)
        return tuple(main)
    if kind is _DECIDE:
        assert step.card is not None
        sheet = state.seats[step.seat]
        if eligible(ctx, sheet.skills, step.card):
            return (_PLAY, _DISCARD)
        if sheet.deferred is None:
            return (_DEFER, _DISCARD)
        return (_DISCARD,)
    if kind is _OFFER:
        return (_PLAY_DEFERRED, _KEEP_DEFERRED)
    if kind is _DECLARE:
        return DECLARES
    return DECLARE_VALUES[: max(step.count, 0) + 1]


def max_moves(ctx: Tables) -> int:
    """A bound on actions per game.

    Setup: 5 extra SP and at most 5 declaration actions per seat. Each turn: at most a
    main action, a decision, 2 SP of choice and as many rest moves as allowed (or 6
    special points), then an offer and 6 more special points; plus 2 SP per level.
    """
    seats = ctx.max_players
    per_turn = 2 + max(longest_rest(ctx), 7) + 1 + 1 + 7
    levels = LEVEL_POINTS * len(ctx.levels)
    return seats * (EXTRA_POINTS + 5) + ROUNDS * seats * per_turn + seats * levels


# -- working out an action -----------------------------------------------------------------------
def begin(state: State) -> Work:
    """The working copy of ``state``, its pending step taken off the queue."""
    return Work(state)


def finish(work: Work) -> State:
    """The next state from the working copy."""
    return work.freeze()


def effect_table(rules: Rulebook, action_classes: Iterable[type]) -> dict[type, tuple[Effect, ...]]:
    """The effects of ``rules`` for each action class and each moment, in rulebook order
    (what :func:`advance` runs; a game makes it once)."""
    kinds = (*action_classes, SetupOver, MainTurnOver, TurnOver)
    return {kind: rules.effects_for(kind) for kind in kinds}


def advance(
    effects: Mapping[type, tuple[Effect, ...]],
    ctx: Tables,
    state: State,
    action: Action,
    events: list[Event] | None,
) -> State:
    """The state after a legal ``action``: the ``effects`` (see :func:`effect_table`) of the
    rules that govern it, then, if no step is pending any more, those of the moment that
    comes (the setup is over; the main turn is over; the turn is over), in rulebook order."""
    work = Work(state)
    for effect in effects[type(action)]:
        work = effect(ctx, work, action, events)
    if not work.queue:
        if work.stage is _SETUP:
            for effect in effects[SetupOver]:
                work = effect(ctx, work, SETUP_OVER, events)
        else:
            for effect in effects[MainTurnOver]:
                work = effect(ctx, work, MAIN_TURN_OVER, events)
            if not work.queue:
                for effect in effects[TurnOver]:
                    work = effect(ctx, work, TURN_OVER, events)
    return work.freeze()
