"""The kind-uniform agent and the agents named for the command line."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardrules import load
from boardrules.agents import AGENTS, KindUniformAgent, agent_names, make_agent
from boardrules.core.errors import BadInput
from boardrules.core.rng import Rng
from boardrules.sim import wilson
from boardrules.testing import playouts


@attrs.frozen
class _Often:
    n: int


@attrs.frozen
class _Rare:
    n: int


class _Lopsided:
    """Nine actions of one kind and one of another."""

    def legal_actions(self, view: object) -> tuple[object, ...]:
        return (*(_Often(i) for i in range(9)), _Rare(0))


def test_each_kind_is_equally_likely_then_each_action_of_it() -> None:
    agent, game = KindUniformAgent(), _Lopsided()
    picks = Counter(agent.choose(game, None, 0, Rng.derive(7, i)) for i in range(4000))
    rare = wilson(picks[_Rare(0)], 4000)
    assert rare.low < 0.5 < rare.high, rare
    often = [picks[_Often(i)] for i in range(9)]
    assert all(wilson(n, sum(often)).low < 1 / 9 < wilson(n, sum(often)).high for n in often)


@pytest.mark.parametrize("name", ["semya", "lyceum", "orbita"])
@given(data=st.data(), stream=st.integers(0, 2**32))
def test_the_choice_is_legal(name: str, data: st.DataObject, stream: int) -> None:
    game = load(name)
    state = data.draw(playouts(game, max_steps=60)).final
    if not game.is_over(state):
        seat = game.to_move(state)
        chosen = KindUniformAgent().choose(game, game.view(state, seat), seat, Rng(stream))
        assert chosen in game.legal_actions(state)


def test_agents_by_name() -> None:
    assert agent_names() == tuple(AGENTS)
    for name in agent_names():
        assert make_agent(name).name == name
    with pytest.raises(BadInput, match="uniform-kind"):
        make_agent("uniform")
