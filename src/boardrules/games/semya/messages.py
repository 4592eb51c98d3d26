"""The English and Russian sentences for every 7Я violation code."""

from __future__ import annotations

import functools
from collections.abc import Mapping

from boardrules.core.violation import (
    Lang,
    MessageCatalog,
    ParamValue,
    register_messages,
    register_steps,
)
from boardrules.games.semya.content import Card, Symbol, default_deck
from boardrules.i18n import SYMBOLS_RU, Case

__all__ = ["CATALOG", "card_label"]


def _symbol(value: ParamValue, lang: Lang, case: Case = "nom") -> str:
    try:
        symbol = Symbol(value)
    except ValueError:
        return str(value)
    return symbol.name_en if lang == "en" else SYMBOLS_RU[symbol.value][case]


@functools.cache
def _default_cards() -> dict[str, Card]:
    return {card.id: card for card in default_deck()}


def card_label(card: ParamValue, lang: Lang = "en") -> str:
    """A card of the default deck by its feeling, in quotes; another id as it is.

    >>> card_label("sun-saturn"), card_label("sun-saturn", "ru")
    ('«excitement, inspiration»', '«азарт, вдохновение»')
    """
    found = _default_cards().get(str(card))
    if found is None:
        return f"«{card}»"
    return f"«{found.name_ru if lang == 'ru' else found.name_en}»"


def _wrong_start(p: Mapping[str, ParamValue], lang: Lang) -> str:
    card = card_label(p["card"], lang)
    if lang == "ru":
        needed, start = _symbol(p["needed"], lang, "gen"), _symbol(p["start"], lang, "gen")
        return f"Ответ должен начинаться с {needed}, а карта {card} начинается с {start}."
    needed, start = _symbol(p["needed"], lang), _symbol(p["start"], lang)
    return f"The answer must start on {needed}; the card {card} starts on {start}."


def _card_not_in_hand(p: Mapping[str, ParamValue], lang: Lang) -> str:
    card = card_label(p["card"], lang)
    if lang == "ru":
        return f"У игрока {p['seat']} нет карты {card} (она уже сыграна)."
    return f"Seat {p['seat']} does not hold the card {card} (it has been played)."


def _trump_spent(p: Mapping[str, ParamValue], lang: Lang) -> str:
    used = {"lord": ("the Lord", "Владыка"), "fool": ("the Fool", "Дурень")}
    en, ru = used.get(str(p["used_as"]), (str(p["used_as"]), str(p["used_as"])))
    if lang == "ru":
        return f"Игрок {p['seat']} уже сыграл свой Козырь (как {ru})."
    return f"Seat {p['seat']} has already played its trump (as {en})."


CATALOG: MessageCatalog = {
    "unknown_card": (
        "There is no card «{card}» in this deck.",
        "В этой колоде нет карты «{card}».",
    ),
    "card_not_in_hand": _card_not_in_hand,
    "opening_trump": (
        "The first move of the game must be a feeling card, not the trump.",
        "Первым ходом игры кладут карту чувства, а не Козырь.",
    ),
    "wrong_start": _wrong_start,
    "lord_needs_black": (
        "The Lord may only answer a black card; the last card played was white.",
        "Владыкой можно ответить только на чёрную карту; последняя карта была белой.",
    ),
    "fool_has_answer": (
        "The Fool is only for a seat with no answer, and seat {seat} still has one.",
        "Дурень — только когда нечем ответить, а у игрока {seat} ответ есть.",
    ),
    "trump_spent": _trump_spent,
}

register_messages("SEM", CATALOG)
# 7Я has no steps (every move is a play); its kinds of action and event, as the refusals,
# reports and logs name them.
register_steps("semya", {}, {
    "PlayCard": ("Play a card", "Сыграть карту"),
    "PlayLord": ("Play the trump as the Lord", "Сыграть Козырь Владыкой"),
    "PlayFool": ("Play the trump as the Fool", "Сыграть Козырь Дурнем"),
    "CardPlayed": ("card played", "карта сыграна"),
    "LordPlayed": ("trump played as the Lord", "Козырь сыгран Владыкой"),
    "FoolPlayed": ("trump played as the Fool", "Козырь сыгран Дурнем"),
    "GameEnded": ("game over", "игра окончена"),
})
