"""Short English and Russian labels for 7Я actions and events, for buttons and logs, and the
hooks balance reports use: the rule behind each event, tallies named by card."""

from __future__ import annotations

from typing import Protocol

from boardrules.games.semya.actions import Action, PlayCard, PlayLord
from boardrules.games.semya.content import Card
from boardrules.games.semya.events import CardPlayed, Event, FoolPlayed, LordPlayed
from boardrules.games.semya.flow import Tables
from boardrules.i18n import SYMBOLS_RU

__all__ = ["content_label", "describe_action", "describe_event", "event_rule", "event_rules"]


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
            symbol = SYMBOLS_RU[named.value].acc
            return f"Козырь как Владыка: назвать {symbol} ({named.role_ru})"
        return f"Trump as the Lord, naming {named.name_en} ({named.role})"
    return "Козырь как Дурень" if lang == "ru" else "Trump as the Fool"


class Deck(Protocol):
    """What the report hooks read of a 7Я game: its cards by id."""

    def card(self, card_id: str) -> Card: ...


#: The rule behind each kind of play: SEM-6 puts every feeling card on the table, SEM-7 the
#: Lord, SEM-8 the Fool.
_EVENT_RULES: dict[type, str] = {CardPlayed: "SEM-6", LordPlayed: "SEM-7", FoolPlayed: "SEM-8"}


def event_rule(game: object, event: Event) -> str | None:
    """The rule ID behind ``event``: a card played (an opening or an answer) is SEM-6, whose
    effect puts every feeling card on the table; the end of the game names its own rule.

    >>> from boardrules.games.semya import Symbol
    >>> event_rule(None, LordPlayed(seat=0, named=Symbol.SUN))
    'SEM-7'
    >>> event_rule(None, CardPlayed(seat=1, card="sun-saturn"))
    'SEM-6'
    """
    found = _EVENT_RULES.get(type(event))
    if found is not None:
        return found
    rule = getattr(event, "rule", None)
    return rule if isinstance(rule, str) else None


def event_rules(game: object) -> dict[type, str | None]:
    """The rule ID behind every event of a class, for the classes whose events all have the
    same one (what :func:`event_rule` answers for each; the end names its rule itself).

    >>> event_rules(None)[CardPlayed]
    'SEM-6'
    """
    return dict(_EVENT_RULES)


_TRUMPS = {
    "the Lord": ("the Lord", "Козырь-Владыка"),
    "the Fool": ("the Fool", "Козырь-Дурень"),
}


def content_label(game: Deck, key: str, lang: str = "en") -> str:
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
