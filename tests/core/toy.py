"""A toy game built only from rule units, to test what the core does with them.

Two seats take turns adding 1, 2 or 3 to a running total; whoever brings it to ``target``
wins. Every part is a rule unit: TOY-0 (the start, the turn and the amounts one may name),
TOY-1 (amounts), TOY-2 (no overshoot), TOY-3 (adding), TOY-4 (the end and the score).
Module-level functions, so the game and its variants pickle.
"""


from typing import Any, ClassVar

import attrs

from boardrules.core.errors import BadInput
from boardrules.core.game import GameBase
from boardrules.core.rules import ANY_ACTION, Rule, Rulebook
from boardrules.core.standings import Standing, Standings, rank_by_points
from boardrules.core.violation import Violation


@attrs.frozen
class Add:
    """Add ``amount`` to the total."""

    tag: ClassVar[str] = "add"

    amount: int


@attrs.frozen
class Pass:
    """Not in the toy's own rules (no rule lists it), so CORE-3 refuses it."""

    tag: ClassVar[str] = "pass"


@attrs.frozen
class Total:
    """The running total, the seat to move and the winner once there is one."""

    __boardrules_game__: ClassVar[str] = "toy"  # loaded states are validated by the toy

    total: int = 0
    seat: int = 0
    winner: int | None = None


@attrs.frozen
class Added:
    tag: ClassVar[str] = "added"
    seat: int
    amount: int


@attrs.frozen
class Setup:
    """No setup."""


def deal(ctx: Any, seed: int, setup: Setup, state: Total | None) -> Total:
    return Total()


def amounts(ctx: "Toy", state: Total) -> tuple[Add, ...]:
    """Every amount up to the target: the checks decide which are legal, so a variant that
    allows bigger steps lists them too."""
    return tuple(Add(n) for n in range(1, ctx.target + 1))


def alternate(ctx: Any, state: Total) -> int:
    return state.seat


def won(ctx: Any, state: Total) -> bool:
    return state.winner is not None


def check_amount(ctx: Any, state: Total, action: Add) -> Violation | None:
    if action.amount not in (1, 2, 3):
        return Violation("TOY-1", "bad_amount", {"amount": action.amount})
    return None


def check_overshoot(ctx: "Toy", state: Total, action: Add) -> Violation | None:
    if state.total + action.amount > ctx.target:
        return Violation("TOY-2", "overshoot", {"total": state.total})
    return None


def add(ctx: Any, state: Total, action: Add, events: list[Any] | None) -> Total:
    if events is not None:
        events.append(Added(state.seat, action.amount))
    return Total(state.total + action.amount, 1 - state.seat)


def end(ctx: "Toy", state: Total, action: object, events: list[Any] | None) -> Total:
    if state.total == ctx.target:
        return attrs.evolve(state, winner=1 - state.seat)
    return state


def score(ctx: Any, state: Total) -> Standings:
    points = [1 if state.winner == seat else 0 for seat in (0, 1)]
    ranks = rank_by_points(points)
    over = state.winner is not None
    return Standings(
        tuple(
            Standing(seat, p, r, {"won": p})
            for seat, (p, r) in enumerate(zip(points, ranks, strict=True))
        ),
        winners=(state.winner,) if state.winner is not None else (),
        final=over,
    )


RULES = Rulebook(
    (
        Rule("TOY-0", "Start at 0; the seats take turns adding.", "С нуля; ходят по очереди.",
             setup=deal, turn=alternate, moves={Add: amounts}),
        Rule("TOY-1", "Add 1, 2 or 3.", "Прибавьте 1, 2 или 3.", checks={Add: check_amount}),
        Rule("TOY-2", "Never pass the target.", "Не больше цели.", checks={Add: check_overshoot}),
        Rule("TOY-3", "The amount joins the total.", "Сумма растёт.", effects={Add: add}),
        Rule("TOY-4", "Reaching the target wins.", "Кто дошёл — победил.",
             effects={ANY_ACTION: end}, end=won, score=score),
    )
)


@attrs.frozen
class Toy(GameBase[Total, Add | Pass, Added, Setup]):
    """The toy game; ``target`` is its only option."""

    name: ClassVar[str] = "toy"
    state_type: ClassVar[type] = Total
    action_type: ClassVar[Any] = Add | Pass
    event_type: ClassVar[Any] = Added
    setup_type: ClassVar[type] = Setup
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_rules: ClassVar[Rulebook] = RULES

    target: int = 10

    def validate(self, state: Total) -> None:
        if type(state.total) is not int or not 0 <= state.total <= self.target:
            raise BadInput("$.total", f"a total lies between 0 and {self.target}")
        if type(state.seat) is not int or state.seat not in (0, 1):
            raise BadInput("$.seat", "a seat is 0 or 1")
        won = state.total == self.target
        if state.winner is not None and (type(state.winner) is not int or not won):
            raise BadInput("$.winner", "only the target reached has a winner")
        if won and state.winner != 1 - state.seat:
            raise BadInput("$.winner", "whoever reached the target won")

    def max_moves(self) -> int:
        return self.target


# -- pieces for variants ------------------------------------------------------------------------
def check_pass(ctx: "Toy", state: Total) -> Violation | None:
    if state.total + 1 > ctx.target:
        return Violation("TOY-5", "overshoot", {"total": state.total})
    return None


def passes(ctx: Any, state: Total) -> tuple[Pass]:
    return (Pass(),)


def pass_turn(ctx: Any, state: Total, action: Pass, events: list[Any] | None) -> Total:
    """A pass still moves the total one step (so every game ends), without an event."""
    return Total(state.total + 1, 1 - state.seat)


def check_big_amount(ctx: Any, state: Total, action: Add) -> Violation | None:
    if action.amount not in (1, 2, 3, 4):
        return Violation("TOY-1", "bad_amount", {"amount": action.amount})
    return None


BIG_STEPS = Rule("TOY-1", "Add 1 to 4.", "Прибавьте от 1 до 4.", checks={Add: check_big_amount})
