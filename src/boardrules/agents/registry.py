"""Agents by name, for the command line and studies configured by text."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from boardrules.agents.base import Agent
from boardrules.agents.goal import GoalAgent
from boardrules.agents.greedy import GreedyAgent
from boardrules.agents.kind import KindUniformAgent
from boardrules.agents.mcts import GoalMCTSAgent, MCTSAgent
from boardrules.agents.random import RandomAgent
from boardrules.core.errors import BadInput

__all__ = ["AGENTS", "agent_names", "make_agent"]

#: Every agent that can be named, by its ``name``.
AGENTS: Mapping[str, Callable[[], Agent]] = {
    RandomAgent.name: RandomAgent,
    KindUniformAgent.name: KindUniformAgent,
    GreedyAgent.name: GreedyAgent,
    MCTSAgent.name: MCTSAgent,
    GoalAgent.name: GoalAgent,
    GoalMCTSAgent.name: GoalMCTSAgent,
}


def agent_names() -> tuple[str, ...]:
    """The names :func:`make_agent` knows.

    >>> agent_names()
    ('random', 'uniform-kind', 'greedy', 'mcts', 'goal', 'mcts-goal')
    """
    return tuple(AGENTS)


def make_agent(name: str) -> Agent:
    """A new agent of the kind called ``name``, with its default settings.

    Raises:
        BadInput: for a name that is not one of :func:`agent_names`.

    >>> make_agent("uniform-kind")
    KindUniformAgent()
    >>> try:
    ...     make_agent("best")
    ... except BadInput as error:
    ...     print(error.path, error.reason)
    $.agent unknown agent 'best'; choose from random, uniform-kind, greedy, mcts, goal, mcts-goal
    """
    factory = AGENTS.get(name)
    if factory is None:
        raise BadInput("$.agent", f"unknown agent {name!r}; choose from {', '.join(AGENTS)}")
    return factory()
