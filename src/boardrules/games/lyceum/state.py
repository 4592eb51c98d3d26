"""The Lyceum state: every seat's character sheet, the piles, the round and the pending steps.

A state is immutable. What the seat to move must decide is the head of ``queue``: a main
action, a drawn card, points of choice, rest moves, a deferred card on offer or a setup step
(LY-7). ``stage`` says what comes when the queue runs empty.

While an action is worked out, the rules change a :class:`Work` copy (one new ``State`` at
the end, :func:`freeze`); when its queue runs empty, the moments :data:`SETUP_OVER`,
:data:`MAIN_TURN_OVER` and :data:`TURN_OVER` let the rules that close a setup or a turn act
(LY-7 runs them).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import ClassVar

import attrs

from boardrules.core.frozen import builder
from boardrules.games.lyceum.content import SpecialKind, Target

__all__ = [
    "HIDDEN",
    "MAIN_TURN_OVER",
    "SETUP_OVER",
    "TURN_OVER",
    "Effect",
    "MainTurnOver",
    "Seat",
    "SetupOver",
    "Stage",
    "State",
    "Step",
    "StepKind",
    "TurnOver",
    "Work",
    "freeze",
    "make_seat",
    "make_state",
]

#: A declaration as other seats see it before the end (LY-22): hidden, made or not.
HIDDEN: tuple[int, ...] = ()


class StepKind(enum.Enum):
    """What a pending step asks of its seat."""

    #: ``count`` SP of choice, one :class:`~.actions.ChooseSkill` each.
    CHOOSE = "choose"
    #: choose a declaration target or none (:class:`~.actions.Declare`).
    DECLARE = "declare"
    #: the SP of the next declared skill; ``count`` SP are left, ``values`` are set.
    DECLARE_SKILL = "declare_skill"
    #: the main action of a turn: draw, rest or share.
    MAIN = "main"
    #: the drawn ``card``: play, discard or defer it.
    DECIDE = "decide"
    #: up to ``count`` SP moves, or finish.
    MOVE = "move"
    #: the deferred ``card`` is on offer after the main turn.
    OFFER = "offer"

    def __repr__(self) -> str:
        return f"StepKind.{self.name}"


class Stage(enum.Enum):
    """Where the game is: setup, a seat's main turn, the deferred-card step after it, the end."""

    SETUP = "setup"
    MAIN = "main"
    DEFERRED = "deferred"
    OVER = "over"

    def __repr__(self) -> str:
        return f"Stage.{self.name}"


@attrs.frozen
class Step:
    """One pending decision of ``seat``.

    Attributes:
        kind: what is asked.
        seat: who decides (maybe out of turn: a level-up after another seat shared).
        count: SP of choice left (``CHOOSE``), moves left (``MOVE``), SP left to declare
            (``DECLARE_SKILL``; 0 with no ``values`` when hidden from the viewer).
        card: the drawn card (``DECIDE``) or the deferred card on offer (``OFFER``).
        values: the SP declared so far, skill by skill (``DECLARE_SKILL``).
    """

    kind: StepKind
    seat: int
    count: int = 0
    card: str | None = None
    values: tuple[int, ...] = ()


@attrs.frozen
class Effect:
    """A lasting special ability in force until the end of the epoch (LY-15, LY-16).

    Attributes:
        seat: the seat that played the card.
        card: the card's id.
        kind: the special's kind (``rest_moves``).
        amount: its amount.
        target: whom it reaches.
    """

    seat: int
    card: str
    kind: SpecialKind
    amount: int
    target: Target


@attrs.frozen(weakref_slot=False)  # made on most steps: see make_seat
class Seat:
    """One seat's character sheet and what the host's protocol notes about it.

    Attributes:
        character: the id of the character drawn (LY-2).
        skills: SP per skill, in skill order.
        played_xp: XP from cards played.
        shared_xp: XP received from other seats sharing experience (LY-18).
        declaration: the declared SP per skill (LY-4); ``None`` for none (or not yet made);
            :data:`HIDDEN` in another seat's view before the end.
        deferred: the deferred card's id, if any (LY-12).
        deferred_round: the round the card was deferred in (0 without one).
        shared: whether the seat has shared experience.
    """

    character: str
    skills: tuple[int, ...]
    played_xp: int = 0
    shared_xp: int = 0
    declaration: tuple[int, ...] | None = None
    deferred: str | None = None
    deferred_round: int = 0
    shared: bool = False

    @property
    def xp(self) -> int:
        """All XP so far, without the end-of-game declaration bonus."""
        return self.played_xp + self.shared_xp

    def with_skills(self, skills: tuple[int, ...]) -> Seat:
        """This sheet with other SP."""
        return make_seat(
            self.character, skills, self.played_xp, self.shared_xp, self.declaration,
            self.deferred, self.deferred_round, self.shared,
        )

    def with_declaration(self, declaration: tuple[int, ...] | None) -> Seat:
        """This sheet with another declaration (or :data:`HIDDEN`)."""
        return make_seat(
            self.character, self.skills, self.played_xp, self.shared_xp, declaration,
            self.deferred, self.deferred_round, self.shared,
        )

    def with_deferred(self, card: str | None, round_: int) -> Seat:
        """This sheet holding ``card`` deferred since ``round_`` (``None, 0``: none)."""
        return make_seat(
            self.character, self.skills, self.played_xp, self.shared_xp, self.declaration,
            card, round_, self.shared,
        )


