"""The structured turn: who must act, the step, what it takes, the labelled moves, the question.

A :class:`Turn` is one immutable document with everything a front-end shows at a decision:
the terminal prints it, a page draws it, a server sends it as JSON (``serde.to_dict(turn)``).
``game.prompt(state, lang)`` makes it for any game; a game adds its own step names and
questions by overriding ``step_name`` and ``asked``, and its labels and notation through
``describe_action`` and ``format_action`` (:mod:`boardrules.core.capabilities`).

>>> from boardrules.games import semya
>>> game = semya.Game()
>>> turn = game.prompt(game.new(seed=7, first=0))
>>> turn.seat, turn.step, turn.kinds, len(turn.moves)
(0, 'lead', ('play_card', 'play_lord', 'play_fool'), 21)
>>> turn.moves[0].notation, turn.moves[0].label
('sun-saturn', 'Play excitement, inspiration (Sun → Saturn, white, 2)')
>>> turn.asked
'Seat 0 leads: any feeling card.'
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

import attrs

from boardrules.core.errors import BadInput
from boardrules.core.violation import Lang

__all__ = ["Choice", "Part", "Place", "Result", "Turn", "check_lang", "choice_of"]

A = TypeVar("A")


def check_lang(lang: object) -> Lang:
    """``lang`` as a :data:`~boardrules.core.violation.Lang`: ``"en"`` or ``"ru"`` (a plain
    ``str`` is fine).

    Raises:
        BadInput: for any other value, at ``$.lang``.
    """
    if lang == "en":
        return "en"
    if lang == "ru":
        return "ru"
    raise BadInput("$.lang", f"the language is en or ru, not {str(lang)[:20]!r}")


@attrs.frozen
class Choice(Generic[A]):
    """One legal move as a front-end offers it.

    Attributes:
        action: the action to pass to ``apply``, ``step`` or ``Table.play``.
        label: its short label in the turn's language (``describe_action``), or its
            ``repr`` for a game without labels.
        notation: its typeable notation (``format_action``), or ``None`` for a game without
            notation.
    """

    action: A
    label: str
    notation: str | None


@attrs.frozen
class Turn(Generic[A]):
    """What is asked now, in one document.

    Attributes:
        game: the game's registry name.
        seat: the seat that must act, or ``None`` once the game is over.
        seats: the number of seats at the table.
        step: the name of the current step (``"lead"``, ``"decide"``, ``"answer"`` ...;
            ``"over"`` at the end); stable, for front-ends to key on.
        kinds: the ``"type"`` tags of the action classes the step takes (CORE-3), in the
            game's order; empty at the end.
        moves: every legal move with its label and notation, in ``legal_actions`` order.
        asked: one sentence of what is asked (or how the game ended), in ``lang``.
        lang: the language of ``asked`` and the labels.
    """

    game: str
    seat: int | None
    seats: int
    step: str
    kinds: tuple[str, ...]
    moves: tuple[Choice[A], ...]
    asked: str
    lang: Lang = "en"

    @property
    def over(self) -> bool:
        """Whether the game has ended (no seat must act)."""
        return self.seat is None

    def actions(self) -> tuple[A, ...]:
        """The legal actions alone, in order."""
        return tuple(choice.action for choice in self.moves)

    def find(self, text: str) -> Choice[A] | None:
        """The move whose notation is ``text`` (exactly, ignoring case and outer spaces)."""
        wanted = text.strip().lower()
        for choice in self.moves:
            if choice.notation is not None and choice.notation.lower() == wanted:
                return choice
        return None


def choice_of(game: Any, action: Any, lang: Lang) -> Choice[Any]:
    """The :class:`Choice` of one action: its label and notation when the game has them."""
    describe = getattr(game, "describe_action", None)
    label = str(describe(action, lang)) if callable(describe) else repr(action)
    formatted = getattr(game, "format_action", None)
    notation = str(formatted(action)) if callable(formatted) else None
    return Choice(action, label, notation)


@attrs.frozen
class Part:
    """One part of a seat's points, labelled.

    Attributes:
        key: the stable key of the part in ``Standing.breakdown`` (``"cards"``).
        label: what it counts, in the result's language (``"cards in hand"``).
        points: its points.
    """

    key: str
    label: str
    points: int


@attrs.frozen
class Place:
    """One seat's place in a :class:`Result`.

    Attributes:
        seat: the seat.
        rank: 1 for first place; tied seats share a rank.
        points: the seat's points.
        winner: whether the seat won.
        parts: the labelled parts the points add up from, in the game's order.
    """

    seat: int
    rank: int
    points: int
    winner: bool
    parts: tuple[Part, ...]


@attrs.frozen
class Result:
    """The standings as a front-end shows them, with a sentence of the result.

    Attributes:
        game: the game's registry name.
        final: whether the game is over (before that the standings are provisional).
        winners: the seats that won (empty before the end).
        places: every seat, best rank first (seat order within a rank).
        sentence: how the game ended and why the winners win, in ``lang`` (before the end,
            that the game goes on).
        lang: the language of the labels and the sentence.
    """

    game: str
    final: bool
    winners: tuple[int, ...]
    places: tuple[Place, ...]
    sentence: str
    lang: Lang = "en"
