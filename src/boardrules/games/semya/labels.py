"""Short English and Russian labels for 7Я actions and events, for buttons and logs."""

from __future__ import annotations

from boardrules.games.semya.actions import Action, PlayCard, PlayLord
from boardrules.games.semya.events import CardPlayed, Event, FoolPlayed, LordPlayed
from boardrules.games.semya.flow import Tables

__all__ = ["describe_action", "describe_event"]


def describe_event(tables: Tables, event: Event, lang: str = "en") -> str:
    """A short label for an event, for logs and animations."""
    ru = lang == "ru"
    if isinstance(event, CardPlayed):
        card = tables.cards[event.card]
        verb = f"Игрок {event.seat} кладёт" if ru else f"Seat {event.seat} plays"
        return f"{verb} {card.describe(lang)}"
    if isinstance(event, LordPlayed):
        named = event.named
        if ru:
            return f"Игрок {event.seat}: Козырь-Владыка, назван {named.name_ru}"
        return f"Seat {event.seat} plays the trump as the Lord, naming {named.name_en}"
    if isinstance(event, FoolPlayed):
        if ru:
            return f"Игрок {event.seat}: Козырь-Дурень"
        return f"Seat {event.seat} plays the trump as the Fool"
    if ru:
        return (
            f"Игрок {event.loser} не может ответить и проигрывает; "
            f"победил игрок {event.winner} ({event.rule})"
        )
    return (
        f"Seat {event.loser} cannot answer and loses; "
        f"seat {event.winner} wins ({event.rule})"
    )


def describe_action(tables: Tables, action: Action, lang: str = "en") -> str:
    """A short label for an action, for buttons and logs."""
    if isinstance(action, PlayCard):
        card = tables.cards[action.card]
        return ("Сыграть " if lang == "ru" else "Play ") + card.describe(lang)
    if isinstance(action, PlayLord):
        named = action.named
        if lang == "ru":
            return f"Козырь как Владыка: назвать {named.name_ru} ({named.role_ru})"
        return f"Trump as the Lord, naming {named.name_en} ({named.role})"
    return "Козырь как Дурень" if lang == "ru" else "Trump as the Fool"