@attrs.frozen(weakref_slot=False)  # made on every step: see make_state
class State:
    """Everything that changes in a game of «Об игре».

    Attributes:
        seed: the game's seed; the piles of later epochs are shuffled from it (0 in views).
        seats: one :class:`Seat` per seat.
        tie_order: the seats from youngest to oldest (LY-5), lower seat first on equal ages.
        first: the seat that moves first in every round; ``None`` during the setup.
        round: 1..10 (age 15 + round); 0 during the setup.
        turn: how many seats have finished their turn in this round.
        stage: what happens when ``queue`` runs empty.
        queue: the pending steps; the head is the decision to make now; empty at the end.
        piles: this epoch's green, yellow and red piles, top card first.
        effects: lasting special abilities in force, oldest first.
    """

    __boardrules_game__: ClassVar[str] = "lyceum"

    @property
    def seat_count(self) -> int:
        """The number of seats at the table (``game.seat_count(state)`` says the same)."""
        return len(self.seats)

    seed: int
    seats: tuple[Seat, ...]
    tie_order: tuple[int, ...]
    first: int | None
    round: int
    turn: int
    stage: Stage
    queue: tuple[Step, ...]
    piles: tuple[tuple[str, ...], ...]
    effects: tuple[Effect, ...] = ()

    @property
    def age(self) -> int:
        """The characters' age this round (16..25; 15 during the setup)."""
        return 15 + self.round


#: ``Seat(...)`` and ``State(...)`` made faster (every field given, in field order): the
#: rules make them on most steps (:func:`~boardrules.core.frozen.builder`).
make_seat: Callable[..., Seat] = builder(Seat)
make_state: Callable[..., State] = builder(State)


class Work:
    """The fields of the next state while an action is worked out (one :class:`State` at
    the end).

    ``step`` is the pending step the action answers, already taken off ``queue`` (a working
    copy is only made of a state with a pending step). ``seats`` is a tuple; the rules
    replace a sheet with :meth:`put`.
    """

    __slots__ = (
        "effects", "first", "piles", "queue", "round", "seats", "seed", "stage", "step",
        "tie_order", "turn",
    )

    def __init__(self, state: State) -> None:
        queue = state.queue
        self.seed = state.seed
        self.seats = state.seats
        self.tie_order = state.tie_order
        self.first = state.first
        self.round = state.round
        self.turn = state.turn
        self.stage = state.stage
        self.step: Step = queue[0]
        self.queue = queue[1:]
        self.piles = state.piles
        self.effects = state.effects

    def put(self, index: int, sheet: Seat) -> None:
        """Replace the sheet of seat ``index``."""
        seats = list(self.seats)
        seats[index] = sheet
        self.seats = tuple(seats)


def freeze(work: Work) -> State:
    """The next state, from the working copy ``work``."""
    return make_state(
        work.seed, work.seats, work.tie_order, work.first, work.round, work.turn, work.stage,
        work.queue, work.piles, work.effects,
    )


# -- the moments of the flow ----------------------------------------------------------------
class SetupOver:
    """The moment the setup's last step is answered (the key of the effects that start play)."""

    __slots__ = ()


class MainTurnOver:
    """The moment a seat's turn has no pending steps left (a deferred card may be offered)."""

    __slots__ = ()


class TurnOver:
    """The moment a seat's turn is over for good (the next seat, round or epoch; the end)."""

    __slots__ = ()


#: The moments, as the ``action`` argument of the effects that act at them.
SETUP_OVER = SetupOver()
MAIN_TURN_OVER = MainTurnOver()
TURN_OVER = TurnOver()
