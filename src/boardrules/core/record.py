"""Records of whole games and their replay."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar, overload

import attrs

from boardrules.core.errors import BadInput, IllegalAction, ReplayError
from boardrules.core.frozen import FrozenMap

if TYPE_CHECKING:
    from boardrules.core.game import GameBase

S = TypeVar("S")

__all__ = ["SCHEMA_VERSION", "GameRecord", "JSONValue", "Note", "freeze_json", "replay"]

#: The version of the record format; a loader refuses records of another version.
SCHEMA_VERSION = 1

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


@attrs.frozen
class Note:
    """A free-text note a player attached to one move (the long game's story, say)."""

    move: int
    text: str


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
        variant: the name of the rules variant played (``game.with_rules(...)``), or
            ``None`` for the game's own rules.
    """

    game: str
    seed: int
    options: FrozenMap[str, Any] = attrs.field(factory=FrozenMap, converter=_frozen_map)
    setup: FrozenMap[str, Any] = attrs.field(factory=FrozenMap, converter=_frozen_map)
    actions: tuple[Any, ...] = ()
    notes: tuple[Note, ...] = ()
    schema: int = SCHEMA_VERSION
    variant: str | None = None

    def load_game(self) -> Any:
        """The game object this record was played with (its options and variant applied).

        Raises:
            UnknownGame: for a game, or a variant, that is not registered in this process.
        """
        from boardrules.core.registry import game_from_json_options

        return game_from_json_options(self.game, self.options, variant=self.variant)

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


@overload
def replay(record: GameRecord, game: GameBase[S, Any, Any, Any]) -> tuple[S, ...]: ...
@overload
def replay(record: GameRecord, game: None = None) -> tuple[object, ...]: ...
def replay(record: GameRecord, game: GameBase[Any, Any, Any, Any] | None = None) -> tuple[Any, ...]:
    """Every state of a recorded game: the first, then one after each action.

    Args:
        record: the record to play back.
        game: the game to play it with; by default the registered game with the record's
            options.

    Raises:
        ReplayError: at the first illegal action, with its move number (from 0) and the
            violation.
        BadInput: for bad options, a bad setup, or a game of another variant than the
            record's.
        UnknownGame: for a game or variant that is not registered (pass ``game``).
    """
    if game is None:
        game = record.load_game()
    played = getattr(game, "variant", None)
    if played != record.variant:
        raise BadInput(
            "$.variant",
            f"the record was played with the rules {record.variant or 'of the game'}, "
            f"not {played or 'the game rules'}",
        )
    state = game.new(record.seed, **dict(record.setup))
    states = [state]
    for move, action in enumerate(record.actions):
        try:
            state = game.apply(state, action)
        except IllegalAction as exc:
            raise ReplayError(exc.violation, move) from None
        states.append(state)
    return tuple(states)
