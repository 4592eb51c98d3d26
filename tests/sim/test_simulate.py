"""Same seed, same results, whatever the executor and the chunking."""

from __future__ import annotations

from collections import Counter
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardrules import load, replay
from boardrules.agents import GreedyAgent, RandomAgent
from boardrules.games import semya
from boardrules.sim import distribution, iter_games, run, simulate, sweep, wilson
from boardrules.sim.report import build_report
from boardrules.sim.run import label_content, seats_of

GAME = semya.Game()
AGENTS = [GreedyAgent(), RandomAgent()]


def test_executors_and_chunks_do_not_change_results() -> None:
    here = simulate(GAME, AGENTS, 60, seed=5, executor=None, keep_records=True, keep_games=True)
    with ThreadPoolExecutor(2) as threads:
        threaded = simulate(GAME, AGENTS, 60, seed=5, executor=threads, chunk_size=7,
                            keep_records=True, keep_games=True)
    with ProcessPoolExecutor(2) as processes:
        pooled = simulate(GAME, AGENTS, 60, seed=5, executor=processes, chunk_size=1,
                          keep_records=True, keep_games=True)
    named = simulate(GAME, AGENTS, 60, seed=5, executor="threads", chunk_size=7,
                     keep_records=True, keep_games=True)
    assert here.games == threaded.games == pooled.games == named.games
    assert here.summary == threaded.summary == pooled.summary == named.summary


def test_default_executor_is_a_local_pool() -> None:
    assert simulate(GAME, AGENTS, 20, seed=1, keep_games=True).games == simulate(
        GAME, AGENTS, 20, seed=1, executor=None, keep_games=True
    ).games


