"""Agents choose legal actions from views, reproducibly; greedy takes a win in one."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from boardrules import Rng
from boardrules.agents import (
    ChoosesAmongLegal,
    GreedyAgent,
    KindUniformAgent,
    MCTSAgent,
    RandomAgent,
    agent_streams,
    agent_streams_each,
    outcome,
    play_game,
)
from boardrules.games import semya
from boardrules.testing import reachable_states, seeds

GAME = semya.Game()
STATES = reachable_states(GAME).filter(lambda s: not GAME.is_over(s))


@given(STATES, seeds())
def test_random_and_greedy_choose_legal_actions(state: semya.State, seed: int) -> None:
    seat = GAME.to_move(state)
    assert seat is not None
    view = GAME.view(state, seat)
    for agent in (RandomAgent(), GreedyAgent()):
        action = agent.choose(GAME, view, seat, Rng(seed))
        assert action in GAME.legal_actions(state)
        assert agent.choose(GAME, view, seat, Rng(seed)) == action, "same stream, same choice"


@settings(max_examples=5)
@given(STATES, seeds())
def test_mcts_chooses_a_legal_action(state: semya.State, seed: int) -> None:
    seat = GAME.to_move(state)
    assert seat is not None
    action = MCTSAgent(iterations=20).choose(GAME, GAME.view(state, seat), seat, Rng(seed))
    assert action in GAME.legal_actions(state)


def test_greedy_and_mcts_take_a_win_in_one() -> None:
    state = GAME.position(
        hands=[["sun-venus", "venus-saturn"], ["moon-mars"]],
        table=[semya.PlayCard("jupiter-moon")],
        trumps=["fool", "held"],
        to_move=1,
    )
    for agent in (GreedyAgent(), MCTSAgent(iterations=60)):
        action = agent.choose(GAME, state, 1, Rng(3))
        after = GAME.apply(state, action)
        assert after.loser == 0, agent


@given(seeds())
def test_play_game_is_reproducible_and_ends(seed: int) -> None:
    agents = [RandomAgent(), GreedyAgent()]
    final, actions = play_game(GAME, agents, seed)
    again, same = play_game(GAME, agents, seed)
    assert final == again
    assert actions == same
    assert GAME.is_over(final)
    assert sum(outcome(GAME, final, s) for s in (0, 1)) == 1


@given(st.integers(0, 10))
def test_outcome_is_zero_before_the_end(seed: int) -> None:
    assert outcome(GAME, GAME.new(seed), 0) == 0.0


@given(seeds(), st.integers(1, 6))
def test_agent_streams_are_the_documented_derivation(seed: int, seats: int) -> None:
    # agent_streams mixes its shared label once; each stream is still derive(seed, "agent", s).
    streams = agent_streams(seed, seats)
    assert [r.state for r in streams] == [
        Rng.derive(seed, "agent", s).state for s in range(seats)
    ]


@given(st.lists(seeds(), max_size=12), st.integers(1, 5))
def test_agent_streams_each_is_agent_streams_for_each_seed(seeds_: list[int], seats: int) -> None:
    assert [[r.state for r in streams] for streams in agent_streams_each(seeds_, seats)] == [
        [r.state for r in agent_streams(seed, seats)] for seed in seeds_
    ]


@given(STATES, seeds())
def test_choosing_among_the_legal_actions_is_choosing_from_the_view(
    state: semya.State, seed: int
) -> None:
    # What simulate relies on: the same action, and the same draws after it.
    for agent in (RandomAgent(), KindUniformAgent()):
        assert isinstance(agent, ChoosesAmongLegal)
        seat = GAME.to_move(state)
        assert seat is not None
        by_view, among = Rng(seed), Rng(seed)
        chosen = agent.choose(GAME, GAME.view(state, seat), seat, by_view)
        assert chosen == agent.choose_among(GAME.legal_actions(state), seat, among)
        assert by_view.state == among.state
