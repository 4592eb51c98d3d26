"""The game contract: a reducer over immutable states and actions."""

from __future__ import annotations

import abc
import functools
import typing
from collections.abc import Callable, Collection, Iterable, Mapping
from itertools import repeat
from operator import is_
from typing import (
    Any,
    ClassVar,
    Generic,
    Protocol,
    Self,
    TypeVar,
    overload,
    runtime_checkable,
)

import attrs

from boardrules.core import codec
from boardrules.core.errors import BadInput, IllegalAction
from boardrules.core.frozen import builder
from boardrules.core.record import GameRecord, JSONValue, freeze_json
from boardrules.core.rng import check_seed
from boardrules.core.rules import PARTS, Always, Check, Direct, Guard, Rule, Rulebook, Steps
from boardrules.core.standings import Standings, standings_sentence
from boardrules.core.turn import Choice, Part, Place, Result, Turn, check_lang, choice_of
from boardrules.core.violation import Lang, Violation

__all__ = ["Game", "GameBase", "Transition", "appends_events", "kept"]

S = TypeVar("S")
A = TypeVar("A")
E = TypeVar("E")
SetupT = TypeVar("SetupT")


Owner = TypeVar("Owner")
T = TypeVar("T")


class kept(Generic[Owner, T]):  # a descriptor, named like ``functools.cached_property``
    """A property made once per game object and kept in the object's ``__dict__``, for a
    game's ``rule_context``.

    It does what :func:`functools.cached_property` does; but ``attrs`` turns a
    ``cached_property`` of a slotted class into a slot and a class-wide ``__getattr__``, and
    a class with a ``__getattr__`` sends every attribute lookup on its objects down Python's
    slow path (``game.legal_actions``, and the core's own lookups at every step). Game
    objects keep a ``__dict__`` (``GameBase`` has no ``__slots__``), where the value goes.

    >>> class Base:  # no __slots__, as GameBase
    ...     pass
    >>> @attrs.frozen
    ... class Example(Base):
    ...     @kept
    ...     def rule_context(self) -> list[int]:
    ...         return [1]
    >>> game = Example()
    >>> game.rule_context is game.rule_context, hasattr(Example, "__getattr__")
    (True, False)
    """

    def __init__(self, make: Callable[[Owner], T]) -> None:
        self.make = make
        self.name = make.__name__
        self.__doc__ = make.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> Self: ...
    @overload
    def __get__(self, instance: Owner, owner: type | None = None) -> T: ...
    def __get__(self, instance: Owner | None, owner: type | None = None) -> T | Self:
        if instance is None:
            return self
        value = self.make(instance)
        instance.__dict__[self.name] = value  # later lookups find it first
        return value


def _rebuild(cls: type, options: dict[str, Any], rulebook: Rulebook | None = None) -> Any:
    game = cls(**options)
    if rulebook is not None:
        # Instances of a game class keep a __dict__ (GameBase has no __slots__): a variant's
        # rulebook lives there, beside the options, and travels with pickling.
        game.__dict__["_variant_rulebook"] = rulebook
    return game


@functools.cache
def _default_game(cls: type) -> Any:
    """One default-options instance per game class, to compare options against."""
    return cls()


def _filter(
    allows: tuple[Callable[[Any, Any, Any], bool], ...],
) -> Callable[[Any, Any, Iterable[Any]], list[Any] | Iterable[Any]]:
    """A filter of candidates by the cheap forms of some checks, unrolled for one or two."""
    if not allows:
        return lambda ctx, state, candidates: candidates
    if len(allows) == 1:
        (first,) = allows
        return lambda ctx, state, candidates: [a for a in candidates if first(ctx, state, a)]
    if len(allows) == 2:
        one, two = allows
        return lambda ctx, state, candidates: [
            a for a in candidates if one(ctx, state, a) and two(ctx, state, a)
        ]
    return lambda ctx, state, candidates: [
        a for a in candidates if all(f(ctx, state, a) for f in allows)
    ]


#: How one class is listed: a first list (a check's exact ``select``, or the fallback), the
#: state-only forms (``Guard.when``) and the filter (or ``None``) of the checks that list
#: leaves to ask, and the fallback (the units' move generators asked of every check) for
#: when the first list is ``None``.
_Lister = tuple[
    Callable[[Any, Any], Iterable[Any] | None],
    tuple[Callable[[Any, Any], bool], ...],
    Callable[[Any, Any, Iterable[Any]], Iterable[Any]] | None,
    Callable[[Any, Any], Iterable[Any]],
]


def _lister(
    game: GameBase[Any, Any, Any, Any], kind: type, guards: tuple[Guard[Any, Any], ...],
    moves: tuple[Any, ...],
) -> _Lister:
    """How the core lists the legal actions of one class, compiled once per game object.

    If a check of the class lists exactly what it allows (``Guard.select``; the first such
    check in rulebook order whose covered checks are all in the rulebook), its list, asked
    of the checks it does not cover, only when the list is not empty; when it returns
    ``None`` (it cannot narrow in that state), or without such a check, the units' move
    generators, asked of every check. A check with a state-only form (``Guard.when``) is
    asked that, once, instead of once per candidate.
    """
    whens = tuple(g.when for g in guards if g.when is not None)
    every = _filter(tuple(g.allows for g in guards if g.when is None))
    if len(moves) == 1:
        (generate,) = moves
    elif moves:

        def generate(ctx: Any, state: Any) -> Iterable[Any]:
            return dict.fromkeys(a for gen in moves for a in gen(ctx, state))

    else:

        def generate(ctx: Any, state: Any) -> Iterable[Any]:
            # No unit lists this kind: the well-formed actions of the vocabulary.
            vocabulary = getattr(game, "vocabulary", None)
            words: tuple[Any, ...] = () if vocabulary is None else vocabulary()
            return [a for a in words if type(a) is kind and game.malformed(state, a) is None]

    if whens:

        def fallback(ctx: Any, state: Any) -> Iterable[Any]:
            for when in whens:
                if not when(ctx, state):
                    return ()
            return every(ctx, state, generate(ctx, state))

    elif guards:

        def fallback(ctx: Any, state: Any) -> Iterable[Any]:
            return every(ctx, state, generate(ctx, state))

    else:
        fallback = generate  # no check to ask: the candidates are the listing

    def is_there(check: Any) -> bool:
        return any(check is g or check is g.why for g in guards)

    for i, guard in enumerate(guards):
        select = guard.select
        # A select counts only while every check it covers is there (the same object).
        if select is None or not all(map(is_there, guard.covers)):
            continue
        left = [
            o
            for j, o in enumerate(guards)
            if j != i and not any(c is o or c is o.why for c in guard.covers)
        ]
        ask = tuple(o.allows for o in left if o.when is None)
        states = tuple(o.when for o in left if o.when is not None)
        return (select, states, _filter(ask) if ask else None, fallback)
    return (fallback, (), None, fallback)


