"""The goal agent and MCTS with policy roll-outs and a cut-off, on Orbita and without a policy."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardrules.agents import (
    GoalAgent,
    GoalMCTSAgent,
    MCTSAgent,
    agent_streams,
    make_agent,
    play_game,
)
from boardrules.core.capabilities import HasPolicy, MissingCapability
from boardrules.core.rng import Rng
from boardrules.games import orbita, semya
from boardrules.games.orbita import strategy
from boardrules.testing import playouts, seeds

GAME = orbita.Game()
PLAYERS = st.integers(orbita.Game.min_players, orbita.Game.max_players)


@st.composite
def goal_states(draw: st.DrawFn) -> orbita.State:
    """A state reached by goal agents (mixed with random moves), for any seat count: it
    reaches enterprises and corporations, which random play never does."""
    seed, players = draw(seeds()), draw(PLAYERS)
    steps = draw(st.integers(0, 900))
    noise = draw(st.sampled_from((0, 10, 50)))  # random moves per hundred
    state = GAME.new(seed, players=players)
    streams = agent_streams(seed, players)
    coin = Rng.derive(seed, "coin")
    agent = GoalAgent()
    for _ in range(steps):
        seat = GAME.to_move(state)
        if seat is None:
            break
        legal = GAME.legal_actions(state)
        if coin.below(100) < noise:
            action = legal[coin.below(len(legal))]
        else:
            action = agent.choose(GAME, GAME.view(state, seat), seat, streams[seat])
        state = GAME.apply(state, action)
    return state


RANDOM_STATES = playouts(
    GAME, setups=PLAYERS.map(lambda n: {"players": n}), max_steps=400
).map(lambda p: p.final)
STATES = st.one_of(RANDOM_STATES, goal_states()).filter(lambda s: not GAME.is_over(s))


def test_orbita_has_a_policy_and_semya_has_none() -> None:
    assert isinstance(GAME, HasPolicy)
    assert not isinstance(semya.Game(), HasPolicy)


@settings(max_examples=60)
@given(STATES, seeds())
def test_the_goal_agent_plays_a_legal_action_reproducibly(state: orbita.State, seed: int) -> None:
    seat = GAME.to_move(state)
    assert seat is not None
    view = GAME.view(state, seat)
    action = GoalAgent().choose(GAME, view, seat, Rng(seed))
    assert action in GAME.legal_actions(state)
    assert GoalAgent().choose(GAME, view, seat, Rng(seed)) == action, "same stream, same choice"
    legal = GAME.legal_actions(view)
    raiding = strategy.policy(GAME.rule_context, view, seat, legal, Rng(seed), raids=True)
    assert raiding in legal


@settings(max_examples=40)
@given(STATES, seeds())
def test_the_policy_reads_only_what_the_seat_sees(state: orbita.State, seed: int) -> None:
    seat = GAME.to_move(state)
    assert seat is not None
    view = GAME.view(state, seat)
    behind = GAME.determinize(view, seat, Rng(seed + 1))
    legal = GAME.legal_actions(state)
    assert GAME.policy(view, seat, legal, Rng(seed)) == GAME.policy(behind, seat, legal, Rng(seed))


@settings(max_examples=40)
@given(st.one_of(RANDOM_STATES, goal_states()))
def test_evaluate_gives_each_seat_a_chance(state: orbita.State) -> None:
    chances = GAME.evaluate(state)
    assert len(chances) == len(state.seats)
    assert all(0.0 <= c <= 1.0 for c in chances)
    assert sum(chances) <= 1.0 + 1e-9
    if GAME.is_over(state):
        winners = GAME.score(state).winners
        shares = tuple(1 / len(winners) if s in winners else 0.0 for s in range(len(chances)))
        assert chances == shares


class _Counting:
    """Orbita, counting the actions applied and the estimates asked for."""

    def __init__(self) -> None:
        self.applied = 0
        self.evaluated = 0

    def apply(self, state: Any, action: Any) -> Any:
        self.applied += 1
        return GAME.apply(state, action)

    def evaluate(self, state: Any) -> tuple[float, ...]:
        self.evaluated += 1
        return GAME.evaluate(state)

    def __getattr__(self, name: str) -> Any:
        return getattr(GAME, name)


@settings(max_examples=15)
@given(STATES, seeds(), st.integers(0, 12), st.sampled_from(("random", "policy")))
def test_mcts_with_a_cut_off_plays_legal_actions_and_keeps_to_its_depth(
    state: orbita.State, seed: int, depth: int, rollout: Any
) -> None:
    seat = GAME.to_move(state)
    assert seat is not None
    view = GAME.view(state, seat)
    agent = MCTSAgent(iterations=8, rollout=rollout, depth=depth)
    assert agent.choose(GAME, view, seat, Rng(seed)) in GAME.legal_actions(state)
    counting = _Counting()
    one = MCTSAgent(iterations=1, rollout=rollout, depth=depth)
    assert one.search(counting, view, seat, Rng(seed)) == 1
    # One expansion, then at most ``depth`` roll-out actions; the estimate is asked once
    # unless the game ended on the way.
    assert counting.applied <= 1 + depth
    assert counting.evaluated <= 1


@settings(max_examples=5)
@given(goal_states().filter(lambda s: not GAME.is_over(s)), seeds())
def test_the_mcts_goal_preset_plays_legal_actions(state: orbita.State, seed: int) -> None:
    seat = GAME.to_move(state)
    assert seat is not None
    action = GoalMCTSAgent(iterations=10).choose(GAME, GAME.view(state, seat), seat, Rng(seed))
    assert action in GAME.legal_actions(state)


def test_a_game_without_a_policy_says_what_is_missing() -> None:
    game = semya.Game()
    state = game.new(1)
    seat = game.to_move(state)
    assert seat is not None
    assert len(game.legal_actions(state)) > 1
    view = game.view(state, seat)
    with pytest.raises(MissingCapability, match=r"policy\(\) or evaluate\(\) \(HasPolicy\)"):
        GoalAgent().choose(game, view, seat, Rng(1))
    for agent in (MCTSAgent(iterations=3, depth=2), MCTSAgent(iterations=3, rollout="policy"),
                  GoalMCTSAgent(iterations=3)):
        with pytest.raises(MissingCapability, match="HasPolicy"):
            agent.choose(game, view, seat, Rng(1))
    assert MCTSAgent(iterations=3).choose(game, view, seat, Rng(1)) in game.legal_actions(state)


def test_bad_mcts_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="rollout"):
        MCTSAgent(rollout="greedy")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="depth"):
        MCTSAgent(depth=-1)


def test_the_new_agents_are_named() -> None:
    assert make_agent("goal") == GoalAgent()
    assert make_agent("mcts-goal") == GoalMCTSAgent()
    assert GoalMCTSAgent().rollout == "policy"
    assert GoalMCTSAgent().depth == 40
    # The default resolves by game: policy roll-outs cut at 40 where there is a policy.
    assert MCTSAgent().settings(GAME) == ("policy", 40)
    assert MCTSAgent().settings(semya.Game()) == ("random", None)
    assert MCTSAgent(rollout="random").settings(GAME) == ("random", None)
    assert MCTSAgent(depth=None).settings(GAME) == ("policy", None)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_four_goal_agents_form_a_corporation(seed: int) -> None:
    final, actions = play_game(GAME, [GoalAgent()] * 4, seed, players=4)
    assert GAME.is_over(final)
    corporations = [s for s, seat in enumerate(final.seats) if seat.corporations]
    assert corporations, "no seat formed a corporation"
    assert any(isinstance(a, orbita.FormCorporation) for a in actions)
    # Fed for ``goal_rounds`` rounds in a row, it ends the game early, and its seat wins.
    assert final.round < GAME.rounds
    assert GAME.score(final).winners == tuple(corporations)


@settings(max_examples=30)
@given(STATES, seeds())
def test_a_one_iteration_policy_search_plays_a_best_rated_action(
    state: orbita.State, seed: int
) -> None:
    seat = GAME.to_move(state)
    assert seat is not None
    legal = GAME.legal_actions(state)
    agent = MCTSAgent(iterations=1, rollout="policy", depth=0)
    action = agent.choose(GAME, GAME.view(state, seat), seat, Rng(seed))
    ctx = GAME.rule_context
    best = max(strategy.rate(ctx, state, seat, a) for a in legal)
    assert strategy.rate(ctx, state, seat, action) == best
