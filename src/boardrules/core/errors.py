"""The exceptions boardrules raises: one base, a few precise kinds."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from boardrules.core.violation import Violation

__all__ = ["BadInput", "BoardRulesError", "IllegalAction", "ReplayError", "UnknownGame"]


class BoardRulesError(Exception):
    """The base of every error boardrules raises on purpose."""


class IllegalAction(BoardRulesError, ValueError):
    """An action the rules forbid in this state.

    The state it was offered to is left as it was (states never change).

    Attributes:
        violation: why the action is illegal: the rule ID, a stable code and its values.
    """

    def __init__(self, violation: Violation) -> None:
        super().__init__(str(violation))
        self.violation = violation


class ReplayError(IllegalAction):
    """A record whose action number ``move`` (0-based) is illegal where it stands."""

    def __init__(self, violation: Violation, move: int) -> None:
        super().__init__(violation)
        self.move = move
        self.args = (f"move {move}: {violation}",)


class BadInput(BoardRulesError, ValueError):
    """Malformed data from outside: wrong type, unknown key, impossible value.

    Attributes:
        path: the JSON path of the bad field, like ``$.hands[0][3]``.
        reason: a sentence saying what is wrong there.
    """

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


class UnknownGame(BoardRulesError, LookupError):
    """No game of that name is registered."""
