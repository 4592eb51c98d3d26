"""What the Lyceum rule modules share: the pile colours, two skill indices, small helpers."""

from __future__ import annotations

from typing import TypeAlias

from boardrules.games.lyceum.content import Colour, Skill
from boardrules.games.lyceum.events import Event

__all__ = ["COLOURS", "COMMUNICATION", "ENERGY", "Events", "bump", "clip"]

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
