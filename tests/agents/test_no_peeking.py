"""An agent cannot read hidden information: equal views give equal choices.

For every registered game with hidden information, a state and a determinization of the
seat's view differ in what the seat cannot see; every agent, given the same stream, must
choose the same action in both.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardrules
from boardrules import Rng
from boardrules.agents import GreedyAgent, MCTSAgent, RandomAgent
from boardrules.testing import reachable_states, seeds

HIDDEN = [
    boardrules.load(name) for name in boardrules.game_names()
    if boardrules.load(name).hidden_information
]
SETUPS: dict[str, Any] = {"lyceum": st.just({"players": 3}), "orbita": st.just({"players": 3})}


@pytest.mark.parametrize("game", HIDDEN, ids=lambda g: g.name)
def test_equal_views_give_equal_choices(game: Any) -> None:
    @settings(max_examples=10)
    @given(reachable_states(game, SETUPS.get(game.name)), seeds())
    def check(state: Any, seed: int) -> None:
        seat = game.to_move(state)
        if seat is None:
            return
        view = game.view(state, seat)
        other = game.determinize(view, seat, Rng(seed ^ 0x5EED))
        assert game.view(other, seat) == view
        for agent in (RandomAgent(), GreedyAgent(), MCTSAgent(iterations=8)):
            first = agent.choose(game, game.view(state, seat), seat, Rng(seed))
            second = agent.choose(game, game.view(other, seat), seat, Rng(seed))
            assert first == second, agent.name

    check()


def test_there_is_a_game_with_hidden_information() -> None:
    assert HIDDEN, "the no-peeking property needs at least one game to check"
