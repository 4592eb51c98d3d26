"""The exceptions boardrules raises: one base, a few precise kinds."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardrules.core.reasons import reason_in

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

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Rebuilt from the violation, so the error crosses to and from worker processes.
        return (type(self), (self.violation,))


class ReplayError(IllegalAction):
    """A record whose action ``actions[move]`` is illegal where it stands.

    People count moves from 1 (docs/how-to/records.md, "Move numbers"): the message says
    ``move 6 (actions[5])``. Code reads ``move``, the 0-based index into the record's
    actions, or ``number``, the 1-based move number people read.

    Attributes:
        move: the index of the refused action in ``record.actions`` (from 0).
        number: the move number people read, ``move + 1``.
    """

    def __init__(self, violation: Violation, move: int) -> None:
        super().__init__(violation)
        self.move = move
        self.args = (f"move {move + 1} (actions[{move}]): {violation}",)

    @property
    def number(self) -> int:
        """The refused move's number as people count it, from 1."""
        return self.move + 1

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), (self.violation, self.move))


class BadInput(BoardRulesError, ValueError):
    """Malformed data from outside: wrong type, unknown key, impossible value.

    Attributes:
        path: the JSON path of the bad field, like ``$.hands[0][3]``.
        reason: a sentence saying what is wrong there (English).

    >>> BadInput("$.seed", "expected an integer, got string").message("ru")
    '$.seed: ожидается целое число, а дано: строка'
    """

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason

    def reason_in(self, lang: str = "en") -> str:
        """The reason in ``lang`` (``"en"`` or ``"ru"``): the common refusals have a Russian
        sentence (:mod:`boardrules.core.reasons`); the others stay in English."""
        return reason_in(self.reason, lang)

    def message(self, lang: str = "en") -> str:
        """``path: reason`` in ``lang``."""
        return f"{self.path}: {self.reason_in(lang)}"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), (self.path, self.reason))


class UnknownGame(BadInput, LookupError):
    """No game of that name is registered.

    A name from outside (a record, a command line) is input like any other, so this is a
    :class:`BadInput` (with ``path`` ``$.game``) as well as a ``LookupError``; ``str()`` is the
    sentence alone.
    """

    def __init__(self, message: str, path: str = "$.game") -> None:
        super().__init__(path, message)
        self.args = (message,)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), (self.reason, self.path))