#: The legal actions of one step, in order, from the context and the state.
_Listing = Callable[[Any, Any], tuple[Any, ...]]


def _listing_lines(listers: tuple[_Lister, ...], names: dict[str, Any]) -> tuple[list[str], str]:
    """The lines that list a step's kinds in order (indented for a function body), and the
    expression of the legal actions they leave; the listers' functions go into ``names``."""
    lines: list[str] = []
    for i, (first, states, keep, fallback) in enumerate(listers):
        names[f"first{i}"], names[f"keep{i}"], names[f"fallback{i}"] = first, keep, fallback
        if first is fallback:  # no check narrows this kind: the fallback is the list
            if isinstance(first, Always):  # the same actions in every state: written in
                names[f"always{i}"] = first.actions
                lines.append(f"    a{i} = always{i}")
            else:
                lines.append(f"    a{i} = fallback{i}(ctx, state)")
            continue
        lines += [f"    a{i} = first{i}(ctx, state)", f"    if a{i} is None:",
                  f"        a{i} = fallback{i}(ctx, state)"]
        if states:
            names.update({f"when{i}_{j}": when for j, when in enumerate(states)})
            refused = " or ".join(f"not when{i}_{j}(ctx, state)" for j in range(len(states)))
            lines += [f"    elif a{i}:", f"        if {refused}:", f"            a{i} = ()"]
            if keep is not None:
                lines += ["        else:", f"            a{i} = keep{i}(ctx, state, a{i})"]
        elif keep is not None:
            lines += [f"    elif a{i}:", f"        a{i} = keep{i}(ctx, state, a{i})"]
    if not listers:
        return lines, "()"
    if len(listers) == 1:
        return lines, "a0 if type(a0) is tuple else tuple(a0)"
    return lines, "(" + ", ".join(f"*a{i}" for i in range(len(listers))) + ",)"


def _written(lines: list[str], names: dict[str, Any], name: str) -> Any:
    """The function ``name`` that ``lines`` write, with ``names`` as its globals."""
    exec(compile("\n".join(lines), f"<boardrules {name}>", "exec"), names)
    return names[name]


def _listing(listers: tuple[_Lister, ...]) -> _Listing:
    """One function that lists a step's kinds in order, unrolled from their listers.

    Written out like the methods ``attrs`` writes: for each kind, its first list (a
    check's ``select``), the fallback when that list is ``None``, and when it is not empty
    the state-only forms of the checks it leaves to ask (any ``False``: nothing of the
    kind) and the filter of the others; then the lists joined in order. Only the listers'
    own functions run; the unrolling saves the loop and its tests per step.
    """
    names: dict[str, Any] = {}
    body, legal = _listing_lines(listers, names)
    made: _Listing = _written(["def listing(ctx, state):", *body, f"    return {legal}"],
                              names, "listing")
    return made


def _composed_legal(
    plan: _Plan, game: GameBase[Any, Any, Any, Any], with_seat: bool = False
) -> Callable[[Any], Any]:
    """``legal_actions`` written out once per game object: the end (CORE-2), the step's
    listing (the fixed one inline, else the kept one of the step's kinds), and the last
    listing kept for ``apply`` and ``step``. ``with_seat``: ``seat_and_legal`` instead,
    the same lines with the seat to move (the unit that states the turn) before them."""
    names: dict[str, Any] = {
        "plan": plan, "ctx": plan.ctx, "end": plan.end, "is_over": game.is_over,
        "steps": plan.steps, "accepts": game.accepts, "by_kinds": plan.by_kinds,
        "listing_of": plan.listing_of, "turn": plan.turn, "to_move": game.to_move,
    }
    over = "end(ctx, state)" if plan.end is not None else "is_over(state)"
    name = "seat_and_legal" if with_seat else "legal_actions"
    lines = [f"def {name}(state):", f"    if {over}:",
             "        return None, ()" if with_seat else "        return ()"]
    if plan.fixed is not None:
        body, legal = _listing_lines(
            tuple(plan.listers[kind] for kind in plan.classes), names
        )
        lines += [*body, f"    legal = {legal}"]
    else:
        # What ``check`` asks too: the game's own ``accepts``, else the steps unit.
        asked = "steps(ctx, state)" if plan.steps is not None and not plan.own_accepts else (
            "accepts(state)")
        lines += [
            f"    kinds = {asked}",
            "    listing = by_kinds.get(kinds) if isinstance(kinds, tuple) else None",
            "    if listing is None:",
            "        listing = listing_of(kinds)",
            "    legal = listing(ctx, state)",
        ]
    lines.append("    plan.listed = (state, legal)")
    if not with_seat:
        lines.append("    return legal")
    elif plan.turn is not None:
        lines.append("    return turn(ctx, state), legal")
    else:  # no unit states the turn: to_move says so
        lines.append("    return to_move(state), legal")
    made: Callable[[Any], Any] = _written(lines, names, name)
    return made


