"""An agent that needs what a game lacks is refused before the first move, in one place."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardrules
from boardrules.agents import AGENTS, Demanding, check_agents, make_agent
from boardrules.core.capabilities import MissingCapability
from boardrules.core.errors import BadInput
from boardrules.core.rng import Rng
from boardrules.sim import simulate

FAST = ("random", "uniform-kind", "greedy", "goal")


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(boardrules.game_names())), st.sampled_from(FAST), st.data())
def test_check_agents_agrees_with_the_first_move(name: str, agent_name: str,
                                                 data: st.DataObject) -> None:
    """``check_agents`` refuses exactly the agents whose first move would fail for want of a
    capability, naming the seat."""
    game = boardrules.load(name)
    state = game.new(data.draw(st.integers(0, 1000)))
    seat = game.to_move(state)
    assert seat is not None
    agent = make_agent(agent_name)
    refused: BadInput | None = None
    try:
        check_agents(game, [make_agent("random"), agent])
    except BadInput as error:
        refused = error
    if refused is None:
        action = agent.choose(game, game.view(state, seat), seat, Rng(1))
        assert action in game.legal_actions(game.view(state, seat))
    else:
        assert refused.path == "$.agents[1]"
        assert isinstance(agent, Demanding)
        with pytest.raises(MissingCapability):
            agent.choose(game, game.view(state, seat), seat, Rng(1))


def test_a_study_with_an_agent_the_game_cannot_use_fails_before_any_game() -> None:
    game = boardrules.load("semya")
    with pytest.raises(BadInput, match="policy") as caught:
        simulate(game, [make_agent("random"), make_agent("goal")], 10, executor=None)
    assert caught.value.path == "$.agents[1]"


def test_every_named_agent_says_what_it_needs_or_needs_nothing() -> None:
    """Only the agents that read a game's heuristic or policy are ``Demanding``."""
    demanding = {name for name, make in AGENTS.items() if isinstance(make(), Demanding)}
    assert demanding == {"greedy", "goal", "mcts", "mcts-goal"}
