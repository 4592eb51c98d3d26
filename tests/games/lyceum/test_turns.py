"""Rules LY-6..LY-13: rounds and epochs, the turn and its steps, drawing, eligibility,
playing, discarding, deferring and the deferral window."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardrules.games import lyceum
from boardrules.games.lyceum import (
    CardDeferred,
    CardPlayed,
    ChooseSkill,
    Colour,
    DeferCard,
    DeferredExpired,
    DiscardCard,
    Draw,
    Epoch,
    FinishMoves,
    KeepDeferred,
    PlayCard,
    PlayDeferred,
    Rest,
    Stage,
    StepKind,
    epoch_of_round,
)
from boardrules.testing import any_action, playouts, seeds

from .support import CARDS, CONTENT, GAME, head, random_game, setups

PLAYOUTS = playouts(GAME, setups())
STATES = PLAYOUTS.map(lambda p: p.final)


def _rest_turn(state: lyceum.State) -> lyceum.State:
    state = GAME.apply(state, Rest())
    state = GAME.apply(state, ChooseSkill(lyceum.Skill.HEALTH))
    return GAME.apply(state, FinishMoves())


# LY-6 -----------------------------------------------------------------------------------
@given(seeds(), st.integers(3, 4))
def test_ly6_ten_rounds_one_turn_each_and_fresh_piles_each_epoch(seed: int, players: int) -> None:
    states, _ = random_game(seed, players)
    mains = [(s.round, head(s).seat) for s in states if s.queue and head(s).kind is StepKind.MAIN]
    assert sorted(mains) == sorted((r, seat) for r in range(1, 11) for seat in range(players))
    for before, after in itertools.pairwise(states):
        if after.stage is Stage.OVER:
            continue
        epoch = epoch_of_round(after.round)
        for colour, pile in zip(Colour, after.piles, strict=True):
            assert all(CARDS[c].epoch is epoch and CARDS[c].colour is colour for c in pile)
        if epoch is not epoch_of_round(before.round):
            assert after.round in (4, 8)
            assert after.effects == ()
            for colour, pile in zip(Colour, after.piles, strict=True):
                assert sorted(pile) == sorted(CONTENT.pile(epoch, colour))
    assert states[-1].stage is Stage.OVER


@given(seeds())
def test_ly6_piles_are_shuffled_from_the_seed(seed: int) -> None:
    a, b = GAME.new(seed, players=3), GAME.new(seed, players=4)
    assert a.piles == b.piles
    assert any(
        GAME.new(other, players=3).piles != a.piles for other in (seed ^ 1, seed ^ 2, seed ^ 4)
    )
    for colour, pile in zip(Colour, a.piles, strict=True):
        assert sorted(pile) == sorted(CONTENT.pile(Epoch.LYCEUM, colour))


def test_ly6_epochs_cover_ages_16_to_25() -> None:
    assert [epoch_of_round(r).value for r in range(1, 11)] == (
        ["lyceum"] * 3 + ["university"] * 4 + ["adult"] * 3
    )


# LY-7 -----------------------------------------------------------------------------------
@given(PLAYOUTS, st.data())
def test_ly7_an_action_that_does_not_answer_the_pending_step_is_refused(
    p: object, data: st.DataObject
) -> None:
    state = p.final  # type: ignore[attr-defined]
    if not state.queue:
        return
    action = data.draw(any_action(GAME, state))
    violation = GAME.check(state, action)
    legal = GAME.legal_actions(state)
    accepted = GAME.accepts(state)
    assert {type(a) for a in legal} <= set(accepted)
    assert GAME.to_move(state) == head(state).seat
    if type(action) not in accepted:  # the core refuses it for LY-7 (CORE-3)
        assert violation is not None
        assert (violation.rule, violation.code) == ("CORE-3", "wrong_step")
        assert violation.params["action"] == type(action).__name__
    elif violation is not None:
        assert violation.rule != "CORE-3"
    if violation is None:
        assert action in legal


@given(STATES)
def test_ly7_a_main_step_offers_draw_rest_and_maybe_share(state: lyceum.State) -> None:
    if not state.queue or head(state).kind is not StepKind.MAIN:
        return
    legal = GAME.legal_actions(state)
    assert Rest() in legal
    assert {type(a) for a in legal} <= {Draw, Rest, lyceum.ShareExperience}


# LY-8 -----------------------------------------------------------------------------------
@given(STATES, st.sampled_from(list(Colour)))
def test_ly8_drawing_takes_the_top_card_of_the_chosen_pile(
    state: lyceum.State, colour: Colour
) -> None:
    if not state.queue or head(state).kind is not StepKind.MAIN:
        return
    index = list(Colour).index(colour)
    pile = state.piles[index]
    if not pile:
        return
    after = GAME.apply(state, Draw(colour))
    assert head(after).kind is StepKind.DECIDE
    assert head(after).card == pile[0]
    assert after.piles[index] == pile[1:]
    assert CARDS[pile[0]].epoch is epoch_of_round(state.round)


# LY-9 -----------------------------------------------------------------------------------
@pytest.mark.parametrize("colour", list(Colour))
def test_ly9_drawing_from_an_empty_pile_is_refused(colour: Colour) -> None:
    piles = {c.value: list(CONTENT.pile(Epoch.LYCEUM, c)) for c in Colour}
    piles[colour.value] = []
    state = GAME.position(skills=[(5,) * 5] * 3, piles=piles)
    violation = GAME.check(state, Draw(colour))
    assert violation is not None
    assert (violation.rule, violation.code) == ("LY-9", "empty_pile")
    assert Draw(colour) not in GAME.legal_actions(state)
    assert "pile" in violation.message("en")
    assert "пуста" in violation.message("ru")


@given(seeds())
def test_ly9_many_seats_may_empty_a_pile_and_the_game_goes_on(seed: int) -> None:
    game = lyceum.Game(min_players=3, max_players=10)
    state = game.new(seed, players=10)
    while not game.is_over(state):
        legal = game.legal_actions(state)
        state = game.apply(state, Draw(Colour.GREEN) if Draw(Colour.GREEN) in legal else legal[-1])
        if state.queue and head(state).kind is StepKind.MAIN and not state.piles[0]:
            assert Draw(Colour.GREEN) not in game.legal_actions(state)
            return
    raise AssertionError("ten seats drawing green should empty the green pile")


# LY-10 ----------------------------------------------------------------------------------
@given(st.sampled_from(CONTENT.cards), st.lists(st.integers(0, 12), min_size=5, max_size=5))
def test_ly10_eligible_means_conditions_and_losses_are_met(
    card: lyceum.Card, skills: list[int]
) -> None:
    expected = all(s >= c for s, c in zip(skills, card.conditions, strict=True)) and all(
        s >= lo for s, lo in zip(skills, card.losses, strict=True)
    )
    assert GAME.eligible(tuple(skills), card.id) == expected


# LY-11 ----------------------------------------------------------------------------------
@given(STATES)
def test_ly11_an_eligible_card_is_played_or_discarded_never_deferred(state: lyceum.State) -> None:
    if not state.queue or head(state).kind is not StepKind.DECIDE:
        return
    step = head(state)
    assert step.card is not None
    card = CARDS[step.card]
    sheet = state.seats[step.seat]
    legal = GAME.legal_actions(state)
    assert DiscardCard() in legal
    if GAME.eligible(sheet.skills, card.id):
        assert PlayCard() in legal
        after = GAME.apply(state, PlayCard())
        new = after.seats[step.seat]
        assert new.skills == tuple(
            s - lo + g for s, lo, g in zip(sheet.skills, card.losses, card.gains, strict=True)
        )
        assert new.played_xp == sheet.played_xp + card.xp
        violation = GAME.check(state, DeferCard())
        assert violation is not None
        assert violation.code == "defer_eligible"
        assert violation.rule == "LY-12"
    else:
        violation = GAME.check(state, PlayCard())
        assert violation is not None
        assert (violation.rule, violation.code) == ("LY-11", "not_eligible")
    after = GAME.apply(state, DiscardCard())
    assert all(step.card not in pile for pile in after.piles)
    assert all(s.deferred != step.card for s in after.seats)


# LY-12 ----------------------------------------------------------------------------------
def _decide(card_id: str, skills: tuple[int, ...], **kw: object) -> lyceum.State:
    """A position where seat 0 has just drawn ``card_id``."""
    card = CARDS[card_id]
    colour = card.colour
    piles = {c.value: list(CONTENT.pile(card.epoch, c)) for c in Colour}
    deferred = kw.get("deferred") or []
    held = {entry[0] for entry in deferred if entry}  # type: ignore[attr-defined]
    for c in Colour:
        piles[c.value] = [x for x in piles[c.value] if x not in held]
    others = [c for c in piles[colour.value] if c != card_id]
    piles[colour.value] = [card_id, *others]
    round_ = {Epoch.LYCEUM: 1, Epoch.UNIVERSITY: 4, Epoch.ADULT: 8}[card.epoch]
    round_ = int(kw.pop("round", round_))  # type: ignore[call-overload]
    state = GAME.position(skills=[skills, (5,) * 5, (5,) * 5], round=round_, piles=piles, **kw)
    return GAME.apply(state, Draw(colour))


REDS = [c.id for c in CONTENT.cards if c.colour is Colour.RED and c.epoch is Epoch.LYCEUM]


@given(st.sampled_from(REDS))
def test_ly12_an_ineligible_card_may_be_deferred_and_waits_with_its_round(card_id: str) -> None:
    state = _decide(card_id, (0, 0, 0, 0, 0))
    assert GAME.legal_actions(state) == (DeferCard(), DiscardCard())
    transition = GAME.step(state, DeferCard())
    sheet = transition.state.seats[0]
    assert (sheet.deferred, sheet.deferred_round) == (card_id, 1)
    assert CardDeferred(0, card_id) in transition.events


@given(st.sampled_from(REDS), st.sampled_from(REDS))
def test_ly12_a_second_card_cannot_be_deferred_or_swapped(held: str, drawn: str) -> None:
    if held == drawn:
        return
    state = _decide(drawn, (0, 0, 0, 0, 0), round=2, deferred=[(held, 1), None, None])
    violation = GAME.check(state, DeferCard())
    assert violation is not None
    assert (violation.rule, violation.code) == ("LY-12", "already_deferring")
    assert GAME.legal_actions(state) == (DiscardCard(),)


# LY-13 ----------------------------------------------------------------------------------
def _held_from(round_: int, skills: tuple[int, ...]) -> lyceum.State:
    epoch = epoch_of_round(round_)
    card = next(c.id for c in CONTENT.cards if c.epoch is epoch and c.colour is Colour.RED)
    return GAME.position(
        skills=[skills, (5,) * 5, (5,) * 5], round=round_, deferred=[(card, round_), None, None]
    )


def _seat0_turns(state: lyceum.State, turns: int, choose: lyceum.Skill) -> list[lyceum.State]:
    """Seat 0 and the others rest; seat 0 keeps any offer; the states after seat 0's turns."""
    after = []
    while turns and state.queue:
        step = head(state)
        if step.kind is StepKind.OFFER:
            state = GAME.apply(state, KeepDeferred())
            continue
        was_zero = step.kind is StepKind.MAIN and step.seat == 0
        state = GAME.apply(state, Rest())
        state = GAME.apply(state, ChooseSkill(choose))
        state = GAME.apply(state, FinishMoves())
        if was_zero:
            if state.queue and head(state).kind is StepKind.OFFER:
                after.append(state)
                state = GAME.apply(state, KeepDeferred())
            else:
                after.append(state)
            turns -= 1
    return after


