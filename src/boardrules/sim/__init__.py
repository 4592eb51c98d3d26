"""Batch simulation: many seeded games between agents, on one machine or a cluster.

Balance reports (``boardrules.sim.report``) need the ``report`` extra.
"""

from boardrules.sim.compare import compare
from boardrules.sim.run import (
    GameResult,
    SimulationResult,
    Summary,
    check_study,
    iter_games,
    seats_of,
    simulate,
)
from boardrules.sim.stats import Distribution, Pairs, Rate, distribution, wilson
from boardrules.sim.sweep import Variant, sweep

__all__ = [
    "Distribution",
    "GameResult",
    "Pairs",
    "Rate",
    "SimulationResult",
    "Summary",
    "Variant",
    "check_study",
    "compare",
    "distribution",
    "iter_games",
    "seats_of",
    "simulate",
    "sweep",
    "wilson",
]
