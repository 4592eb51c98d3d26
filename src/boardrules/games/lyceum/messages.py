"""The English and Russian sentences for every Lyceum violation code."""

from __future__ import annotations

from collections.abc import Mapping

from boardrules.core.violation import Lang, MessageCatalog, ParamValue, register_messages

__all__ = ["CATALOG"]

_STEPS = {
    "choose": ("points of choice to place", "очки на выбор"),
    "declare": ("a declaration to make", "заявка образа будущего"),
    "declare_skill": ("a declared skill to set", "очки заявки по умению"),
    "main": ("a main action (draw, rest or share)", "основной ход (карта, отдых или опыт)"),
    "decide": ("a drawn card to play, defer or discard", "вытянутая карта"),
    "move": ("skill points to move or finish", "перераспределение очков"),
    "offer": ("a deferred card on offer", "отложенная карта"),
}

_SKILLS_RU = {
    "health": "здоровье",
    "intellect": "интеллект",
    "creativity": "творчество",
    "communication": "коммуникация",
    "energy": "энергия",
}

_COLOURS_RU = {"green": "зелёная", "yellow": "жёлтая", "red": "красная"}


def _wrong_step(p: Mapping[str, ParamValue], lang: Lang) -> str:
    en, ru = _STEPS.get(str(p["step"]), (str(p["step"]), str(p["step"])))
    if lang == "ru":
        return f"Сейчас игрок {p['seat']} решает другое ({ru}); действие {p['action']} не подходит."
    return f"Seat {p['seat']} has {en} pending; {p['action']} does not answer it."


def _skill_empty(p: Mapping[str, ParamValue], lang: Lang) -> str:
    skill = str(p["skill"])
    if lang == "ru":
        return f"У игрока {p['seat']} нет очков в умении «{_SKILLS_RU.get(skill, skill)}»."
    return f"Seat {p['seat']} has no SP in {skill} to move; no skill goes below 0."


def _empty_pile(p: Mapping[str, ParamValue], lang: Lang) -> str:
    colour = str(p["colour"])
    if lang == "ru":
        return f"Колода «{_COLOURS_RU.get(colour, colour)}» этой эпохи пуста."
    return f"This epoch's {colour} pile is empty."


CATALOG: MessageCatalog = {
    "game_over": ("The game is over: round 10 has been played.", "Игра окончена: 10 раунд сыгран."),
    "wrong_step": _wrong_step,
    "skill_empty": _skill_empty,
    "bad_target": (
        "A declaration is 35, 40 or 45 SP (or none), not {target}.",
        "Заявить можно 35, 40 или 45 SP (или ничего), а не {target}.",
    ),
    "bad_declared_value": (
        "A declared skill takes 0 to {left} SP (what is left of the target), not {value}.",
        "На умение можно заявить от 0 до {left} SP (остаток заявки), а не {value}.",
    ),
    "empty_pile": _empty_pile,
    "not_eligible": (
        "Seat {seat} does not meet the conditions and losses of {card}; it cannot play it.",
        "Персонаж игрока {seat} не подходит условиям карты {card}; сыграть её нельзя.",
    ),
    "defer_eligible": (
        "Only a card the character is not eligible for may be deferred; {card} is playable.",
        "Отложить можно только неподходящую карту, а {card} сыграть можно.",
    ),
    "already_deferring": (
        "Seat {seat} already holds the deferred card {card}; it cannot be swapped.",
        "У игрока {seat} уже отложена карта {card}; заменить её нельзя.",
    ),
    "same_skill": (
        "A point moves between two different skills, not from {skill} to itself.",
        "Очко переносят между разными умениями, а не из {skill} в него же.",
    ),
    "already_shared": (
        "Seat {seat} has already shared experience; it is allowed once per game.",
        "Игрок {seat} уже делился опытом; это можно сделать один раз за игру.",
    ),
    "level_too_low": (
        "Sharing experience needs level {needed}; seat {seat} is at level {level}.",
        "Делиться опытом можно с {needed} уровня, а игрок {seat} на уровне {level}.",
    ),
    "no_energy": (
        "Seat {seat} has no energy to lose, so it cannot share experience.",
        "У игрока {seat} нет энергии, поэтому делиться опытом нельзя.",
    ),
}

register_messages("LY", CATALOG)
