"""Agents that play any game of the registry: random, greedy and Monte Carlo tree search.

Every agent sees only ``game.view(state, seat)`` and draws its chances from an ``Rng`` of its
own, so a study is reproducible and no agent can read what its seat may not see.
"""

from boardrules.agents.base import Agent, agent_streams, determinize, outcome, play_game
from boardrules.agents.greedy import GreedyAgent
from boardrules.agents.mcts import MCTSAgent
from boardrules.agents.random import RandomAgent

__all__ = [
    "Agent",
    "GreedyAgent",
    "MCTSAgent",
    "RandomAgent",
    "agent_streams",
    "determinize",
    "outcome",
    "play_game",
]
