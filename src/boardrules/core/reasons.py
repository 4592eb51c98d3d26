"""The reasons of ``BadInput`` in Russian: a table of English phrases (regular expressions)
and their Russian sentences, for the refusals people meet most (wrong JSON, unknown keys,
wrong option values, unknown games, variants and cards, bad seeds).

``BadInput.message("ru")`` looks its reason up here; a reason with no Russian phrase is
shown in English. A game adds its own phrases with :func:`register_reasons`.

>>> reason_in("unknown key 'zz'", "ru")
"неизвестный ключ 'zz'"
>>> reason_in("'rounds' must be in range(1, 51) (got -1)", "ru")
"'rounds' — целое число от 1 до 50 (дано -1)"
>>> reason_in("a sentence nobody translated", "ru")
'a sentence nobody translated'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

__all__ = ["KINDS_RU", "phrases", "reason_in", "register_reasons"]

#: The kinds of JSON value the decoder names, in Russian.
KINDS_RU: Mapping[str, str] = {
    "an integer": "целое число", "a string": "строка", "true or false": "true или false",
    "a number": "число", "an array": "массив", "an object": "объект", "object": "объект",
    "array": "массив", "string": "строка", "boolean": "true/false", "null": "null",
    "int": "целое число", "float": "дробное число", "str": "строка", "bool": "true/false",
    "list": "массив", "dict": "объект", "tuple": "массив",
}

Render = Callable[[re.Match[str]], str]


def _kind(text: str) -> str:
    return KINDS_RU.get(text, text)


def _range(m: re.Match[str]) -> str:
    return f"'{m[1]}' — целое число от {m[2]} до {int(m[3]) - 1} (дано {m[4]})"


_PHRASES: list[tuple[re.Pattern[str], Render]] = []


def register_reasons(table: Mapping[str, str | Render]) -> None:
    """Add Russian sentences for English reasons: each key is a regular expression matched
    against the whole reason, each value a template (``{1}`` is the first group) or a
    function of the match. Later phrases are tried first, so a game can refine the core's.

    >>> register_reasons({r"no card '(.+)' here": "здесь нет карты '{1}'"})
    >>> reason_in("no card 'x' here", "ru")
    "здесь нет карты 'x'"
    """
    for pattern, render in table.items():
        compiled = re.compile(pattern, re.DOTALL)
        if isinstance(render, str):
            template = render

            def fill(m: re.Match[str], template: str = template) -> str:
                return template.format(m[0], *m.groups())

            _PHRASES.insert(0, (compiled, fill))
        else:
            _PHRASES.insert(0, (compiled, render))


def phrases() -> tuple[str, ...]:
    """The English patterns that have a Russian sentence (for tests and docs)."""
    return tuple(p.pattern for p, _ in _PHRASES)


def reason_in(reason: str, lang: str = "en") -> str:
    """``reason`` in ``lang``: the Russian sentence for a known phrase, else as it is."""
    if lang != "ru":
        return reason
    for pattern, render in _PHRASES:
        m = pattern.fullmatch(reason)
        if m is not None:
            return render(m)
    return reason


register_reasons({
    r"expected (an integer|a string|true or false|a number|an array|an object), got (\w+)":
        lambda m: f"ожидается {_kind(m[1])}, а дано: {_kind(m[2])}",
    r"expected an integer from (-?\d+) to (-?\d+)": "ожидается целое число от {1} до {2}",
    r"expected (\d+) items, got (\d+)": "ожидается элементов: {1}, дано: {2}",
    r"expected one of (.+), got (.+)": "ожидается одно из: {1}; дано {2}",
    r"expected an integer key, got (.+)": "ключ должен быть целым числом, а не {1}",
    r"expected an object with a 'type', got (\w+)":
        lambda m: f"ожидается объект с полем 'type', а дано: {_kind(m[1])}",
    r"missing 'type' \(one of (.+)\)": "нет поля 'type' (одно из: {1})",
    r"expected type '(.+)', got (.+)": "ожидается тип '{1}', а дано {2}",
    r"unknown type '(.+)'; expected one of (.+)": "неизвестный тип '{1}'; допустимы: {2}",
    r"unknown key '(.+)'": "неизвестный ключ '{1}'",
    r"missing required key '(.+)'": "нет обязательного ключа '{1}'",
    r"missing key": "не хватает ключа",
    r"not valid JSON: (.*)": "это не JSON: {1}",
    r"(.+) is not valid JSON": "{1} — это не JSON",
    r"expected JSON text, got (\w+)": "ожидается текст JSON, а дано: {1}",
    r"string longer than (\d+) characters": "строка длиннее {1} символов",
    r"more than (\d+) items": "больше {1} элементов",
    r"more than (\d+) keys": "больше {1} ключей",
    r"nested deeper than (\d+) levels": "вложенность глубже {1} уровней",
    r"the document has more than (\d+) values": "в документе больше {1} значений",
    r"integer out of range": "целое число вне допустимого диапазона",
    r"'(\w+)' must be <class '(\w+)'> \(got (.+) that is a <class '(\w+)'>\)\.":
        lambda m: f"'{m[1]}' — {_kind(m[2])} (дано {m[3]}: {_kind(m[4])})",
    r"'(\w+)' must be in range\((-?\d+), (-?\d+)\) \(got (.+)\)": _range,
    r"'(\w+)' must be in \((.*)\) \(got (.+)\)": "'{1}' — одно из: {2} (дано {3})",
    r"(\w+) has no option '(.+)'; its options: (.+)":
        "у игры '{1}' нет параметра '{2}'; её параметры: {3}",
    r"(\w+) has no variant '(.+)'; its variants: (.+)":
        "у игры '{1}' нет варианта правил '{2}'; её варианты: {3}",
    r"no game named '(.+)'; known games: (.+)": "нет игры '{1}'; известные игры: {2}",
    r"a seed lies between 0 and 2\*\*64 - 1": "зерно — целое число от 0 до 2**64 − 1",
    r"the number of games is a whole number ≥ 0, not (.+)":
        "число партий — целое число ≥ 0, а не {1}",
    r"(\w+) with this setup seats (\d+) players; give one agent per seat, not (\d+)":
        "мест в игре '{1}' при такой подготовке: {2}; нужен один агент на место, а не {3}",
    r"no card '(.+)'": "нет карты '{1}'",
    r"no card '(.+)' in the deck": "в колоде нет карты '{1}'",
    r"no character '(.+)' in the deck": "в колоде нет персонажа '{1}'",
    r"the card (.+) is in two places": "карта {1} лежит в двух местах",
    r"a seat is 0 or 1": "место — 0 или 1",
    r"two hands, one per seat": "две руки, по одной на место",
    r"two trumps, one per seat": "два козыря, по одному на место",
    r"a trump is held, lord or fool": "козырь — held (на руке), lord или fool",
    r"a hand is a list of card ids": "рука — список id карт",
    r"a hand lists distinct cards in deck order": "рука — разные карты в порядке колоды",
    r"unknown resource '(.+)'": "неизвестный ресурс '{1}'",
    r"unknown skill": "неизвестное умение",
    r"unknown zone": "неизвестная зона",
    r"False, True or 'sampled', not (.+)": "False, True или 'sampled', а не {1}",
})