def _composed_to_move(plan: _Plan, game: GameBase[Any, Any, Any, Any]) -> Callable[[Any], Any]:
    """``to_move`` written out once per game object: the end (``None``), else the unit
    that states the turn (``NotImplementedError`` when no unit states it)."""
    names: dict[str, Any] = {"ctx": plan.ctx, "end": plan.end, "turn": plan.turn,
                             "NotImplementedError": NotImplementedError,
                             "missing": f"no rule of {game.name} states who moves"}
    lines = ["def to_move(state):"]
    if plan.end is not None:
        lines += ["    if end(ctx, state):", "        return None"]
    lines.append("    return turn(ctx, state)" if plan.turn is not None else
                 "    raise NotImplementedError(missing)")
    made: Callable[[Any], Any] = _written(lines, names, "to_move")
    return made


#: The lines ``apply`` and ``step`` begin with: the check, unless the action comes from the
#: last listing of this very state (``plan.listed``).
_CHECKED_UNLESS_LISTED = (
    "    listed = plan.listed",
    "    if listed is None or listed[0] is not state or not any(",
    "        map(is_, repeat(action), listed[1])",
    "    ):",
    "        violation = check(state, action)",
    "        if violation is not None:",
    "            raise IllegalAction(violation)",
)


def _acting_names(
    plan: _Plan, game: GameBase[Any, Any, Any, Any], advance: Callable[[Any, Any, Any], Any]
) -> dict[str, Any]:
    """The globals the written-out ``apply`` and ``step`` share."""
    return {
        "plan": plan, "ctx": plan.ctx, "check": game.check, "IllegalAction": IllegalAction,
        "any": any, "map": map, "is_": is_, "repeat": repeat, "advance": advance,
        "effects": plan.effects,
    }


def _effect_lines(plan: _Plan, names: dict[str, Any], i: int, kind: type, events: str
                  ) -> list[str]:
    """The lines that run the effects of action class number ``i`` (``kind``) in order,
    passing ``events`` (``"None"`` or ``"events"``); the effects go into ``names``."""
    lines = []
    for j, effect in enumerate(plan.effects[kind]):
        names[f"effect{i}_{j}"] = effect
        lines.append(f"        state = effect{i}_{j}(ctx, state, action, {events})")
    return lines


def _looped_effects(events: str) -> list[str]:
    """The effects of a class not written out, in a loop. Not reached: ``check`` refuses
    an action of any other class (CORE-1)."""
    return ["    for effect in effects[kind]:",
            f"        state = effect(ctx, state, action, {events})"]


def _composed_apply(
    plan: _Plan, game: GameBase[Any, Any, Any, Any], advance: Callable[[Any, Any, Any], Any]
) -> Callable[..., Any]:
    """``apply`` written out once per game object: the check unless the action comes from
    the last listing of this very state, then for each class of action (in the order of
    ``action_type``) its direct form when one covers its effects, else its effects in
    order (or ``advance``, the game's own way with a working copy). Given a list for the
    events, the lines of ``step`` after its check instead (:func:`_step_lines`), appending
    to that list and returning the state alone."""
    names = _acting_names(plan, game, advance)
    lines = ["def apply(state, action, events=None):", *_CHECKED_UNLESS_LISTED,
             "    if events is not None:",
             *["    " + line for line in _step_lines(plan, game, names, into=True)],
             "    kind = type(action)"]
    for i, kind in enumerate(game.action_classes):
        names[f"kind{i}"] = kind
        lines.append(f"    if kind is kind{i}:")
        direct = plan.direct.get(kind)
        if direct is not None:
            names[f"direct{i}"] = direct
            lines += [f"        after = direct{i}(ctx, state, action)",
                      "        if after is not None:", "            return after"]
        if plan.begin:
            lines.append("        return advance(state, action, None)")
            continue
        lines += _effect_lines(plan, names, i, kind, "None")
        lines.append("        return state")
    lines += [*_looped_effects("None"), "    return state"]
    made: Callable[..., Any] = _written(lines, names, "apply")
    return made


def _direct_step_lines(
    plan: _Plan, names: dict[str, Any], i: int, kind: type, done: Callable[[str, str], str]
) -> list[str]:
    """The lines by which ``step`` takes the direct form of class number ``i`` (``kind``),
    as its ``in_step`` says; the form goes into ``names``. ``done(state, events)``: the
    expression returned (a ``Transition``, or the state alone)."""
    build, mode = plan.step_direct[kind]
    names[f"stepped{i}"] = build
    if mode == "quiet":  # a state it builds comes with no events
        return [f"        after = stepped{i}(ctx, state, action)",
                "        if after is not None:", f"            return {done('after', '()')}"]
    return [f"        after = stepped{i}(ctx, state, action, events)",
            "        if after is not None:",
            f"            return {done('after', 'tuple(events)')}"]


def _step_lines(plan: _Plan, game: GameBase[Any, Any, Any, Any], names: dict[str, Any],
                into: bool = False) -> list[str]:
    """The lines of ``step`` after its check (indented for a function body), as
    :func:`_composed_step` says; what they call goes into ``names``. ``into``: appending
    to the caller's list ``events`` and returning the state alone."""

    def done(state: str, events: str) -> str:
        return state if into else f"transition({state}, {events})"

    lines = [] if into else ["    events = []"]
    if plan.begin:
        if plan.step_direct:
            lines.append("    kind = type(action)")
            for i, kind in enumerate(game.action_classes):
                if kind in plan.step_direct:
                    names[f"kind{i}"] = kind
                    lines += [f"    if kind is kind{i}:",
                              *_direct_step_lines(plan, names, i, kind, done)]
        lines.append(f"    return {done('advance(state, action, events)', 'tuple(events)')}")
        return lines
    lines.append("    kind = type(action)")
    for i, kind in enumerate(game.action_classes):
        names[f"kind{i}"] = kind
        lines.append(f"    if kind is kind{i}:")
        if kind in plan.step_direct:
            lines += _direct_step_lines(plan, names, i, kind, done)
        lines += _effect_lines(plan, names, i, kind, "events")
        lines.append(f"        return {done('state', 'tuple(events)')}")
    return [*lines, *_looped_effects("events"), f"    return {done('state', 'tuple(events)')}"]


