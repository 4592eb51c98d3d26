"""What validate() accepts agrees with legal play: derived step caps, the deferral window,
no arbitrary SP/XP caps, bounded level tables, and a bool is not an SP count."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardrules import BadInput, serde
from boardrules.games import lyceum
from boardrules.games.lyceum import Declare, DeclareSkill, StepKind
from boardrules.games.lyceum.content import MAX_LEVEL_XP, MAX_LEVELS

from .support import GAME, finish_setup, head, random_game


def _at_declare_skill() -> lyceum.State:
    state = GAME.new(7, players=3)
    while head(state).kind is not StepKind.DECLARE:
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    state = GAME.apply(state, Declare(35))
    assert head(state).kind is StepKind.DECLARE_SKILL
    return state


@pytest.mark.parametrize("value", [True, False])
def test_a_bool_is_not_a_declared_value(value: bool) -> None:
    state = _at_declare_skill()
    violation = GAME.check(state, DeclareSkill(value))
    assert violation is not None
    assert violation.rule == "LY-4"
    assert GAME.check(state, DeclareSkill(int(value))) is None


def _deferred_states(seeds: range) -> list[lyceum.State]:
    out = []
    for seed in seeds:
        states, _ = random_game(seed, players=3 + seed % 2)
        out += [s for s in states if s.first is not None and any(x.deferred for x in s.seats)]
    return out


DEFERRED = _deferred_states(range(12))


def test_random_play_defers_cards() -> None:
    assert len(DEFERRED) > 50


@given(st.sampled_from(DEFERRED), st.integers(-5, 1))
def test_the_deferral_window_counts_the_seats_turn_this_round(
    state: lyceum.State, shift: int
) -> None:
    seat = next(i for i, s in enumerate(state.seats) if s.deferred)
    n = len(state.seats)
    over = GAME.is_over(state)
    assert state.first is not None
    position = (seat - state.first) % n
    done = over or position < state.turn  # the seat's turn this round is behind it
    moved = over or position <= state.turn
    deferred_round = state.round + shift
    sheet = state.seats[seat]
    tampered = attrs.evolve(
        state,
        seats=tuple(
            attrs.evolve(s, deferred_round=deferred_round) if i == seat else s
            for i, s in enumerate(state.seats)
        ),
    )
    low = state.round - (2 if done else 3)
    high = state.round if moved else state.round - 1
    card = GAME.card(sheet.deferred)  # a card is deferred in its own epoch (LY-12)
    same_epoch = deferred_round >= 1 and lyceum.epoch_of_round(deferred_round) is card.epoch
    if low <= deferred_round <= high and same_epoch:
        GAME.validate(tampered)
    else:
        with pytest.raises(BadInput):
            GAME.validate(tampered)


def test_a_card_kept_through_three_turns_is_not_offered_a_fourth_time() -> None:
    """The state the issue reproduced: round r+3, the seat has moved and kept its card."""
    for state in DEFERRED:
        seat = next(i for i, s in enumerate(state.seats) if s.deferred)
        assert state.first is not None
        if (seat - state.first) % len(state.seats) < state.turn and state.round >= 4:
            old = state.round - 3
            sheet = state.seats[seat]
            if lyceum.epoch_of_round(old) is not GAME.card(sheet.deferred).epoch:
                continue
            seats = list(state.seats)
            seats[seat] = attrs.evolve(sheet, deferred_round=old)
            with pytest.raises(BadInput, match="deferred_round"):
                GAME.validate(attrs.evolve(state, seats=tuple(seats)))
            return
    pytest.fail("no such state in the sample")


def _flat_levels(count: int) -> lyceum.Content:
    """The default content with a level table of ``count`` levels, one XP apart."""
    return attrs.evolve(GAME.content, levels=tuple(range(count)))


def test_a_level_jump_larger_than_any_old_cap_validates_and_plays_on() -> None:
    game = lyceum.Game(content=_flat_levels(MAX_LEVELS))
    states, _ = random_game(3, players=3, game=game)
    biggest = max(
        (step.count for s in states for step in s.queue if step.kind is StepKind.CHOOSE),
        default=0,
    )
    assert biggest > 99  # a card's 100+ XP climbs 99 levels: 198 SP to choose
    for state in states:
        game.validate(state)
        assert serde.from_json(serde.to_json(state), lyceum.State, game=game) == state


def test_skills_and_xp_have_no_arbitrary_cap() -> None:
    states, _ = random_game(5, players=3)
    state = states[len(states) // 2]
    rich = attrs.evolve(state.seats[0], skills=(5000, 0, 0, 0, 5000))
    tampered = attrs.evolve(state, seats=(rich, *state.seats[1:]))
    GAME.validate(tampered)


@pytest.mark.parametrize(
    ("levels", "path"),
    [
        (tuple(range(MAX_LEVELS + 1)), "$.levels"),
        ((0, 100, MAX_LEVEL_XP + 1), "$.levels[2]"),
        ((False, 100), "$.levels"),
    ],
)
def test_level_tables_are_bounded(levels: tuple[Any, ...], path: str) -> None:
    with pytest.raises(BadInput) as info:
        lyceum.validate_content(attrs.evolve(GAME.content, levels=levels))
    assert info.value.path == path


def test_a_tampered_choose_count_beyond_the_derived_cap_is_refused() -> None:
    state = finish_setup(GAME.new(2, players=3))
    step = lyceum.Step(StepKind.CHOOSE, head(state).seat, 10**6)
    with pytest.raises(BadInput, match="count"):
        GAME.validate(attrs.evolve(state, queue=(step, *state.queue)))


@pytest.mark.parametrize("text", ["a\x00", "\ud83d"])
@pytest.mark.parametrize(
    ("where", "field"),
    [("cards", "id"), ("cards", "title_en"), ("characters", "id"), ("characters", "name_ru")],
)
def test_content_built_in_code_refuses_unstorable_text(where: str, field: str, text: str) -> None:
    entries = list(getattr(GAME.content, where))
    entries[2] = attrs.evolve(entries[2], **{field: text})
    with pytest.raises(BadInput) as info:
        lyceum.validate_content(attrs.evolve(GAME.content, **{where: tuple(entries)}))
    assert info.value.path == f"$.{where}[2].{field}"


def _with_specials(redistribute: int, rest: int) -> lyceum.Game:
    """The default content with every redistribution and lasting rest set to these amounts."""
    cards = []
    for card in GAME.content.cards:
        special = card.special
        if special is not None and special.kind is lyceum.SpecialKind.REDISTRIBUTE:
            card = attrs.evolve(card, special=attrs.evolve(special, amount=redistribute))
        elif special is not None and special.lasting:
            card = attrs.evolve(card, special=attrs.evolve(special, amount=rest))
        cards.append(card)
    return lyceum.Game(content=attrs.evolve(GAME.content, cards=tuple(cards)))


def test_a_redistribution_larger_than_any_rest_is_a_valid_move_step() -> None:
    game = _with_specials(redistribute=6, rest=1)
    state = finish_setup(game.new(2, players=3))
    seat = head(state).seat
    for count, valid in ((6, True), (7, False)):
        # after a redistribution card is played, its moves are all the turn has left
        moved = attrs.evolve(state, queue=(lyceum.Step(StepKind.MOVE, seat, count),))
        if valid:
            game.validate(moved)
        else:
            with pytest.raises(BadInput, match="count"):
                game.validate(moved)
