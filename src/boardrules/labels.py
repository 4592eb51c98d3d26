"""Short labels for actions and events, for buttons and log lines, in English and Russian.

>>> from boardrules.games import semya
>>> describe(semya.Game(), semya.PlayCard("sun-saturn"))
'Play «азарт, вдохновение» / excitement, inspiration (Sun → Saturn, white, 2)'
>>> describe(semya.Game(), semya.GameEnded(winner=1, loser=0), "ru")
'Игрок 0 не может ответить и проигрывает; победил игрок 1 (SEM-9)'
"""

from __future__ import annotations

from typing import Any, get_args

from boardrules.core.violation import Lang

__all__ = ["describe"]


def _members(union: Any) -> tuple[type, ...]:
    return get_args(union) or (union,)


def describe(game: Any, item: object, lang: Lang = "en") -> str:
    """A short label for an action or an event of ``game``.

    Args:
        game: the game the item belongs to.
        item: an action (``game.action_type``) or an event (``game.event_type``).
        lang: ``"en"`` or ``"ru"``.

    Raises:
        TypeError: if ``item`` is neither an action nor an event of this game.
    """
    if isinstance(item, _members(game.action_type)):
        return str(game.describe_action(item, lang))
    if isinstance(item, _members(game.event_type)):
        return str(game.describe_event(item, lang))
    raise TypeError(f"{item!r} is not an action or event of {game.name}")
