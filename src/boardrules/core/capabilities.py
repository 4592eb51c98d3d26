"""Optional capabilities of a game, as protocols: test them with ``isinstance``.

The layers above the contract (agents, simulation, front-end helpers, the command line, the
testing kit) use a capability when a game has it and behave one documented way when it does
not. A game has a capability when it defines the members below; nothing needs registering.

>>> from boardrules.games import semya
>>> game = semya.Game()
>>> isinstance(game, Labelled), isinstance(game, HasVocabulary)
(True, True)
>>> isinstance(object(), Labelled)
False
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from boardrules.core.errors import BoardRulesError
from boardrules.core.rng import Rng

if TYPE_CHECKING:
    from boardrules.core.game import Transition
    from boardrules.core.record import GameRecord
    from boardrules.core.rules import Rulebook
    from boardrules.core.standings import Standings
    from boardrules.core.turn import Result, Turn
    from boardrules.core.violation import Lang, Violation

S = TypeVar("S")
A = TypeVar("A")
E = TypeVar("E")

__all__ = [
    "Determinizable",
    "HasActionStrategy",
    "HasCatalogue",
    "HasHeuristic",
    "HasNotation",
    "HasPolicy",
    "HasTally",
    "HasVocabulary",
    "Labelled",
    "MissingCapability",
    "Observable",
    "Playable",
    "Positioned",
    "Rendered",
    "missing",
]


class MissingCapability(BoardRulesError, TypeError):
    """A feature needs a capability that the game does not have."""


def missing(game: object, capability: type, feature: str) -> MissingCapability:
    """The error for ``feature`` on a game without ``capability``: the one way it fails.

    Use it after an ``isinstance`` test, which also tells the type checker what the game
    has:

    >>> from boardrules.games import semya
    >>> game = semya.Game()
    >>> if not isinstance(game, HasVocabulary):
    ...     raise missing(game, HasVocabulary, "the action encoding")
    >>> game.vocabulary()[0]
    PlayCard(card='sun-saturn')
    >>> str(missing(object(), HasVocabulary, "the action encoding"))
    'object has no vocabulary() (HasVocabulary), which the action encoding needs'
    """
    name = getattr(game, "name", type(game).__name__)
    members = " or ".join(
        f"{m}()" for m, v in vars(capability).items() if m[0] != "_" and callable(v)
    )
    return MissingCapability(
        f"{name} has no {members} ({capability.__name__}), which {feature} needs"
    )


@runtime_checkable
class Labelled(Protocol):
    """Short labels for actions and events in English and Russian.

    Needed by ``boardrules.describe``, the command line's labels and the front-end helpers.
    """

    def describe_action(self, action: Any, lang: str = "en") -> str: ...
    def describe_event(self, event: Any, lang: str = "en") -> str: ...


@runtime_checkable
class HasCatalogue(Protocol):
    """Every card, character and content item with its data, by the ids the views use.

    Needed by ``boardrules.catalogue``, ``schema(game, "content")`` and the server's
    ``GET /api/games/{game}/content``.
    """

    def catalogue(self) -> Any: ...


@runtime_checkable
class HasVocabulary(Protocol):
    """Every action the game can take in any state, in a fixed order.

    Needed by the integer action encoding, the PettingZoo adapter and refusal probing.
    """

    def vocabulary(self) -> tuple[Any, ...]: ...


@runtime_checkable
class Observable(Protocol):
    """A fixed-length vector of small integers per view, for learning code.

    Needed by the PettingZoo adapter.
    """

    def observation_size(self) -> int: ...
    def observe(self, view: Any, seat: int) -> tuple[int, ...]: ...


@runtime_checkable
class HasHeuristic(Protocol):
    """A rating of a state for a seat (higher is better), for ``GreedyAgent``.

    Needed by ``GreedyAgent``.
    """

    def heuristic(self, state: Any, seat: int) -> float: ...


@runtime_checkable
class HasPolicy(Protocol):
    """A cheap playing policy and a position estimate, for ``GoalAgent`` and MCTS.

    ``policy(state, seat, legal, rng)`` picks one of ``legal`` (the legal actions of
    ``state``, or some of them: MCTS asks which untried action to expand) for ``seat``, the
    seat to move; it reads only what ``seat`` may see (so it
    gives the same choice on a view and on any state behind it), draws its chances from
    ``rng`` only, and is cheap enough to play whole roll-outs with.
    ``evaluate(state)`` estimates each seat's chance of winning from ``state``: one number
    in [0, 1] per seat, summing to at most 1 (ties and the unknown take the rest).

    Needed by ``GoalAgent`` and by ``MCTSAgent`` with ``rollout="policy"`` or a ``depth``.
    """

    def policy(self, state: Any, seat: int, legal: Sequence[Any], rng: Rng) -> Any: ...
    def evaluate(self, state: Any) -> tuple[float, ...]: ...


@runtime_checkable
class Determinizable(Protocol):
    """A full state that gives the same view: the hidden part sampled from ``rng``.

    Needed by agents for games with hidden information (the conformance kit checks that
    such a game has it); for a game without hidden information the view is the state.
    """

    def determinize(self, view: Any, seat: int, rng: Rng) -> Any: ...


@runtime_checkable
class HasTally(Protocol):
    """Content counts of a finished game, for balance reports.

    Optional: without it, balance reports have no content section.
    """

    def tally(self, state: Any, events: tuple[Any, ...]) -> dict[str, int]: ...


@runtime_checkable
class HasActionStrategy(Protocol):
    """A Hypothesis strategy over the whole action vocabulary, for the testing kit.

    Optional: without it, ``any_action`` builds actions from their types.
    """

    def action_strategy(self) -> Any: ...


@runtime_checkable
class Positioned(Protocol):
    """A validated state from a readable description, for designers' edge-case scripts.

    Optional: without it, build states by playing actions from ``new``.
    """

    def position(self, *args: Any, **kwargs: Any) -> Any: ...


@runtime_checkable
class Rendered(Protocol):
    """The position as a seat sees it, as text and as an SVG picture.

    Optional: without it, the terminal shows the view's ``repr``.
    """

    def render_text(self, state: Any, seat: int | None = None, lang: str = "en") -> str: ...
    def render_svg(self, state: Any, seat: int | None = None, lang: str = "en") -> str: ...


@runtime_checkable
class HasNotation(Protocol):
    """A short, typeable notation for actions, and its reader.

    Optional: without it, the terminal takes action numbers and JSON only.
    """

    def format_action(self, action: Any) -> str: ...
    def parse_action(self, text: str, state: Any = None) -> Any: ...


@runtime_checkable
class Playable(Protocol[S, A, E]):
    """Everything a front-end uses of a game: the contract, turns and results, the position
    as text and SVG, labels and notation. ``boardrules.load`` returns it, and every bundled
    game has all of it (``tests/typing/frontend_loop.py`` checks that under
    ``mypy --strict``).

    ``S``, ``A`` and ``E`` are the game's state, action and event types. Every ``lang`` is
    ``"en"`` or ``"ru"``, a plain ``str`` included.
    """

    # What a game is (class attributes, or fields of its options: read-only here).
    @property
    def name(self) -> str: ...
    @property
    def min_players(self) -> int: ...
    @property
    def max_players(self) -> int: ...
    @property
    def action_type(self) -> Any: ...
    @property
    def event_type(self) -> Any: ...
    @property
    def hidden_information(self) -> bool: ...
    @property
    def rulebook(self) -> Rulebook: ...

    # -- the contract --------------------------------------------------------------------
    def new(self, seed: int, **setup: Any) -> S: ...
    def to_move(self, state: S) -> int | None: ...
    def accepts(self, state: S) -> Collection[type]: ...
    def legal_actions(self, state: S) -> tuple[A, ...]: ...
    def check(self, state: S, action: object) -> Violation | None: ...
    def apply(self, state: S, action: A) -> S: ...
    def step(self, state: S, action: A) -> Transition[S, E]: ...
    def is_over(self, state: S) -> bool: ...
    def score(self, state: S) -> Standings: ...
    def view(self, state: S, seat: int | None) -> S: ...
    def view_events(self, events: tuple[E, ...], seat: int | None) -> tuple[E, ...]: ...
    def record(self, seed: int, actions: tuple[A, ...] = (), **setup: Any) -> GameRecord: ...

    # -- turns and results ---------------------------------------------------------------
    def seat_count(self, state: S) -> int: ...
    def prompt(self, state: S, lang: Lang | str = "en") -> Turn[A]: ...
    def result(self, state: S, lang: Lang | str = "en") -> Result: ...

    # -- display and notation ------------------------------------------------------------
    def render_text(self, state: S, seat: int | None = None, lang: str = "en") -> str: ...
    def render_svg(self, state: S, seat: int | None = None, lang: str = "en") -> str: ...
    def describe_action(self, action: A, lang: str = "en") -> str: ...
    def describe_event(self, event: E, lang: str = "en") -> str: ...
    def format_action(self, action: A) -> str: ...
    def parse_action(self, text: str, state: S | None = None) -> A: ...
