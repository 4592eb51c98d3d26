"""Why an action is illegal: a rule ID, a stable code, and the values that explain it."""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import Any, Literal, TypeAlias

from boardrules.core.frozen import FrozenMap

__all__ = [
    "Lang",
    "MessageCatalog",
    "ParamValue",
    "Refusal",
    "Violation",
    "explain",
    "register_messages",
    "register_steps",
    "step_label",
]

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


class Violation:
    """Why an action is illegal: an immutable value, compared and hashed by its fields.

    Attributes:
        rule: the rule ID on the game's rules page, like ``"SEM-6"``.
        code: a stable machine code, like ``"wrong_start"``; front-ends may key on it.
        params: the values that explain this case (symbols, card IDs, counts).

    >>> v = Violation("CORE-2", "game_over")
    >>> v.rule, v.code, v == Violation("CORE-2", "game_over", {})
    ('CORE-2', 'game_over', True)
    """

    __slots__ = ("_frozen", "_given", "code", "rule")

    rule: str
    code: str
    _given: Mapping[str, ParamValue | enum.Enum] | None
    _frozen: FrozenMap[str, ParamValue] | None

    def __init__(
        self, rule: str, code: str, params: Mapping[str, ParamValue | enum.Enum] | None = None
    ) -> None:
        object.__setattr__(self, "rule", rule)
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "_given", params)
        object.__setattr__(self, "_frozen", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Violation is immutable; it has no settable {name!r}")

    @property
    def params(self) -> FrozenMap[str, ParamValue]:
        """The values that explain this case, as an immutable mapping (made when asked; an
        enum member given as a value stands for its ``value``)."""
        frozen = self._frozen
        if frozen is None:
            given = self._given or {}
            frozen = FrozenMap(
                (k, v.value if isinstance(v, enum.Enum) else v) for k, v in given.items()
            )
            object.__setattr__(self, "_frozen", frozen)
        return frozen

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Violation):
            return NotImplemented
        return (self.rule, self.code, self.params) == (other.rule, other.code, other.params)

    def __hash__(self) -> int:
        return hash((self.rule, self.code, self.params))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (Violation, (self.rule, self.code, dict(self.params)))

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


#: What a rule's check answers: ``None`` when it allows the action; otherwise why not, as a
#: code (``"lord_needs_black"``), a code and its params (``("trump_spent", {"seat": 1})``),
#: or a whole :class:`Violation` (a refusal under another rule's ID). The engine makes the
#: ``Violation``, with the rule ID of the check's unit, only when a refusal is explained.
Refusal: TypeAlias = "str | tuple[str, Mapping[str, Any]] | Violation | None"


def explain(rule: str, refusal: Refusal) -> Violation | None:
    """The :class:`Violation` a check's answer stands for, ``rule`` being the check's unit.

    >>> explain("SEM-7", "lord_needs_black")
    Violation('SEM-7', 'lord_needs_black', {})
    >>> explain("SEM-7", ("trump_spent", {"seat": 1})).params["seat"], explain("SEM-7", None)
    (1, None)
    """
    if refusal is None or isinstance(refusal, Violation):
        return refusal
    if isinstance(refusal, str):
        return Violation(rule, refusal)
    code, params = refusal
    return Violation(rule, code, params)


#: For each game, the labels of its steps by key and of its action kinds by class name,
#: each as (English, Russian): what CORE-3's refusal says (:func:`register_steps`).
_STEPS: dict[str, dict[str, tuple[str, str]]] = {}
_KINDS: dict[str, dict[str, tuple[str, str]]] = {}


def register_steps(
    game: str,
    steps: Mapping[str, tuple[str, str]],
    kinds: Mapping[str, tuple[str, str]],
) -> None:
    """Register the labels CORE-3's refusal uses for the game ``game``: each step key (as
    the unit that states the steps names it, :class:`~boardrules.core.rules.Steps`) and each
    action class (by its class name), in English and Russian.

    >>> register_steps("toy", {"count": ("counting", "счёт")}, {"int": ("a number", "число")})
    >>> step_label("toy", "count", "ru"), step_label("toy", "int", "en", kind=True)
    ('счёт', 'a number')
    """
    _STEPS[game] = {**_STEPS.get(game, {}), **steps}
    _KINDS[game] = {**_KINDS.get(game, {}), **kinds}


def step_label(game: str, key: str, lang: Lang = "en", *, kind: bool = False) -> str:
    """The label of a step key (or, with ``kind``, of an action class name) of ``game``;
    the key itself when the game registered none."""
    pair = (_KINDS if kind else _STEPS).get(game, {}).get(key)
    if pair is None:
        return key
    return pair[1] if lang == "ru" else pair[0]


def _wrong_step(p: Mapping[str, ParamValue], lang: Lang) -> str:
    game = str(p.get("game") or "")
    ru = lang == "ru"
    kinds = [k for k in str(p.get("takes") or "").split(",") if k]
    takes = ", ".join(f"«{step_label(game, k, lang, kind=True)}»" for k in kinds)
    action = step_label(game, str(p.get("action")), lang, kind=True)
    step = p.get("step")
    then = [k for k in str(p.get("then") or "").split(",") if k]
    if step is None:
        if ru:
            return (f"На этом шаге игры принимаются только {takes}; действие «{action}» "
                    "сейчас не принимается.")
        return f"This step of the game takes only {takes}; it does not take «{action}»."
    waiting = step_label(game, str(step), lang)
    after = "; ".join(step_label(game, k, lang) for k in then)
    if ru:
        text = (f"Сейчас ждёт шаг «{waiting}»: он принимает только {takes}; "
                f"действие «{action}» сейчас не принимается.")
        return text + (f" Затем ждёт: {after}." if after else "")
    text = (f"The step waiting is {waiting}: it takes only {takes}; "
            f"it does not take «{action}».")
    return text + (f" After it: {after}." if after else "")


register_messages(
    "CORE",
    {
        "foreign_action": (
            "{action} is not an action of the game {game}.",
            "Такого действия в этой игре нет: {action}.",
        ),
        "game_over": ("The game is over; no more actions.", "Игра окончена; ходов больше нет."),
        "wrong_step": _wrong_step,
    },
)
