"""Rules as units: a rule's ID, its sentence, its checks and its effects in one place.

A game's rules are a :class:`Rulebook`: a tuple of :class:`Rule` in rulebook order. The core
runs them (see :class:`~boardrules.core.game.GameBase`):

- ``check(state, action)`` first asks the core rules (CORE-1 an action of another game,
  CORE-2 the game is over, CORE-3 an action the current step does not take), then every
  check of the game's rules that governs the action's class, in rulebook order, and returns
  the first :class:`~boardrules.core.violation.Violation`;
- ``apply`` folds the effects of the rules that govern the action's class over a working
  copy of the state, in rulebook order, then the effects that run after every action.

A designer makes a variant by replacing, adding or removing rules
(:meth:`Rulebook.with_rules`, or ``game.with_rules(...)``); the variant has a name that records
keep, so a replay uses the same rules.

>>> from boardrules.core.violation import Violation
>>> def no_zero(ctx, state, action):
...     return Violation("TOY-1", "zero", {}) if action == 0 else None
>>> book = Rulebook((Rule("TOY-1", "Zero is never played.", "Ноль не играют.",
...                       checks={int: no_zero}),))
>>> [rule.id for rule in book], book.checks_for(int) == (no_zero,)
(['TOY-1'], True)
>>> book.with_rules(remove=["TOY-1"], name="anything-goes").variant
'anything-goes'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeAlias, overload

import attrs

from boardrules.core.errors import BadInput
from boardrules.core.frozen import FrozenMap
from boardrules.core.violation import Lang, Violation

__all__ = [
    "ANY_ACTION",
    "CORE_1",
    "CORE_2",
    "CORE_3",
    "CORE_RULES",
    "Check",
    "Effect",
    "Rule",
    "Rulebook",
]

#: A rule's legality check: ``(context, state, action) -> Violation | None``. The context is
#: what the game hands its rules (its content and options); see ``GameBase.rule_context``.
Check: TypeAlias = Callable[[Any, Any, Any], Violation | None]
#: A rule's effect: ``(context, work, action, events) -> work``. ``work`` is the game's working
#: copy of the state (the state itself, or a mutable draft the game freezes at the end);
#: ``events`` is a list to append events to, or ``None`` when nobody listens.
Effect: TypeAlias = Callable[[Any, Any, Any, "list[Any] | None"], Any]

#: The key of a check or effect that governs every action of the game (an effect that runs
#: after every move, say).
ANY_ACTION: type = object

_RULE_ID = re.compile(r"^[A-Z][A-Z0-9]*-\d+[a-z]?$")


def _rule_id(_: object, attribute: attrs.Attribute[str], value: str) -> None:
    if not isinstance(value, str) or not _RULE_ID.match(value):
        raise BadInput(f"$.{attribute.name}", f"a rule ID looks like 'SEM-6', not {value!r:.40}")


def _callables(value: Mapping[type, Callable[..., Any]]) -> FrozenMap[type, Callable[..., Any]]:
    frozen = value if isinstance(value, FrozenMap) else FrozenMap(value)
    for kind, fn in frozen.items():
        if not isinstance(kind, type) or not callable(fn):
            raise BadInput("$", f"rules map action classes to functions, not {kind!r:.40}")
    return frozen


@attrs.frozen(repr=False)
class Rule:
    """One rule of a game: its ID, its sentence, its checks and its effects.

    Attributes:
        id: the rule ID on the game's rules page, like ``"SEM-6"``.
        en: the rule in one English sentence (our wording).
        ru: the rule in one Russian sentence (our wording).
        checks: for each action class the rule governs, the function that says why such an
            action is illegal (or ``None``); the key :data:`ANY_ACTION` governs every action.
        effects: for each action class, the function that carries out what the rule makes
            happen; :data:`ANY_ACTION` runs after every action.
    """

    id: str = attrs.field(validator=_rule_id)
    en: str
    ru: str
    checks: FrozenMap[type, Check] = attrs.field(factory=FrozenMap, converter=_callables)
    effects: FrozenMap[type, Effect] = attrs.field(factory=FrozenMap, converter=_callables)

    def text(self, lang: Lang | str = "en") -> str:
        """The sentence in ``"en"`` or ``"ru"``."""
        return self.ru if lang == "ru" else self.en

    def governs(self, kind: type) -> bool:
        """Whether this rule checks or acts on actions of class ``kind``."""
        return any(
            kind in table or ANY_ACTION in table for table in (self.checks, self.effects)
        )

    def __repr__(self) -> str:
        return f"Rule({self.id!r}, {self.en!r})"


def _rules(value: Iterable[Rule]) -> tuple[Rule, ...]:
    rules = tuple(value)
    seen: set[str] = set()
    for i, rule in enumerate(rules):
        if not isinstance(rule, Rule):
            raise BadInput(f"$.rules[{i}]", f"expected a Rule, got {type(rule).__name__}")
        if rule.id in seen:
            raise BadInput(f"$.rules[{i}]", f"the rule ID {rule.id} appears twice")
        seen.add(rule.id)
    return rules


def _pick(
    rules: tuple[Rule, ...], attribute: str, kind: type, every_last: bool
) -> tuple[Callable[..., Any], ...]:
    """The functions for ``kind`` in rulebook order; ``every_last`` puts the ANY_ACTION ones
    after all of the class's own (effects that run after every action)."""
    own: list[Callable[..., Any]] = []
    every: list[Callable[..., Any]] = []
    for rule in rules:
        table: FrozenMap[type, Callable[..., Any]] = getattr(rule, attribute)
        fn = table.get(kind)
        if fn is not None:
            own.append(fn)
        if kind is not ANY_ACTION and (general := table.get(ANY_ACTION)) is not None:
            (every if every_last else own).append(general)
    return (*own, *every)


