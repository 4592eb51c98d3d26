"""The English and Russian sentences for every Lyceum violation code."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from boardrules.core.violation import (
    Lang,
    MessageCatalog,
    ParamValue,
    register_messages,
    register_steps,
)
from boardrules.games.lyceum.content import default_content
from boardrules.i18n import CARD_COLOURS_RU, SKILLS_RU

__all__ = ["CATALOG", "KINDS", "STEPS", "card_title"]


def card_title(card: ParamValue, lang: Lang = "en") -> str:
    """A card of the default content by its title, in quotes; another id as it is.

    >>> card_title("ly-green-01", "ru").startswith("«")
    True
    """
    try:
        found = default_content().card(str(card))
    except KeyError:
        return f"«{card}»"
    return f"«{found.title_ru if lang == 'ru' else found.title_en}»"


def _skill(value: ParamValue, case: str = "nom") -> str:
    term = SKILLS_RU.get(str(value))
    return str(value) if term is None else getattr(term, case)


def _skill_empty(p: Mapping[str, ParamValue], lang: Lang) -> str:
    skill = str(p["skill"])
    if lang == "ru":
        return f"У игрока {p['seat']} нет очков {_skill(skill, 'gen')}, чтобы их перенести."
    return f"Seat {p['seat']} has no SP in {skill} to move; no skill goes below 0."


def _empty_pile(p: Mapping[str, ParamValue], lang: Lang) -> str:
    colour = str(p["colour"])
    if lang == "ru":
        term = CARD_COLOURS_RU.get(colour)
        name = term.nom.capitalize() if term is not None else colour
        return f"{name} колода этой эпохи пуста."
    return f"This epoch's {colour} pile is empty."


def _card_message(en: str, ru: str) -> Callable[[Mapping[str, ParamValue], Lang], str]:
    """A template whose ``card`` parameter is shown by its title."""

    def render(p: Mapping[str, ParamValue], lang: Lang) -> str:
        values = {**p, "card": card_title(p.get("card"), lang)}
        return (ru if lang == "ru" else en).format(**values)

    return render


def _same_skill(p: Mapping[str, ParamValue], lang: Lang) -> str:
    if lang == "ru":
        skill = _skill(p["skill"], "gen")
        return f"Очко переносят между разными умениями, а не из {skill} в него же."
    return f"A point moves between two different skills, not from {p['skill']} to itself."


CATALOG: MessageCatalog = {
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
    "not_eligible": _card_message(
        "Seat {seat} does not meet the conditions and losses of {card}; it cannot play it.",
        "Персонаж игрока {seat} не подходит под условия карты {card}; сыграть её нельзя.",
    ),
    "defer_eligible": _card_message(
        "Only a card the character is not eligible for may be deferred; {card} is playable.",
        "Отложить можно только неподходящую карту, а карту {card} сыграть можно.",
    ),
    "already_deferring": _card_message(
        "Seat {seat} already holds the deferred card {card}; it cannot be swapped.",
        "У игрока {seat} уже отложена карта {card}; заменить её нельзя.",
    ),
    "same_skill": _same_skill,
    "already_shared": (
        "Seat {seat} has already shared experience; it is allowed once per game.",
        "Игрок {seat} уже делился опытом; это можно сделать один раз за игру.",
    ),
    "level_too_low": (
        "Sharing experience needs level {needed}; seat {seat} is at level {level}.",
        "Делиться опытом можно с {needed}-го уровня, а игрок {seat} на {level}-м уровне.",
    ),
    "no_energy": (
        "Seat {seat} has no energy to lose, so it cannot share experience.",
        "У игрока {seat} нет энергии, поэтому делиться опытом нельзя.",
    ),
}

register_messages("LY", CATALOG)

#: CORE-3's labels: the pending steps (by ``StepKind`` value) and the kinds of action.
STEPS: dict[str, tuple[str, str]] = {
    "choose": ("a choice of SP (SP of choice to place)", "выбор SP (распределить SP на выбор)"),
    "declare": ("a choice of declaration", "выбор заявки"),
    "declare_skill": ("setting the declaration's SP", "распределение SP заявки"),
    "main": ("the turn's main action", "основное действие хода"),
    "decide": ("a decision on the drawn card", "решение о взятой карте"),
    "move": ("moving SP (a rest or a card's redistribution)",
             "перенос SP (отдых или перераспределение картой)"),
    "offer": ("the deferred card on offer", "решение об отложенной карте"),
}
KINDS: dict[str, tuple[str, str]] = {
    "ChooseSkill": ("Choose a skill", "Выбрать умение"),
    "Declare": ("Declare", "Выбрать заявку"),
    "DeclareSkill": ("Declare a skill's SP", "Заявить SP умения"),
    "Draw": ("Draw a card", "Взять карту"),
    "Rest": ("Rest", "Отдохнуть"),
    "ShareExperience": ("Share experience", "Поделиться опытом"),
    "PlayCard": ("Play the card", "Сыграть карту"),
    "DiscardCard": ("Discard the card", "Сбросить карту"),
    "DeferCard": ("Defer the card", "Отложить карту"),
    "MoveSkillPoint": ("Move an SP", "Перенести SP"),
    "FinishMoves": ("Finish moving", "Закончить перенос"),
    "PlayDeferred": ("Play the deferred card", "Сыграть отложенную карту"),
    "KeepDeferred": ("Keep the deferred card", "Оставить отложенную карту"),
    # the kinds of event, as reports and logs count them
    "PointChosen": ("SP of choice taken", "SP по выбору получено"),
    "DeclarationMade": ("declaration made", "заявка сделана"),
    "TurnOrderSet": ("turn order set", "порядок ходов определён"),
    "RoundStarted": ("round started", "раунд начался"),
    "CardDrawn": ("card drawn", "карта взята"),
    "CardPlayed": ("card played", "карта сыграна"),
    "CardDiscarded": ("card discarded", "карта сброшена"),
    "CardDeferred": ("card deferred", "карта отложена"),
    "DeferredExpired": ("deferred card expired", "отложенная карта сгорела"),
    "Rested": ("rest taken", "отдых взят"),
    "PointMoved": ("SP moved", "SP перенесено"),
    "ExperienceShared": ("experience shared", "опыт передан"),
    "LevelReached": ("level reached", "уровень достигнут"),
    "EffectStarted": ("lasting effect begun", "длительный эффект начался"),
    "GameEnded": ("game over", "игра окончена"),
}
register_steps("lyceum", STEPS, KINDS)
