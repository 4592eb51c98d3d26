"""Short English and Russian labels for Kuhn poker actions and events."""

from __future__ import annotations

from boardrules.games.kuhn.actions import Action, Bet, Call, Check, Fold
from boardrules.games.kuhn.content import Stakes
from boardrules.games.kuhn.events import Acted, Event

__all__ = ["NAMES", "describe_action", "describe_event"]

#: Each kind of action's name in English and Russian, by its tag: the one the labels,
#: CORE-3's refusals (``messages.py``) and the pictures (``render.py``) all use.
NAMES: dict[str, tuple[str, str]] = {
    Check.tag: ("Check", "Чек"),
    Bet.tag: ("Bet", "Ставка"),
    Call.tag: ("Call", "Уравнять"),
    Fold.tag: ("Fold", "Сбросить карту"),
}
_STAKED = (Bet.tag, Call.tag)


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
    return _label(stakes, action.tag, lang == "ru")


def _label(stakes: Stakes, tag: str, ru: bool) -> str:
    name = NAMES[tag][1 if ru else 0]
    return f"{name} {_chips(stakes.bet, ru)}" if tag in _STAKED else name


def describe_event(stakes: Stakes, event: Event, lang: str = "en") -> str:
    """A short label for an event, for logs and animations."""
    ru = lang == "ru"
    if isinstance(event, Acted):
        text = _label(stakes, event.action, ru)
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
