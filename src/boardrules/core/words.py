"""Russian plural forms, for every count the core, the games' messages and labels, the
reports and the command line print: the one place that picks a noun's form for a number
(``boardrules.i18n`` and ``boardrules.display`` offer the same functions).

The form follows CLDR's plural rules for Russian as Babel, the maintained library, states
them (``babel`` comes with the ``report`` and ``cli`` extras). A base install (a page in
Pyodide, where Babel's locale data would be sixteen times the page's wheels) has no Babel;
there the same CLDR rule for whole numbers is written out below, and a test holds the two
to the same answers.

>>> plural_ru(4, "действие", "действия", "действий")
'4 действия'
>>> count_ru(21, "партия", "партии", "партий"), count_ru(5, "партия", "партии", "партий")
('21 партия', '5 партий')
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Literal

__all__ = ["PluralCategory", "count_ru", "plural_category_ru", "plural_ru", "written_out_ru"]

PluralCategory = Literal["one", "few", "many", "other"]


def written_out_ru(n: int) -> PluralCategory:
    """CLDR's Russian rule for a whole number ``n ≥ 0`` written out, for an install
    without Babel (a test holds it to Babel's)."""
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


@functools.cache
def _rule() -> Callable[[int], str]:
    """Babel's plural rule of Russian, loaded at the first count (its import costs a
    command that prints none); the rule written out where Babel is not installed."""
    try:
        from babel.core import Locale
    except ImportError:
        return written_out_ru
    rule: Callable[[int], str] = Locale("ru").plural_form
    return rule


def plural_category_ru(n: int) -> PluralCategory:
    """The CLDR plural category of the whole number ``n`` in Russian.

    ``one``: 1, 21, 101 (but not 11); ``few``: 2–4, 22–24 (but not 12–14); ``many``: the
    rest (0, 5–20, 25 ...). Fractions are ``other`` in CLDR; messages count whole units.

    >>> [plural_category_ru(n) for n in (1, 2, 5, 11, 12, 21, 22, 25, 111)]
    ['one', 'few', 'many', 'many', 'many', 'one', 'few', 'many', 'many']
    """
    category = _rule()(abs(int(n)))
    return "one" if category == "one" else "few" if category == "few" else "many"


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


def count_ru(n: int, one: str, few: str, many: str) -> str:
    """The same as :func:`plural_ru`, with the number grouped by thin spaces as Russian
    writes it (``1 597 разностей``)."""
    category = plural_category_ru(n)
    form = one if category == "one" else few if category == "few" else many
    return f"{n:,} {form}".replace(",", "\u202f")
