"""What an agent is, and the one way every agent sees a game: through ``view``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from boardrules.core.capabilities import Determinizable, MissingCapability, missing
from boardrules.core.errors import BadInput
from boardrules.core.rng import Rng

__all__ = [
    "Agent",
    "ChoosesAmongLegal",
    "Demanding",
    "agent_streams",
    "agent_streams_each",
    "check_agents",
    "determinize",
    "determinizer",
    "outcome",
    "play_game",
]


@runtime_checkable
class Agent(Protocol):
    """A player that picks one legal action from what its seat may see.

    ``choose`` receives ``game.view(state, seat)``, never the full state, and an ``Rng``
    stream of its own, so an agent's choices are reproducible and cannot read hidden
    information.
    """

    @property
    def name(self) -> str:
        """A short name for tables and reports, like ``"greedy"``."""
        ...

    def choose(self, game: Any, view: Any, seat: int, rng: Rng) -> Any:
        """One legal action for ``seat`` in ``view``."""
        ...


@runtime_checkable
class ChoosesAmongLegal(Protocol):
    """An agent whose choice depends on nothing but its seat's legal actions (and its
    stream): a random agent, say.

    A seat's legal actions are the same in its view as in the whole state (CORE-5, which
    the conformance kit checks for every game), so whoever runs the game may hand such an
    agent ``game.legal_actions(state)`` without making the view: ``simulate`` does, and
    ``step`` then takes the chosen action from that very listing without checking it
    again. ``choose(game, view, seat, rng)`` must give what
    ``choose_among(game.legal_actions(view), seat, rng)`` gives, draw for draw.
    """

    def choose_among(self, legal: Sequence[Any], seat: int, rng: Rng) -> Any:
        """One of ``legal`` (never empty), the legal actions of ``seat``."""
        ...


@runtime_checkable
class Demanding(Protocol):
    """An agent that needs more of a game than the core contract: a heuristic, a policy.

    ``require(game)`` raises :class:`~boardrules.core.capabilities.MissingCapability` when
    ``game`` lacks it, so a study, a terminal game or a match refuses the agent before the
    first move instead of failing in the middle of a game.
    """

    def require(self, game: Any) -> None:
        """Raise ``MissingCapability`` unless ``game`` has what this agent needs."""
        ...


def check_agents(game: Any, agents: Any) -> None:
    """Refuse agents that cannot play ``game``, naming the seat and what is missing.

    Raises:
        BadInput: at ``$.agents[i]`` for the first agent whose ``require`` refuses the game.

    >>> from boardrules.agents import GoalAgent, RandomAgent
    >>> from boardrules.games import semya
    >>> try:
    ...     check_agents(semya.Game(), [RandomAgent(), GoalAgent()])
    ... except BadInput as error:
    ...     print(error.path)
    $.agents[1]
    """
    for seat, agent in enumerate(agents):
        if isinstance(agent, Demanding):
            try:
                agent.require(game)
            except MissingCapability as error:
                raise BadInput(f"$.agents[{seat}]", str(error)) from None


def determinize(game: Any, view: Any, seat: int, rng: Rng) -> Any:
    """A full state consistent with what ``seat`` sees in ``view``.

    Games with hidden information provide ``determinize(view, seat, rng)``, which samples the
    unseen part (pile order, other seats' secrets) consistently with the view; for a game
    with none (``hidden_information = False``) the view already is the state.
    """
    if isinstance(game, Determinizable):
        return game.determinize(view, seat, rng)
    if game.hidden_information:
        raise missing(game, Determinizable, "an agent in a game with hidden information")
    return view


def determinizer(game: Any) -> Callable[[Any, int, Rng], Any]:
    """:func:`determinize` for ``game``, decided once (a search asks it every iteration).

    Raises:
        MissingCapability: for a game with hidden information and no ``determinize``.
    """
    if isinstance(game, Determinizable):
        sample: Callable[[Any, int, Rng], Any] = game.determinize
        return sample
    if game.hidden_information:
        raise missing(game, Determinizable, "an agent in a game with hidden information")
    return _the_view


def _the_view(view: Any, seat: int, rng: Rng) -> Any:
    return view


def outcome(game: Any, state: Any, seat: int) -> float:
    """1 for a sole winner, a share for a tied win, 0 otherwise (also before the end)."""
    winners = game.score(state).winners
    return 1.0 / len(winners) if seat in winners else 0.0


def agent_streams(seed: int, seats: int) -> list[Rng]:
    """Each seat's own stream for its agent in the game played from ``seed``."""
    return Rng.derive_many(seed, "agent", seats)  # Rng.derive(seed, "agent", seat) each


def agent_streams_each(seeds: Sequence[int], seats: int) -> list[list[Rng]]:
    """``[agent_streams(seed, seats) for seed in seeds]``, derived all at once
    (:meth:`Rng.derive_each <boardrules.core.rng.Rng.derive_each>`).

    >>> [[r.state for r in streams] for streams in agent_streams_each([3, 4], 2)] == [
    ...     [r.state for r in agent_streams(seed, 2)] for seed in (3, 4)]
    True
    """
    shared = Rng.derive_each(seeds, "agent")
    states = Rng.derive_each([s for s in shared for _ in range(seats)],
                             list(range(seats)) * len(seeds))
    streams = Rng.each(states)
    return [streams[k:k + seats] for k in range(0, len(streams), seats)]


def play_game(game: Any, agents: Any, seed: int, **setup: Any) -> tuple[Any, list[Any]]:
    """Play one game to the end; each seat's agent sees only its view.

    Returns:
        The final state and the actions played.
    """
    state = game.new(seed, **setup)
    streams = agent_streams(seed, len(agents))
    actions: list[Any] = []
    for _ in range(game.max_moves()):
        seat = game.to_move(state)
        if seat is None:
            break
        action = agents[seat].choose(game, game.view(state, seat), seat, streams[seat])
        state = game.apply(state, action)
        actions.append(action)
    return state, actions
