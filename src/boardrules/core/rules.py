"""Rules as units: a rule's ID, its sentence, its checks and its effects in one place.

A game's rules are a :class:`Rulebook`: a tuple of :class:`Rule` in rulebook order. The core
runs them (see :class:`~boardrules.core.game.GameBase`):

- ``check(state, action)`` first asks the core rules (CORE-1 an action of another game,
  CORE-2 the game is over, CORE-3 an action the current step does not take), then every
  check of the game's rules that governs the action's class, in rulebook order, and returns
  the first :class:`~boardrules.core.violation.Violation`;
- ``apply`` folds the effects of the rules that govern the action's class over a working
  copy of the state, in rulebook order, then the effects that run after every action.

Since 0.3 a unit carries the whole of its rule: besides checks and effects, the actions it
makes possible in a step (``moves``), and where the rule states them the setup, who moves,
the end, the score and what a seat sees; the named ``facts`` other rules read (7Я's answer
table, say) belong to the unit that decides them. :class:`~boardrules.core.game.GameBase`
composes ``new``, ``legal_actions``, ``check``, ``apply``, ``to_move``, ``is_over``,
``score`` and ``view`` from them.

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
    "Always",
    "Check",
    "Direct",
    "Effect",
    "Facts",
    "Guard",
    "Part",
    "Rule",
    "Rulebook",
    "Steps",
]

# Defaults (PEP 696) let a unit that states only a sentence be written without its types.
C = TypeVar("C", default=Any)
S = TypeVar("S", default=Any)

#: A rule's legality check: ``(context, state, action) -> Violation | None``. The context is
#: what the game hands its rules (its content and options); see ``GameBase.rule_context``.
#: The action is of the class the check is keyed by, so its type is the class's own.
Check: TypeAlias = Callable[[C, S, Any], Violation | None]
#: A rule's effect: ``(context, work, action, events) -> work``. ``work`` is the game's working
#: copy of the state (the state itself, or a mutable draft the game freezes at the end);
#: ``events`` is a list to append events to, or ``None`` when nobody listens.
Effect: TypeAlias = Callable[[C, Any, Any, "list[Any] | None"], Any]

#: The key of a check or effect that governs every action of the game (an effect that runs
#: after every move, say).
ANY_ACTION: type = object

#: The parts of a game a unit may state besides its checks, effects and moves. Each has one
#: owner in a rulebook (``setup`` may have several: they run in rulebook order).
Part = Literal["setup", "turn", "end", "score", "view", "view_events", "steps"]
PARTS: tuple[Part, ...] = ("setup", "turn", "end", "score", "view", "view_events", "steps")


@attrs.frozen(repr=False)
class Guard(Generic[C, S]):
    """A check with its cheap forms: the one the core asks while it lists legal actions.

    ``why`` is the check itself (a :data:`Check`). ``allows`` answers the same question
    yes/no without building a :class:`Violation` (by default ``why(...) is None``);
    ``select`` lists, in the order ``legal_actions`` gives them, exactly the well-formed
    actions of its class that this check allows in a state, or returns ``None`` when it
    cannot narrow them there. The core uses it instead of the units' move generators, and
    then asks only the other checks.

    ``covers`` names other checks of the same class (the very :class:`Guard` objects, or
    functions) whose refusals ``select``'s list leaves out as well: a speed-up that belongs
    to that named set of units. The core uses such a ``select`` only while every check it
    covers is in the rulebook (the same object), and then asks only the checks it does not
    cover; a variant that replaces a covered unit switches the shortcut off. Because both
    belong to the check, a variant that drops or replaces the check drops its shortcuts with
    it. The conformance kit proves on reached states that the listing they make agrees
    with ``why``, for the game and for variants it derives from each unit.

    ``when`` is the form of a check that never looks at the action (7Я's SEM-5: the trump
    never opens): ``when(ctx, state)`` is ``True`` when the check allows every well-formed
    action of its class in the state and ``False`` when it refuses every one. The core then
    asks it once per listing of the class, not once per candidate, and only when there is
    a candidate. A check that looks at the action must leave it ``None``.

    >>> def even(ctx, state, n):
    ...     return None if n % 2 == 0 else Violation("TOY-9", "odd", {"n": n})
    >>> guard = Guard(even, allows=lambda ctx, state, n: n % 2 == 0)
    >>> guard.allows(None, None, 3), guard.why(None, None, 3).code
    (False, 'odd')
    """

    why: Callable[[C, S, Any], Violation | None]
    allows: Callable[[C, S, Any], bool] = attrs.field()
    select: Callable[[C, S], Iterable[Any] | None] | None = None
    covers: tuple[Any, ...] = ()
    when: Callable[[C, S], bool] | None = None

    @allows.default
    def _allows_from_why(self) -> Callable[[C, S, Any], bool]:
        return _NoRefusal(self.why)

    @property
    def __name__(self) -> str:
        return str(getattr(self.why, "__name__", "check"))

    def __call__(self, ctx: C, state: S, action: Any) -> Violation | None:
        return self.why(ctx, state, action)

    def __repr__(self) -> str:
        return f"Guard({self.__name__})"


@attrs.frozen(repr=False)
class Direct(Generic[C, S]):
    """An effect with a direct form: the next state built at once, without a working copy.

    ``effect`` is the effect itself (an :data:`Effect`). ``build(ctx, state, action)``
    returns the state that all the effects of the action's class would make of ``state``
    (or ``None`` when it cannot, and the effects run): it stands for this effect and the
    other effects it ``covers`` (the very functions, ``ANY_ACTION`` ones included). The core
    uses it in ``apply`` (which makes no events) only while the class's effects are exactly
    this one and those it covers; a variant that replaces a covered unit switches it off.

    ``step`` takes it too when ``in_step`` says how it stands for the events: ``"quiet"``,
    whenever ``build`` gives a state the effects make no events; ``"emits"``, ``build``
    takes a fourth argument, ``events`` (a list, or ``None`` from ``apply``), and appends the
    events the effects would, in their order (nothing when it gives ``None``). ``None``
    (the default): ``step`` runs the effects.
    """

    effect: Effect
    build: Callable[..., S | None]
    covers: tuple[Any, ...] = ()
    in_step: Literal["quiet", "emits"] | None = None

    @property
    def __name__(self) -> str:
        return str(getattr(self.effect, "__name__", "effect"))

    def __call__(self, ctx: Any, work: Any, action: Any, events: list[Any] | None) -> Any:
        return self.effect(ctx, work, action, events)

    def __repr__(self) -> str:
        return f"Direct({self.__name__})"


@attrs.frozen(repr=False)
class Always(Generic[C, S]):
    """A unit's moves that are the same in every state (a pass, say): a move generator
    ``(ctx, state) -> actions`` that returns ``actions``. While no check governs its class,
    the core writes the actions into a step's listing instead of calling it.

    >>> moves = Always(("pass",))
    >>> moves(None, None)
    ('pass',)
    """

    actions: tuple[Any, ...]

    @property
    def __name__(self) -> str:
        return "always"

    def __call__(self, ctx: C, state: S) -> tuple[Any, ...]:
        return self.actions

    def __repr__(self) -> str:
        return f"Always({self.actions!r})"


class _NoRefusal:
    """A check's yes/no form built from the check itself (picklable, unlike a closure)."""

    __slots__ = ("why",)

    def __init__(self, why: Callable[[Any, Any, Any], Violation | None]) -> None:
        self.why = why

    def __call__(self, ctx: Any, state: Any, action: Any) -> bool:
        return self.why(ctx, state, action) is None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _NoRefusal) and other.why == self.why

    def __hash__(self) -> int:
        return hash(self.why)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (_NoRefusal, (self.why,))


