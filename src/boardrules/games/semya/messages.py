"""The English and Russian sentences for every 7Я violation code."""

from __future__ import annotations

from collections.abc import Mapping

from boardrules.core.violation import Lang, MessageCatalog, ParamValue, register_messages
from boardrules.games.semya.content import Symbol

__all__ = ["CATALOG"]


def _symbol(value: ParamValue, lang: Lang) -> str:
    try:
        symbol = Symbol(value)
    except ValueError:
        return str(value)
    return symbol.name_en if lang == "en" else symbol.name_ru


def _wrong_start(p: Mapping[str, ParamValue], lang: Lang) -> str:
    needed, start = _symbol(p["needed"], lang), _symbol(p["start"], lang)
    if lang == "ru":
        return (
            f"Ответ должен начинаться с символа {needed}, "
            f"а карта {p['card']} начинается с {start}."
        )
    return f"The answer must start on {needed}; the card {p['card']} starts on {start}."


def _trump_spent(p: Mapping[str, ParamValue], lang: Lang) -> str:
    used = {"lord": ("the Lord", "Владыка"), "fool": ("the Fool", "Дурень")}
    en, ru = used.get(str(p["used_as"]), (str(p["used_as"]), str(p["used_as"])))
    if lang == "ru":
        return f"Игрок {p['seat']} уже сыграл свой Козырь (как {ru})."
    return f"Seat {p['seat']} has already played its trump (as {en})."


CATALOG: MessageCatalog = {
    "game_over": (
        "The game is over: seat {loser} had no answer and no trump.",
        "Игра окончена: игроку {loser} нечем было ответить.",
    ),
    "unknown_card": (
        "There is no card {card!r} in this deck.",
        "В этой колоде нет карты {card!r}.",
    ),
    "card_not_in_hand": (
        "Seat {seat} does not hold the card {card} (it has been played).",
        "У игрока {seat} нет карты {card} (она уже сыграна).",
    ),
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
