"""Agents that play any game of the registry: random, kind-uniform, greedy, goal-seeking
(the game's own policy) and Monte Carlo tree search.

Every agent sees only ``game.view(state, seat)`` and draws its chances from an ``Rng`` of its
own, so a study is reproducible and no agent can read what its seat may not see.
"""

from boardrules.agents.base import (
    Agent,
    ChoosesAmongLegal,
    Demanding,
    agent_streams,
    agent_streams_each,
    check_agents,
    determinize,
    outcome,
    play_game,
)
from boardrules.agents.goal import GoalAgent
from boardrules.agents.greedy import GreedyAgent
from boardrules.agents.kind import KindUniformAgent
from boardrules.agents.mcts import GoalMCTSAgent, MCTSAgent
from boardrules.agents.random import RandomAgent
from boardrules.agents.registry import AGENTS, agent_names, make_agent

__all__ = [
    "AGENTS",
    "Agent",
    "ChoosesAmongLegal",
    "Demanding",
    "GoalAgent",
    "GoalMCTSAgent",
    "GreedyAgent",
    "KindUniformAgent",
    "MCTSAgent",
    "RandomAgent",
    "agent_names",
    "agent_streams",
    "agent_streams_each",
    "check_agents",
    "determinize",
    "make_agent",
    "outcome",
    "play_game",
]
