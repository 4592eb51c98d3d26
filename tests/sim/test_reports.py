"""Reports: ties, imbalance flags, win rates per character or starting specialisation,
labels instead of ids, every content item, rule IDs behind events for every game."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardrules import load
from boardrules.agents import RandomAgent
from boardrules.core.errors import BadInput
from boardrules.games import lyceum, orbita, semya
from boardrules.sim import GameResult, SimulationResult, Summary, simulate, wilson
from boardrules.sim.report import build_report, content_groups, imbalance, write_report
from boardrules.sim.run import seats_of

pytest.importorskip("matplotlib")


def _study(name: str, games: int, **kwargs: Any) -> tuple[Any, SimulationResult]:
    game = load(name)
    return game, simulate(game, [RandomAgent()] * seats_of(game), games, seed=3,
                          executor=None, **kwargs)


@pytest.mark.parametrize(("name", "reached"), [
    ("semya", {"SEM-5": "refused", "SEM-9": "changed", "SEM-4": "ran"}),
    ("lyceum", {"LY-7": "changed", "LY-15": "read"}),
    ("orbita", {"ORB-9": "changed", "ORB-20": "changed", "ORB-6": "ran"}),
    ("kuhn", {"KUHN-6": "changed", "KUHN-7": "ran"}),
])
def test_coverage_credits_checks_phases_parts_and_facts(name: str,
                                                        reached: dict[str, str]) -> None:
    """The issue's rules listed as "never acted": a check that only refuses (SEM-5), a
    phase run inside another rule's effect (ORB-9's production, ORB-20's saving), a turn's
    moments (LY-7), a fact-only rule (LY-15), a part (the setup, the score)."""
    _game, result = _study(name, 2 if name == "orbita" else 20, coverage=True)
    decisions = result.summary.decisions
    for rule, what in reached.items():
        assert decisions[rule, what] > 0, (rule, what)
    report = build_report(result, name)
    for row in report.coverage:
        if not row.games.value:  # never reached means never: nothing counted for it
            assert row.rule not in reached
            assert not row.refused + row.changed + row.read, row
            assert not row.ran, row


def test_groups_are_win_rates_per_character_and_per_specialisation() -> None:
    _, result = _study("lyceum", 30)
    summary = result.summary
    names = {c.name_en for c in lyceum.Game().content.characters}
    assert set(summary.group_games["character"]) <= names
    assert sum(summary.group_games["character"].values()) == 30 * 4
    assert sum(summary.group_wins["character"].values()) == pytest.approx(
        30 - summary.no_winner
    )
    _, result = _study("orbita", 2)
    specs = {s.name_en for s in orbita.Spec}
    assert set(result.summary.group_games["starting specialisation"]) <= specs


def test_content_is_named_by_label_not_by_id() -> None:
    for name, games in (("semya", 40), ("lyceum", 10)):
        game, result = _study(name, games)
        ids = {c.id for c in getattr(game, "deck", ())} | {
            c.id for c in getattr(getattr(game, "content", None), "cards", ())
        }
        ids |= {c.id for c in getattr(getattr(game, "content", None), "characters", ())}
        keys = " ".join(result.summary.content)
        assert keys
        for item in ids:
            assert not re.search(rf"(?<![\w-]){re.escape(item)}(?![\w-])", keys), item


def _result(agents: tuple[str, ...], winners: tuple[int, ...]) -> GameResult:
    from boardrules.core.frozen import FrozenMap

    return GameResult(0, 0, agents, winners, (0,) * len(agents), 1,
                      groups=FrozenMap({"role": tuple(f"r{i}" for i in range(len(agents)))}))


@given(st.lists(st.sets(st.integers(0, 3), max_size=4), max_size=30))
def test_summary_counts_ties_and_shares(winner_sets: list[set[int]]) -> None:
    summary = Summary()
    for winners in winner_sets:
        summary.add(_result(("a", "b", "c", "d"), tuple(sorted(winners))))
    assert summary.ties == sum(1 for w in winner_sets if len(w) > 1)
    assert summary.no_winner == sum(1 for w in winner_sets if not w)
    assert sum(summary.seat_wins.values()) == pytest.approx(len(winner_sets) - summary.no_winner)
    assert sum(summary.group_wins.get("role", {}).values()) == pytest.approx(
        sum(summary.seat_wins.values())
    )
    assert sum(summary.seat_ties.values()) == sum(len(w) for w in winner_sets if len(w) > 1)
    halves = Summary(), Summary()
    for i, winners in enumerate(winner_sets):
        halves[i % 2].add(_result(("a", "b", "c", "d"), tuple(sorted(winners))))
    halves[0].merge(halves[1])
    assert (halves[0].ties, halves[0].no_winner, halves[0].seat_ties) == (
        summary.ties, summary.no_winner, summary.seat_ties
    )


@given(st.integers(1, 2000), st.data())
def test_imbalance_flag_is_the_interval_against_the_even_share(
    trials: int, data: st.DataObject
) -> None:
    wins = data.draw(st.integers(0, trials))
    even = data.draw(st.sampled_from([0.5, 1 / 3, 0.25]))
    rate = wilson(wins, trials)
    flag = imbalance(rate, even)
    assert flag == ("high" if rate.low > even else "low" if rate.high < even else "")


def test_the_issue_s_lyceum_seat_is_flagged() -> None:
    assert imbalance(wilson(156, 500), 0.25) == "high"  # 31.2% [27.3%, 35.4%]


def test_html_report_has_every_content_item_in_sortable_tables(tmp_path: Path) -> None:
    _, result = _study("lyceum", 20)
    path = write_report(result, tmp_path, "lyceum")
    page = path.read_text(encoding="utf-8")
    report = build_report(result, "lyceum")
    total = 0
    for _group, items in content_groups(report.content):
        total += len(items)
        for name, _count in items:
            assert f"<td>{html.escape(name)}</td>" in page
    assert total == len(report.content), "no item is cut"
    assert page.count("<table class='sortable'>") >= 5
    assert "Shared wins:" in page
    assert "wins_by_character.png" in page
    summary = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    assert summary["ties"] == result.summary.ties
    assert not (tmp_path / "results.csv").exists(), "no games kept, no per-game rows"


def test_results_csv_when_games_are_kept(tmp_path: Path) -> None:
    _, result = _study("semya", 12, keep_games=True)
    write_report(result, tmp_path, "semya")
    assert len((tmp_path / "results.csv").read_text(encoding="utf-8").splitlines()) == 13


@pytest.mark.parametrize(
    ("name", "agents", "setup"),
    [("lyceum", 2, {}), ("orbita", 3, {}), ("semya", 3, {}), ("lyceum", 4, {"players": 3})],
)
def test_wrong_number_of_agents_is_bad_input(name: str, agents: int,
                                             setup: dict[str, int]) -> None:
    with pytest.raises(BadInput, match="one agent per seat") as error:
        simulate(load(name), [RandomAgent()] * agents, 2, executor=None, setup=setup)
    assert error.value.path == "$.agents"


@pytest.mark.parametrize(("kwargs", "path"), [
    ({"games": -3}, "$.games"),
    ({"executor": "fibres"}, "$.executor"),
])
def test_bad_study_arguments_are_bad_input(kwargs: dict[str, object], path: str) -> None:
    options: dict[str, Any] = {"games": 2, "executor": None, **kwargs}
    with pytest.raises(BadInput) as error:
        simulate(semya.Game(), [RandomAgent()] * 2, **options)
    assert error.value.path == path


def _trap(rule: str) -> Any:
    def trapped(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError(f"{rule} was reached")

    return trapped


@pytest.mark.parametrize("name", ["kuhn", "semya", "lyceum", "orbita"])
def test_never_reached_means_never(name: str) -> None:
    """A rule the report lists as never reached can have every check, effect, fact and part
    replaced by one that fails when called: the same study then plays the same games."""
    import attrs

    game, result = _study(name, 3 if name == "orbita" else 20, keep_games=True, coverage=True)
    never = [row.rule for row in build_report(result, name).coverage
             if not row.terms and not row.games.value]
    book = game.rulebook
    trapped = {}
    for rule_id in never:
        rule = book.rule(rule_id)
        trap = _trap(rule_id)
        trapped[rule_id] = attrs.evolve(
            rule, checks=dict.fromkeys(rule.checks, trap),
            effects=dict.fromkeys(rule.effects, trap), facts=dict.fromkeys(rule.facts, trap),
            **dict.fromkeys(rule.parts(), trap))
    variant = game.with_rules(replace=trapped, name="trapped") if trapped else game
    again = simulate(variant, [RandomAgent()] * seats_of(game), len(result.games), seed=3,
                     executor=None, keep_games=True, coverage=True)
    assert [(g.seed, g.winners, g.points, g.length) for g in again.games] == [
        (g.seed, g.winners, g.points, g.length) for g in result.games]
    reached = {rule for rule, _ in again.summary.decisions}
    assert not reached & set(never)
