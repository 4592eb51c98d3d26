"""A study on a real Dask cluster gives the same results as one in this process."""

from __future__ import annotations

import distributed

from boardrules.agents import GreedyAgent, RandomAgent
from boardrules.games import semya
from boardrules.sim import simulate


def test_dask_local_cluster_matches_in_process() -> None:
    game = semya.Game()
    agents = [GreedyAgent(), RandomAgent()]
    expected = simulate(game, agents, 50, seed=4, executor=None, keep_games=True)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        result = simulate(game, agents, 50, seed=4, executor=client.get_executor(), chunk_size=5,
                          keep_games=True)
    assert result.games == expected.games
    assert result.summary == expected.summary
