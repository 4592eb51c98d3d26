"""Rules LY-15..LY-19: special abilities and their conflicts, rest, sharing, levels."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardrules.games import lyceum
from boardrules.games.lyceum import (
    SKILLS,
    ChooseSkill,
    Colour,
    Draw,
    EffectStarted,
    Epoch,
    ExperienceShared,
    FinishMoves,
    LevelReached,
    MoveSkillPoint,
    PlayCard,
    Rest,
    ShareExperience,
    Skill,
    SpecialKind,
    StepKind,
    Target,
    epoch_of_round,
)
from boardrules.testing import playouts, seeds

from .support import CARDS, CONTENT, GAME, head, random_game, setups

STATES = playouts(GAME, setups()).map(lambda p: p.final)
SPECIAL_REDS = [c for c in CONTENT.cards if c.special is not None]


def _draw_and_play(card_id: str, skills: tuple[int, ...] = (20,) * 5, **kw: object):
    card = CARDS[card_id]
    piles = {c.value: list(CONTENT.pile(card.epoch, c)) for c in Colour}
    rest = [c for c in piles[card.colour.value] if c != card_id]
    piles[card.colour.value] = [card_id, *rest]
    round_ = {Epoch.LYCEUM: 1, Epoch.UNIVERSITY: 4, Epoch.ADULT: 8}[card.epoch]
    state = GAME.position(
        skills=[skills, (5,) * 5, (5,) * 5], round=round_, piles=piles, **kw  # type: ignore[arg-type]
    )
    state = GAME.apply(state, Draw(card.colour))
    return GAME.step(state, PlayCard())


# LY-15 ----------------------------------------------------------------------------------
@given(st.sampled_from(SPECIAL_REDS))
def test_ly15_each_special_of_the_vocabulary_does_what_the_card_names(card: lyceum.Card) -> None:
    assert card.colour is Colour.RED
    special = card.special
    assert special is not None
    transition = _draw_and_play(card.id, played_xp=[1200, 0, 0])  # 1700 XP: no level-up
    state = transition.state
    if special.kind is SpecialKind.GAIN:
        assert head(state) == lyceum.Step(StepKind.CHOOSE, 0, special.amount)
    elif special.kind is SpecialKind.REDISTRIBUTE:
        assert head(state) == lyceum.Step(StepKind.MOVE, 0, special.amount)
        total = sum(state.seats[0].skills)
        state = GAME.apply(state, MoveSkillPoint(Skill.HEALTH, Skill.ENERGY))
        assert sum(state.seats[0].skills) == total
    else:
        assert special.lasting
        assert state.effects[-1].card == card.id
        assert (
            EffectStarted(0, card.id, special.kind, special.amount, special.target)
            in transition.events
        )


def test_ly15_only_red_cards_carry_specials() -> None:
    assert SPECIAL_REDS
    assert {k.kind for k in (c.special for c in SPECIAL_REDS) if k} == set(SpecialKind)
    assert all(c.special is None for c in CONTENT.cards if c.colour is not Colour.RED)


# LY-16 ----------------------------------------------------------------------------------
LASTING = [c for c in SPECIAL_REDS if c.special is not None and c.special.lasting]
ADULT_LASTING = [c.id for c in LASTING if c.epoch is Epoch.ADULT]


@given(st.lists(st.tuples(st.integers(0, 2), st.sampled_from(ADULT_LASTING)), max_size=4,
                unique_by=lambda e: e[1]), st.integers(0, 2))
def test_ly16_the_earliest_played_lasting_effect_that_reaches_a_seat_wins(
    effects: list[tuple[int, str]], seat: int
) -> None:
    state = GAME.position(skills=[(5,) * 5] * 3, round=8, to_move=seat, effects=effects)
    expected = lyceum.REST_MOVES[Epoch.ADULT]
    for owner, card_id in effects:  # oldest first: the first that reaches the seat wins
        special = CARDS[card_id].special
        assert special is not None
        if (special.target is Target.SELF) == (owner == seat):
            expected = special.amount
            break
    assert GAME.rest_moves(state, seat) == expected
    state = GAME.apply(state, Rest())
    state = GAME.apply(state, ChooseSkill(Skill.HEALTH))
    if expected:
        assert head(state) == lyceum.Step(StepKind.MOVE, seat, expected)
    else:
        assert head(state).kind is not StepKind.MOVE or head(state).seat != seat


def test_ly16_conflict_example_both_orders() -> None:
    bonus = next(c.id for c in LASTING if c.special and c.special.target is Target.SELF
                 and c.epoch is Epoch.ADULT)
    limit = next(c.id for c in LASTING if c.special and c.special.target is Target.OTHERS
                 and c.epoch is Epoch.ADULT)
    # seat 1 limits everyone else first; seat 0's own bonus, played later, loses
    state = GAME.position(skills=[(5,) * 5] * 3, round=8, effects=[(1, limit), (0, bonus)])
    assert GAME.rest_moves(state, 0) == CARDS[limit].special.amount  # type: ignore[union-attr]
    # the other way round, seat 0's bonus came first and wins for seat 0
    state = GAME.position(skills=[(5,) * 5] * 3, round=8, effects=[(0, bonus), (1, limit)])
    assert GAME.rest_moves(state, 0) == CARDS[bonus].special.amount  # type: ignore[union-attr]
    # seat 2 is reached only by the limit; seat 1 by nothing
    assert GAME.rest_moves(state, 2) == CARDS[limit].special.amount  # type: ignore[union-attr]
    assert GAME.rest_moves(state, 1) == 5


# LY-17 ----------------------------------------------------------------------------------
@given(st.integers(1, 10), st.lists(st.tuples(st.sampled_from(SKILLS), st.sampled_from(SKILLS)),
                                     max_size=6), st.sampled_from(SKILLS))
def test_ly17_rest_gives_energy_a_point_of_choice_and_some_moves(
    round_: int, moves: list[tuple[Skill, Skill]], choice: Skill
) -> None:
    state = GAME.position(skills=[(3,) * 5] * 3, round=round_)
    before = state.seats[0].skills
    state = GAME.apply(state, Rest())
    assert state.seats[0].skills[Skill.ENERGY.index] == before[Skill.ENERGY.index] + 1
    assert head(state) == lyceum.Step(StepKind.CHOOSE, 0, 1)
    state = GAME.apply(state, ChooseSkill(choice))
    allowance = {Epoch.LYCEUM: 3, Epoch.UNIVERSITY: 4, Epoch.ADULT: 5}[epoch_of_round(round_)]
    assert head(state) == lyceum.Step(StepKind.MOVE, 0, allowance)
    total = sum(state.seats[0].skills)
    assert total == sum(before) + 2
    used = 0
    for source, target in moves:
        if not state.queue or head(state).kind is not StepKind.MOVE or head(state).seat != 0:
            break
        violation = GAME.check(state, MoveSkillPoint(source, target))
        if source is target:
            assert violation is not None
            assert (violation.rule, violation.code) == (
                "LY-17", "same_skill")
            continue
        if violation is not None:
            assert violation.code == "skill_empty"
            continue
        state = GAME.apply(state, MoveSkillPoint(source, target))
        used += 1
        assert sum(state.seats[0].skills) == total
    assert used <= allowance
    if used < allowance:
        assert head(state).kind is StepKind.MOVE
        assert FinishMoves() in GAME.legal_actions(state)
        state = GAME.apply(state, FinishMoves())
    assert head(state).seat == 1


# LY-18 ----------------------------------------------------------------------------------
@given(st.integers(0, 2000).map(lambda h: h * 100))
def test_ly18_share_amount_is_30_percent_rounded_to_100_half_up(xp: int) -> None:
    exact = Fraction(3 * xp, 10) / 100
    expected = int(exact) + (1 if exact - int(exact) >= Fraction(1, 2) else 0)
    assert lyceum.share_amount(xp) == expected * 100


@given(st.integers(0, 60).map(lambda h: h * 100), st.integers(0, 3), st.booleans(),
       st.lists(st.integers(0, 30).map(lambda h: h * 100), min_size=2, max_size=2))
def test_ly18_sharing_needs_level_3_energy_and_the_first_time(
    xp: int, energy: int, shared: bool, others: list[int]
) -> None:
    state = GAME.position(
        skills=[(5, 5, 5, 5, energy), (5,) * 5, (5,) * 5], played_xp=[xp, *others],
        shared=[shared, False, False],
    ) if not shared or GAME.level(xp) >= 3 else None
    if state is None:
        return
    violation = GAME.check(state, ShareExperience())
    level = GAME.level(xp)
    if shared:
        assert violation is not None
        assert violation.code == "already_shared"
    elif level < 3:
        assert violation is not None
        assert violation.code == "level_too_low"
    elif energy < 1:
        assert violation is not None
        assert violation.code == "no_energy"
    else:
        assert violation is None
    if violation is not None:
        assert violation.rule == "LY-18"
        assert ShareExperience() not in GAME.legal_actions(state)
        return
    transition = GAME.step(state, ShareExperience())
    after = transition.state
    amount = lyceum.share_amount(xp)
    assert ExperienceShared(0, amount) in transition.events
    assert after.seats[0].played_xp == xp  # the sharer keeps its XP
    assert after.seats[0].skills == (5, 5, 5, 6, energy - 1)
    assert after.seats[0].shared
    assert head(after) == lyceum.Step(StepKind.CHOOSE, 0, 1)
    for seat in (1, 2):
        assert after.seats[seat].shared_xp == amount
        crossed = GAME.level(others[seat - 1] + amount) - GAME.level(others[seat - 1])
        steps = [s for s in after.queue if s.seat == seat]
        assert steps == ([lyceum.Step(StepKind.CHOOSE, seat, 2 * crossed)] if crossed else [])
        reached = [e for e in transition.events if isinstance(e, LevelReached) and e.seat == seat]
        assert len(reached) == crossed


def test_ly18_example_level_up_out_of_turn_comes_before_play_goes_on() -> None:
    # seat 0 has 1500 XP and shares: 450 rounds up to 500; seat 1 (1400 XP) crosses 1800
    # and seat 2 (200 XP) crosses 300 and 700, so they choose 2 and 4 SP out of turn, in
    # clockwise order from the sharer, before seat 1 takes its own turn.
    state = GAME.position(skills=[(5,) * 5] * 3, played_xp=[1500, 1400, 200])
    state = GAME.apply(state, ShareExperience())
    assert state.seats[1].shared_xp == state.seats[2].shared_xp == 500
    assert [(s.seat, s.count) for s in state.queue] == [(0, 1), (1, 2), (2, 4)]
    state = GAME.apply(state, ChooseSkill(Skill.ENERGY))
    assert GAME.to_move(state) == 1
    state = GAME.apply(state, ChooseSkill(Skill.HEALTH))
    state = GAME.apply(state, ChooseSkill(Skill.HEALTH))
    assert GAME.to_move(state) == 2
    for _ in range(4):
        state = GAME.apply(state, ChooseSkill(Skill.INTELLECT))
    assert state.seats[2].skills[Skill.INTELLECT.index] == 9
    assert head(state) == lyceum.Step(StepKind.MAIN, 1)


# LY-19 ----------------------------------------------------------------------------------
@given(st.sampled_from([c.id for c in CONTENT.cards if c.epoch is Epoch.LYCEUM]),
       st.integers(0, 40).map(lambda h: h * 100))
def test_ly19_each_level_reached_gives_two_points_of_choice_right_away(
    card_id: str, xp: int
) -> None:
    transition = _draw_and_play(card_id, played_xp=[xp, 0, 0])
    card = CARDS[card_id]
    crossed = GAME.level(xp + card.xp) - GAME.level(xp)
    reached = [e.level for e in transition.events if isinstance(e, LevelReached)]
    assert reached == list(range(GAME.level(xp) + 1, GAME.level(xp) + crossed + 1))
    if crossed:
        assert head(transition.state) == lyceum.Step(StepKind.CHOOSE, 0, 2 * crossed)


def test_ly19_double_level_up_example() -> None:
    red = next(c.id for c in CONTENT.cards if c.colour is Colour.RED and c.special is None
               and c.epoch is Epoch.LYCEUM)
    transition = _draw_and_play(red, played_xp=[200, 0, 0])  # 200 + 500 passes 300 and 700
    assert [e.level for e in transition.events if isinstance(e, LevelReached)] == [2, 3]
    assert head(transition.state) == lyceum.Step(StepKind.CHOOSE, 0, 4)


@given(seeds(), st.integers(3, 4))
def test_ly19_over_a_game_levels_reached_match_the_final_xp(seed: int, players: int) -> None:
    states, events = random_game(seed, players)
    final = states[-1]
    for seat, sheet in enumerate(final.seats):
        reached = [e for batch in events for e in batch
                   if isinstance(e, LevelReached) and e.seat == seat]
        assert len(reached) == GAME.level(sheet.xp) - 1


@pytest.mark.parametrize(("xp", "level"), [(0, 1), (299, 1), (300, 2), (700, 3), (6300, 10),
                                          (99999, 10)])
def test_ly19_level_table(xp: int, level: int) -> None:
    assert GAME.level(xp) == level
