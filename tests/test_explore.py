"""boardrules.explore: the game found is a real record, the target holds at its end, the
search is deterministic, shrinking never lengthens, and "not found" is honest."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardrules
from boardrules import BadInput
from boardrules.core.trace import Trace
from boardrules.explore import every_rule, find
from boardrules.games import kuhn, lyceum, orbita, semya
from boardrules.serde import tag_of

GAMES = {"kuhn": kuhn.Game(), "semya": semya.Game(), "lyceum": lyceum.Game(),
         "orbita": orbita.Game(rounds=2)}
#: Rules that decide in most games, per game (the search is asked for one of them).
DECIDING = {"kuhn": ["KUHN-4", "KUHN-5", "KUHN-6"],
            "semya": ["SEM-5", "SEM-6", "SEM-7", "SEM-8", "SEM-9"],
            "lyceum": ["LY-4", "LY-7", "LY-11", "LY-12", "LY-17"],
            "orbita": ["ORB-3", "ORB-10", "ORB-11", "ORB-12"]}


def _last_step(game: Any, record: Any) -> tuple[dict[tuple[str, str], int], list[Any], Any]:
    """The decisions and the events of the record's last move, replayed on the traced twin,
    and the final state."""
    trace = Trace(game)
    twin = trace.game
    state = twin.new(record.seed, **dict(record.setup))
    decided: dict[tuple[str, str], int] = {}
    events: list[Any] = []
    for action in record.actions:
        trace.take()
        trace.tick()
        twin.legal_actions(state)
        events = []
        state = twin.apply(state, action, events)
        decided = trace.take()
    return decided, events, state


@pytest.mark.parametrize("name", list(GAMES))
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), pick=st.integers(0, 10))
def test_the_game_found_replays_and_ends_where_its_rule_decides(
    name: str, seed: int, pick: int
) -> None:
    game = GAMES[name]
    rule = DECIDING[name][pick % len(DECIDING[name])]
    found = find(game, rule=rule, seed=seed, budget=3_000)
    assert found, found.summary()
    record = found.record
    assert record is not None
    assert len(record.actions) <= (found.first or 0), "shrinking never lengthens"
    final = boardrules.replay(record)[-1]
    assert boardrules.Table.from_record(record).state == final
    decided, _events, _state = _last_step(game, record)
    acts = "changed" if game.rulebook.rule(rule).effects else "refused"
    assert (rule, acts) in decided
    again = find(game, rule=rule, seed=seed, budget=3_000)
    assert again.record == record, "the same call finds the same game"


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_an_event_and_a_predicate_hold_at_the_end_of_the_game_found(seed: int) -> None:
    game = GAMES["semya"]
    found = find(game, event="lord_played", seed=seed, budget=5_000)
    assert found.record is not None
    _decided, events, _state = _last_step(game, found.record)
    assert "lord_played" in {tag_of(type(e)) for e in events}
    four = find(game, lambda state, events: len(state.table) == 4, seed=seed, budget=500)
    assert four.record is not None
    assert len(four.record.actions) == 4


def test_kuhn_is_searched_exhaustively_and_says_so() -> None:
    game = GAMES["kuhn"]
    found = find(game, rule="KUHN-5")
    assert found.exhaustive
    assert found.record is not None
    assert found.record.actions == (kuhn.Bet(), kuhn.Call()) or \
        found.record.actions == (kuhn.Bet(), kuhn.Fold())
    never = find(game, lambda state, events: len(state.moves) > 3)
    assert never.record is None
    assert never.exhaustive
    assert never.summary().startswith("no game reaches")


def test_not_found_never_reads_as_impossible() -> None:
    found = find(GAMES["semya"], lambda state, events: False, seed=1, budget=300)
    assert found.record is None
    assert not found.exhaustive
    assert "not shown impossible" in found.summary()
    assert found.moves >= 300


def test_a_refusal_code_is_found_where_an_action_meets_it() -> None:
    game = GAMES["semya"]
    found = find(game, refusal="wrong_start", seed=2, budget=2_000)
    assert found.record is not None
    state = boardrules.replay(found.record)[-1]
    assert any((v := game.check(state, a)) is not None and v.code == "wrong_start"
               for a in game.vocabulary())


def test_rules_that_decide_nothing_are_refused_and_listed_with_the_reason() -> None:
    game = GAMES["semya"]
    with pytest.raises(BadInput, match="SEM-99"):
        find(game, rule="SEM-99")
    with pytest.raises(BadInput) as error:
        find(game, rule="SEM-10")
    assert error.value.path == "$.rule"
    assert "score" in error.value.reason
    covered = every_rule(GAMES["kuhn"], budget=500)
    assert isinstance(covered["KUHN-1"], str)
    assert "terms" in covered["KUHN-1"]
    assert not isinstance(covered["KUHN-6"], str)
    assert covered["KUHN-6"].exhaustive


def test_the_picture_of_the_how_to_is_what_its_command_draws(tmp_path: Any) -> None:
    """docs/images/find/semya-sem-8.svg is what ``python tools/find_picture.py`` writes."""
    import importlib.util
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    spec = importlib.util.spec_from_file_location("find_picture", root / "tools/find_picture.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    drawn = module.write(out=tmp_path / "out", build=tmp_path / "build")
    committed = root / "docs/images/find/semya-sem-8.svg"
    assert drawn.read_text(encoding="utf-8") == committed.read_text(encoding="utf-8")


@pytest.mark.parametrize(("target", "path"), [({"event": "fool_play"}, "$.event"),
                                              ({"end": "SEM-99"}, "$.end"),
                                              ({"rule": "sem-8"}, "$.rule")])
def test_a_target_the_game_does_not_have_is_refused_naming_it(
    target: dict[str, str], path: str
) -> None:
    with pytest.raises(BadInput) as error:
        find(GAMES["semya"], budget=10, **target)
    assert error.value.path == path


@given(games=st.integers(0, 10**6), moves=st.integers(0, 10**6), exhaustive=st.booleans())
def test_the_summary_counts_in_english_numbers(games: int, moves: int, exhaustive: bool) -> None:
    """"1 game", "2 games"; "1 move", "0 moves": each count agrees with its noun."""
    from boardrules.explore import Found

    text = Found(None, "rule SEM-8", moves, games, 0.004, exhaustive).summary()
    noun = "start" if exhaustive else "game"
    assert f" {games} {noun}{'' if games == 1 else 's'}," in text
    assert f" {moves} move{'' if moves == 1 else 's'}" in text
    assert exhaustive or text.endswith(", 0.00 s")
