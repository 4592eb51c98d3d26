"""The designer's workbench: simulate with options, variants and a language; honest flags
(Holm), agents stated, rule coverage, and studies compared side by side."""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardrules import load
from boardrules.agents import GreedyAgent, RandomAgent
from boardrules.core.errors import BadInput
from boardrules.core.registry import load_variant
from boardrules.games import lyceum, semya
from boardrules.sim import compare, simulate
from boardrules.sim.compare import Pairing
from boardrules.sim.progress import eta, plain_line
from boardrules.sim.report import build_report, imbalance, notes
from boardrules.sim.run import PROBE_EVERY
from boardrules.sim.stats import (
    Distribution,
    difference_of_means,
    difference_of_rates,
    distribution,
    holm,
    p_against,
    wilson,
)

pytest.importorskip("matplotlib")


@given(st.lists(st.floats(0, 1), max_size=30), st.sampled_from([0.01, 0.05, 0.1]))
def test_holm_controls_what_bonferroni_does_and_no_more_than_uncorrected(
    ps: list[float], alpha: float
) -> None:
    flags = holm(ps, alpha)
    m = len(ps)
    for p, flag in zip(ps, flags, strict=True):
        if p <= alpha / max(m, 1):
            assert flag, "Bonferroni's rejections are Holm's too"
        if flag:
            assert p <= alpha, "never more than uncorrected"
    # Step-down: the rejected are exactly the smallest ones.
    rejected = [p for p, f in zip(ps, flags, strict=True) if f]
    kept = [p for p, f in zip(ps, flags, strict=True) if not f]
    assert not rejected or not kept or max(rejected) <= min(kept)


@given(st.integers(1, 3000), st.data())
def test_the_score_test_is_the_test_the_wilson_interval_inverts(
    trials: int, data: st.DataObject
) -> None:
    wins = data.draw(st.integers(0, trials))
    even = data.draw(st.sampled_from([0.5, 1 / 3, 0.25]))
    rate = wilson(wins, trials)
    p = p_against(rate, even)
    if abs(p - 0.05) > 1e-6:  # at the boundary rounding decides
        assert (p < 0.05) == bool(imbalance(rate, even))


@given(st.integers(1, 500), st.integers(1, 500), st.data())
def test_newcombe_interval_holds_the_difference(n1: int, n2: int, data: st.DataObject) -> None:
    a = wilson(data.draw(st.integers(0, n1)), n1)
    b = wilson(data.draw(st.integers(0, n2)), n2)
    d = difference_of_rates(a, b)
    assert -1 <= d.low <= d.value <= d.high <= 1
    assert math.isclose(d.value, b.value - a.value)
    assert 0 <= d.p <= 1


@given(st.lists(st.integers(0, 50), min_size=2, max_size=40),
       st.lists(st.integers(0, 50), min_size=2, max_size=40))
def test_difference_of_means_is_centred_and_swaps_sign(xs: list[int], ys: list[int]) -> None:
    a, b = distribution(Counter(xs)), distribution(Counter(ys))
    d, e = difference_of_means(a, b), difference_of_means(b, a)
    assert math.isclose(d.value, b.mean - a.mean, abs_tol=1e-9)
    assert d.low <= d.value <= d.high
    assert math.isclose(d.value, -e.value, abs_tol=1e-9)
    assert math.isclose(d.p, e.p, abs_tol=1e-9)


def test_the_issue_s_lone_lyceum_rate_is_not_flagged_among_fourteen() -> None:
    """29.4% of 160 seats against 25%: outside alone (p ≈ 0.2 would not even be), but one of
    14 rates: not flagged after Holm's correction."""
    rate = wilson(47, 160)
    assert p_against(rate, 0.25) > 0.05 / 14
    assert holm([p_against(rate, 0.25)] + [0.5] * 13) == [False] * 14


def test_report_flags_are_corrected_and_say_so() -> None:
    game = semya.Game()
    result = simulate(game, [GreedyAgent(), RandomAgent()], 100, seed=1, executor=None)
    report = build_report(result, "t")
    assert report.tested == 4  # two seats and two agents
    assert {name for name, _ in report.flagged()} == {"agent greedy", "agent random"}
    assert report.mixed_agents
    assert dict(report.seat_agents[0][1]) == {"greedy": 50, "random": 50}