@attrs.frozen(repr=False)
class Steps(Generic[C, S]):
    """The ``steps`` part of a game with the names of its steps, for CORE-3's refusal.

    ``kinds(ctx, state)`` is the steps part itself: the kinds of action the current step
    takes, in the order ``legal_actions`` lists them. ``names(ctx, state)`` names the steps
    that are pending, the one waiting first (a tuple of keys, ``("choose", "move")`` say);
    the game gives each key and each action kind a label in English and Russian with
    :func:`~boardrules.core.violation.register_steps`, so that CORE-3 says which step is
    waiting and what it takes. The core calls ``kinds`` directly, so naming costs nothing
    while the game is played; ``names`` is asked only when CORE-3 refuses.

    >>> steps = Steps(lambda ctx, state: (int,), lambda ctx, state: ("count",))
    >>> steps(None, None), steps.names(None, None)
    ((<class 'int'>,), ('count',))
    """

    kinds: Callable[[C, S], tuple[type, ...]]
    names: Callable[[C, S], tuple[str, ...]]

    @property
    def __name__(self) -> str:
        return str(getattr(self.kinds, "__name__", "steps"))

    def __call__(self, ctx: C, state: S) -> tuple[type, ...]:
        return self.kinds(ctx, state)

    def __repr__(self) -> str:
        return f"Steps({self.__name__})"


