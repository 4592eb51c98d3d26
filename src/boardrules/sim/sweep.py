"""``sweep``: the same study over every combination of rule variants (game options)."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from typing import Any

import attrs

from boardrules.agents.base import Agent
from boardrules.core.frozen import FrozenMap
from boardrules.core.registry import load
from boardrules.sim.run import SimulationResult, simulate

__all__ = ["Variant", "sweep"]


@attrs.frozen
class Variant:
    """One combination of options and its study."""

    options: FrozenMap[str, Any]
    result: SimulationResult


def sweep(
    game_name: str,
    options_grid: Mapping[str, Sequence[Any]],
    agents: Sequence[Agent],
    games: int = 100,
    seed: int = 0,
    *,
    executor: Executor | str | None = "processes",
    setup: dict[str, Any] | None = None,
    keep_games: bool = False,
) -> tuple[Variant, ...]:
    """Run one study per combination of ``options_grid`` (every value of every option).

    Every variant uses the same study seed, so the variants differ only by their rules.

    >>> from boardrules.agents import RandomAgent
    >>> variants = sweep("semya", {}, [RandomAgent(), RandomAgent()], games=4, executor=None)
    >>> len(variants), variants[0].result.summary.games
    (1, 4)
    """
    names = list(options_grid)
    out = []
    for values in itertools.product(*(options_grid[name] for name in names)):
        options = dict(zip(names, values, strict=True))
        game = load(game_name, **options)
        result = simulate(
            game, agents, games, seed, executor=executor, setup=setup, keep_games=keep_games
        )
        out.append(Variant(FrozenMap(options), result))
    return tuple(out)