@given(st.integers(1, 7))
def test_ly13_the_deferral_round_does_not_count_and_three_turns_follow(round_: int) -> None:
    state = _held_from(round_, (20,) * 5)
    card = state.seats[0].deferred
    assert card is not None
    # the turn of the deferral itself: no offer
    state = _rest_turn(state)
    assert not (state.queue and head(state).kind is StepKind.OFFER)
    for offers in range(1, 4):
        while head(state).seat != 0 or head(state).kind is not StepKind.MAIN:
            state = _rest_turn(state)
        state = _rest_turn(state)
        assert head(state).kind is StepKind.OFFER
        assert head(state).card == card
        assert GAME.legal_actions(state) == (PlayDeferred(), KeepDeferred())
        transition = GAME.step(state, KeepDeferred())
        state = transition.state
        if offers == 3:
            assert DeferredExpired(0, card) in transition.events
            assert state.seats[0].deferred is None
        else:
            assert state.seats[0].deferred == card


@given(st.integers(1, 7))
def test_ly13_an_ineligible_deferred_card_is_never_offered_and_expires(round_: int) -> None:
    state = _held_from(round_, (0, 0, 0, 0, 0))
    card = state.seats[0].deferred
    state = _rest_turn(state)  # the deferral turn
    for turn in range(3):
        while head(state).seat != 0 or head(state).kind is not StepKind.MAIN:
            state = _rest_turn(state)
        transition_state = _rest_turn(state)
        assert not (transition_state.queue and head(transition_state).kind is StepKind.OFFER)
        state = transition_state
        assert (state.seats[0].deferred == card) == (turn < 2)


