"""Rules as units: a rule's ID, its sentence, and every part of the game it states.

A game's rules are a :class:`Rulebook`: a tuple of :class:`Rule` in rulebook order. A unit
states its rule once, as plain functions that all get the game's rule context first:

- ``moves``: per action class, the actions of that class the rule makes possible in a state
  (the candidates);
- ``checks``: per action class, why such an action is refused (a
  :class:`~boardrules.core.violation.Violation`), or ``None``. A check that does not look at
  the action is written without it, ``(ctx, state)``;
- ``effects``: per action class, what the rule makes happen;
- where the rule says so, its part of the setup, who moves, the steps, the end, the score and
  what a seat sees; and the named ``facts`` other rules read.

The engine (:mod:`boardrules.core.engine`) composes the game from the units: an action is legal
when a unit's moves list it and no check refuses it. A designer makes a variant by replacing,
adding or removing units (:meth:`Rulebook.with_rules`, or ``game.with_rules(...)``); the
variant has a name that records keep.

>>> from boardrules.core.violation import Violation
>>> def no_zero(ctx, state, action):
...     return Violation("TOY-1", "zero") if action == 0 else None
>>> book = Rulebook((Rule("TOY-1", "Zero is never played.", "Ноль не играют.",
...                       checks={int: no_zero}),))
>>> [rule.id for rule in book], book.checks_for(int) == (no_zero,)
(['TOY-1'], True)
>>> book.with_rules(remove=["TOY-1"], name="anything-goes").variant
'anything-goes'
"""

from __future__ import annotations

import functools
import inspect
import re
import types
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeAlias, overload

import attrs
from typing_extensions import TypeVar

from boardrules.core.errors import BadInput
from boardrules.core.frozen import FrozenMap
from boardrules.core.standings import Standings
from boardrules.core.violation import Lang, Violation

__all__ = [
    "ANY_ACTION",
    "CORE_1",
    "CORE_2",
    "CORE_3",
    "CORE_4",
    "CORE_5",
    "CORE_RULES",
    "PARTS",
    "READABLE",
    "Check",
    "Effect",
    "Facts",
    "Part",
    "Rule",
    "Rulebook",
    "takes_action",
]

# Defaults (PEP 696) let a unit that states only a sentence be written without its types.
C = TypeVar("C", default=Any)
S = TypeVar("S", default=Any)

#: A rule's check: ``(context, state, action) -> Violation | None``, or ``(context, state)``
#: for a check that does not look at the action (the engine then asks it once per listing).
Check: TypeAlias = Callable[..., Violation | None]
#: A rule's effect: ``(context, work, action, events) -> work``. ``work`` is the game's working
#: copy of the state (the state itself, or a mutable draft the game freezes at the end,
#: ``GameBase.draft``); ``events`` is a list to append events to, or ``None`` when nobody
#: listens.
Effect: TypeAlias = Callable[[C, Any, Any, "list[Any] | None"], Any]

#: The key of a check or effect that governs every action of the game (an effect that runs
#: after every move, say).
ANY_ACTION: type = object

#: The parts of a game a unit may state besides its moves, checks, effects and facts. Each has
#: one owner in a rulebook (``setup`` may have several: they run in rulebook order).
Part = Literal["setup", "turn", "steps", "step_names", "end", "score", "view", "view_events"]
PARTS: tuple[Part, ...] = (
    "setup", "turn", "steps", "step_names", "end", "score", "view", "view_events"
)
#: The parts every game needs: a unit that is the only one to state one cannot be removed.
_NEEDED: tuple[Part, ...] = ("setup", "turn", "score")
#: The parts other rules read as facts of the same name (``ctx.facts.turn(ctx, state)``): a
#: variant that replaces the unit stating one changes every rule that reads it.
READABLE: tuple[Part, ...] = ("turn", "steps", "step_names", "end", "score")


def takes_action(check: Callable[..., Any]) -> bool:
    """Whether a check looks at the action: ``False`` for a check written as
    ``(ctx, state)``, which the engine asks once per listing rather than per candidate.

    >>> takes_action(lambda ctx, state, action: None), takes_action(lambda ctx, state: None)
    (True, False)
    """
    try:
        parameters = inspect.signature(check).parameters.values()
    except (TypeError, ValueError):  # a callable Python cannot look into: the usual form
        return True
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(positional) != 2 or any(p.kind is p.VAR_POSITIONAL for p in parameters)


