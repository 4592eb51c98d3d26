"""Why an action is illegal: a rule ID, a stable code, and the values that explain it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Literal

import attrs

from boardrules.core.frozen import FrozenMap

__all__ = ["Lang", "MessageCatalog", "ParamValue", "Violation", "register_messages"]

Lang = Literal["en", "ru"]
ParamValue = str | int | None
#: One entry per code: an English and a Russian template (``str.format`` over the params),
#: or a function of the params and the language for sentences that need more than that.
MessageCatalog = Mapping[str, tuple[str, str] | Callable[[Mapping[str, ParamValue], Lang], str]]

_CATALOGS: dict[str, MessageCatalog] = {}



def register_messages(prefix: str, catalog: MessageCatalog) -> None:
    """Register the sentences for the rule IDs that start with ``prefix`` (``"SEM"``).

    A game module calls this once at import; third-party games do the same for their own
    prefix.
    """
    _CATALOGS[prefix] = {**_CATALOGS.get(prefix, {}), **catalog}


def _params(value: Mapping[str, ParamValue]) -> FrozenMap[str, ParamValue]:
    return value if isinstance(value, FrozenMap) else FrozenMap(value)


@attrs.frozen(repr=False)
class Violation:
    """Why an action is illegal.

    Attributes:
        rule: the rule ID on the game's rules page, like ``"SEM-6"``.
        code: a stable machine code, like ``"wrong_start"``; front-ends may key on it.
        params: the values that explain this case (symbols, card IDs, counts).

    >>> v = Violation("CORE-2", "game_over", {})
    >>> v.rule, v.code
    ('CORE-2', 'game_over')
    """

    rule: str
    code: str
    params: FrozenMap[str, ParamValue] = attrs.field(factory=FrozenMap, converter=_params)

    def message(self, lang: Lang | str = "en") -> str:
        """The sentence for this violation in English (``"en"``) or Russian (any other
        ``lang``; ``"ru"``)."""
        prefix = self.rule.split("-", 1)[0]
        entry = _CATALOGS.get(prefix, {}).get(self.code)
        if entry is None and prefix == "CORE":
            # CORE-4 refusals carry the game's own code (``unknown_card``): its sentence is
            # in the game's catalogue.
            entry = next((c[self.code] for c in _CATALOGS.values() if self.code in c), None)
        if entry is None:
            detail = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
            return f"{self.code} ({detail})" if detail else self.code
        if callable(entry):
            return entry(self.params, "en" if lang == "en" else "ru")
        template = entry[0] if lang == "en" else entry[1]
        return template.format(**self.params)

    def sentence(self, lang: Lang | str = "en") -> str:
        """The refusal as one line for people, in ``lang`` (``"en"`` or ``"ru"``): the rule
        ID, then why (:meth:`message`). The rule's own sentence is
        ``game.rulebook.rule(violation.rule).text(lang)`` (the core's rules are found too).

        >>> Violation("CORE-2", "game_over", {}).sentence("ru")
        'CORE-2: Игра окончена; ходов больше нет.'
        """
        return f"{self.rule}: {self.message(lang)}"

    def __str__(self) -> str:
        return self.sentence("en")

    def __repr__(self) -> str:
        return f"Violation({self.rule!r}, {self.code!r}, {dict(self.params)!r})"


register_messages(
    "CORE",
    {
        "foreign_action": (
            "{action} is not an action of the game {game}.",
            "Такого действия в этой игре нет: {action}.",
        ),
        "game_over": ("The game is over; no more actions.", "Игра окончена; ходов больше нет."),
        "wrong_step": (
            "This step of the game does not take the action {action}.",
            "На этом шаге игры такое действие не принимается.",
        ),
    },
)
