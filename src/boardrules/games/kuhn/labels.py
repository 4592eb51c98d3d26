"""Short English and Russian labels for Kuhn poker actions and events."""

from __future__ import annotations

from boardrules.games.kuhn.actions import Action
from boardrules.games.kuhn.content import Stakes
from boardrules.games.kuhn.events import Acted, Event

__all__ = ["describe_action", "describe_event"]

_ACTIONS = {
    "check": ("Check", "Чек"),
    "bet": ("Bet {bet}", "Ставка {bet}"),
    "call": ("Call {bet}", "Уравнять {bet}"),
    "fold": ("Fold", "Сбросить карту"),
}


def _chips(n: int, ru: bool) -> str:
    if not ru:
        return f"{n} chip" if n == 1 else f"{n} chips"
    if n % 10 == 1 and n % 100 != 11:
        return f"{n} фишка"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return f"{n} фишки"
    return f"{n} фишек"


def describe_action(stakes: Stakes, action: Action, lang: str = "en") -> str:
    """A short label for an action, for buttons and logs: ``"Bet 1 chip"``."""
    ru = lang == "ru"
    en_text, ru_text = _ACTIONS[action.tag]
    return (ru_text if ru else en_text).format(bet=_chips(stakes.bet, ru))


def describe_event(stakes: Stakes, event: Event, lang: str = "en") -> str:
    """A short label for an event, for logs and animations."""
    ru = lang == "ru"
    if isinstance(event, Acted):
        en_text, ru_text = _ACTIONS[event.action]
        text = (ru_text if ru else en_text).format(bet=_chips(stakes.bet, ru))
        return f"Игрок {event.seat}: {text}" if ru else f"Seat {event.seat}: {text}"
    chips = _chips(event.won, ru)
    if event.shown is None:
        if ru:
            return f"Игрок {event.winner} забирает банк без вскрытия и выигрывает {chips}"
        return f"Seat {event.winner} takes the pot without a showdown and wins {chips}"
    a, b = event.shown
    if ru:
        return (
            f"Вскрытие: {a.name_ru} против {b.name_ru}; "
            f"игрок {event.winner} выигрывает {chips}"
        )
    return f"Showdown: {a.name_en} against {b.name_en}; seat {event.winner} wins {chips}"
