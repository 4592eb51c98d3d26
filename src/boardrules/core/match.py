"""``Match``: the record and states of one game in progress, with undo, redo and fork."""

from __future__ import annotations

from typing import Any, Generic, Self, TypeVar

import attrs

from boardrules.core.errors import IllegalAction, ReplayError
from boardrules.core.game import GameBase, Transition
from boardrules.core.record import GameRecord, Note
from boardrules.core.replay import load_game
from boardrules.core.standings import Standings
from boardrules.core.violation import Violation

__all__ = ["Match"]

S = TypeVar("S")
A = TypeVar("A")
E = TypeVar("E")


class Match(Generic[S, A, E]):
    """What a front-end holds for one game: the record, every state so far, and the events.

    States are immutable, so undo and redo only move a cursor, and a fork shares the states.

    >>> from boardrules.games import semya
    >>> m = Match(semya.Game(), seed=7)
    >>> m.play(m.legal_actions()[0]).events[0].seat == m.states[0].first
    True
    >>> m.undo(); len(m.record.actions)
    0
    >>> m.redo(); len(m.record.actions)
    1
    """

    def __init__(self, game: GameBase[S, A, E, Any], seed: int, **setup: Any) -> None:
        self.game = game
        self._root = game.record(seed, **setup)
        # Lists cut at the cursor and appended to, so a move costs the same at any length.
        self._states: list[S] = [game.new(seed, **setup)]
        self._actions: list[A] = []
        self._events: list[tuple[E, ...]] = []
        self._notes: list[tuple[str, ...]] = []  # the notes of each move
        self._cursor = 0

    @classmethod
    def from_record(
        cls, record: GameRecord, game: GameBase[Any, Any, Any, Any] | None = None
    ) -> Match[Any, Any, Any]:
        """A match positioned after every action of ``record``.

        Raises:
            ReplayError: at the first illegal action of the record.
        """
        if game is None:
            game = load_game(record)
        match = cls(game, record.seed, **dict(record.setup))
        notes: dict[int, list[str]] = {}
        for note in record.notes:
            notes.setdefault(note.move, []).append(note.text)
        for move, action in enumerate(record.actions):
            texts = notes.get(move, [])
            try:  # ``step`` checks the action: once, not a second time here
                match.play(action, note=texts[0] if texts else None)
            except IllegalAction as error:
                raise ReplayError(error.violation, move) from None
            for text in texts[1:]:
                match.annotate(text)
        return match

    # -- reading ----------------------------------------------------------------------
    @property
    def state(self) -> S:
        """The current state."""
        return self._states[self._cursor]

    @property
    def states(self) -> tuple[S, ...]:
        """Every state from the first to the current one."""
        return tuple(self._states[: self._cursor + 1])

    @property
    def events(self) -> tuple[tuple[E, ...], ...]:
        """The events of each move played so far (one tuple per move)."""
        return tuple(self._events[: self._cursor])

    @property
    def record(self) -> GameRecord:
        """The record of the moves up to the current state."""
        played = tuple(self._actions[: self._cursor])
        notes = tuple(
            Note(move, text)
            for move, texts in enumerate(self._notes[: self._cursor])
            for text in texts
        )
        record: GameRecord = attrs.evolve(self._root, actions=played, notes=notes)
        return record

    def to_move(self) -> int | None:
        """The seat to decide now, or ``None`` once the game is over."""
        result: int | None = self.game.to_move(self.state)
        return result

    def is_over(self) -> bool:
        """Whether the current state ends the game."""
        return bool(self.game.is_over(self.state))

    def legal_actions(self) -> tuple[A, ...]:
        """The legal actions now."""
        return tuple(self.game.legal_actions(self.state))

    def check(self, action: object) -> Violation | None:
        """Why ``action`` is illegal now, or ``None``."""
        result: Violation | None = self.game.check(self.state, action)
        return result

    def score(self) -> Standings:
        """The standings now (provisional until the end)."""
        result: Standings = self.game.score(self.state)
        return result

    # -- changing ---------------------------------------------------------------------
    def play(self, action: A, note: str | None = None) -> Transition[S, E]:
        """Play ``action`` from the current state; drops any moves that could be redone.

        Raises:
            IllegalAction: and the match is unchanged.
            BadInput: for a note with a NUL character or a lone surrogate (nothing played).
        """
        if note is not None:
            Note(self._cursor, note)  # the same checks as a loaded note
        transition: Transition[S, E] = self.game.step(self.state, action)
        keep = self._cursor
        if keep < len(self._actions):  # the moves that could be redone are dropped
            del self._states[keep + 1 :], self._actions[keep:], self._events[keep:]
            del self._notes[keep:]
        self._states.append(transition.state)
        self._actions.append(action)
        self._events.append(transition.events)
        self._notes.append(() if note is None else (note,))
        self._cursor = keep + 1
        return transition

    def can_undo(self) -> bool:
        """Whether there is a move to take back."""
        return self._cursor > 0

    def can_redo(self) -> bool:
        """Whether there is an undone move to play again."""
        return self._cursor < len(self._actions)

    def undo(self) -> None:
        """Take back the last move (it stays available to :meth:`redo`).

        Raises:
            IndexError: when there is nothing to undo.
        """
        if not self.can_undo():
            raise IndexError("nothing to undo")
        self._cursor -= 1

    def redo(self) -> None:
        """Play again the move most recently undone.

        Raises:
            IndexError: when there is nothing to redo.
        """
        if not self.can_redo():
            raise IndexError("nothing to redo")
        self._cursor += 1

    def annotate(self, text: str) -> None:
        """Add a note to the last move played (a move may carry several notes).

        Raises:
            IndexError: before the first move.
            BadInput: for a text with a NUL character or a lone surrogate.
        """
        if not self.can_undo():
            raise IndexError("no move to annotate")
        move = self._cursor - 1
        Note(move, text)  # the same checks as a loaded note
        self._notes[move] = (*self._notes[move], text)

    def fork(self) -> Self:
        """An independent match with the same history; playing on one leaves the other.

        The fork has the class of this match, so a subclass's own methods and attributes
        stay.
        """
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        for name in ("_states", "_actions", "_events", "_notes"):
            other.__dict__[name] = list(self.__dict__[name])
        return other
