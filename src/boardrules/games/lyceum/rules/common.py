"""What the Lyceum rule modules share: the pile colours, two skill indices, small helpers."""

from __future__ import annotations

from typing import Any, TypeAlias

import attrs

from boardrules.games.lyceum.content import Colour, Skill
from boardrules.games.lyceum.events import Event
from boardrules.games.lyceum.state import State, make_state

__all__ = ["COLOURS", "COMMUNICATION", "ENERGY", "Events", "Listing", "bump", "clip", "replaced"]

#: The piles' colours in pile order (green, yellow, red).
COLOURS: tuple[Colour, ...] = tuple(Colour)
#: The index of energy and of communication in a skill tuple.
ENERGY = Skill.ENERGY.index
COMMUNICATION = Skill.COMMUNICATION.index
#: What an effect appends events to: a list, or ``None`` when nobody listens.
Events: TypeAlias = "list[Event] | None"


def clip(value: int) -> int | str:
    """An integer for a violation's parameters, or ``"out of range"`` if it is huge."""
    return value if -(10**9) < value < 10**9 else "out of range"


def bump(skills: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    """``skills`` with ``delta`` added to the skill at ``index``."""
    out = list(skills)
    out[index] += delta
    return tuple(out)


def replaced(state: State, **changes: Any) -> State:
    """``state`` with some fields changed (like ``attrs.evolve``, faster: setups use it)."""
    fields: dict[str, Any] = {
        "seed": state.seed, "seats": state.seats, "tie_order": state.tie_order,
        "first": state.first, "round_": state.round, "turn": state.turn,
        "stage": state.stage, "queue": state.queue, "piles": state.piles,
        "effects": state.effects,
    }
    fields.update(changes)
    return make_state(**fields)


@attrs.frozen
class Listing:
    """A move generator that lists the same actions in every state (the checks then decide
    which are legal)."""

    actions: tuple[Any, ...]

    def __call__(self, ctx: object, state: object) -> tuple[Any, ...]:
        return self.actions