def _of_the_state(fact: Callable[..., Any]) -> bool:
    """Whether a fact is a fact of a state, ``(ctx, state)``: the engine works it out once
    per state."""
    try:
        names = list(inspect.signature(fact).parameters)
    except (TypeError, ValueError):
        return False
    return len(names) == 2 and names[1] == "state"


def _once_per_state(fact: Callable[..., Any], state_type: type) -> Callable[..., Any]:
    """``fact`` worked out once per state of ``state_type``: the last state's answer is
    kept (one entry, replaced whole, so threads may share it). A working copy of another
    type is never kept: it changes while the effects run."""
    last: list[tuple[Any, Any]] = [(None, None)]

    def once(ctx: Any, state: Any) -> Any:
        entry = last[0]
        if entry[0] is state:
            return entry[1]
        value = fact(ctx, state)
        if type(state) is state_type:
            last[0] = (state, value)
        return value

    return functools.update_wrapper(once, fact)


class Facts:
    """The named facts of a rulebook: what one rule decides and other rules read.

    Each fact is a function owned by one unit (``Rule.facts``); rules call it as
    ``ctx.facts.NAME(ctx, ...)`` (the game puts the rulebook's facts in the rules' context),
    so a variant that replaces the owning unit replaces the fact for every rule that reads
    it. Given the game's ``state_type``, a fact of the state, ``(ctx, state)``, is worked out
    at most once per state (the rule never keeps a cache of its own). The parts other rules
    read (``turn``, ``end`` ...) are there too, under their own names. A fact no unit states
    is an ``AttributeError`` naming it.

    >>> facts = Facts({"double": lambda ctx, n: 2 * n})
    >>> facts.double(None, 4), sorted(facts)
    (8, ['double'])
    """

    __slots__ = ("__dict__",)

    def __init__(
        self,
        table: Mapping[str, Callable[..., Any]] | None = None,
        state_type: type | None = None,
        parts: Mapping[str, Callable[..., Any]] | None = None,
    ) -> None:
        for name, fact in (table or {}).items():
            if state_type is not None and _of_the_state(fact):
                fact = _once_per_state(fact, state_type)
            self.__dict__[name] = fact
        self.__dict__.update(parts or {})  # parts are asked as they are: they are cheap

    if TYPE_CHECKING:  # a fact's type for mypy; at run time the instance's own attribute

        def __getattr__(self, name: str) -> Callable[..., Any]: ...

    def __iter__(self) -> Iterator[str]:
        return iter(self.__dict__)

    def __repr__(self) -> str:
        return f"Facts({sorted(self.__dict__)})"


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


def _named(value: Mapping[str, Callable[..., Any]]) -> FrozenMap[str, Callable[..., Any]]:
    frozen = value if isinstance(value, FrozenMap) else FrozenMap(value)
    for name, fn in frozen.items():
        if not isinstance(name, str) or not name.isidentifier() or not callable(fn):
            raise BadInput("$.facts", f"facts map names to functions, not {name!r:.40}")
    return frozen


