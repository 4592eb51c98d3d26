"""``compare``: the same seeded study under several rules variants, side by side."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from boardrules.agents.base import Agent
from boardrules.core.errors import BadInput
from boardrules.sim.report import Comparison, build_comparison
from boardrules.sim.run import Executors, Probe, SimulationResult, simulate

__all__ = ["compare", "study_name"]


def study_name(game: Any) -> str:
    """A study's name in a comparison: the game's variant, or ``rulebook`` for its own rules.

    >>> from boardrules.games import semya
    >>> study_name(semya.Game()), study_name(semya.fool_optional(semya.Game()))
    ('rulebook', 'fool-optional')
    """
    variant = getattr(game, "variant", None)
    return variant if isinstance(variant, str) else "rulebook"


def compare(
    games: Sequence[Any] | Mapping[str, Any],
    agents: Sequence[Agent],
    n: int = 100,
    seed: int = 0,
    *,
    title: str | None = None,
    lang: str = "en",
    executor: Executors = "processes",
    setup: dict[str, Any] | None = None,
    probe_refusals: Probe = False,
    progress: Callable[[int], None] | None = None,
) -> Comparison:
    """Play the same ``n`` seeded games with the same agents under each game (rules variants
    of one game, or one game with other options) and put every figure side by side, each
    study's difference from the first with its own 95% interval, flagged after Holm's
    correction (see :func:`~boardrules.sim.report.build_comparison`).

    Args:
        games: two or more games, named by their variant (``rulebook`` for the game's own
            rules), or a mapping of names to games.
        agents: one agent per seat, the same for every study.
        n: games per study.
        seed: the study seed, shared by every study, so they differ only by their rules.
        title: the heading (default: the game's name).
        lang: ``"en"`` or ``"ru"``.
        executor: as for :func:`~boardrules.sim.simulate`.
        setup: keyword arguments for ``game.new``.
        probe_refusals: as for :func:`~boardrules.sim.simulate`.
        progress: called with the games finished over all the studies.

    Raises:
        BadInput: for fewer than two games or two with the same name (``$.games``), and for
            anything :func:`~boardrules.sim.simulate` refuses.

    >>> from boardrules.agents import RandomAgent
    >>> from boardrules.games import semya
    >>> game = semya.Game()
    >>> both = compare([game, semya.fool_optional(game)], [RandomAgent()] * 2, 30,
    ...                executor=None)
    >>> both.names, both.figures[0].name
    (('rulebook', 'fool-optional'), 'win rate, seat 0')
    """
    named = dict(games) if isinstance(games, Mapping) else {}
    if not isinstance(games, Mapping):
        for game in games:
            name = study_name(game)
            if name in named:
                raise BadInput("$.games", f"two studies are named {name!r}; name them with a "
                               "mapping")
            named[name] = game
    if len(named) < 2:
        raise BadInput("$.games", "compare needs at least two games (rules variants)")
    results: list[SimulationResult] = []
    for game in named.values():
        done_before = len(results) * n

        def tick(done: int, before: int = done_before) -> None:
            if progress is not None:
                progress(before + done)

        results.append(simulate(game, agents, n, seed, executor=executor, setup=setup,
                                progress=tick, probe_refusals=probe_refusals))
    heading = title or next(iter(named.values())).name
    return build_comparison(results, list(named), heading, lang)
