"""The hooks other parts of boardrules use: rulebook lines, heuristic, tally, summaries."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from boardrules import Rng
from boardrules.agents import GreedyAgent, RandomAgent, play_game
from boardrules.games.orbita import Game, Phase
from boardrules.games.orbita.summary import play_random, round_line

GAME = Game(rounds=2)


def test_orb24_rulebook_lines_cover_every_rule_in_two_languages() -> None:
    """One line per rule ID ORB-1..ORB-24, English and Russian (``boardrules rules orbita``)."""
    assert [r.id for r in GAME.rulebook] == [f"ORB-{n}" for n in range(1, 25)]
    for rule in GAME.rulebook:
        assert rule.text("en")
        assert rule.text("ru")
        assert rule.text("en") != rule.text("ru")


@given(st.integers(0, 2**64 - 1), st.integers(2, 4))
def test_orb23_heuristic_follows_the_standings(seed: int, players: int) -> None:
    """ORB-23: the greedy heuristic ranks a seat by its points against the best other seat."""
    state = GAME.new(seed, players=players)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 120)):
        if GAME.is_over(state):
            break
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    points = GAME.score(state).points
    values = [GAME.heuristic(state, s) for s in range(players)]
    for a in range(players):
        for b in range(players):
            if points[a] - points[b] >= 100:
                assert values[a] > values[b]


def test_orb22_agents_play_whole_games() -> None:
    """ORB-22: greedy and random agents, seeing only views, play games to their end."""
    state, actions = play_game(
        GAME, [GreedyAgent(), RandomAgent(), RandomAgent()], seed=3, players=3
    )
    assert GAME.is_over(state)
    assert len(actions) <= GAME.max_moves()


def test_tally_counts_structures_and_fights() -> None:
    """The tally lists only the events that matter for balance reports."""
    state = GAME.new(8, players=4)
    events: list[object] = []
    rng = Rng(8)
    while not GAME.is_over(state):
        transition = GAME.step(state, rng.choice(GAME.legal_actions(state)))
        events.extend(transition.events)
        state = transition.state
    tally = GAME.tally(state, tuple(events))  # type: ignore[arg-type]
    for tag, count in tally.items():
        assert count == sum(1 for e in events if type(e).tag == tag)  # type: ignore[attr-defined]
    assert "phase_started" not in tally


def test_summary_writes_a_line_per_round_and_the_standings() -> None:
    """ORB-6 and ORB-23: the demo summary has one line per round, then the standings."""
    lines: list[str] = []
    state = play_random(Game(rounds=3), seed=2, players=4, out=lines)
    assert [line.split(":")[0] for line in lines[1:4]] == ["round 1", "round 2", "round 3"]
    assert lines[4].startswith("Standings")
    assert len(lines) == 5 + 4
    assert state.phase is Phase.SAVING
    assert round_line(Game(), state, 3) == lines[3]