def test_a_russian_report_names_characters_in_russian() -> None:
    result = simulate(lyceum.Game(), [RandomAgent()] * 4, 12, seed=2, executor=None)
    report = build_report(result, "Лицей", "ru")
    grouping, rates = report.group_rates[0]
    assert grouping == "персонаж"
    names = {c.name_ru for c in lyceum.Game().content.characters}
    assert {label for label, _ in rates} <= names
    english = {c.name_en for c in lyceum.Game().content.characters}
    for label, _ in report.content:
        assert not any(label.endswith(f": {name}") for name in english), label


@pytest.mark.parametrize("name", ["semya", "lyceum", "kuhn"])
def test_coverage_lists_every_rule_and_never_acting_ones_first(name: str) -> None:
    game = load(name)
    seats = len(game.score(game.new(0)).points)
    result = simulate(game, [RandomAgent()] * seats, 20, seed=4, executor=None,
                      probe_refusals="sampled", coverage=True)
    report = build_report(result, name)
    ids = [rule.id for rule in game.rulebook]
    assert sorted(row.rule for row in report.coverage) == sorted(ids)
    shares = [row.games.value for row in report.coverage]
    assert shares == sorted(shares), "never-reached rules first, then by how often"
    assert result.summary.probed > 0
    assert all(row.probed is not None for row in report.coverage)


def test_every_card_play_counts_for_its_rule() -> None:
    """7Я's card plays are SEM-6's: its effect handles them, and its events say so."""
    result = simulate(semya.Game(), [RandomAgent()] * 2, 20, seed=5, executor=None,
                      coverage=True)
    s = result.summary
    assert s.decisions["SEM-6", "changed"] == s.events["card_played"] == s.actions["play_card"]
    assert sum(s.actions.values()) == sum(k * v for k, v in s.lengths.items())


def test_probing_off_is_said_not_shown_as_none() -> None:
    result = simulate(semya.Game(), [RandomAgent()] * 2, 5, seed=5, executor=None)
    report = build_report(result, "t")
    assert report.probed == 0
    assert all(row.probed is None for row in report.coverage)
    assert "Refusals of the whole vocabulary were not probed (probe_refusals)." in notes(report)


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 1000))
def test_sampled_probing_is_a_sample_of_full_probing(seed: int) -> None:
    game = semya.Game()
    full = simulate(game, [RandomAgent()] * 2, 6, seed=seed, executor=None,
                    probe_refusals=True)
    some = simulate(game, [RandomAgent()] * 2, 6, seed=seed, executor=None,
                    probe_refusals="sampled")
    states = sum(k * v for k, v in full.summary.lengths.items())
    assert full.summary.probed == states
    assert some.summary.probed <= states
    assert set(some.summary.refusals) <= set(full.summary.refusals)
    assert full.summary.lengths == some.summary.lengths, "probing does not change play"


def test_sampled_probing_probes_about_one_state_in_thirty_two() -> None:
    result = simulate(semya.Game(), [RandomAgent()] * 2, 300, seed=1, executor=None,
                      probe_refusals="sampled")
    states = sum(k * v for k, v in result.summary.lengths.items())
    assert abs(result.summary.probed - states / PROBE_EVERY) < 4 * math.sqrt(states / 32)


def test_an_unknown_probing_mode_is_bad_input() -> None:
    with pytest.raises(BadInput) as error:
        simulate(semya.Game(), [RandomAgent()] * 2, 1, executor=None,
                 probe_refusals="most")  # type: ignore[arg-type]
    assert error.value.path == "$.probe_refusals"


def test_variants_load_by_name_and_unknown_ones_name_the_known() -> None:
    assert load_variant("semya", "fool-optional").variant == "fool-optional"
    assert load_variant("lyceum", "share-rounded-down").variant == "share-rounded-down"
    assert load_variant("semya", "rulebook").variant is None
    with pytest.raises(BadInput, match="rulebook, fool-optional") as error:
        load_variant("semya", "nope")
    assert error.value.path == "$.variant"
    with pytest.raises(BadInput) as error:
        load_variant("orbita", "rulebook", rounds="x")
    assert error.value.path == "$.options.rounds"