def test_ly13_a_deferred_card_survives_the_epoch_change_and_can_be_played() -> None:
    state = _held_from(3, (20,) * 5)
    card = state.seats[0].deferred
    assert card is not None
    assert CARDS[card].epoch is Epoch.LYCEUM
    state = _rest_turn(state)
    while head(state).seat != 0 or head(state).kind is not StepKind.MAIN:
        state = _rest_turn(state)
    assert state.round == 4
    assert epoch_of_round(state.round) is Epoch.UNIVERSITY
    state = _rest_turn(state)
    assert head(state).kind is StepKind.OFFER
    transition = GAME.step(state, PlayDeferred())
    assert CardPlayed(0, card, 500, True) in transition.events
    assert transition.state.seats[0].deferred is None
    assert transition.state.seats[0].played_xp == 500


@given(seeds(), st.integers(3, 4))
def test_ly13_in_any_game_offers_come_one_to_three_rounds_after_the_deferral(
    seed: int, players: int
) -> None:
    states, _ = random_game(seed, players)
    for state in states:
        for sheet in state.seats:
            if sheet.deferred is not None:
                assert 0 <= state.round - sheet.deferred_round <= 3
        if state.queue and head(state).kind is StepKind.OFFER:
            sheet = state.seats[head(state).seat]
            assert 1 <= state.round - sheet.deferred_round <= 3
            assert head(state).card == sheet.deferred
            assert GAME.eligible(sheet.skills, head(state).card)


def test_ly13_offers_need_a_deferred_card() -> None:
    state = GAME.position(skills=[(5,) * 5] * 3)
    for action in (PlayDeferred(), KeepDeferred()):
        violation = GAME.check(state, action)
        assert violation is not None
        assert (violation.rule, violation.code) == ("CORE-3", "wrong_step")
