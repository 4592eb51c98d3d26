"""Rules LY-1..LY-5: seats and skills, characters, extra SP, declarations, turn order."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardrules import BadInput
from boardrules.games import lyceum
from boardrules.games.lyceum import (
    SKILLS,
    ChooseSkill,
    Declare,
    DeclareSkill,
    MoveSkillPoint,
    Rest,
    Skill,
    Stage,
    StepKind,
)
from boardrules.testing import playouts, seeds

from .support import GAME, finish_setup, head, play, setups

STATES = playouts(GAME, setups()).map(lambda p: p.final)


# LY-1 -----------------------------------------------------------------------------------
@given(STATES)
def test_ly1_every_reachable_state_has_3_to_4_seats_and_no_negative_skill(
    state: lyceum.State,
) -> None:
    assert 3 <= len(state.seats) <= 4
    for seat in state.seats:
        assert len(seat.skills) == len(SKILLS) == 5
        assert min(seat.skills) >= 0


@pytest.mark.parametrize("players", [1, 2, 5, 11])
def test_ly1_seat_count_outside_the_options_is_bad_input(players: int) -> None:
    with pytest.raises(BadInput) as info:
        GAME.new(1, players=players)
    assert info.value.path == "$.players"
    assert "LY-1" in info.value.reason


def test_ly1_options_widen_the_seat_count() -> None:
    game = lyceum.Game(min_players=2, max_players=6)
    assert len(game.new(3, players=6).seats) == 6
    assert len(game.new(3, players=2).seats) == 2
    assert dict(game.options()) == {"min_players": 2, "max_players": 6}
    with pytest.raises(BadInput, match="min_players"):
        lyceum.Game(min_players=4, max_players=3)
    with pytest.raises(BadInput, match="max_players"):
        lyceum.Game(max_players=11)


@given(STATES, st.data())
def test_ly1_moving_a_point_out_of_an_empty_skill_is_refused(
    state: lyceum.State, data: st.DataObject
) -> None:
    if not state.queue or head(state).kind is not StepKind.MOVE:
        skills = data.draw(st.lists(st.integers(0, 3), min_size=5, max_size=5))
        state = GAME.position(skills=[skills, (5,) * 5, (5,) * 5], to_move=0)
        state = GAME.apply(state, Rest())
        state = GAME.apply(state, ChooseSkill(Skill.ENERGY))
    step = head(state)
    assert step.kind is StepKind.MOVE
    skills = state.seats[step.seat].skills
    for source in SKILLS:
        for target in SKILLS:
            if source is target:
                continue
            violation = GAME.check(state, MoveSkillPoint(source, target))
            if skills[source.index] == 0:
                assert violation is not None
                assert (violation.rule, violation.code) == ("LY-1", "skill_empty")
            else:
                assert violation is None


# LY-2 -----------------------------------------------------------------------------------
@given(seeds(), setups())
def test_ly2_each_seat_draws_its_own_character_with_its_base_sp(seed: int, setup: dict) -> None:
    state = GAME.new(seed, **setup)
    ids = [s.character for s in state.seats]
    assert len(set(ids)) == len(ids)
    for seat in state.seats:
        assert seat.skills == GAME.content.character(seat.character).base
    assert GAME.new(seed, **setup).seats == state.seats


def test_ly2_the_draw_is_random_over_the_ten_characters() -> None:
    seen = {GAME.new(seed, players=3).seats[0].character for seed in range(200)}
    assert seen == {c.id for c in GAME.content.characters}
    assert len(GAME.content.characters) == 10


# LY-3 -----------------------------------------------------------------------------------
@given(seeds(), setups(), st.lists(st.sampled_from(SKILLS), min_size=20, max_size=20))
def test_ly3_each_seat_places_five_extra_sp_one_at_a_time(
    seed: int, setup: dict, picks: list[Skill]
) -> None:
    state = GAME.new(seed, **setup)
    base = [s.skills for s in state.seats]
    placed: list[list[Skill]] = [[] for _ in state.seats]
    pick = iter(picks)
    while state.stage is Stage.SETUP:
        step = head(state)
        if step.kind is StepKind.CHOOSE:
            assert GAME.legal_actions(state) == tuple(ChooseSkill(s) for s in SKILLS)
            skill = next(pick)
            placed[step.seat].append(skill)
            state = GAME.apply(state, ChooseSkill(skill))
        else:
            state = GAME.apply(state, Declare(None))
    for seat, sheet in enumerate(state.seats):
        assert len(placed[seat]) == 5
        expected = list(base[seat])
        for skill in placed[seat]:
            expected[skill.index] += 1
        assert list(sheet.skills) == expected


# LY-4 -----------------------------------------------------------------------------------
@st.composite
def declarations(draw: st.DrawFn) -> tuple[int, ...]:
    target = draw(st.sampled_from([35, 40, 45]))
    cuts = sorted(draw(st.lists(st.integers(0, target), min_size=4, max_size=4)))
    bounds = [0, *cuts, target]
    return tuple(bounds[i + 1] - bounds[i] for i in range(5))


@given(seeds(), declarations())
def test_ly4_a_declaration_is_a_vector_summing_to_its_target(
    seed: int, declaration: tuple[int, ...]
) -> None:
    state = finish_setup(GAME.new(seed, players=3), declaration=declaration)
    assert all(s.declaration == declaration for s in state.seats)
    assert sum(declaration) in lyceum.DECLARATION_BONUS


@given(seeds(), st.integers(-100, 100))
def test_ly4_only_35_40_45_or_none_may_be_declared(seed: int, target: int) -> None:
    state = play(GAME.new(seed, players=3), [ChooseSkill(Skill.HEALTH)] * 5)
    assert head(state).kind is StepKind.DECLARE
    violation = GAME.check(state, Declare(target))
    if target in (35, 40, 45):
        assert violation is None
    else:
        assert violation is not None
        assert (violation.rule, violation.code) == ("LY-4", "bad_target")
    assert GAME.check(state, Declare(None)) is None
    after = GAME.apply(state, Declare(None))
    assert after.seats[0].declaration is None
    assert head(after).seat == 1


@given(seeds(), st.sampled_from([35, 40, 45]), st.lists(st.integers(-5, 50), max_size=4))
def test_ly4_each_declared_skill_takes_at_most_what_is_left(
    seed: int, target: int, values: list[int]
) -> None:
    state = play(GAME.new(seed, players=3), [ChooseSkill(Skill.HEALTH)] * 5 + [Declare(target)])
    left = target
    for value in values:
        step = head(state)
        assert step.kind is StepKind.DECLARE_SKILL
        assert step.count == left
        violation = GAME.check(state, DeclareSkill(value))
        if 0 <= value <= left:
            assert violation is None
            state = GAME.apply(state, DeclareSkill(value))
            left -= value
        else:
            assert violation is not None
            assert (violation.rule, violation.code) == ("LY-4", "bad_declared_value")
            break
    if head(state).seat == 1:  # four values given: energy took the rest
        declaration = state.seats[0].declaration
        assert declaration is not None
        assert sum(declaration) == target
        assert declaration[4] == left


# LY-5 -----------------------------------------------------------------------------------
@given(
    seeds(),
    st.integers(3, 4).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(st.sampled_from([Skill.ENERGY, Skill.HEALTH]), min_size=5 * n, max_size=5 * n),
            st.none() | st.tuples(*[st.integers(14, 17)] * n),
        )
    ),
)
def test_ly5_most_energy_moves_first_then_the_youngest_then_the_lower_seat(
    seed: int, drawn: tuple[int, list[Skill], tuple[int, ...] | None]
) -> None:
    players, picks, ages = drawn
    setup = {"players": players} if ages is None else {"players": players, "ages": ages}
    state = GAME.new(seed, **setup)
    pick = iter(picks)
    while state.stage is Stage.SETUP:
        if head(state).kind is StepKind.CHOOSE:
            state = GAME.apply(state, ChooseSkill(next(pick)))
        else:
            state = GAME.apply(state, Declare(None))
    energy = [s.skills[Skill.ENERGY.index] for s in state.seats]
    candidates = [i for i in range(players) if energy[i] == max(energy)]
    expected = min(candidates) if ages is None else min(candidates, key=lambda i: (ages[i], i))
    assert state.first == expected
    assert head(state).seat == expected
    # clockwise: increasing seat, wrapping
    movers = []
    for _ in range(players):
        movers.append(head(state).seat)
        state = GAME.apply(state, Rest())
        state = GAME.apply(state, ChooseSkill(Skill.HEALTH))
        state = GAME.apply(state, lyceum.FinishMoves())
    assert movers == [(expected + i) % players for i in range(players)]


def test_ly5_birth_dates_break_ties_later_date_is_younger() -> None:
    state = GAME.new(5, players=3, birth_dates=("2009-03-01", "2010-05-02", "2010-01-09"))
    assert state.tie_order == (1, 2, 0)
    with pytest.raises(BadInput):
        GAME.new(5, players=3, birth_dates=("2009-03-01",) * 3, ages=(1, 2, 3))
    with pytest.raises(BadInput) as info:
        GAME.new(5, players=3, birth_dates=("2009-03-01", "soon", "2010-01-09"))
    assert info.value.path == "$.birth_dates[1]"
    assert GAME.new(5, players=3).tie_order == (0, 1, 2)
