"""The game contract: a reducer over immutable states and actions."""

from __future__ import annotations

import abc
import functools
import typing
from collections.abc import Callable, Collection, Iterable, Mapping
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
from boardrules.core.engine import Engine, Transition
from boardrules.core.errors import BadInput
from boardrules.core.record import GameRecord, JSONValue, freeze_json
from boardrules.core.rng import check_seed
from boardrules.core.rules import Rule, Rulebook
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

#: The methods the engine composes (:class:`~boardrules.core.engine.Engine`).
_COMPOSED = ("legal_actions", "check", "apply", "step", "to_move", "is_over", "seat_and_legal")

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

    @property
    def rule_context(self) -> Any:
        """What the rules' functions get as their first argument. Default: the game."""
        return self

    @kept
    def engine(self) -> Engine:
        """This game's rulebook composed (:class:`~boardrules.core.engine.Engine`): made
        once per game object, at the first question asked of it. The engine's closures then
        answer ``legal_actions``, ``check``, ``apply``, ``step``, ``to_move``, ``is_over``
        and ``seat_and_legal`` directly (unless the game's class has its own)."""
        engine = Engine(self)
        cls = type(self)
        for name in _COMPOSED:
            if getattr(cls, name) is getattr(GameBase, name):
                self.__dict__[name] = getattr(engine, name)
        if any(getattr(cls, n) is not getattr(GameBase, n) for n in ("to_move", "legal_actions")):
            self.__dict__.pop("seat_and_legal", None)  # the class's own answers, together
        return engine

    def accepts(self, state: S) -> Collection[type]:
        """The classes of action the current step of ``state`` takes (CORE-3): what the
        unit that states the steps says (without one, every class), of those some unit
        lists moves for. Only meaningful while the game is not over."""
        return self.engine.accepts(state)

    def check(self, state: S, action: object) -> Violation | None:
        """Why ``action`` is illegal in ``state`` (a rule ID and a reason), or ``None``.

        First the core's refusals (CORE-1..CORE-4), then each check of the rules that
        govern the action's class, in rulebook order; the first refusal wins.
        """
        refusal: Violation | None = self.engine.check(state, action)
        return refusal

    def step_names(self, state: S) -> tuple[str, ...]:
        """The keys of the pending steps of ``state``, the one waiting first, as the unit
        that states ``step_names`` names them; empty without one. Only meaningful while the
        game is not over."""
        engine = self.engine
        if engine.step_names is None:
            return ()
        return tuple(engine.step_names(engine.ctx, state))

    @classmethod
    def works_on_a_copy(cls) -> bool:
        """Whether the effects change a working copy (the class has its own :meth:`draft`)
        rather than each returning the next state."""
        return cls.draft is not GameBase.draft

    def draft(self, state: S, events: list[E] | None) -> Any:
        """The working copy the effects of one action change (default: the state itself,
        each effect returning the next state); ``events`` is the list they append to."""
        return state

    def freeze(self, work: Any) -> S:
        """The next state from the working copy (default: the working copy itself)."""
        state: S = work
        return state

    def to_move(self, state: S) -> int | None:
        """The seat whose decision it is (the unit that states the turn), or ``None`` once
        the game is over (the unit that states the end)."""
        seat: int | None = self.engine.to_move(state)
        return seat

    def score(self, state: S) -> Standings:
        """Points, ranks and winners (the unit that states the score); provisional before
        the end."""
        standings: Standings = self.engine.scored(state)
        return standings

    def legal_actions(self, state: S) -> tuple[A, ...]:
        """Every legal action, in a stable order; empty exactly when the game is over.

        For each kind of action the step takes (CORE-3), in the step's order: the actions
        the units' moves list that no check refuses. The last listing is kept, so that
        ``apply`` and ``step`` of an action taken from it do not check it again.
        """
        legal: tuple[A, ...] = self.engine.legal_actions(state)
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
        engine = self.engine
        if not engine.setups:
            raise NotImplementedError(f"no rule of {self.name} states the setup")
        state: Any = None
        for part in engine.setups:
            state = part(engine.ctx, check_seed(seed), parsed, state)
        first: S = state
        return first

    def is_over(self, state: S) -> bool:
        """Whether the game has ended (the unit that states the end, else no seat to move)."""
        over: bool = self.engine.is_over(state)
        return over

    def apply(self, state: S, action: A, events: list[E] | None = None) -> S:
        """The state after ``action``; checks legality first (an action the last listing
        of this very state gave is legal already).

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
        after: S = self.engine.apply(state, action, events)
        return after

    def step(self, state: S, action: A) -> Transition[S, E]:
        """Like :meth:`apply`, and also the events the action caused."""
        made: Transition[S, E] = self.engine.step(state, action)
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
        return standings_sentence(self.score(state), lang, over=self.is_over(state))

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
        engine = self.engine
        if engine.view is None:
            return state
        seen: S = engine.view(engine.ctx, state, seat)
        return seen

    def view_events(self, events: tuple[E, ...], seat: int | None) -> tuple[E, ...]:
        """The events as ``seat`` may see them: the unit that states it; without one, all of
        them, unchanged."""
        engine = self.engine
        if engine.view_events is None:
            return events
        seen: tuple[E, ...] = engine.view_events(engine.ctx, events, seat)
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
