"""Match (undo, redo, fork), the registry, violations, standings and frozen maps."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import boardrules
from boardrules import (
    FrozenMap,
    GameRecord,
    IllegalAction,
    Match,
    ReplayError,
    Standing,
    Standings,
    UnknownGame,
    Violation,
    game_names,
    load,
    load_game,
    register,
    replay,
)
from boardrules.core import registry
from boardrules.core.standings import rank_by_points
from boardrules.games import semya

GAME = semya.Game()


def _isort_style(name: str) -> tuple[int, str]:
    kind = 0 if name.isupper() else 1 if name[0].isupper() else 2
    return kind, name


def test_public_names_are_sorted_and_exported() -> None:
    assert list(boardrules.__all__) == sorted(boardrules.__all__, key=_isort_style)
    assert list(semya.__all__) == sorted(semya.__all__, key=_isort_style)
    for name in boardrules.__all__:
        assert hasattr(boardrules, name)


@given(st.integers(0, 2**64 - 1), st.lists(st.integers(0, 100), max_size=40))
def test_match_undo_redo_fork(seed: int, picks: list[int]) -> None:
    match = Match(GAME, seed)
    for pick in picks:
        legal = match.legal_actions()
        if not legal:
            break
        match.play(legal[pick % len(legal)])
    played = len(match.record.actions)
    end = match.state
    fork = match.fork()
    while match.can_undo():
        match.undo()
    assert match.state == GAME.new(seed)
    assert len(match.record.actions) == 0
    assert fork.state == end
    while match.can_redo():
        match.redo()
    assert match.state == end
    assert len(match.events) == played
    assert replay(match.record)[-1] == end
    assert Match.from_record(match.record).state == end


def test_match_errors_and_branching() -> None:
    match = Match(GAME, 1, first=0)
    with pytest.raises(IndexError):
        match.undo()
    with pytest.raises(IndexError):
        match.redo()
    with pytest.raises(IllegalAction):
        match.play(semya.PlayFool())
    assert match.record.actions == ()
    match.play(semya.PlayCard("sun-saturn"), note="начало")
    match.undo()
    match.play(semya.PlayCard("sun-venus"))
    assert not match.can_redo()
    assert match.record.actions == (semya.PlayCard("sun-venus"),)
    assert match.record.notes == ()
    assert match.to_move() == 1
    assert match.check(semya.PlayFool()) is not None
    assert not match.score().final


def test_replay_reports_the_move_and_violation() -> None:
    record = GAME.record(1, (semya.PlayCard("sun-saturn"), semya.PlayCard("moon-sun")), first=0)
    with pytest.raises(ReplayError) as info:
        replay(record)
    assert info.value.move == 1, "code reads the index into record.actions"
    assert info.value.number == 2, "people read moves from 1"
    assert info.value.violation.rule == "SEM-6"
    assert str(info.value).startswith("move 2 (actions[1]): SEM-6")
    with pytest.raises(ReplayError):
        Match.from_record(record)


def test_registry_loads_and_refuses_unknown_games() -> None:
    assert "semya" in game_names()
    assert load("semya") == semya.Game()
    with pytest.raises(UnknownGame, match="known games"):
        load("chess")
    with pytest.raises(LookupError):
        load("chess")


def test_third_party_games_register_by_entry_point(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        registry, "_entry_points", lambda: {"mysemya": "boardrules.games.semya:Game"}
    )
    assert "mysemya" in game_names()
    assert load("mysemya") == semya.Game()


def test_register_in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_REGISTERED", {})
    register("custom", semya.Game)
    assert "custom" in game_names()
    assert isinstance(load("custom"), semya.Game)


def test_record_is_a_value() -> None:
    a = GAME.record(3, (semya.PlayCard("sun-saturn"),))
    b = GAME.record(3, (semya.PlayCard("sun-saturn"),))
    assert a == b
    assert hash(a) == hash(b)
    assert isinstance(a, GameRecord)
    assert load_game(a) == GAME
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        a.seed = 4  # type: ignore[misc]


def test_violation_messages_in_both_languages() -> None:
    v = Violation("SEM-8", "fool_has_answer", {"seat": 1})
    assert v.message("en").startswith("The Fool is only for a seat with no answer")
    assert "Дурень" in v.message("ru")
    assert str(v).startswith("SEM-8: ")
    assert eval(repr(v)) == v  # the repr pastes back as code
    unknown = Violation("XYZ-1", "mystery", {"n": 2})
    assert unknown.message() == "mystery (n=2)"


@given(st.lists(st.integers(-50, 50), min_size=1, max_size=6))
def test_ranks_share_ties_and_count_better_seats(points: list[int]) -> None:
    ranks = rank_by_points(points)
    for p, r in zip(points, ranks, strict=True):
        assert r == 1 + sum(q > p for q in points)


def test_standings_are_a_sequence() -> None:
    s = Standings((Standing(0, 5, 1, {"cards": 5}), Standing(1, 3, 2)), winners=(0,), final=True)
    assert len(s) == 2
    assert s[1].points == 3
    assert [x.seat for x in s] == [0, 1]
    assert s.points == (5, 3)


@given(st.dictionaries(st.text(max_size=5), st.integers()))
def test_frozen_map_equals_and_hashes_like_its_dict(d: dict[str, Any]) -> None:
    m = FrozenMap(d)
    assert m == d
    assert m == FrozenMap(dict(reversed(list(d.items()))))
    assert hash(m) == hash(FrozenMap(d))
    assert dict(m) == d


def test_check_rule_ids_names_an_uncited_rule(tmp_path: Any) -> None:
    from pathlib import Path

    from boardrules.testing import check_rule_ids

    root = Path(__file__).resolve().parents[2]
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_x.py").write_text("def test_sem1_a(): ...\n", encoding="utf-8")
    with pytest.raises(AssertionError, match="SEM-2"):
        check_rule_ids(
            GAME, root / "docs/rules/semya.md", tests, root / "src/boardrules/games/semya"
        )


@given(
    st.sampled_from(sorted(boardrules.game_names())),
    st.dictionaries(
        st.sampled_from(["copies", "rounds", "steps", "goal_rounds", "hosts_seated",
                         "all_at_once", "fool_optional", "points", "ages"])
        | st.text(min_size=1, max_size=12),
        st.integers(-5, 60) | st.booleans() | st.text(max_size=3) | st.none(),
        max_size=3,
    ),
)
def test_load_makes_the_game_or_refuses_its_options_with_bad_input(
    name: str, options: dict[str, object]
) -> None:
    """``load`` either makes the game or says which option it refuses: never a bare
    ``TypeError``/``ValueError`` from the game's constructor."""
    refused: boardrules.BadInput | None = None
    try:
        game = boardrules.load(name, **options)
    except boardrules.BadInput as error:
        refused = error
    if refused is None:
        assert game.name == name
    else:
        assert refused.path.startswith("$.options")
        assert refused.reason
