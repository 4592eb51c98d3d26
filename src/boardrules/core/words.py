"""Russian plural forms, for the core's sentences and every game's messages and labels
(``boardrules.i18n`` and ``boardrules.display`` offer the same functions).

>>> plural_ru(4, "действие", "действия", "действий")
'4 действия'
"""

from __future__ import annotations

from typing import Literal

__all__ = ["PluralCategory", "plural_category_ru", "plural_ru"]

PluralCategory = Literal["one", "few", "many", "other"]


def plural_category_ru(n: int) -> PluralCategory:
    """The CLDR plural category of the whole number ``n`` in Russian.

    ``one``: 1, 21, 101 (but not 11); ``few``: 2–4, 22–24 (but not 12–14); ``many``: the
    rest (0, 5–20, 25 ...). Fractions are ``other`` in CLDR; messages count whole units.

    >>> [plural_category_ru(n) for n in (1, 2, 5, 11, 12, 21, 22, 25, 111)]
    ['one', 'few', 'many', 'many', 'many', 'one', 'few', 'many', 'many']
    """
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


def plural_ru(n: int, one: str, few: str, many: str) -> str:
    """``n`` and the noun in the form its number needs: ``1 раз``, ``2 раза``, ``5 раз``.

    >>> plural_ru(1, "очко", "очка", "очков"), plural_ru(42, "очко", "очка", "очков")
    ('1 очко', '42 очка')
    >>> plural_ru(11, "очко", "очка", "очков"), plural_ru(-5, "очко", "очка", "очков")
    ('11 очков', '-5 очков')
    """
    category = plural_category_ru(n)
    form = one if category == "one" else few if category == "few" else many
    return f"{n} {form}"
