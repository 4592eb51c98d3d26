"""Batch simulation: many seeded games between agents, on one machine or a cluster."""

from boardrules.sim.run import GameResult, SimulationResult, Summary, iter_games, simulate

__all__ = ["GameResult", "SimulationResult", "Summary", "iter_games", "simulate"]
