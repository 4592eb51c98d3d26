"""A stable integer encoding of each game's actions, for learning code and compact clients.

Every game that offers ``vocabulary()`` (every action it can ever take, in a fixed order) gets
``encode_action``, ``decode_action``, the size of its action space and legal-action masks.
The order is part of the game's contract: it changes only with a new game version.

>>> from boardrules.games import semya
>>> game = semya.Game()
>>> action_space_size(game)
29
>>> encode_action(game, semya.PlayFool()), decode_action(game, 0)
(28, PlayCard(card='sun-saturn'))
>>> sum(legal_mask(game, game.new(seed=1)))
21
"""

from __future__ import annotations

import weakref
from typing import Any

from boardrules.core.capabilities import HasVocabulary, missing
from boardrules.core.errors import BadInput

__all__ = ["action_space_size", "decode_action", "encode_action", "legal_mask"]


class _Codec:
    __slots__ = ("actions", "index")

    def __init__(self, game: Any) -> None:
        vocabulary = game.vocabulary() if isinstance(game, HasVocabulary) else None
        if vocabulary is None:
            raise missing(game, HasVocabulary, "the action encoding")
        self.actions: tuple[Any, ...] = tuple(vocabulary)
        self.index: dict[Any, int] = {a: i for i, a in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise TypeError(f"the vocabulary of {game.name} repeats an action")


_CODECS: dict[int, _Codec] = {}


def _codec(game: Any) -> _Codec:
    key = id(game)
    codec = _CODECS.get(key)
    if codec is None:
        codec = _CODECS[key] = _Codec(game)
        weakref.finalize(game, _CODECS.pop, key, None)
    return codec


def action_space_size(game: Any) -> int:
    """How many actions the game can ever take (the size of the encoding)."""
    return len(_codec(game).actions)


def encode_action(game: Any, action: object) -> int:
    """The integer of ``action`` in ``game``'s encoding.

    Raises:
        BadInput: if the action is not in the game's vocabulary.
    """
    try:
        return _codec(game).index[action]
    except (KeyError, TypeError):
        raise BadInput("$", f"{action!r:.80} is not an action of {game.name}") from None


def decode_action(game: Any, index: int) -> Any:
    """The action numbered ``index``.

    Raises:
        BadInput: if ``index`` is not an integer in ``0 .. action_space_size(game) - 1``.
    """
    actions = _codec(game).actions
    if type(index) is not int or not 0 <= index < len(actions):
        raise BadInput("$", f"an action number lies in 0..{len(actions) - 1}")
    return actions[index]


def legal_mask(game: Any, state: Any) -> tuple[bool, ...]:
    """One flag per encoded action: whether it is legal in ``state``."""
    codec = _codec(game)
    mask = [False] * len(codec.actions)
    for action in game.legal_actions(state):
        mask[codec.index[action]] = True
    return tuple(mask)