class _NoThreads(ThreadPoolExecutor):
    """A thread pool on a platform without threads: it starts, but its first worker cannot."""

    def submit(self, *args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("can't start new thread")


def _no_processes(*args: Any, **kwargs: Any) -> Any:
    raise NotImplementedError("This platform lacks a functioning sem_open implementation")


def _must_not_start(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("no pool may be started on this platform")


@pytest.mark.parametrize("executor", ["processes", "threads"])
def test_named_pools_run_here_on_a_platform_without_processes_or_threads(
    monkeypatch: pytest.MonkeyPatch, executor: str
) -> None:
    here = simulate(GAME, AGENTS, 9, seed=4, executor=None, keep_games=True)
    monkeypatch.setattr(run.sys, "platform", "emscripten")  # Pyodide's
    monkeypatch.setattr(run, "ProcessPoolExecutor", _must_not_start)
    monkeypatch.setattr(run, "ThreadPoolExecutor", _must_not_start)
    assert run.local_pool("processes") is None
    assert run.local_pool("threads") is None
    there = simulate(GAME, AGENTS, 9, seed=4, executor=executor, keep_games=True)
    assert there.games == here.games
    assert there.summary == here.summary


def test_pools_that_cannot_start_a_worker_run_here(monkeypatch: pytest.MonkeyPatch) -> None:
    here = simulate(GAME, AGENTS, 9, seed=4, executor=None, keep_games=True, chunk_size=2)
    monkeypatch.setattr(run, "ProcessPoolExecutor", _no_processes)
    monkeypatch.setattr(run, "ThreadPoolExecutor", _NoThreads)
    assert run.local_pool("processes") is None
    for executor in ("processes", "threads"):
        there = simulate(GAME, AGENTS, 9, seed=4, executor=executor, keep_games=True,
                         chunk_size=2)
        assert there.games == here.games
        assert there.summary == here.summary


def test_an_executor_given_that_cannot_start_is_not_hidden() -> None:
    with _NoThreads(1) as pool, pytest.raises(RuntimeError, match="can't start new thread"):
        simulate(GAME, AGENTS, 3, seed=4, executor=pool)


def test_results_replay_and_summaries_add_up() -> None:
    result = simulate(GAME, AGENTS, 40, seed=9, executor=None, keep_records=True,
                      keep_games=True, coverage=True)
    summary = result.summary
    assert summary.games == 40
    assert sum(summary.seat_wins.values()) == 40
    assert sum(summary.agent_games.values()) == 80
    assert summary.endings["SEM-9"] == 40
    for game in result.games:
        assert game.record is not None
        final = replay(game.record)[-1]
        assert GAME.score(final).points == game.points
        assert len(game.record.actions) == game.length
    seats = [game.agents for game in result.games[:2]]
    assert seats == [("greedy", "random"), ("random", "greedy")], "seats rotate"


def test_streaming_keeps_only_the_summary() -> None:
    finished: list[int] = []
    result = simulate(GAME, AGENTS, 30, seed=2, executor=None, progress=finished.append)
    assert result.games == ()
    assert result.summary.games == 30
    assert finished == list(range(1, 31))
    assert [g.index for g in iter_games(GAME, AGENTS, 5, 2)] == [0, 1, 2, 3, 4]


@pytest.mark.parametrize("games", [0, 1, 3])
def test_small_studies(games: int) -> None:
    assert len(simulate(GAME, AGENTS, games, seed=0, executor=None, keep_games=True).games) == games


def test_sweep_runs_each_variant_with_the_same_seed() -> None:
    doubled = tuple(
        semya.Card(c.id, c.start, c.end, c.suit, c.points * 2, c.name_ru, c.name_en)
        for c in GAME.deck
    )
    variants = sweep("semya", {"deck": [GAME.deck, doubled]}, AGENTS, games=20, executor=None,
                     keep_games=True)
    assert len(variants) == 2
    plain, double = (v.result for v in variants)
    # Neither agent looks at points, so the games are the same; only the points differ.
    assert [(g.winners, g.length) for g in plain.games] == [
        (g.winners, g.length) for g in double.games
    ]
    assert variants[1].options["deck"] == doubled
    for a, b in zip(plain.games, double.games, strict=True):
        assert all(q >= p for p, q in zip(a.points, b.points, strict=True))
    assert sum(sum(g.points) for g in double.games) > sum(sum(g.points) for g in plain.games)


@given(st.integers(1, 10_000), st.data())
def test_wilson_interval_contains_the_rate(trials: int, data: st.DataObject) -> None:
    wins = data.draw(st.integers(0, trials))
    rate = wilson(wins, trials)
    assert 0.0 <= rate.low <= rate.value <= rate.high <= 1.0


def test_distribution_summary() -> None:
    d = distribution(Counter({10: 90, 20: 10}))
    assert (d.count, d.minimum, d.median, d.p95, d.maximum) == (100, 10, 10, 20, 20)
    assert d.mean == 11.0


def test_a_simulated_game_is_the_game_play_game_plays() -> None:
    from boardrules.agents import play_game

    result = simulate(GAME, AGENTS, 6, seed=11, executor=None, keep_games=True)
    for game in result.games:
        seated = [AGENTS[(seat + game.index) % 2] for seat in range(2)]
        final, actions = play_game(GAME, seated, game.seed)
        assert GAME.score(final).points == game.points
        assert len(actions) == game.length


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 30))
def test_content_games_count_the_games_each_label_happened_in(seed: int, games: int) -> None:
    """A content label's games are the kept games whose tally has it at least once."""
    result = simulate(GAME, AGENTS, games, seed=seed, executor=None, keep_games=True)
    expected: Counter[str] = Counter()
    for game in result.games:
        labelled = label_content(GAME, Counter(game.content))
        expected.update(label for label, count in labelled.items() if count > 0)
    assert result.summary.content_games == expected
    report = build_report(result, "t")
    for label, rate in report.content_games:
        assert rate.trials == games
        assert rate.successes == expected[label] <= games


def test_orbita_reports_structures_that_never_formed() -> None:
    """Orbita tallies every kind it knows, so "corporations formed" shows even at 0 games."""
    from boardrules.games import orbita

    game = orbita.Game(rounds=1)
    result = simulate(game, [RandomAgent()] * 4, 3, seed=1, executor=None,
                      setup={"players": 4})
    assert "corporations formed" in result.summary.content
    assert result.summary.content_games["corporations formed"] <= 3


