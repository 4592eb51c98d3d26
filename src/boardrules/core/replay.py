"""Replaying records: the game a record was played with, and every state it passes through."""

from __future__ import annotations

from typing import Any, TypeVar, overload

from boardrules.core.errors import BadInput, IllegalAction, ReplayError
from boardrules.core.game import GameBase
from boardrules.core.record import GameRecord, new_game
from boardrules.core.registry import game_from_json_options

__all__ = ["load_game", "replay"]

S = TypeVar("S")


def load_game(record: GameRecord) -> GameBase[Any, Any, Any, Any]:
    """The game object ``record`` was played with (its options and variant applied).

    >>> from boardrules.games import semya
    >>> load_game(semya.Game().record(7)).name
    'semya'

    A record that names no variant is played by the revision of the game's own rules it
    names (1 for records without one): the current rules, or the variant an earlier
    revision ships as. A variant's record is played by that variant as it was built at
    the record's revision (``Game.earlier_variants``; most variants never changed).

    Raises:
        BadInput: for an unknown game or variant (an :class:`~boardrules.UnknownGame`),
            bad options, or a rules revision this library does not know (``$.revision``).
    """
    game = game_from_json_options(record.game, record.options, variant=record.variant)
    return game.variant_at_revision(record.revision)


def _expected_variant(record: GameRecord, game: Any) -> str | None:
    """The variant name a game must have to replay ``record`` (its revision's, if none)."""
    if record.variant is not None or not isinstance(game, GameBase):
        return record.variant
    if record.revision == game.rules_revision:
        return None
    own = type(game)(**game.init_options())
    revised: GameBase[Any, Any, Any, Any] = own.at_revision(record.revision)
    return revised.variant


@overload
def replay(record: GameRecord, game: GameBase[S, Any, Any, Any]) -> tuple[S, ...]: ...
@overload
def replay(record: GameRecord, game: None = None) -> tuple[object, ...]: ...
def replay(record: GameRecord, game: Any = None) -> tuple[Any, ...]:
    """Every state of a recorded game: the first, then one after each action.

    Args:
        record: the record to play back.
        game: the game to play it with; by default the registered game with the record's
            options.

    Raises:
        ReplayError: at the first illegal action, with its index in ``record.actions``
            (``move``, from 0), its move number as people read it (``number``, from 1)
            and the violation.
        BadInput: for an unknown game or variant (an :class:`~boardrules.UnknownGame`),
            bad options, a bad setup (its path below ``$.setup``), or a game of another
            variant than the record's (``$.variant``).
    """
    if game is None:
        game = load_game(record)
    played = getattr(game, "variant", None)
    expected = _expected_variant(record, game)
    if played != expected:
        raise BadInput(
            "$.variant",
            f"the record was played with the rules {expected or 'of the game'}, "
            f"not {played or 'the game rules'}",
        )
    if record.variant is not None and isinstance(game, GameBase):
        # The variant as it was built at the record's revision (usually the game itself).
        game = game.variant_at_revision(record.revision)
    state = new_game(game, record.seed, record.setup)
    states = [state]
    for move, action in enumerate(record.actions):
        try:
            state = game.apply(state, action)
        except IllegalAction as exc:
            raise ReplayError(exc.violation, move) from None
        states.append(state)
    return tuple(states)