@attrs.frozen(repr=False, eq=False)
class Rulebook(Sequence[Rule]):
    """A game's rules in rulebook order, and the name of the variant they make.

    Equality is by rules and name; the dispatch tables are derived and cached.

    Attributes:
        rules: the rules, in the order the rulebook states them (and ``check`` asks them).
        variant: ``None`` for the game's own rules; otherwise the variant's name, which
            records keep.
    """

    rules: tuple[Rule, ...] = attrs.field(converter=_rules)
    variant: str | None = None
    _checks: dict[type, tuple[Check, ...]] = attrs.field(init=False, factory=dict)
    _effects: dict[type, tuple[Effect, ...]] = attrs.field(init=False, factory=dict)
    _by_id: dict[str, Rule] = attrs.field(init=False)

    @_by_id.default
    def _index(self) -> dict[str, Rule]:
        return {rule.id: rule for rule in self.rules}

    # -- a sequence of rules ---------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.rules)

    def __iter__(self) -> Iterator[Rule]:
        return iter(self.rules)

    @overload
    def __getitem__(self, index: int) -> Rule: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Rule, ...]: ...
    def __getitem__(self, index: int | slice) -> Rule | tuple[Rule, ...]:
        return self.rules[index]

    def __contains__(self, item: object) -> bool:
        return item in self._by_id if isinstance(item, str) else item in self.rules

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rulebook):
            return NotImplemented
        return self.rules == other.rules and self.variant == other.variant

    def __hash__(self) -> int:
        return hash((self.rules, self.variant))

    def __repr__(self) -> str:
        ids = ", ".join(rule.id for rule in self.rules)
        return f"Rulebook([{ids}], variant={self.variant!r})"

    def rule(self, rule_id: str) -> Rule:
        """The rule with this ID.

        Raises:
            KeyError: if the rulebook has no such rule.
        """
        return self._by_id[rule_id]

    @property
    def ids(self) -> tuple[str, ...]:
        """The rule IDs in rulebook order."""
        return tuple(rule.id for rule in self.rules)

    # -- what the core runs -----------------------------------------------------------------
    def checks_for(self, kind: type) -> tuple[Check, ...]:
        """The checks that govern actions of class ``kind``, in rulebook order."""
        found = self._checks.get(kind)
        if found is None:
            found = self._checks[kind] = _pick(self.rules, "checks", kind, every_last=False)
        return found

    def effects_for(self, kind: type) -> tuple[Effect, ...]:
        """The effects that run for actions of class ``kind``.

        First the class's own effects in rulebook order, then the effects under
        :data:`ANY_ACTION` (they run after every action), in rulebook order.
        """
        found = self._effects.get(kind)
        if found is None:
            found = self._effects[kind] = _pick(self.rules, "effects", kind, every_last=True)
        return found

    # -- variants -----------------------------------------------------------------------
    def with_rules(
        self,
        *,
        replace: Mapping[str, Rule] | None = None,
        add: Iterable[Rule] = (),
        remove: Iterable[str] = (),
        name: str | None = None,
    ) -> Rulebook:
        """A variant of these rules.

        Args:
            replace: rule ID to the rule that takes its place (same position). The new rule
                keeps the ID it replaces.
            add: new rules, appended in the order given (a new ID each).
            remove: the IDs of rules to drop.
            name: the variant's name, kept in records; by default one is made from the
                changes (``"SEM-8=fool_optional"``), so the same change gets the same name.

        Raises:
            BadInput: for an ID that is not in the rulebook, an added ID that is, or a
                name that is empty.
        """
        replace = dict(replace or {})
        add = tuple(add)
        remove = tuple(remove)
        for rule_id in (*replace, *remove):
            if rule_id not in self._by_id:
                raise BadInput("$.rules", f"no rule {rule_id!r:.40} in this rulebook")
        for rule in add:
            if not isinstance(rule, Rule):
                raise BadInput("$.add", f"expected a Rule, got {type(rule).__name__}")
            if rule.id in self._by_id and rule.id not in remove:
                raise BadInput("$.add", f"the rule {rule.id} exists already; replace it")
        rules = []
        for rule in self.rules:
            if rule.id in remove:
                continue
            new = replace.get(rule.id, rule)
            if not isinstance(new, Rule):
                raise BadInput(f"$.replace.{rule.id}", "expected a Rule")
            rules.append(new if new.id == rule.id else attrs.evolve(new, id=rule.id))
        rules.extend(add)
        if name is None:
            name = _variant_name(self.variant, replace, add, remove)
        if not isinstance(name, str) or not name.strip():
            raise BadInput("$.name", "a variant needs a non-empty name")
        return Rulebook(rules, variant=name)


