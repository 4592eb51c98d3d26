"""Records of whole games and their replay."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypeAlias

import attrs

from boardrules.core.errors import BadInput, UnknownGame
from boardrules.core.frozen import FrozenMap
from boardrules.core.text import text_problem

__all__ = [
    "SAFE_INTEGER", "SCHEMA_VERSION", "GameRecord", "JSONValue", "Note", "freeze_json", "new_game",
]

#: The version of the record format; a loader refuses records of another version.
SCHEMA_VERSION = 1
#: The largest integer JavaScript holds exactly (``Number.MAX_SAFE_INTEGER``). The seeds the
#: front-ends draw by themselves (``Table``, the server) stay at or under it, so a page that
#: reads their records and payloads keeps the very seed.
SAFE_INTEGER = 2**53 - 1

JSONValue: TypeAlias = (
    "str | int | float | bool | tuple[JSONValue, ...] | FrozenMap[str, JSONValue] | None"
)


def freeze_json(value: object) -> Any:
    """Turn JSON-shaped data (dicts, lists, scalars) into hashable tuples and FrozenMaps."""
    if isinstance(value, Mapping):
        return FrozenMap((k, freeze_json(v)) for k, v in value.items())
    if isinstance(value, list | tuple):
        return tuple(freeze_json(v) for v in value)
    return value


def _frozen_map(value: Mapping[str, Any]) -> FrozenMap[str, Any]:
    frozen = freeze_json(value)
    assert isinstance(frozen, FrozenMap)
    return frozen


def _note_move(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 0:
        raise BadInput(f"$.{attribute.name}", "a note's move is an action number from 0")


def _note_text(_: object, attribute: attrs.Attribute[str], value: str) -> None:
    if type(value) is not str:
        raise BadInput(f"$.{attribute.name}", "a note's text is a string")
    problem = text_problem(value)
    if problem is not None:
        raise BadInput(f"$.{attribute.name}", problem)


def _revision(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 1:
        raise BadInput(f"$.{attribute.name}", "a rules revision is a whole number from 1")


def _seat_tuple(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


def _seats(_: object, attribute: attrs.Attribute[tuple[str, ...]], value: tuple[str, ...]) -> None:
    for index, name in enumerate(value):
        if type(name) is not str or not name or len(name) > 64:
            raise BadInput(
                f"$.{attribute.name}[{index}]", "a seat is \"human\" or an agent's name"
            )


@attrs.frozen
class Note:
    """A free-text note a player attached to one move (the long game's story, say).

    ``move`` is the number (from 0) of the action the note belongs to; one move may carry
    several notes. The text holds no NUL and no lone surrogate, so it can always be written.
    """

    move: int = attrs.field(validator=_note_move)
    text: str = attrs.field(validator=_note_text)


@attrs.frozen
class GameRecord:
    """Everything needed to replay a game: its name, options, seed, setup and actions.

    The same record replays to the same states on every Python version and platform.

    Attributes:
        game: the registry name of the game.
        seed: the seed given to ``Game.new``.
        options: the game's options that differ from its defaults, as JSON values.
        setup: the keyword arguments given to ``Game.new``, as JSON values.
        actions: every action, in order.
        notes: free-text notes on moves; they never change the game.
        schema: the record format version.
        variant: the name of the rules variant the game was played with, or ``None``.
        revision: the revision of the game's own rules it was played under (records
            written before revisions existed, by 0.1.0, are revision 1). Replay picks that
            revision's rules by itself.
        seats: who sat at each seat when a :class:`~boardrules.Table` played it:
            ``"human"`` for a person, else the agent's name (``"greedy"``); each agent drew
            from its own stream derived from the seed, so loading the record gives the same
            agent answers. Empty (and left out of the JSON) for records of plain games.
    """

    game: str
    seed: int
    options: FrozenMap[str, Any] = attrs.field(factory=FrozenMap, converter=_frozen_map)
    setup: FrozenMap[str, Any] = attrs.field(factory=FrozenMap, converter=_frozen_map)
    actions: tuple[Any, ...] = ()
    notes: tuple[Note, ...] = ()
    schema: int = SCHEMA_VERSION
    variant: str | None = None
    revision: int = attrs.field(default=1, validator=_revision)
    seats: tuple[str, ...] = attrs.field(default=(), converter=_seat_tuple, validator=_seats)

    def __attrs_post_init__(self) -> None:
        for index, note in enumerate(self.notes):
            if note.move >= len(self.actions):
                raise BadInput(
                    f"$.notes[{index}].move",
                    f"no action {note.move}: the record has {len(self.actions)} actions",
                )

    def with_action(self, action: object, note: str | None = None) -> GameRecord:
        """This record with one more action (and its note, if any) at the end."""
        notes = self.notes
        if note is not None:
            notes = (*notes, Note(len(self.actions), note))
        return attrs.evolve(self, actions=(*self.actions, action), notes=notes)

    def truncated(self, moves: int) -> GameRecord:
        """This record cut to its first ``moves`` actions."""
        return attrs.evolve(
            self,
            actions=self.actions[:moves],
            notes=tuple(n for n in self.notes if n.move < moves),
        )


def new_game(game: Any, seed: int, setup: Mapping[str, Any]) -> Any:
    """``game.new(seed, **setup)`` with a bad setup reported below ``$.setup``.

    Raises:
        BadInput: at ``$.seed`` or ``$.setup...`` for what ``new`` refuses.
    """
    try:
        return game.new(seed, **dict(setup))
    except UnknownGame:
        raise
    except BadInput as error:
        if error.path.startswith("$.seed"):
            raise
        raise BadInput("$.setup" + error.path[1:], error.reason) from None
