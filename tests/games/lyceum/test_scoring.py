"""Rules LY-20, LY-21 and LY-23: the end and the winner, team standings, the protocol."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardrules import BadInput, GameRecord, serde
from boardrules.core.rng import Rng
from boardrules.core.standings import Standings
from boardrules.games import lyceum
from boardrules.games.lyceum import GameEnded, Rest, Stage
from boardrules.testing import seeds

from .support import GAME, random_game


def _state_at_end(skills: tuple[int, ...], declaration: tuple[int, ...] | None) -> lyceum.State:
    """Seat 0 at its last turn of round 10 (it moves last), then it rests."""
    state = GAME.position(
        skills=[skills, (5,) * 5, (5,) * 5], round=10, first=1, to_move=0,
        played_xp=[1000, 900, 1200], declarations=[declaration, None, None],
    )
    state = GAME.apply(state, Rest())
    state = GAME.apply(state, lyceum.ChooseSkill(lyceum.Skill.HEALTH))
    return GAME.apply(state, lyceum.FinishMoves())


# LY-20 ----------------------------------------------------------------------------------
@given(seeds(), st.integers(3, 4))
def test_ly20_the_game_ends_after_round_10_and_the_most_xp_wins(seed: int, players: int) -> None:
    states, events = random_game(seed, players)
    final = states[-1]
    assert final.stage is Stage.OVER
    assert GAME.to_move(final) is None
    assert all(s.stage is not Stage.OVER for s in states[:-1])
    standings = GAME.score(final)
    assert standings.final
    totals = [s.played_xp + s.shared_xp + lyceum.declaration_bonus(s) for s in final.seats]
    assert list(standings.points) == totals
    assert set(standings.winners) == {i for i, t in enumerate(totals) if t == max(totals)}
    for seat, standing in enumerate(standings):
        assert dict(standing.breakdown) == {
            "played": final.seats[seat].played_xp,
            "shared": final.seats[seat].shared_xp,
            "declaration": lyceum.declaration_bonus(final.seats[seat]),
        }
        assert standing.rank == 1 + sum(t > totals[seat] for t in totals)
    assert events[-1][-1] == GameEnded(standings.winners)
    violation = GAME.check(final, Rest())
    assert violation is not None
    assert (violation.rule, violation.code) == ("CORE-2", "game_over")  # the core's refusal


@given(st.sampled_from([35, 40, 45]), st.booleans())
def test_ly20_a_declaration_met_in_every_skill_earns_its_bonus(target: int, met: bool) -> None:
    declaration = (target // 5,) * 5
    skills = tuple(v + (0 if met else -1 if i == 2 else 0) for i, v in enumerate(declaration))
    state = _state_at_end(skills, declaration)
    assert state.stage is Stage.OVER
    bonus = {35: 300, 40: 400, 45: 500}[target] if met else 0
    standing = GAME.score(state)[0]
    assert standing.breakdown["declaration"] == bonus
    assert standing.points == 1000 + bonus


def test_ly20_no_bonus_is_counted_before_the_end() -> None:
    state = GAME.position(skills=[(9,) * 5] * 3, declarations=[(7,) * 5, None, None])
    standings = GAME.score(state)
    assert not standings.final
    assert standings.winners == ()
    assert standings[0].breakdown["declaration"] == 0


def test_ly20_ties_share_the_rank() -> None:
    state2 = GAME.position(
        skills=[(5,) * 5] * 3, round=10, first=1, to_move=0, played_xp=[1200, 900, 1200],
    )
    state2 = GAME.apply(state2, Rest())
    state2 = GAME.apply(state2, lyceum.ChooseSkill(lyceum.Skill.HEALTH))
    state2 = GAME.apply(state2, lyceum.FinishMoves())
    standings = GAME.score(state2)
    assert standings.winners == (0, 2)
    assert [s.rank for s in standings] == [1, 3, 1]


# LY-21 ----------------------------------------------------------------------------------
TABLES = st.dictionaries(
    st.text("ABCDEFG", min_size=1, max_size=2),
    st.lists(st.integers(0, 60).map(lambda h: h * 100), min_size=3, max_size=4),
    min_size=1, max_size=5,
)


@given(TABLES)
def test_ly21_tables_rank_by_total_if_equal_in_size_else_by_mean(
    tables: dict[str, list[int]],
) -> None:
    result = lyceum.team_standings(tables)
    assert [t.table for t in result] == list(tables)
    equal = len({len(v) for v in tables.values()}) == 1
    key = {n: (Fraction(sum(v)) if equal else Fraction(sum(v), len(v))) for n, v in tables.items()}
    for t in result:
        assert t.by_mean == (not equal)
        assert t.total == sum(tables[t.table])
        assert t.mean == Fraction(sum(tables[t.table]), len(tables[t.table]))
        assert t.rank == 1 + sum(k > key[t.table] for k in key.values())


def test_ly21_standings_are_accepted_and_empty_input_refused() -> None:
    states, _ = random_game(3, 4)
    standings = GAME.score(states[-1])
    assert isinstance(standings, Standings)
    result = lyceum.team_standings({"table 1": standings, "table 2": [0, 0, 0, 0]})
    assert result[0].total == sum(standings.points)
    with pytest.raises(BadInput):
        lyceum.team_standings({})
    with pytest.raises(BadInput):
        lyceum.team_standings({"t": []})


# LY-23 ----------------------------------------------------------------------------------
@given(seeds(), st.integers(3, 4))
def test_ly23_the_protocol_has_a_row_per_round_and_seat(seed: int, players: int) -> None:
    rng = Rng(seed)
    state = GAME.new(seed, players=players)
    actions = []
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        action = legal[rng.below(len(legal))]
        actions.append(action)
        state = GAME.apply(state, action)
    record = GAME.record(seed, tuple(actions), players=players)
    record = serde.from_json(serde.to_json(record), GameRecord)
    rows = lyceum.protocol(record)
    assert [(r.round, r.seat) for r in rows] == [
        (r, s) for r in range(1, 11) for s in range(players)
    ]
    finals = rows[-players:]
    for row, sheet in zip(finals, state.seats, strict=True):
        assert row.xp == sheet.xp
        assert row.skills == sheet.skills
        assert row.level == GAME.level(sheet.xp)
        assert row.declaration == sheet.declaration
        assert row.final_xp == GAME.score(state)[row.seat].points
    assert all(r.final_xp is None and r.declaration is None for r in rows[:-players])
    for row in rows:
        assert (row.deferred is None) == (row.deferred_age is None)
        if row.deferred_age is not None:
            assert 0 <= row.deferred_age <= 3
    text = lyceum.protocol_csv(rows)
    table = list(csv.DictReader(io.StringIO(text)))
    assert tuple(table[0]) == lyceum.PROTOCOL_FIELDS
    assert len(table) == len(rows)


@given(seeds(), st.integers(0, 120))
def test_ly23_an_unfinished_game_has_rows_for_finished_rounds_only(seed: int, cut: int) -> None:
    rng = Rng(seed)
    state = GAME.new(seed, players=3)
    actions = []
    for _ in range(cut):
        legal = GAME.legal_actions(state)
        if not legal:
            break
        actions.append(legal[rng.below(len(legal))])
        state = GAME.apply(state, actions[-1])
    rows = lyceum.protocol(GAME.record(seed, tuple(actions), players=3))
    finished = 10 if state.stage is Stage.OVER else max(state.round - 1, 0)
    assert len(rows) == 3 * finished
