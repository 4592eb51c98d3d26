"""One test (or more) per Kuhn poker rule ID; each names the rule it checks."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardrules import BadInput, IllegalAction, Rng, serde
from boardrules.games import kuhn
from boardrules.games.kuhn import Bet, Call, Card, Check, Fold
from boardrules.testing import playouts, reachable_states, seeds

GAME = kuhn.Game()
STATES = reachable_states(GAME)
DEALS = list(itertools.permutations(kuhn.DECK, 2))
#: Every betting sequence of a hand, with who takes the pot (None: the higher card).
HANDS: list[tuple[tuple[Any, ...], int | None]] = [
    ((Check(), Check()), None),
    ((Check(), Bet(), Fold()), 1),
    ((Check(), Bet(), Call()), None),
    ((Bet(), Fold()), 0),
    ((Bet(), Call()), None),
]


def _play(deal: tuple[Card, Card], moves: tuple[Any, ...], game: kuhn.Game = GAME) -> Any:
    state = game.new(0, deal=deal)
    for move in moves:
        state = game.apply(state, move)
    return state


# KUHN-1 -------------------------------------------------------------------------------
def test_kuhn1_three_ranked_cards_and_an_ante_each() -> None:
    assert [c.rank for c in kuhn.DECK] == [0, 1, 2]
    assert [c.name_en for c in kuhn.DECK] == ["Jack", "Queen", "King"]
    state = GAME.new(1)
    assert GAME.score(state).points == (-1, -1)
    assert kuhn.Game(ante=5).score(state).points == (-5, -5)


@pytest.mark.parametrize("bad", [0, -1, "1", 1.0, True, 10**7])
def test_kuhn1_bad_stakes_are_bad_input(bad: object) -> None:
    with pytest.raises(BadInput) as info:
        kuhn.Game(ante=bad)  # type: ignore[arg-type]
    assert info.value.path == "$.ante"
    with pytest.raises(BadInput) as info:
        kuhn.Game(bet=bad)  # type: ignore[arg-type]
    assert info.value.path == "$.bet"


# KUHN-2 -------------------------------------------------------------------------------
@given(seeds())
def test_kuhn2_the_seed_deals_two_different_cards(seed: int) -> None:
    state = GAME.new(seed)
    first, second = state.cards
    assert first is not None
    assert second is not None
    assert first is not second
    assert GAME.new(seed) == state


def test_kuhn2_every_deal_comes_from_some_seed_about_equally() -> None:
    counts = Counter(GAME.new(seed).cards for seed in range(6000))
    assert set(counts) == set(DEALS)
    assert all(800 <= n <= 1200 for n in counts.values()), counts


def test_kuhn2_a_deal_may_be_named_and_a_bad_one_is_bad_input() -> None:
    assert GAME.new(0, deal=(Card.QUEEN, Card.KING)).cards == (Card.QUEEN, Card.KING)
    assert GAME.new(0, deal=["queen", "king"]).cards == (Card.QUEEN, Card.KING)
    for bad in (("king", "king"), ("king",), ("ace", "king"), "kq"):
        with pytest.raises(BadInput) as info:
            GAME.new(0, deal=bad)
        assert info.value.path.startswith("$.deal")


# KUHN-3 -------------------------------------------------------------------------------
@given(STATES)
def test_kuhn3_seat_0_acts_first_then_the_seats_alternate(state: kuhn.State) -> None:
    if GAME.is_over(state):
        assert GAME.to_move(state) is None
    else:
        assert GAME.to_move(state) == len(state.moves) % 2


# KUHN-4 and KUHN-5 ---------------------------------------------------------------------
@given(STATES)
def test_kuhn4_kuhn5_the_step_takes_check_and_bet_or_fold_and_call(state: kuhn.State) -> None:
    if GAME.is_over(state):
        assert GAME.legal_actions(state) == ()
        violation = GAME.check(state, Check())
        assert violation is not None
        assert violation.rule == "CORE-2"
        return
    facing = bool(state.moves) and state.moves[-1] == Bet()
    legal = GAME.legal_actions(state)
    assert legal == ((Fold(), Call()) if facing else (Check(), Bet()))
    for action in set(GAME.vocabulary()) - set(legal):
        violation = GAME.check(state, action)
        assert violation is not None
        assert (violation.rule, violation.code) == ("CORE-3", "wrong_step")
        with pytest.raises(IllegalAction):
            GAME.apply(state, action)


def test_kuhn4_a_bet_adds_a_stake_and_kuhn5_a_call_matches_it() -> None:
    game = kuhn.Game(ante=2, bet=3)
    state = game.apply(game.new(0, deal=(Card.JACK, Card.KING)), Bet())
    assert game.score(state).points == (-5, -2)
    state = game.apply(state, Call())
    assert game.score(state).points == (-5, 5)


# KUHN-6 -------------------------------------------------------------------------------
@pytest.mark.parametrize(("moves", "folder_winner"), HANDS)
def test_kuhn6_the_hand_ends_after_two_checks_a_call_or_a_fold(
    moves: tuple[Any, ...], folder_winner: int | None
) -> None:
    state = GAME.new(0, deal=(Card.QUEEN, Card.JACK))
    for i, move in enumerate(moves):
        assert not GAME.is_over(state)
        transition = GAME.step(state, move)
        state = transition.state
        ended = [e for e in transition.events if isinstance(e, kuhn.HandEnded)]
        assert bool(ended) == (i == len(moves) - 1)
    assert GAME.is_over(state)


@given(playouts(GAME, to_end=True))
def test_kuhn6_every_hand_ends_within_three_actions(p: Any) -> None:
    assert GAME.is_over(p.final)
    assert 2 <= len(p.actions) <= 3
    assert tuple(p.actions) in [moves for moves, _ in HANDS]


# KUHN-7 -------------------------------------------------------------------------------
@pytest.mark.parametrize("deal", DEALS)
@pytest.mark.parametrize(("moves", "folder_winner"), HANDS)
def test_kuhn7_fold_gives_the_pot_away_else_the_higher_card_wins(
    deal: tuple[Card, Card], moves: tuple[Any, ...], folder_winner: int | None
) -> None:
    state = _play(deal, moves)
    standings = GAME.score(state)
    winner = folder_winner
    if winner is None:
        winner = 0 if deal[0].rank > deal[1].rank else 1
    assert standings.final
    assert standings.winners == (winner,)
    stake = 2 if Call() in moves else 1
    assert standings[winner].points == stake
    assert standings[1 - winner].points == -stake


# KUHN-8 -------------------------------------------------------------------------------
@given(STATES)
def test_kuhn8_a_seat_sees_its_own_card_and_both_at_a_showdown(state: kuhn.State) -> None:
    showdown = GAME.is_over(state) and state.moves[-1] != Fold()
    for seat in (0, 1):
        view = GAME.view(state, seat)
        assert view.cards[seat] == state.cards[seat]
        assert view.moves == state.moves
        assert (view.cards[1 - seat] is None) == (not showdown)
    assert (GAME.view(state, None).cards == (None, None)) == (not showdown)


@given(STATES, seeds())
def test_kuhn8_views_hide_exactly_the_other_card(state: kuhn.State, seed: int) -> None:
    # Two hands that differ only in the other seat's card look the same to a seat.
    for seat in (0, 1):
        view = GAME.view(state, seat)
        other = GAME.determinize(view, seat, Rng(seed))
        GAME.validate(other)
        assert GAME.view(other, seat) == view
        assert GAME.legal_actions(other) == GAME.legal_actions(state)


def test_kuhn8_events_show_cards_only_at_a_showdown() -> None:
    state = GAME.new(0, deal=(Card.KING, Card.QUEEN))
    fold = GAME.step(GAME.apply(state, Bet()), Fold())
    assert fold.events[-1] == kuhn.HandEnded(winner=0, won=1, shown=None)
    call = GAME.step(GAME.apply(state, Bet()), Call())
    assert call.events[-1] == kuhn.HandEnded(winner=0, won=2, shown=(Card.KING, Card.QUEEN))
    assert "King" in GAME.describe_event(call.events[-1])
    assert "Король" in GAME.describe_event(call.events[-1], "ru")


# Positions and invariants -----------------------------------------------------------
def test_positions_and_tampered_states() -> None:
    state = GAME.position(["queen", None], [Check(), Bet()])
    assert GAME.legal_actions(state) == (Fold(), Call())
    for cards, moves, path in [
        (["king", "king"], [], "$.cards"),
        (["ace", "king"], [], "$.cards[0]"),
        (["jack", "king"], [Bet(), Bet()], "$.moves[1]"),
        (["jack", "king"], [Check(), Check(), Bet()], "$.moves[2]"),
        (["jack", None], [Bet(), Call()], "$.cards"),
    ]:
        with pytest.raises(BadInput) as info:
            GAME.position(cards, moves)
        assert info.value.path == path
    text = serde.to_json(state).replace('"check"', '"call"')
    with pytest.raises(BadInput):
        serde.from_json(text, kuhn.State, game=GAME)


@given(st.sampled_from(DEALS))
def test_labels_in_both_languages(deal: tuple[Card, Card]) -> None:
    for action in GAME.vocabulary():
        en, ru = GAME.describe_action(action), GAME.describe_action(action, "ru")
        assert en
        assert ru
        assert en != ru
    assert kuhn.Game(bet=2).describe_action(Bet(), "ru") == "Ставка: 2 фишки"
    assert kuhn.Game(bet=5).describe_action(Call()) == "Call 5 chips"


def test_without_a_unit_that_states_the_turn_to_move_says_so() -> None:
    # The end still answers (None); a hand under way has no seat to name.
    import attrs

    from boardrules.games.kuhn import rules

    game = kuhn.Game().with_rules(replace={"KUHN-3": attrs.evolve(rules.KUHN_3, turn=None)},
                                  name="no-turn")
    state = game.new(seed=1)
    with pytest.raises(NotImplementedError, match="states who moves"):
        game.to_move(state)
    assert game.to_move(attrs.evolve(state, moves=(Bet(), Call()))) is None
