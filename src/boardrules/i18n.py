"""Russian grammar for messages and labels: CLDR plural categories and a case table per
glossary term, shared by every game's ``messages`` and ``labels`` modules.

>>> plural_ru(4, "действие", "действия", "действий")
'4 действия'
>>> SYMBOLS_RU["moon"].gen
'Луны'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

import attrs

from boardrules.core.words import PluralCategory, plural_category_ru, plural_ru

__all__ = [
    "CARD_COLOURS_RU",
    "RESOURCES_RU",
    "SKILLS_RU",
    "SPECS_RU",
    "SYMBOLS_RU",
    "Case",
    "PluralCategory",
    "Term",
    "plural_category_ru",
    "plural_ru",
]

Case = Literal["nom", "gen", "dat", "acc", "ins", "prep"]


@attrs.frozen
class Term:
    """A glossary term in the six Russian cases (singular, or plural for a plural term).

    >>> Term("Луна", "Луны", "Луне", "Луну", "Луной", "Луне")["ins"]
    'Луной'
    """

    nom: str
    gen: str
    dat: str
    acc: str
    ins: str
    prep: str

    def __getitem__(self, case: Case) -> str:
        value: str = getattr(self, case)
        return value


#: 7Я's seven symbols (keyed by ``Symbol.value``).
SYMBOLS_RU: Mapping[str, Term] = {
    "sun": Term("Солнце", "Солнца", "Солнцу", "Солнце", "Солнцем", "Солнце"),
    "moon": Term("Луна", "Луны", "Луне", "Луну", "Луной", "Луне"),
    "mercury": Term("Меркурий", "Меркурия", "Меркурию", "Меркурий", "Меркурием", "Меркурии"),
    "venus": Term("Венера", "Венеры", "Венере", "Венеру", "Венерой", "Венере"),
    "mars": Term("Марс", "Марса", "Марсу", "Марс", "Марсом", "Марсе"),
    "jupiter": Term("Юпитер", "Юпитера", "Юпитеру", "Юпитер", "Юпитером", "Юпитере"),
    "saturn": Term("Сатурн", "Сатурна", "Сатурну", "Сатурн", "Сатурном", "Сатурне"),
}

#: Lyceum's five skills (keyed by ``Skill.value``).
SKILLS_RU: Mapping[str, Term] = {
    "health": Term("здоровье", "здоровья", "здоровью", "здоровье", "здоровьем", "здоровье"),
    "intellect": Term("интеллект", "интеллекта", "интеллекту", "интеллект", "интеллектом",
                      "интеллекте"),
    "creativity": Term("творчество", "творчества", "творчеству", "творчество", "творчеством",
                       "творчестве"),
    "communication": Term("коммуникация", "коммуникации", "коммуникации", "коммуникацию",
                          "коммуникацией", "коммуникации"),
    "energy": Term("энергия", "энергии", "энергии", "энергию", "энергией", "энергии"),
}

#: Orbita's four resources (keyed by ``Resource.value``).
RESOURCES_RU: Mapping[str, Term] = {
    "territory": Term("Территория", "Территории", "Территории", "Территорию", "Территорией",
                      "Территории"),
    "food": Term("Еда", "Еды", "Еде", "Еду", "Едой", "Еде"),
    "way": Term("Способ", "Способа", "Способу", "Способ", "Способом", "Способе"),
    "advice": Term("Совет", "Совета", "Совету", "Совет", "Советом", "Совете"),
}

#: Orbita's four specialisations, plural nouns (keyed by ``Spec.value``).
SPECS_RU: Mapping[str, Term] = {
    "warriors": Term("Воины", "Воинов", "Воинам", "Воинов", "Воинами", "Воинах"),
    "hosts": Term("Хозяева", "Хозяев", "Хозяевам", "Хозяев", "Хозяевами", "Хозяевах"),
    "heroes": Term("Герои", "Героев", "Героям", "Героев", "Героями", "Героях"),
    "priests": Term("Жрецы", "Жрецов", "Жрецам", "Жрецов", "Жрецами", "Жрецах"),
}

#: Lyceum's card colours as adjectives agreeing with «карта» (feminine; keyed by
#: ``Colour.value``): «тянет жёлтую карту», «в красной колоде».
CARD_COLOURS_RU: Mapping[str, Term] = {
    "green": Term("зелёная", "зелёной", "зелёной", "зелёную", "зелёной", "зелёной"),
    "yellow": Term("жёлтая", "жёлтой", "жёлтой", "жёлтую", "жёлтой", "жёлтой"),
    "red": Term("красная", "красной", "красной", "красную", "красной", "красной"),
}
