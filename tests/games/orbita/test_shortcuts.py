"""``Game.apply`` of a just-listed action (the direct forms of the effects, such as ORB-10's gift)
builds the very state that the general path, ``Game.step``, builds from the rules' effects."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from boardrules import serde
from boardrules.games.orbita import Game

GAMES = (Game(rounds=3), Game(rounds=3, all_at_once=False, steps=2))


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(GAMES),
    st.integers(0, 10**6),
    st.integers(2, 4),
    st.lists(st.integers(0, 10**6), min_size=60, max_size=200),
)
def test_apply_of_a_listed_action_matches_step(
    game: Game, seed: int, players: int, picks: list[int]
) -> None:
    state = game.new(seed=seed, players=players)
    for pick in picks:
        legal = game.legal_actions(state)
        if not legal:
            break
        action = legal[pick % len(legal)]
        general = game.step(state, action).state
        game.legal_actions(state)  # ``apply`` takes the shortcut for what was just listed
        quick = game.apply(state, action)
        assert quick == general
        assert serde.to_json(quick) == serde.to_json(general)
        state = quick