def why_of(check: Check | Guard[Any, Any]) -> Check:
    """The check as a plain function (a :class:`Guard`'s ``why``)."""
    return check.why if isinstance(check, Guard) else check


def guard_of(check: Check | Guard[Any, Any]) -> Guard[Any, Any]:
    """The check as a :class:`Guard` (a plain function gets the default cheap forms)."""
    return check if isinstance(check, Guard) else Guard(check)


class Facts:
    """The named facts of a rulebook: what one rule decides and other rules read.

    Each fact is a function owned by one unit (``Rule.facts``); rules call it as
    ``ctx.facts.NAME(ctx, ...)`` (the game puts the rulebook's facts in the rules' context),
    so a variant that replaces the owning unit replaces the fact for every rule that reads
    it. A fact no unit states is an ``AttributeError`` naming it. (The class has no
    ``__getattr__`` on purpose: with one, every lookup of a fact, which rules make on every
    step, would take Python's slow attribute path.)

    >>> facts = Facts({"double": lambda ctx, n: 2 * n})
    >>> facts.double(None, 4), sorted(facts)
    (8, ['double'])
    """

    __slots__ = ("__dict__",)

    def __init__(self, table: Mapping[str, Callable[..., Any]] | None = None) -> None:
        self.__dict__.update(table or {})

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


