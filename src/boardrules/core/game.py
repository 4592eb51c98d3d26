"""The game contract: a reducer over immutable states and actions."""

from __future__ import annotations

import abc
import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable

import attrs

from boardrules.core.errors import IllegalAction
from boardrules.core.rng import check_seed
from boardrules.core.standings import Standings
from boardrules.core.violation import Violation

if TYPE_CHECKING:
    from boardrules.core.record import GameRecord, JSONValue

__all__ = ["Game", "GameBase", "Transition"]

S = TypeVar("S")
A = TypeVar("A")
E = TypeVar("E")
SetupT = TypeVar("SetupT")


def _rebuild(cls: type, options: dict[str, Any]) -> Any:
    return cls(**options)


@functools.cache
def _default_game(cls: type) -> Any:
    """One default-options instance per game class, to compare options against."""
    return cls()


@attrs.frozen
class Transition(Generic[S, E]):
    """What one action did: the next state and the events that happened, in order."""

    state: S
    events: tuple[E, ...]


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
    and ``step`` always run ``check`` first, so a refusal is the same everywhere.
    """

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

    # -- what each game provides -------------------------------------------------------
    @abc.abstractmethod
    def _new(self, seed: int, setup: SetupT) -> S:
        """The first state for a checked seed and a parsed setup."""

    @abc.abstractmethod
    def to_move(self, state: S) -> int | None:
        """The seat whose decision it is, or ``None`` once the game is over."""

    @abc.abstractmethod
    def legal_actions(self, state: S) -> tuple[A, ...]:
        """Every legal action in a stable order; empty exactly when the game is over."""

    @abc.abstractmethod
    def check(self, state: S, action: object) -> Violation | None:
        """Why ``action`` is illegal in ``state``, or ``None`` if it is legal."""

    @abc.abstractmethod
    def _advance(self, state: S, action: A, events: list[E] | None) -> S:
        """The next state for a legal action; appends events when ``events`` is a list."""

    @abc.abstractmethod
    def score(self, state: S) -> Standings:
        """Points, ranks and winners; provisional before the end."""

    @abc.abstractmethod
    def validate(self, state: S) -> None:
        """Raise ``BadInput`` unless ``state`` keeps every invariant of this game."""

    @abc.abstractmethod
    def max_moves(self) -> int:
        """An upper bound on the number of actions in one game under these options."""

    # -- shared behaviour ---------------------------------------------------------------
    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickle a game by its options only; lookup tables and caches are rebuilt.

        A game sent to a worker process then carries nothing but its options (not, say,
        a cached last state), and identity-based sentinels inside it stay valid.
        """
        cls = type(self)
        options = {f.alias: getattr(self, f.name) for f in attrs.fields(cls) if f.init}  # type: ignore[arg-type]
        return (_rebuild, (cls, options))

    def new(self, seed: int, **setup: Any) -> S:
        """A new game from ``seed``; every chance event comes from it.

        Args:
            seed: an integer in ``0 .. 2**64 - 1``.
            **setup: the fields of this game's ``setup_type``.

        Raises:
            BadInput: for a bad seed or an unknown, mistyped or impossible setup value.
        """
        from boardrules import serde

        parsed: SetupT = serde.structure_setup(self.setup_type, setup)
        return self._new(check_seed(seed), parsed)

    def is_over(self, state: S) -> bool:
        """Whether the game has ended."""
        return self.to_move(state) is None

    def apply(self, state: S, action: A) -> S:
        """The state after ``action``; checks legality first.

        Raises:
            IllegalAction: with the :class:`Violation`; ``state`` is untouched.
        """
        violation = self.check(state, action)
        if violation is not None:
            raise IllegalAction(violation)
        return self._advance(state, action, None)

    def step(self, state: S, action: A) -> Transition[S, E]:
        """Like :meth:`apply`, and also the events the action caused."""
        violation = self.check(state, action)
        if violation is not None:
            raise IllegalAction(violation)
        events: list[E] = []
        after = self._advance(state, action, events)
        return Transition(after, tuple(events))

    def view(self, state: S, seat: int | None) -> S:
        """What ``seat`` may see of ``state`` (``None``: a spectator). Default: everything."""
        return state

    def view_events(self, events: tuple[E, ...], seat: int | None) -> tuple[E, ...]:
        """The events as ``seat`` may see them. Default: all of them, unchanged."""
        return events

    def options(self) -> Mapping[str, JSONValue]:
        """This game's options that differ from the defaults, as JSON values."""
        from boardrules import serde

        defaults = _default_game(type(self))
        out: dict[str, JSONValue] = {}
        for field in attrs.fields(type(self)):  # type: ignore[arg-type]
            if not field.init:
                continue
            value = getattr(self, field.name)
            if value != getattr(defaults, field.name):
                out[field.name] = serde.to_dict(value)
        return out

    def record(
        self, seed: int, actions: tuple[A, ...] = (), **setup: Any
    ) -> GameRecord:
        """A :class:`~boardrules.GameRecord` of this game from ``seed``, setup and actions."""
        from boardrules import serde
        from boardrules.core.record import GameRecord, freeze_json

        parsed: object = serde.structure_setup(self.setup_type, setup)
        setup_json = serde.to_dict(parsed)
        assert isinstance(setup_json, dict)
        return GameRecord(
            game=self.name,
            seed=check_seed(seed),
            options=freeze_json(dict(self.options())),
            setup=freeze_json({k: v for k, v in setup_json.items() if v is not None}),
            actions=tuple(actions),
        )