def test_compare_puts_variants_side_by_side_with_differences() -> None:
    game = semya.Game()
    both = compare([game, semya.fool_optional(game)], [RandomAgent()] * 2, 200, seed=3,
                   executor=None)
    assert both.names == ("rulebook", "fool-optional")
    by_key = {f.key: f for f in both.figures}
    fool = by_key["event", "fool_played"].differences[0]
    assert fool is not None
    assert fool.significant
    assert fool.adjusted is not None
    assert fool.p <= fool.adjusted
    assert fool.low > 0, "the optional Fool is thrown in more games"
    seat = by_key["win", 0].differences[0]
    assert seat is not None
    assert not seat.significant
    assert both.tested["headline"] == sum(
        d is not None for f in both.figures if f.family == "headline" for d in f.differences)
    assert 0 <= both.same[0] < 200
    for figure in both.figures:
        assert len(figure.estimates) == 2
        assert figure.unit


@settings(max_examples=5, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 1)), min_size=2, max_size=80))
def test_paired_shares_are_mcnemar_and_the_interval_holds_the_mean(
        games: list[tuple[int, int]]) -> None:
    from boardrules.sim.stats import Pairs

    pairs = Pairs()
    for a, b in games:
        pairs.add(a, b)
    d = pairs.difference()
    assert math.isclose(d.value, sum(b - a for a, b in games) / len(games))
    assert d.low <= d.value <= d.high
    if pairs.up == pairs.down:
        assert d.p == 1.0


def test_compare_refuses_one_study_or_two_of_the_same_name() -> None:
    game = semya.Game()
    with pytest.raises(BadInput):
        compare([game], [RandomAgent()] * 2, 2, executor=None)
    with pytest.raises(BadInput):
        compare([game, game], [RandomAgent()] * 2, 2, executor=None)


def test_a_variant_that_changes_nothing_says_so_with_no_differences() -> None:
    game = semya.Game()
    same = game.with_rules(replace={"SEM-5": game.rulebook.rule("SEM-5")}, name="same")
    comparison = compare([game, same], [RandomAgent()] * 2, 60, seed=8, executor=None)
    assert comparison.same == (60,)
    assert not comparison.significant()
    assert all(d is None for f in comparison.figures for d in f.differences)
    assert comparison.tested == {"headline": 0, "content": 0}
    assert Pairing(2).same == [0]


def test_plain_progress_lines_and_time_left() -> None:
    assert eta(50, 100, 5.0) == 5.0
    assert plain_line("lyceum", 50, 100, 5.0) == (
        "lyceum: 50/100 games, 10 games/s, about 5 s left"
    )
    assert isinstance(distribution(Counter({1: 1})), Distribution)


def test_simulate_command_compares_variants_in_russian(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from boardrules.cli import app

    out = tmp_path / "cmp"
    result = CliRunner().invoke(app, [
        "simulate", "semya", "-n", "30", "--jobs", "1", "--variant", "rulebook",
        "--variant", "fool-optional", "--lang", "ru", "--quiet", "--out", str(out),
    ])
    assert result.exit_code == 0, result.output
    assert "поправкой Холма" in " ".join(result.output.split())
    assert (out / "comparison.html").exists()
    assert (out / "rulebook" / "report.html").exists()
    assert (out / "fool-optional" / "report.html").exists()
    data = json.loads((out / "comparison.json").read_text(encoding="utf-8"))
    assert data["names"] == ["rulebook", "fool-optional"]


@pytest.mark.parametrize(("args", "expected"), [
    (["--option", "rounds=x"], "--option: $.options.rounds"),
    (["--option", "nope=1"], "--option: $.options.nope: orbita has no option 'nope'"),
    (["--option", "rounds"], "--option takes KEY=VALUE"),
    (["--variant", "zz"], "--variant: $.variant: orbita has no variant 'zz'"),
    (["--probe", "some"], "--probe is sampled, all or off"),
])
def test_simulate_command_refuses_bad_options_in_one_line(
    args: list[str], expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from boardrules.cli import main

    with pytest.raises(SystemExit) as status:
        main(["simulate", "orbita", "-n", "1", "--jobs", "1", "--out", str(tmp_path), *args])
    assert status.value.code == 2
    err = capsys.readouterr().err
    assert expected in err
    assert len(err.strip().splitlines()) == 1


def test_simulate_command_takes_options(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from boardrules.cli import app

    result = CliRunner().invoke(app, [
        "simulate", "orbita", "-n", "2", "--jobs", "1", "--option", "rounds=2",
        "--probe", "off", "--out", str(tmp_path),
    ])
    assert result.exit_code == 0, result.output
    summary = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    assert summary["probed"] == 0
    assert summary["games"] == 2
