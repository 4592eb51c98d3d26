"""7Я hooks for balance reports: the rule behind each event, tallies named by card.

The action and event labels themselves are ``Game.describe_action`` and
``Game.describe_event``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardrules.games.semya.events import Event, FoolPlayed, LordPlayed

if TYPE_CHECKING:
    from boardrules.games.semya.rules import Game

__all__ = ["content_label", "event_rule"]


def event_rule(game: Game, event: Event) -> str | None:
    """The rule ID behind ``event`` (a card played is an opening or an answer: not
    attributed; the end of the game names its own rule).

    >>> from boardrules.games.semya import Symbol
    >>> event_rule(None, LordPlayed(seat=0, named=Symbol.SUN))
    'SEM-7'
    """
    if isinstance(event, LordPlayed):
        return "SEM-7"
    if isinstance(event, FoolPlayed):
        return "SEM-8"
    rule = getattr(event, "rule", None)
    return rule if isinstance(rule, str) else None


_TRUMPS = {
    "the Lord": ("the Lord", "Козырь-Владыка"),
    "the Fool": ("the Fool", "Козырь-Дурень"),
}


def content_label(game: Game, key: str, lang: str = "en") -> str:
    """A tally key with the card named by its feeling and symbols.

    >>> from boardrules.games import semya
    >>> content_label(semya.Game(), "ended by sun-saturn")
    'ended by: excitement, inspiration (Sun → Saturn)'
    >>> content_label(semya.Game(), "ended by the Lord", "ru")
    'последний ход: Козырь-Владыка'
    """
    ru = lang == "ru"
    head, sep, item = key.partition("ended by ")
    if head or not sep:
        return key
    prefix = "последний ход" if ru else "ended by"
    if item in _TRUMPS:
        en, ru_name = _TRUMPS[item]
        return f"{prefix}: {ru_name if ru else en}"
    try:
        card = game.card(item)
    except KeyError:
        return f"{prefix}: {item}"
    if ru:
        return f"{prefix}: «{card.name_ru}» ({card.start.name_ru} → {card.end.name_ru})"
    return f"{prefix}: {card.name_en} ({card.start.name_en} → {card.end.name_en})"
