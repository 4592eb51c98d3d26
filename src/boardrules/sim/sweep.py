"""``sweep``: the same study over every combination of options and rule variants."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
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
    """One combination of options (and rules variant) and its study.

    Attributes:
        options: the game options of this study.
        result: the study.
        rules: the rules variant's name (``game.variant``), or ``None`` for the game's own
            rules.
    """

    options: FrozenMap[str, Any]
    result: SimulationResult
    rules: str | None = None


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
    rules: Sequence[Callable[[Any], Any] | None] = (None,),
) -> tuple[Variant, ...]:
    """Run one study per combination of ``options_grid`` and ``rules``.

    Every study uses the same study seed, so the variants differ only by their rules.

    Args:
        game_name: the registered game.
        options_grid: for each option, the values to try (every combination is run).
        agents: one agent per seat.
        games: games per study.
        seed: the study seed, shared by every study.
        executor: as for :func:`~boardrules.sim.simulate`.
        setup: keyword arguments for ``game.new``.
        keep_games: keep every game's result.
        rules: functions that turn the game into a rules variant
            (``lambda g: g.with_rules(...)``); ``None`` stands for the game's own rules.
            By default only the game's own rules are run.

    >>> from boardrules.agents import RandomAgent
    >>> variants = sweep("semya", {}, [RandomAgent(), RandomAgent()], games=4, executor=None)
    >>> len(variants), variants[0].result.summary.games
    (1, 4)
    """
    names = list(options_grid)
    out = []
    for values in itertools.product(*(options_grid[name] for name in names)):
        options = dict(zip(names, values, strict=True))
        base = load(game_name, **options)
        for make in rules:
            game = base if make is None else make(base)
            result = simulate(
                game, agents, games, seed, executor=executor, setup=setup, keep_games=keep_games
            )
            out.append(Variant(FrozenMap(options), result, getattr(game, "variant", None)))
    return tuple(out)