def _fn_names(rule: Rule) -> str:
    names = sorted(
        {getattr(fn, "__name__", "fn") for fn in (*rule.checks.values(), *rule.effects.values())}
    )
    return ",".join(names) or "text"


def _variant_name(
    base: str | None, replace: Mapping[str, Rule], add: Sequence[Rule], remove: Sequence[str]
) -> str:
    parts = [f"{rule_id}={_fn_names(rule)}" for rule_id, rule in sorted(replace.items())]
    parts += [f"+{rule.id}={_fn_names(rule)}" for rule in add]
    parts += [f"-{rule_id}" for rule_id in sorted(remove)]
    own = " ".join(parts) or "same"
    return f"{base} {own}" if base else own


# -- the core's own rules ---------------------------------------------------------------------
CORE_1 = Rule(
    "CORE-1",
    "An action must be one of this game's actions.",
    "Действие должно быть действием этой игры.",
)
"""CORE-1: an object that is not of one of the game's action classes is refused
(``foreign_action``); ``GameBase.check`` asks it before any rule of the game."""

CORE_2 = Rule(
    "CORE-2",
    "Once the game is over, no action is legal.",
    "Когда игра окончена, никакое действие не разрешено.",
)
"""CORE-2: any action after the end is refused (``game_over``)."""

CORE_3 = Rule(
    "CORE-3",
    "Each step of the game takes only its own kinds of action, from the seat to move.",
    "Каждый шаг игры принимает только свои виды действий, от игрока, чей ход.",
)
"""CORE-3: an action class the current step does not take (``game.accepts(state)``) is
refused (``wrong_step``)."""

#: The refusals every game shares, made once by the core before a game's own rules are asked.
CORE_RULES = Rulebook((CORE_1, CORE_2, CORE_3))
