"""A bounded load test on 127.0.0.1: concurrent person-vs-bot 7Я matches with no error.

Small by default (it runs in ``make test``); ``benchmarks/server_load.py`` runs the big one
whose figures are on the performance page. Nothing here is timed: the run is bounded in
time and must end without a single refusal, broken push or lost match.
"""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from .conftest import ServerProcess

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "server_load.py"


def _bench() -> Any:
    name = "boardrules_server_load"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, BENCH)
        assert spec is not None
        assert spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def test_concurrent_matches_of_bots_and_scripted_clients_run_without_error(
    db_url: str, serve: Callable[..., ServerProcess]
) -> None:
    server = serve(db_url, "--max-live-per-client", "1000", "--create-rate", "1000",
                   "--log-level", "warning")
    result = asyncio.run(_bench().load(server.url, matches=12, seconds=4.0))
    assert result.errors == []
    assert result.moves > 12, "every client moved"
    assert len(result.reply_ms) > 0, "the bots replied"
    summary = result.summary()
    assert summary["move_p50_ms"] <= summary["move_p99_ms"]


def test_clients_split_among_processes_play_every_match_without_error(
    serve: Callable[..., ServerProcess], tmp_path: Path
) -> None:
    # ``--client-processes``: the same clients, each in one of two processes of their own.
    server = serve(str(tmp_path / "split.sqlite3"), "--max-live-per-client", "1000",
                   "--create-rate", "1000", "--log-level", "warning")
    result = asyncio.run(_bench().sharded(False, server.url, 5, 4.0, 2))
    assert result.errors == []
    assert result.moves > 5, "every client moved"
    assert len(result.reply_ms) > 0, "the bots replied"


def test_the_in_process_move_benchmark_plays_every_move_it_times(capsys: Any) -> None:
    """``benchmarks/server_move.py`` (a person's move in process, CPU time) runs, and its
    loop plays real moves: each one timed is a person's move the store accepted."""
    path = BENCH.with_name("server_move.py")
    spec = importlib.util.spec_from_file_location("boardrules_server_move", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--moves", "10"]) == 0
    out = capsys.readouterr().out
    assert '"moves": 10' in out
    from boardrules.server.matches import Matches
    from boardrules.server.store import open_store

    store = open_store(":memory:")
    try:
        matches = Matches(store, module.LIMITS)
        assert len(module.play(matches, 15)) == 15
        people = store.live(0.0) + store.old(1e12, 0.0)
        stored = sum(len(store.moves(row.id, 0, row.version)) for row in people)
        assert stored >= 15, "the timed moves were stored"
    finally:
        store.close()


@settings(max_examples=50, deadline=None)
@given(pairs=st.lists(st.tuples(st.floats(0.1, 1e4), st.floats(0.1, 1e4)), min_size=1,
                      max_size=12))
def test_the_baselines_ratio_is_the_median_of_the_paired_turns_ratios(
    pairs: list[tuple[float, float]]
) -> None:
    """``server_load.py --baseline`` reports the median of each pair of turns' ratio (the
    server's p50 over the bare endpoint's), every ratio, and their lowest and highest."""
    server, bare = [a for a, _ in pairs], [b for _, b in pairs]
    figures = _bench().ratio_figures(server, bare)
    ratios = sorted(a / b for a, b in pairs)
    middle = (ratios[(len(ratios) - 1) // 2] + ratios[len(ratios) // 2]) / 2
    assert figures["move_p50_vs_baseline"] == round(middle, 2)
    assert figures["ratio_rounds"] == [round(a / b, 2) for a, b in pairs]
    assert figures["ratio_spread"] == [round(ratios[0], 2), round(ratios[-1], 2)]
    if len(pairs) >= 2:  # one more pair, spoilt by other load, leaves the median in range
        spoilt = _bench().ratio_figures([*server, 1e6], [*bare, 1.0])
        assert spoilt["move_p50_vs_baseline"] <= round(ratios[-1], 2)


def test_interleaved_moves_are_cut_into_stretches_of_equal_count() -> None:
    """``--interleave``: each side's moves, in order, in stretches of equal count (the
    remainder left out), each stretch's p50s paired; too few moves give one pair."""
    blocks = _bench().paired_blocks([4.0, 6.0, 9.0, 9.0, 1.0], [2.0, 2.0, 3.0, 3.0, 7.0], 2)
    assert blocks == [(5.0, 2.0), (9.0, 3.0)]
    assert _bench().paired_blocks([4.0], [2.0, 3.0], 5) == [(4.0, 2.5)]
    assert _bench().paired_blocks([], [2.0], 5) == []