class _ByView:
    """An agent that only has ``choose``: simulate makes its view and re-checks its move."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.name = agent.name

    def choose(self, game: Any, view: Any, seat: int, rng: Any) -> Any:
        return self.agent.choose(game, view, seat, rng)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(1, 12), st.sampled_from(["kuhn", "semya"]))
def test_agents_that_choose_among_the_legal_actions_play_as_from_their_view(
    seed: int, games: int, name: str
) -> None:
    # simulate hands RandomAgent and KindUniformAgent the state's listing (CORE-5) instead
    # of a view: the same games, the same summary.
    import boardrules
    from boardrules.agents import KindUniformAgent

    game = boardrules.load(name)
    agents = [RandomAgent(), KindUniformAgent()]
    fast = simulate(game, agents, games, seed=seed, executor=None, keep_games=True,
                    keep_records=True)
    slow = simulate(game, [_ByView(a) for a in agents], games, seed=seed, executor=None,
                    keep_games=True, keep_records=True)
    assert [attrs.evolve(g, decisions={}) for g in fast.games] == [
        attrs.evolve(g, decisions={}) for g in slow.games]
    # A view is made only for slow, and an action chosen from a view's listing is checked
    # again when applied: what ran and was asked differs, what the rules decided does not.
    for a, b in zip(fast.games, slow.games, strict=True):
        assert {k: v for k, v in a.decisions.items() if k[1] not in ("ran", "asked")} == {
            k: v for k, v in b.decisions.items() if k[1] not in ("ran", "asked")}


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(1, 300))
def test_seeds_derived_ahead_are_each_games_own(seed: int, chunk: int) -> None:
    # A study played here derives its games' seeds and streams up to 256 games at a time,
    # across its chunks; every game still gets the seed and streams that are its own.
    from boardrules.games import kuhn

    game, agents = kuhn.Game(), [RandomAgent(), RandomAgent()]
    study = simulate(game, agents, 600, seed=seed, executor=None, chunk_size=chunk,
                     keep_games=True)
    alone = [run.play_one(game, agents, i, seed, {}, False) for i in (0, 255, 256, 257, 599)]
    assert [study.games[r.index] for r in alone] == alone
    assert study.summary == simulate(game, agents, 600, seed=seed, executor=None,
                                     chunk_size=600).summary


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 2**64 - 1), st.sampled_from(["kuhn", "semya", "lyceum"]),
       st.booleans())
def test_a_studys_events_come_in_the_order_first_seen(
    seed: int, name: str, keep_games: bool
) -> None:
    # A study's event types come in the order their first events happened, game after game
    # (a report's ties keep that order).
    import boardrules
    from boardrules.serde import tag_of

    game = boardrules.load(name)
    agents = [RandomAgent()] * seats_of(game)
    study = simulate(game, agents, 12, seed=seed, executor=None, keep_games=keep_games)
    kept = simulate(game, agents, 12, seed=seed, executor=None, keep_games=True,
                    keep_records=True)
    tags: dict[str, None] = {}
    for result in kept.games:
        assert result.record is not None
        state = game.new(result.seed)
        for action in result.record.actions:
            transition = game.step(state, action)
            state = transition.state
            for event in transition.events:
                tags.setdefault(tag_of(type(event)))
    assert list(study.summary.events) == list(tags)


@pytest.mark.parametrize("name", ["kuhn", "semya", "lyceum", "orbita"])
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_coverage_counts_decisions_and_changes_nothing_else(name: str, seed: int) -> None:
    """``coverage=True`` plays the same games (the traced twin has the same rules): every
    figure but the decisions and the endings is the same; without it none is counted."""
    game = load(name, **({"rounds": 2} if name == "orbita" else {}))
    agents = [RandomAgent()] * seats_of(game)
    plain, counted = (simulate(game, agents, 3, seed=seed, executor=None, keep_games=True,
                               coverage=coverage) for coverage in (False, True))
    assert not plain.coverage
    assert counted.coverage
    assert sum(counted.summary.endings.values()) == 3
    assert not plain.summary.decisions
    assert not plain.summary.endings
    for a, b in zip(plain.games, counted.games, strict=True):
        assert attrs.evolve(b, decisions=a.decisions, ender=None) == a