def _composed_step(
    plan: _Plan, game: GameBase[Any, Any, Any, Any], advance: Callable[[Any, Any, Any], Any]
) -> Callable[..., Any]:
    """``step`` written out once per game object, as :func:`_composed_apply` is: the check
    unless the action comes from the last listing of this very state, then the effects of
    the action's class in order with a list for their events (or ``advance``, the game's
    own way with a working copy), and the :class:`Transition` made without a call per
    field. A ``Direct`` form is taken only when its ``in_step`` says how it stands for the
    events."""
    names = {**_acting_names(plan, game, advance), "transition": _make_transition,
             "tuple": tuple}
    lines = ["def step(state, action):", *_CHECKED_UNLESS_LISTED,
             *_step_lines(plan, game, names)]
    made: Callable[..., Any] = _written(lines, names, "step")
    return made


class _Plan:
    """A game's rulebook compiled once per game object: what each composed method runs."""

    def listing_of(self, kinds: Collection[type]) -> _Listing:
        """The listing of ``kinds`` in order, kept for the next step that takes them."""
        listing = _listing(tuple(self.listers[kind] for kind in kinds))
        if isinstance(kinds, tuple) and len(self.by_kinds) < 256:
            self.by_kinds[kinds] = listing
        return listing

    __slots__ = (
        "apply",
        "begin",
        "by_kinds",
        "classes",
        "ctx",
        "direct",
        "effects",
        "end",
        "fixed",
        "legal",
        "listed",
        "listers",
        "malformed",
        "own_accepts",
        "score",
        "seat_and_legal",
        "setups",
        "step",
        "step_direct",
        "step_names",
        "steps",
        "to_move",
        "turn",
        "view",
        "view_events",
    )

    def __init__(self, game: GameBase[Any, Any, Any, Any]) -> None:
        book = game.rulebook
        self.ctx = game.rule_context
        self.setups = tuple(rule.setup for rule in book.setups() if rule.setup is not None)
        found: dict[str, Any] = {}
        for part in PARTS:
            owner = book.owner(part)
            found[part] = None if owner is None else getattr(owner, part)
        self.turn = found["turn"]
        self.end = found["end"]
        self.score = found["score"]
        self.view = found["view"]
        self.view_events = found["view_events"]
        steps = found["steps"]
        # A named steps part: the core calls its kinds directly; the names only for CORE-3.
        self.step_names = steps.names if isinstance(steps, Steps) else None
        self.steps = steps.kinds if isinstance(steps, Steps) else steps
        governed = game.governed_classes
        self.classes = tuple(k for k in game.action_classes if k in governed)
        self.listers = {
            kind: _lister(game, kind, book.guards_for(kind), book.moves_for(kind))
            for kind in game.action_classes
        }
        self.effects = {kind: book.effects_for(kind) for kind in game.action_classes}
        # A direct form of the effects of a class, when one effect covers all the others;
        # those ``step`` takes too, with how they stand for the events.
        self.direct: dict[type, Callable[..., Any]] = {}
        self.step_direct: dict[type, tuple[Callable[..., Any], str]] = {}
        for kind, effects in self.effects.items():
            for effect in effects:
                if isinstance(effect, Direct) and all(
                    other is effect or any(other is c for c in effect.covers)
                    for other in effects
                ):
                    self.direct[kind] = effect.build
                    if effect.in_step is not None:
                        self.step_direct[kind] = (effect.build, effect.in_step)
                    break
        # The kinds every step takes, when no unit states steps and the game keeps the
        # default ``accepts``; then each kind's lister, in that order.
        cls = type(game)
        #: Whether the game overrides ``accepts``; its ``malformed`` (CORE-4) when it has one.
        self.own_accepts = cls.accepts is not GameBase.accepts
        self.fixed: _Listing | None = None
        if self.steps is None and not self.own_accepts:
            self.fixed = _listing(tuple(self.listers[kind] for kind in self.classes))
        # Whether the effects work on a working copy to make and freeze, not the state itself.
        self.begin = cls.works_on_a_copy()
        self.malformed = None if cls.malformed is GameBase.malformed else game.malformed
        #: The listing of each tuple of kinds a step has taken (steps return few tuples).
        self.by_kinds: dict[tuple[type, ...], _Listing] = {}
        #: The last listing: (state, legal actions), for ``apply`` and ``step``.
        self.listed: tuple[Any, tuple[Any, ...]] | None = None
        #: ``legal_actions``, ``apply``, ``step``, ``to_move`` and ``seat_and_legal`` written
        #: out for this game object.
        self.legal: Callable[[Any], Any] = game.legal_actions
        self.apply: Callable[..., Any] = game.apply
        self.step: Callable[[Any, Any], Any] = game.step
        self.to_move: Callable[[Any], Any] = game.to_move
        self.seat_and_legal: Callable[[Any], Any] = game.seat_and_legal


@attrs.frozen(weakref_slot=False)
class Transition(Generic[S, E]):
    """What one action did: the next state and the events that happened, in order."""

    state: S
    events: tuple[E, ...]


#: ``Transition(state, events)`` without a call per field (``step`` makes one per action).
_make_transition: Callable[[Any, tuple[Any, ...]], Transition[Any, Any]] = builder(Transition)


