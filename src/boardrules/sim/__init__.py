"""Batch simulation: many seeded games between agents, on one machine or a cluster.

Balance reports (``boardrules.sim.report``) need the ``report`` extra.
"""

from boardrules.sim.run import GameResult, SimulationResult, Summary, iter_games, simulate
from boardrules.sim.stats import Distribution, Rate, distribution, wilson
from boardrules.sim.sweep import Variant, sweep

__all__ = [
    "Distribution",
    "GameResult",
    "Rate",
    "SimulationResult",
    "Summary",
    "Variant",
    "distribution",
    "iter_games",
    "simulate",
    "sweep",
    "wilson",
]