def _optional_callable(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None and not callable(value):
        raise BadInput(f"$.{attribute.name}", "expected a function or None")


def _names_in(fn: object, seen: set[int] | None = None) -> set[str]:
    """The names a function's code refers to (its nested functions' too): where a unit
    reads a fact, ``ctx.facts.NAME``, the fact's name is among them."""
    seen = set() if seen is None else seen
    if id(fn) in seen:
        return set()
    seen.add(id(fn))
    if isinstance(fn, functools.partial):
        return _names_in(fn.func, seen)
    if isinstance(fn, types.MethodType):
        return _names_in(fn.__func__, seen)
    code = getattr(fn, "__code__", None)
    if not isinstance(code, types.CodeType):
        call = next((vars(k)["__call__"] for k in type(fn).__mro__ if "__call__" in vars(k)), None)
        inner = {n for v in getattr(fn, "__dict__", {}).values() for n in _names_in(v, seen)}
        return inner | (_names_in(call, seen) if isinstance(call, types.FunctionType) else set())
    names: set[str] = set()
    stack = [code]
    while stack:
        current = stack.pop()
        names.update(current.co_names)
        stack.extend(c for c in current.co_consts if isinstance(c, types.CodeType))
    return names


@attrs.frozen(repr=False)
class Rule(Generic[C, S]):
    """One rule of a game: its ID, its sentence, and every part of the game it states.

    A unit is generic in the game's rule context ``C`` (what every function of the unit
    gets first: the game's content, options and facts) and state ``S``.

    Attributes:
        id: the rule ID on the game's rules page, like ``"SEM-6"``.
        en: the rule in one English sentence (our wording).
        ru: the rule in one Russian sentence (our wording).
        checks: for each action class the rule governs, the function that says why such an
            action is refused (or ``None``): ``(ctx, state, action)``, or ``(ctx, state)``
            when the refusal does not depend on which action of the class it is. The key
            :data:`ANY_ACTION` governs every action.
        effects: for each action class, the function ``(ctx, work, action, events) -> work``
            that carries out what the rule makes happen; :data:`ANY_ACTION` runs after every
            action.
        moves: for each action class, ``(ctx, state) -> iterable`` of the actions of that
            class the rule makes possible in the state: every action the checks may allow
            (they may be left out only where the rule's own facts already refuse them). A
            class that no unit lists is never legal.
        setup: ``(ctx, seed, setup, state) -> state``: the rule's part of the first state
            (``state`` is ``None`` for the first unit with a setup).
        turn: ``(ctx, state) -> seat``: whose decision it is while the game is not over.
        steps: ``(ctx, state) -> tuple of action classes``: the kinds of action the current
            step takes (CORE-3), in the order ``legal_actions`` lists them.
        step_names: ``(ctx, state) -> tuple of keys``: the steps waiting, first the current
            one (what CORE-3's refusal and front-ends call them).
        end: ``(ctx, state) -> bool``: whether the game is over.
        score: ``(ctx, state) -> Standings``.
        view: ``(ctx, state, seat) -> state``: what ``seat`` may see (``None``: a spectator).
        view_events: ``(ctx, events, seat) -> events``: the events as ``seat`` may see them.
        facts: named functions other rules read through the rulebook (:class:`Facts`); a
            fact of the state, ``(ctx, state)``, is worked out once per state.
        terms: ``True`` for a unit that only defines terms (what a card is, the deck):
            :meth:`Rulebook.with_rules` refuses a replacement that gives it behaviour.
    """

    id: str = attrs.field(validator=_rule_id)
    en: str
    ru: str
    checks: FrozenMap[type, Check] = attrs.field(factory=FrozenMap, converter=_callables)
    effects: FrozenMap[type, Effect[C]] = attrs.field(factory=FrozenMap, converter=_callables)
    moves: FrozenMap[type, Callable[[C, S], Iterable[Any]]] = attrs.field(
        factory=FrozenMap, converter=_callables
    )
    setup: Callable[[C, int, Any, S | None], S] | None = attrs.field(
        default=None, validator=_optional_callable
    )
    turn: Callable[[C, S], int] | None = attrs.field(default=None, validator=_optional_callable)
    steps: Callable[[C, S], tuple[type, ...]] | None = attrs.field(
        default=None, validator=_optional_callable
    )
    step_names: Callable[[C, S], tuple[str, ...]] | None = attrs.field(
        default=None, validator=_optional_callable
    )
    end: Callable[[C, S], bool] | None = attrs.field(default=None, validator=_optional_callable)
    score: Callable[[C, S], Standings] | None = attrs.field(
        default=None, validator=_optional_callable
    )
    view: Callable[[C, S, int | None], S] | None = attrs.field(
        default=None, validator=_optional_callable
    )
    view_events: Callable[[C, tuple[Any, ...], int | None], tuple[Any, ...]] | None = (
        attrs.field(default=None, validator=_optional_callable)
    )
    facts: FrozenMap[str, Callable[..., Any]] = attrs.field(factory=FrozenMap, converter=_named)
    terms: bool = attrs.field(default=False, kw_only=True)

    def __attrs_post_init__(self) -> None:
        if self.terms and self.behaviour():
            raise BadInput(
                f"$.{self.id}",
                f"{self.id} only defines terms; it has no {', '.join(self.behaviour())}",
            )

    def text(self, lang: Lang | str = "en") -> str:
        """The sentence in ``"en"`` or ``"ru"``."""
        return self.ru if lang == "ru" else self.en

    def parts(self) -> tuple[Part, ...]:
        """The parts of the game (:data:`PARTS`) this unit states."""
        return tuple(part for part in PARTS if getattr(self, part) is not None)

    def behaviour(self) -> tuple[str, ...]:
        """Everything this unit does besides its sentence: its tables and parts, by name."""
        tables = [n for n in ("checks", "effects", "moves", "facts") if getattr(self, n)]
        return (*tables, *self.parts())

    def functions(self) -> tuple[Callable[..., Any], ...]:
        """Every function of the unit: checks, effects, moves, parts and facts."""
        fns: list[Callable[..., Any]] = [
            *self.checks.values(), *self.effects.values(), *self.moves.values()
        ]
        fns += [getattr(self, part) for part in self.parts()]
        return (*fns, *self.facts.values())

    def reads(self, fact: str) -> bool:
        """Whether a function of this unit refers to the fact ``fact`` by name (as
        ``ctx.facts.NAME``); a unit's own facts and parts are not counted."""
        own = fact in self.facts or (fact in PARTS and getattr(self, fact) is not None)
        return not own and any(fact in _names_in(fn) for fn in self.functions())

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
    owners: dict[str, str] = {}
    for rule in rules:
        for name in rule.facts:
            if name in PARTS:
                raise BadInput(
                    f"$.rules.{rule.id}.facts",
                    f"{name!r} is a part of the game (rules read it as a fact already)",
                )
        for name in (*(p for p in rule.parts() if p != "setup"), *rule.facts):
            if name in owners:
                raise BadInput(
                    f"$.rules.{rule.id}",
                    f"{rule.id} and {owners[name]} both state the {name!r} of the game; "
                    "replace one unit instead of adding another",
                )
            owners[name] = rule.id
    return rules


def _pick(
    rules: Iterable[Rule], attribute: str, kind: type, every_last: bool
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

    Attributes:
        rules: the rules, in the order the rulebook states them (and ``check`` asks them).
        variant: ``None`` for the game's own rules; otherwise the variant's name, which
            records keep.
    """

    rules: tuple[Rule, ...] = attrs.field(converter=_rules)
    variant: str | None = None
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
        """The rule with this ID; the core's rules (``CORE-1`` ...) are found too.

        Raises:
            KeyError: if neither the rulebook nor the core has such a rule.
        """
        found = self._by_id.get(rule_id)
        if found is not None:
            return found
        for rule in CORE_RULES.rules:
            if rule.id == rule_id:
                return rule
        raise KeyError(rule_id)

    def owner(self, part: Part) -> Rule | None:
        """The unit that states ``part`` of the game (``"turn"``, ``"end"`` ...), if any."""
        return next((rule for rule in self.rules if getattr(rule, part) is not None), None)

    def part(self, part: Part) -> Callable[..., Any] | None:
        """The function that states ``part`` of the game, if a unit states it."""
        owner = self.owner(part)
        return None if owner is None else getattr(owner, part)

    def setups(self) -> tuple[Rule, ...]:
        """The units with a part of the setup, in rulebook order (they run in that order)."""
        return tuple(rule for rule in self.rules if rule.setup is not None)

    def facts(self, state_type: type | None = None) -> Facts:
        """Every named fact of these rules, each from the unit that states it, and the parts
        other rules read (:data:`READABLE`: ``turn``, ``end`` ...) under their own names;
        given the game's ``state_type``, each fact of the state is worked out once per
        state."""
        table = {name: fn for rule in self.rules for name, fn in rule.facts.items()}
        parts: dict[str, Callable[..., Any]] = {
            part: fn for part in READABLE if (fn := self.part(part)) is not None
        }
        return Facts(table, state_type, parts)

    def fact_owner(self, name: str) -> Rule:
        """The unit that states the fact ``name``.

        Raises:
            KeyError: if no unit states it.
        """
        for rule in self.rules:
            if name in rule.facts:
                return rule
        raise KeyError(name)

    def readers(self, fact: str) -> tuple[str, ...]:
        """The IDs of the units whose functions read the fact ``fact`` (by its name)."""
        return tuple(rule.id for rule in self.rules if rule.reads(fact))

    @property
    def ids(self) -> tuple[str, ...]:
        """The rule IDs in rulebook order."""
        return tuple(rule.id for rule in self.rules)

    # -- what the engine runs -----------------------------------------------------------
    def checks_for(self, kind: type) -> tuple[Check, ...]:
        """The checks that govern actions of class ``kind``, in rulebook order."""
        return _pick(self.rules, "checks", kind, every_last=False)

    def moves_for(self, kind: type) -> tuple[Callable[[Any, Any], Iterable[Any]], ...]:
        """The move generators of ``kind``, in rulebook order."""
        return _pick(self.rules, "moves", kind, every_last=False)

    def effects_for(self, kind: type) -> tuple[Effect, ...]:
        """The effects that run for actions of class ``kind``: first the class's own in
        rulebook order, then those under :data:`ANY_ACTION` (they run after every action)."""
        return _pick(self.rules, "effects", kind, every_last=True)

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
            remove: the IDs of rules to drop, with everything they state: their moves (an
                action class no unit lists is never legal), checks, effects and parts.
            name: the variant's name, kept in records; by default one is made from the
                changes (``"SEM-8=fool_optional"``), so the same change gets the same name.

        Raises:
            BadInput: for an ID that is not in the rulebook, an added ID that is, a name
                that is empty, or a removal that would leave the game without its setup,
                turn or score, or leave a rule reading a fact nobody states (the message
                names those rules: replace the unit instead, or remove them too).
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
            if rule.terms and new is not rule and new.behaviour():
                raise BadInput(
                    f"$.replace.{rule.id}",
                    f"{rule.id} only defines terms; a replacement with "
                    f"{', '.join(new.behaviour())} would change nothing, so it is refused "
                    "(replace the unit whose behaviour you mean to change)",
                )
            rules.append(new if new.id == rule.id else attrs.evolve(new, id=rule.id))
        rules.extend(add)
        _check_removal(self, remove, rules)
        if name is None:
            name = _variant_name(self.variant, replace, add, remove)
        if not isinstance(name, str) or not name.strip():
            raise BadInput("$.name", "a variant needs a non-empty name")
        return Rulebook(rules, variant=name)


def _check_removal(book: Rulebook, remove: Sequence[str], left: Sequence[Rule]) -> None:
    """Refuse a removal that leaves the game without a part it needs, or a rule reading a
    fact that no unit states any more."""
    for rule_id in remove:
        gone = book.rule(rule_id)
        for part in _NEEDED:
            if getattr(gone, part) is not None and not any(getattr(r, part) for r in left):
                raise BadInput(
                    f"$.remove.{rule_id}",
                    f"{rule_id} states the {part} of the game, which every game needs: "
                    "replace the unit instead of removing it",
                )
        stated = {name for rule in left for name in _readable(rule)}
        for fact in _readable(gone):
            readers = [r.id for r in left if fact not in stated and r.reads(fact)]
            if readers:
                raise BadInput(
                    f"$.remove.{rule_id}",
                    f"{rule_id} states the fact {fact!r}, which {', '.join(readers)} "
                    f"read{'s' if len(readers) == 1 else ''}: replace {rule_id} instead, "
                    "or remove those rules too",
                )


def _readable(rule: Rule) -> tuple[str, ...]:
    """What other rules may read of ``rule``: its facts, and its parts read as facts."""
    return (*rule.facts, *(part for part in READABLE if getattr(rule, part) is not None))


def _fn_names(rule: Rule) -> str:
    names = sorted({getattr(fn, "__name__", "fn") for fn in rule.functions()})
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
"""CORE-3: an action class the current step does not take (``game.accepts(state)``: the
kinds the unit that states the steps names, of those some unit lists moves for) is refused
(``wrong_step``). The refusal names the step that is waiting and the kinds of action it takes
(params ``step``, ``then``, ``takes``, ``action`` and ``game``), in English and Russian, when
a unit states the steps' names (``step_names``)."""

CORE_4 = Rule(
    "CORE-4",
    "An action must name things that exist and are in play: the card, the seat, the "
    "character.",
    "Действие должно называть то, что есть в игре: карту, игрока, персонажа.",
)
"""CORE-4: an action that is not well formed in the state (a card that is not in the deck
or not in the mover's hand, a seat or a character that is not in play) is refused by the
core with the game's own code (``game.malformed(state, action)``), before any rule of the
game is asked; no variant can remove it, so no check or effect ever meets such an action."""

CORE_5 = Rule(
    "CORE-5",
    "What a seat may do follows from what it may see: the seat to move has the same legal "
    "actions in its view as in the whole state.",
    "Что игрок может сделать, следует из того, что он видит: у игрока, чей ход, те же "
    "допустимые действия в его обзоре, что и в полном состоянии.",
)
"""CORE-5: ``game.legal_actions(game.view(state, seat))`` equals
``game.legal_actions(state)`` for the seat to move, so a seat always knows its legal
actions, and whoever runs a game may list them from the state for an agent that reads
nothing else (:class:`~boardrules.agents.ChoosesAmongLegal`). Not a refusal: a promise of
every game and variant, checked by the conformance kit."""

#: The rules every game shares, kept by the core before and around a game's own rules: the
#: refusals CORE-1..CORE-4, asked before any rule of the game, and CORE-5's promise.
CORE_RULES = Rulebook((CORE_1, CORE_2, CORE_3, CORE_4, CORE_5))