def appends_events(game: object) -> bool:
    """Whether ``game.apply`` takes a list to append the action's events to: the ``apply``
    the core writes out for a :class:`GameBase` whose class keeps it (a class with its own
    ``apply``, or a game of the bare ``Game`` protocol, gives its events through ``step``).

    >>> from boardrules.games.kuhn import Game
    >>> appends_events(Game())
    True
    """
    return isinstance(game, GameBase) and type(game).apply is GameBase.apply


@runtime_checkable
class Game(Protocol[S, A, E]):
    """What every game offers; see the architecture page for the meaning of each member."""

    name: ClassVar[str]

    def new(self, seed: int, **setup: Any) -> S: ...
    def to_move(self, state: S) -> int | None: ...
    def legal_actions(self, state: S) -> tuple[A, ...]: ...
    def check(self, state: S, action: object) -> Violation | None: ...
    def apply(self, state: S, action: A) -> S: ...
    def step(self, state: S, action: A) -> Transition[S, E]: ...
    def is_over(self, state: S) -> bool: ...
    def score(self, state: S) -> Standings: ...
    def view(self, state: S, seat: int | None) -> S: ...


class GameBase(abc.ABC, Generic[S, A, E, SetupT]):
    """The shared half of every game: checked ``apply``, ``step``, setup parsing, records.

    A game subclasses this (usually as an ``attrs.frozen`` class whose fields are its
    options) and provides the class attributes and the abstract methods below. ``apply``
    and ``step`` run ``check`` first (unless the action comes from the last listing of
    the same state, which ``check`` allowed), so a refusal is the same everywhere.
    """

    #: A game class is an attrs class (its fields are its options): see the contract.
    __attrs_attrs__: ClassVar[tuple[Any, ...]]
    #: Registry name, like ``"semya"``.
    name: ClassVar[str]
    #: The state class, the union of action classes, the union of event classes.
    state_type: ClassVar[type]
    action_type: ClassVar[Any]
    event_type: ClassVar[Any]
    #: An attrs class whose fields are the keyword arguments of :meth:`new`.
    setup_type: ClassVar[type]
    #: The smallest and largest number of seats.
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: Whether some seat may not see part of the state (then ``view`` hides it).
    hidden_information: ClassVar[bool] = False
    #: The game's rules as units, in rulebook order; ``check`` and ``_advance`` run them.
    #: A variant (:meth:`with_rules`) replaces them on one game object.
    default_rules: ClassVar[Rulebook] = Rulebook(())
    #: The revision of the game's own rules: raised when a rule fix changes play, and kept
    #: in every record, so old records replay by the rules they were played under.
    rules_revision: ClassVar[int] = 1
    #: The earlier revisions, each as a function that makes the game (with its options) a
    #: variant playing by those rules (say ``{1: variants.v0_1_0}``).
    earlier_rules: ClassVar[Mapping[int, Callable[[Any], Any]]] = {}
    #: Named variants whose construction changed with a revision: for each variant name,
    #: the earlier revisions at which it was built otherwise, each as a function that makes
    #: the game (with its options) that variant as it was then. A variant's record of a
    #: revision not listed replays by today's construction.
    earlier_variants: ClassVar[Mapping[str, Mapping[int, Callable[[Any], Any]]]] = {}

    # -- what each game provides -------------------------------------------------------
    @abc.abstractmethod
    def validate(self, state: S) -> None:
        """Raise ``BadInput`` unless ``state`` keeps every invariant of this game."""

    @abc.abstractmethod
    def max_moves(self) -> int:
        """An upper bound on the number of actions in one game under these options."""

    def malformed(self, state: S, action: object) -> Violation | None:
        """Why ``action`` is not well formed in ``state`` (CORE-4), or ``None``.

        Well formed means that what the action names exists and is in play: the card is in
        the deck and in the mover's hand, the seat and the character are at the table. A
        game states it here, not in a unit, so that no variant can remove it; the core asks
        it before any rule (``check``) and the effects never meet a malformed action.
        Default: every action of the game's classes is well formed.
        """
        return None

    # -- shared behaviour ---------------------------------------------------------------
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickle a game by its options only; lookup tables and caches are rebuilt.

        A game sent to a worker process then carries nothing but its options (not, say,
        a cached last state), and identity-based sentinels inside it stay valid.
        """
        variant = self.__dict__.get("_variant_rulebook")
        return (_rebuild, (type(self), self.init_options(), variant))

    def init_options(self) -> dict[str, Any]:
        """The keyword arguments that make this game again (every option, by its alias)."""
        fields = attrs.fields(type(self))
        return {f.alias or f.name: getattr(self, f.name) for f in fields if f.init}

    # -- rules as units --------------------------------------------------------------------
    @property
    def rulebook(self) -> Rulebook:
        """This game's rules in rulebook order: the game's own, or a variant's."""
        book: Rulebook = self.__dict__.get("_variant_rulebook", self.default_rules)
        return book

    @property
    def variant(self) -> str | None:
        """The name of the variant these rules make, or ``None`` for the game's own rules."""
        return self.rulebook.variant

    def with_rules(
        self,
        *,
        replace: typing.Mapping[str, Rule] | None = None,
        add: Iterable[Rule] = (),
        remove: Iterable[str] = (),
        name: str | None = None,
    ) -> Self:
        """This game with some rules replaced, added or removed: a variant.

        The options stay; the variant's ``name`` goes into every record it writes, and
        :func:`~boardrules.replay` insists on the same variant. See
        :meth:`Rulebook.with_rules <boardrules.core.rules.Rulebook.with_rules>` for the
        arguments.

        Raises:
            BadInput: for an unknown rule ID, an added ID that exists, or an empty name.
        """
        book = self.rulebook.with_rules(replace=replace, add=add, remove=remove, name=name)
        variant: Self = _rebuild(type(self), self.init_options(), book)
        return variant

    def at_revision(self, revision: int) -> Self:
        """This game played by revision ``revision`` of its own rules (the game itself for
        the current revision; for an earlier one, the variant that plays by those rules).

        Raises:
            BadInput: at ``$.revision`` for a later revision than this library knows, or an
                earlier one it does not ship.
        """
        if revision == self.rules_revision:
            return self
        if revision > self.rules_revision:
            raise BadInput(
                "$.revision",
                f"the record was played under revision {revision} of the {self.name} rules; "
                f"this boardrules knows revisions up to {self.rules_revision}: upgrade it",
            )
        make = self.earlier_rules.get(revision)
        if make is None:
            raise BadInput(
                "$.revision", f"revision {revision} of the {self.name} rules is not shipped here"
            )
        earlier: Self = make(self)
        return earlier

    def variant_at_revision(self, revision: int) -> Self:
        """This variant as it was built at revision ``revision`` of the game's rules: itself,
        unless :attr:`earlier_variants` lists another construction for that revision (the
        game's own rules: :meth:`at_revision`).

        Raises:
            BadInput: at ``$.revision`` for a later revision than this library knows.
        """
        if self.variant is None:
            return self.at_revision(revision)
        if revision > self.rules_revision:
            raise BadInput(
                "$.revision",
                f"the record was played under revision {revision} of the {self.name} rules; "
                f"this boardrules knows revisions up to {self.rules_revision}: upgrade it",
            )
        make = self.earlier_variants.get(self.variant, {}).get(revision)
        if make is None:
            return self
        own = _rebuild(type(self), self.init_options())
        earlier: Self = make(own)
        return earlier

    @functools.cached_property
    def action_classes(self) -> tuple[type, ...]:
        """Every class of action this game has (the members of ``action_type``)."""
        members = typing.get_args(self.action_type) or (self.action_type,)
        return tuple(m for m in members if isinstance(m, type))

    @functools.cached_property
    def _rule_checks(self) -> dict[type, tuple[Check, ...]]:
        book = self.rulebook
        return {kind: book.checks_for(kind) for kind in self.action_classes}

    @property
    def rule_context(self) -> Any:
        """What the rules' checks and effects get as their first argument. Default: the game."""
        return self

    @functools.cached_property
    def governed_classes(self) -> frozenset[type]:
        """The action classes that some rule of this game names in its checks, effects or
        moves."""
        return frozenset(
            kind
            for rule in self.rulebook
            for table in (rule.checks, rule.effects, rule.moves)
            for kind in table
            if kind in self.action_classes
        )

    def accepts(self, state: S) -> Collection[type]:
        """The classes of action the current step of ``state`` takes (CORE-3).

        Default: what the unit that states the steps says; without one, the classes some
        rule governs (:attr:`governed_classes`, in the order of ``action_type``), in any
        step. Only called while the game is not over.
        """
        plan = self._plan
        if plan.steps is not None:
            kinds: tuple[type, ...] = plan.steps(plan.ctx, state)
            return kinds
        classes: tuple[type, ...] = plan.classes
        return classes

    def check(self, state: S, action: object) -> Violation | None:
        """Why ``action`` is illegal in ``state`` (a rule ID and a reason), or ``None``.

        First the core's refusals (CORE-1..CORE-4), then each check of the rules that
        govern the action's class, in rulebook order; the first refusal wins.
        """
        kind = type(action)
        checks = self._rule_checks.get(kind)
        if checks is None:
            return Violation(
                "CORE-1", "foreign_action", {"action": repr(action)[:80], "game": self.name}
            )
        plan = self._plan
        context = plan.ctx
        if plan.end(context, state) if plan.end is not None else self.is_over(state):
            return Violation("CORE-2", "game_over", {})
        if plan.own_accepts:
            accepted = self.accepts(state)
        else:  # the default ``accepts``, without the call
            accepted = plan.classes if plan.steps is None else plan.steps(context, state)
        if kind not in accepted:
            return self._wrong_step(state, kind, accepted)
        if plan.malformed is not None:
            malformed = plan.malformed(state, action)
            if malformed is not None:
                return malformed
        for rule_check in checks:
            violation = rule_check(context, state, action)
            if violation is not None:
                return violation
        return None

    def step_names(self, state: S) -> tuple[str, ...]:
        """The keys of the pending steps of ``state``, the one waiting first, as the unit
        that states the steps names them (:class:`~boardrules.core.rules.Steps`); empty
        when it does not name them. Only meaningful while the game is not over."""
        plan = self._plan
        if plan.step_names is None:
            return ()
        names: tuple[str, ...] = tuple(plan.step_names(plan.ctx, state))
        return names

    def _wrong_step(self, state: S, kind: type, accepted: Collection[type]) -> Violation:
        """CORE-3's refusal: the step waiting (and the next ones), what it takes, and the
        kind of action refused; the sentence labels them (``register_steps``)."""
        names = self.step_names(state)
        return Violation(
            "CORE-3",
            "wrong_step",
            {
                "game": self.name,
                "action": kind.__name__,
                "step": names[0] if names else None,
                "then": ",".join(names[1:3]) or None,
                "takes": ",".join(k.__name__ for k in accepted),
            },
        )

    @classmethod
    def works_on_a_copy(cls) -> bool:
        """Whether the game runs its effects its own way (the class overrides ``_begin``,
        ``_finish`` or ``_advance``: a working copy, say) rather than folding them over the
        state, each returning the next state."""
        own = cls.__mro__[: cls.__mro__.index(GameBase)]
        return any(name in vars(k) for k in own for name in ("_begin", "_finish", "_advance"))

    def _begin(self, state: S) -> Any:
        """The working copy the effects change (default: the state itself)."""
        return state

    def _finish(self, work: Any) -> S:
        """The next state from the working copy (default: the working copy itself)."""
        state: S = work
        return state

    def _advance(self, state: S, action: A, events: list[E] | None) -> S:
        """The next state for a legal action; appends events when ``events`` is a list.

        Default: the effects of the rules that govern the action's class, in rulebook
        order, over :meth:`_begin`'s working copy.
        """
        plan = self._plan
        context = plan.ctx
        if not plan.begin:
            for effect in plan.effects[type(action)]:
                state = effect(context, state, action, events)
            return state
        work = self._begin(state)
        for effect in plan.effects[type(action)]:
            work = effect(context, work, action, events)
        return self._finish(work)

    # -- the game composed from its units ---------------------------------------------------
    @functools.cached_property
    def _plan(self) -> _Plan:
        plan = _Plan(self)
        plan.legal = _composed_legal(plan, self)
        plan.apply = _composed_apply(plan, self, self._advance)
        plan.step = _composed_step(plan, self, self._advance)
        plan.legal.__doc__ = GameBase.legal_actions.__doc__  # for help(game.legal_actions)
        plan.apply.__doc__ = GameBase.apply.__doc__
        plan.step.__doc__ = GameBase.step.__doc__
        plan.to_move = _composed_to_move(plan, self)
        plan.to_move.__doc__ = GameBase.to_move.__doc__
        plan.seat_and_legal = _composed_legal(plan, self, with_seat=True)
        plan.seat_and_legal.__doc__ = GameBase.seat_and_legal.__doc__
        # The written-out methods go into the object's own dict (found before the class's
        # methods, as ``kept`` values are), unless the game's class overrides them.
        cls = type(self)
        if cls.legal_actions is GameBase.legal_actions:
            self.__dict__["legal_actions"] = plan.legal
        if cls.apply is GameBase.apply:
            self.__dict__["apply"] = plan.apply
        if cls.step is GameBase.step:
            self.__dict__["step"] = plan.step
        if cls.to_move is GameBase.to_move:
            self.__dict__["to_move"] = plan.to_move
        if (cls.seat_and_legal is GameBase.seat_and_legal
                and cls.to_move is GameBase.to_move
                and cls.legal_actions is GameBase.legal_actions):
            self.__dict__["seat_and_legal"] = plan.seat_and_legal
        return plan

    def _new(self, seed: int, setup: SetupT) -> S:
        """The first state: the setup parts of the units, in rulebook order."""
        plan = self._plan
        if not plan.setups:
            raise NotImplementedError(f"no rule of {self.name} states the setup")
        state: Any = None
        for part in plan.setups:
            state = part(plan.ctx, seed, setup, state)
        result: S = state
        return result

    def to_move(self, state: S) -> int | None:
        """The seat whose decision it is (the unit that states the turn), or ``None`` once
        the game is over (the unit that states the end)."""
        seat: int | None = self._plan.to_move(state)  # written out per game object
        return seat

    def score(self, state: S) -> Standings:
        """Points, ranks and winners (the unit that states the score); provisional before
        the end."""
        plan = self._plan
        if plan.score is None:
            raise NotImplementedError(f"no rule of {self.name} states the score")
        standings: Standings = plan.score(plan.ctx, state)
        return standings

    def legal_actions(self, state: S) -> tuple[A, ...]:
        """Every legal action: the candidates of the units that govern the current step,
        filtered by the checks; empty exactly when the game is over.

        For each kind of action the step takes (CORE-3), in the step's order: if a check of
        that kind can narrow the candidates itself (:class:`~boardrules.core.rules.Guard`'s
        ``select``), its list, asked of the other checks; otherwise the units' move
        generators, asked of every check. The last listing is kept, so that ``apply`` and
        ``step`` of an action taken from it do not check it again.
        """
        legal: tuple[A, ...] = self._plan.legal(state)  # written out per game object
        return legal

    def seat_and_legal(self, state: S) -> tuple[int | None, tuple[A, ...]]:
        """:meth:`to_move` and :meth:`legal_actions` in one call: ``(None, ())`` once the
        game is over. For loops that ask both at every step (``simulate``, a playout).

        >>> from boardrules.games.kuhn import Game
        >>> game = Game()
        >>> game.seat_and_legal(game.new(seed=7))
        (0, (Check(), Bet()))
        """
        return self.to_move(state), self.legal_actions(state)  # a class's own, if it has them

    def new(self, seed: int, **setup: Any) -> S:
        """A new game from ``seed``; every chance event comes from it.

        Args:
            seed: an integer in ``0 .. 2**64 - 1``.
            **setup: the fields of this game's ``setup_type``.

        Raises:
            BadInput: for a bad seed or an unknown, mistyped or impossible setup value.
        """
        parsed: SetupT = codec.structure_setup(self.setup_type, setup)
        return self._new(check_seed(seed), parsed)

    def is_over(self, state: S) -> bool:
        """Whether the game has ended (the unit that states the end, else no seat to move)."""
        plan = self._plan
        if plan.end is not None:
            over: bool = plan.end(plan.ctx, state)
            return over
        return self.to_move(state) is None

    def apply(self, state: S, action: A, events: list[E] | None = None) -> S:
        """The state after ``action``; checks legality first (an action the last listing
        of this very state gave is legal already). When a unit gives the effects of the
        action's class a direct form (:class:`~boardrules.core.rules.Direct`) that covers
        all of them, that form builds the state.

        Args:
            events: a list to append the action's events to, in order: what :meth:`step`
                returns in its ``Transition``, for a loop that keeps every event of a game
                in one list (``simulate``) without a ``Transition`` and a tuple per action.

        >>> from boardrules.games.kuhn import Bet, Game
        >>> game = Game()
        >>> events = []
        >>> state = game.apply(game.new(seed=7), Bet(), events)
        >>> events == list(game.step(game.new(seed=7), Bet()).events)
        True

        Raises:
            IllegalAction: with the :class:`Violation`; ``state`` and ``events`` are
                untouched.
        """
        after: S = self._plan.apply(state, action, events)  # written out per game object
        return after

    def step(self, state: S, action: A) -> Transition[S, E]:
        """Like :meth:`apply`, and also the events the action caused."""
        made: Transition[S, E] = self._plan.step(state, action)  # written out per game object
        return made

    def seat_count(self, state: S) -> int:
        """The number of seats at the table of ``state``: the state's own ``seat_count``
        when it has one (every bundled game's state does), else one standing per seat."""
        count = getattr(state, "seat_count", None)
        return count if type(count) is int else len(self.score(state))

    def step_name(self, state: S) -> str:
        """A stable name for the current step of ``state``, for front-ends to key on.

        ``"over"`` once the game is over; else the name of the step waiting first, as the
        unit that states the steps names it (:meth:`step_names`: one name for a step, in
        front-ends and in CORE-3's refusals alike); ``"act"`` when no unit names them.
        """
        if self.is_over(state):
            return "over"
        names = self.step_names(state)
        return names[0] if names else "act"

    def asked(self, state: S, lang: Lang | str = "en") -> str:
        """One sentence of what the seat to move is asked (or how the game ended).

        Default: a plain sentence naming the seat; a game says what its step asks.
        """
        ru = check_lang(lang) == "ru"
        seat = self.to_move(state)
        if seat is None:
            winners = ", ".join(map(str, self.score(state).winners)) or "—"
            return f"Игра окончена; победители: {winners}." if ru else (
                f"The game is over; winners: {winners}."
            )
        return f"Игрок {seat} выбирает действие." if ru else f"Seat {seat} chooses an action."

    #: What each part of the points counts (``Standing.breakdown``): ``(English, Russian)``.
    breakdown_labels: ClassVar[Mapping[str, tuple[str, str]]] = {}

    def breakdown_label(self, key: str, lang: Lang | str = "en") -> str:
        """What the part ``key`` of a seat's points (``Standing.breakdown``) counts, in
        ``lang``: from :attr:`breakdown_labels`, else the key itself."""
        ru = check_lang(lang) == "ru"
        en, russian = self.breakdown_labels.get(key, (key, key))
        return russian if ru else en

    def result_sentence(self, state: S, lang: Lang | str = "en") -> str:
        """How the game ended and who won, in one sentence (before the end, that the game
        goes on). Default: the winners and their points; a game says why, when the points
        alone do not."""
        return standings_sentence(self.score(state), lang)

    def result(self, state: S, lang: Lang | str = "en") -> Result:
        """The standings of ``state`` with labelled breakdowns and a sentence of the result
        (:class:`~boardrules.core.turn.Result`), in ``lang``.

        Raises:
            ValueError: for a ``lang`` other than ``"en"`` and ``"ru"``.
        """
        language = check_lang(lang)
        standings = self.score(state)
        places = tuple(
            Place(
                s.seat, s.rank, s.points, s.seat in standings.winners,
                tuple(Part(key, self.breakdown_label(key, language), points)
                      for key, points in s.breakdown.items()),
            )
            for s in sorted(standings, key=lambda s: (s.rank, s.seat))
        )
        return Result(self.name, standings.final, standings.winners, places,
                      self.result_sentence(state, language), language)

    def prompt(self, state: S, lang: Lang | str = "en") -> Turn[A]:
        """What is asked in ``state``: the seat to act, the step, the kinds of action it
        takes, every legal move with its label and notation, and a sentence of the question
        (:class:`~boardrules.core.turn.Turn`), in ``lang`` (``"en"`` or ``"ru"``).

        The sentence is asked of what the seat to act may see (``view``), so it never
        tells another seat's secret.

        Raises:
            ValueError: for a ``lang`` other than ``"en"`` and ``"ru"``.
        """
        language = check_lang(lang)
        seat = self.to_move(state)
        seats = self.seat_count(state)
        if seat is None:
            return Turn(self.name, None, seats, self.step_name(state), (), (),
                        self.asked(state, language), language)
        kinds = tuple(codec.tag_of(kind) for kind in self.accepts(state))
        moves: tuple[Choice[A], ...] = tuple(
            choice_of(self, action, language) for action in self.legal_actions(state)
        )
        view = self.view(state, seat)
        return Turn(self.name, seat, seats, self.step_name(view), kinds, moves,
                    self.asked(view, language), language)

    def view(self, state: S, seat: int | None) -> S:
        """What ``seat`` may see of ``state`` (``None``: a spectator): the unit that states
        what a seat sees; without one, everything."""
        plan = self._plan
        if plan.view is None:
            return state
        seen: S = plan.view(plan.ctx, state, seat)
        return seen

    def view_events(self, events: tuple[E, ...], seat: int | None) -> tuple[E, ...]:
        """The events as ``seat`` may see them: the unit that states it; without one, all of
        them, unchanged."""
        plan = self._plan
        if plan.view_events is None:
            return events
        seen: tuple[E, ...] = plan.view_events(plan.ctx, events, seat)
        return seen

    def options(self) -> Mapping[str, JSONValue]:
        """This game's options that differ from the defaults, as JSON values."""
        defaults = _default_game(type(self))
        out: dict[str, JSONValue] = {}
        for field in attrs.fields(type(self)):
            if not field.init:
                continue
            value = getattr(self, field.name)
            if value != getattr(defaults, field.name):
                out[field.name] = codec.unstructure(value)
        return out

    def record(
        self, seed: int, actions: tuple[A, ...] = (), **setup: Any
    ) -> GameRecord:
        """A :class:`~boardrules.GameRecord` of this game from ``seed``, setup and actions."""
        parsed: object = codec.structure_setup(self.setup_type, setup)
        setup_json = codec.unstructure(parsed)
        assert isinstance(setup_json, dict)
        return GameRecord(
            game=self.name,
            variant=self.variant,
            revision=self.rules_revision,
            seed=check_seed(seed),
            options=freeze_json(dict(self.options())),
            setup=freeze_json({k: v for k, v in setup_json.items() if v is not None}),
            actions=tuple(actions),
        )
