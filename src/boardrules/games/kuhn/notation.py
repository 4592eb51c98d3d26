"""Kuhn poker move notation: the action's own word, ``check``, ``bet``, ``call``, ``fold``.

Reading ignores case and spaces and takes a unique prefix (``ch`` is ``check``; ``c`` could
be ``check`` or ``call`` unless a state leaves only one of them legal).

>>> from boardrules.games import kuhn
>>> format_action(kuhn.Bet()), parse_action("FOLD")
('bet', Fold())
"""

from __future__ import annotations

from collections.abc import Sequence

from boardrules.display import read_move, resolve_word
from boardrules.games.kuhn.actions import Action, Bet, Call, Check, Fold

__all__ = ["format_action", "parse_action"]

_WORDS: dict[str, Action] = {action.tag: action for action in (Check(), Bet(), Call(), Fold())}


def format_action(action: Action) -> str:
    """The notation of ``action``."""
    return type(action).tag


def parse_action(text: str, legal: Sequence[Action] | None = None) -> Action:
    """The action ``text`` writes; among ``legal``, a unique prefix will do.

    Raises:
        BadInput: for text that writes no Kuhn poker move.
    """
    return read_move(text, lambda word: resolve_word(word, _WORDS, "move"), legal, format_action)