@attrs.frozen(repr=False)
class Rule(Generic[C, S]):
    """One rule of a game: its ID, its sentence, and every part of the game it states.

    A unit is generic in the game's rule context ``C`` (what every function of the unit
    gets first: the game's content, options and facts) and state ``S``.

    Attributes:
        id: the rule ID on the game's rules page, like ``"SEM-6"``.
        en: the rule in one English sentence (our wording).
        ru: the rule in one Russian sentence (our wording).
        checks: for each action class the rule governs, the function (or :class:`Guard`)
            that says why such an action is illegal (or ``None``); the key
            :data:`ANY_ACTION` governs every action.
        effects: for each action class, the function ``(ctx, work, action, events) -> work``
            that carries out what the rule makes happen; :data:`ANY_ACTION` runs after every
            action.
        moves: for each action class, ``(ctx, state) -> iterable`` of the well-formed
            actions of that class the rule makes possible in the state (candidates; the
            checks then decide which are legal).
        setup: ``(ctx, seed, setup, state) -> state``: the rule's part of the first state
            (``state`` is ``None`` for the first unit with a setup).
        turn: ``(ctx, state) -> seat``: whose decision it is while the game is not over.
        end: ``(ctx, state) -> bool``: whether the game is over.
        score: ``(ctx, state) -> Standings``.
        view: ``(ctx, state, seat) -> state``: what ``seat`` may see (``None``: a spectator).
        view_events: ``(ctx, events, seat) -> events``: the events as ``seat`` may see them.
        steps: ``(ctx, state) -> tuple of action classes``: the kinds of action the current
            step takes (CORE-3), in the order ``legal_actions`` lists them; a
            :class:`Steps` also names the step, so CORE-3's refusal says which is waiting.
        facts: named functions other rules read through the rulebook (:class:`Facts`).
        terms: ``True`` for a unit that only defines terms (what a card is, the deck):
            :meth:`Rulebook.with_rules` refuses a replacement that gives it behaviour.
    """

    id: str = attrs.field(validator=_rule_id)
    en: str
    ru: str
    checks: FrozenMap[type, Check[C, S] | Guard[C, S]] = attrs.field(
        factory=FrozenMap, converter=_callables
    )
    effects: FrozenMap[type, Effect[C]] = attrs.field(factory=FrozenMap, converter=_callables)
    moves: FrozenMap[type, Callable[[C, S], Iterable[Any]]] = attrs.field(
        factory=FrozenMap, converter=_callables
    )
    setup: Callable[[C, int, Any, S | None], S] | None = attrs.field(
        default=None, validator=_optional_callable
    )
    turn: Callable[[C, S], int] | None = attrs.field(default=None, validator=_optional_callable)
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
    steps: Callable[[C, S], tuple[type, ...]] | None = attrs.field(
        default=None, validator=_optional_callable
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

    def governs(self, kind: type) -> bool:
        """Whether this rule checks, lists or acts on actions of class ``kind``."""
        return any(
            kind in table or ANY_ACTION in table
            for table in (self.checks, self.effects, self.moves)
        )

    def parts(self) -> tuple[Part, ...]:
        """The parts of the game (:data:`PARTS`) this unit states."""
        return tuple(part for part in PARTS if getattr(self, part) is not None)

    def behaviour(self) -> tuple[str, ...]:
        """Everything this unit does besides its sentence: its tables and parts, by name."""
        tables = [n for n in ("checks", "effects", "moves", "facts") if getattr(self, n)]
        return (*tables, *self.parts())

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
        for rule in self.rules:
            if getattr(rule, part) is not None:
                return rule
        return None

    def setups(self) -> tuple[Rule, ...]:
        """The units with a part of the setup, in rulebook order (they run in that order)."""
        return tuple(rule for rule in self.rules if rule.setup is not None)

    def facts(self) -> Facts:
        """Every named fact of these rules, each from the unit that states it."""
        return Facts({name: fn for rule in self.rules for name, fn in rule.facts.items()})

    def fact_owner(self, name: str) -> Rule:
        """The unit that states the fact ``name``.

        Raises:
            KeyError: if no unit states it.
        """
        for rule in self.rules:
            if name in rule.facts:
                return rule
        raise KeyError(name)

    @property
    def ids(self) -> tuple[str, ...]:
        """The rule IDs in rulebook order."""
        return tuple(rule.id for rule in self.rules)

    # -- what the core runs -----------------------------------------------------------------
    def checks_for(self, kind: type) -> tuple[Check, ...]:
        """The checks that govern actions of class ``kind``, in rulebook order (as plain
        functions: a :class:`Guard`'s ``why``)."""
        found = self._checks.get(kind)
        if found is None:
            picked = _pick(self.rules, "checks", kind, every_last=False)
            found = self._checks[kind] = tuple(map(why_of, picked))
        return found

    def guards_for(self, kind: type) -> tuple[Guard[Any, Any], ...]:
        """The checks that govern ``kind`` as :class:`Guard` objects, in rulebook order."""
        return tuple(map(guard_of, _pick(self.rules, "checks", kind, every_last=False)))

    def moves_for(self, kind: type) -> tuple[Callable[[Any, Any], Iterable[Any]], ...]:
        """The move generators of ``kind``, in rulebook order."""
        return _pick(self.rules, "moves", kind, every_last=False)

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
            if rule.terms and new is not rule and new.behaviour():
                raise BadInput(
                    f"$.replace.{rule.id}",
                    f"{rule.id} only defines terms; a replacement with "
                    f"{', '.join(new.behaviour())} would change nothing, so it is refused "
                    "(replace the unit whose behaviour you mean to change)",
                )
            rules.append(new if new.id == rule.id else attrs.evolve(new, id=rule.id))
        rules.extend(add)
        if name is None:
            name = _variant_name(self.variant, replace, add, remove)
        if not isinstance(name, str) or not name.strip():
            raise BadInput("$.name", "a variant needs a non-empty name")
        return Rulebook(rules, variant=name)


def _fn_names(rule: Rule) -> str:
    fns: list[Any] = [*rule.checks.values(), *rule.effects.values(), *rule.moves.values()]
    fns += [getattr(rule, part) for part in rule.parts()]
    fns += list(rule.facts.values())
    names = sorted({getattr(fn, "__name__", "fn") for fn in fns})
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
refused (``wrong_step``). The refusal names the step that is waiting and the kinds of action
it takes (params ``step``, ``then``, ``takes``, ``action`` and ``game``), in English and
Russian, when the unit that states the steps names them (:class:`Steps`)."""

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
