"""What an agent is, and the one way every agent sees a game: through ``view``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from boardrules.core.capabilities import Determinizable, MissingCapability, missing
from boardrules.core.errors import BadInput
from boardrules.core.rng import Rng

__all__ = [
    "Agent",
    "Demanding",
    "agent_streams",
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
