"""The agent hooks of «Об игре» (LY-22 again): ``determinize`` samples only what a seat cannot
see, so agents that look ahead stay inside their view; ``heuristic`` and
``describe_action`` serve the greedy agent and the command line."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from boardrules.agents import GreedyAgent, MCTSAgent, RandomAgent, play_game
from boardrules.core.rng import Rng
from boardrules.games import lyceum
from boardrules.testing import playouts, seeds

from .support import GAME, setups

PLAYOUTS = playouts(GAME, setups())


@given(PLAYOUTS, seeds())
def test_ly22_determinize_is_consistent_with_the_view(p: object, seed: int) -> None:
    state = p.final  # type: ignore[attr-defined]
    for seat in range(len(state.seats)):
        view = GAME.view(state, seat)
        sample = GAME.determinize(view, seat, Rng(seed))
        GAME.validate(sample)
        assert GAME.view(sample, seat) == view
        if GAME.to_move(state) == seat:  # what the agent to move may choose from
            assert GAME.legal_actions(sample) == GAME.legal_actions(view)
            assert GAME.legal_actions(view) == GAME.legal_actions(state)


@given(seeds(), st.integers(3, 4))
def test_agents_play_whole_games_from_their_views(seed: int, players: int) -> None:
    agents = [GreedyAgent(), RandomAgent(), GreedyAgent(), RandomAgent()][:players]
    final, actions = play_game(GAME, agents, seed, players=players)
    assert GAME.is_over(final)
    assert len(actions) <= GAME.max_moves()


def test_mcts_agent_chooses_a_legal_action() -> None:
    state = GAME.position(skills=[(6,) * 5] * 3, played_xp=[800, 0, 0])
    action = MCTSAgent(iterations=8).choose(GAME, GAME.view(state, 0), 0, Rng(1))
    assert action in GAME.legal_actions(state)


def test_every_action_has_an_english_and_a_russian_label() -> None:
    seen = set()
    for seed in range(3):
        state = GAME.new(seed, players=3)
        rng = Rng(seed)
        while not GAME.is_over(state):
            legal = GAME.legal_actions(state)
            for action in legal:
                en = GAME.describe_action(action, "en")
                ru = GAME.describe_action(action, "ru")
                assert en
                assert ru
                seen.add(type(action))
            state = GAME.apply(state, legal[rng.below(len(legal))])
    assert len(seen) >= 10
    assert GAME.describe_action(lyceum.Declare(None), "ru") == "Без заявки"
