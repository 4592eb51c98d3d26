"""The ``hosts_seated`` option (ORB-5): a Hosts Leader is always dealt, nothing else changes."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from boardrules import serde
from boardrules.core.record import GameRecord
from boardrules.core.replay import replay
from boardrules.games.orbita import Game, Spec

DEFAULT = Game()
SEATED = Game(hosts_seated=True)
seeds = st.integers(0, 2**32 - 1)
players = st.integers(2, 4)


def leaders(game: Game, seed: int, n: int) -> list[Spec]:
    state = game.new(seed, players=n)
    return [game.spec_of(seat.teams[0].leader) for seat in state.seats]


@given(seeds, players)
def test_a_hosts_leader_is_always_dealt_and_the_others_stay(seed: int, n: int) -> None:
    dealt = leaders(DEFAULT, seed, n)
    seated = leaders(SEATED, seed, n)
    assert Spec.HOSTS in seated
    assert len(set(seated)) == n
    if Spec.HOSTS in dealt:
        assert seated == dealt
        assert SEATED.new(seed, players=n) == DEFAULT.new(seed, players=n)
    else:
        # One seat's Leader became the Hosts'; every other seat keeps its own.
        assert sum(a != b for a, b in zip(dealt, seated, strict=True)) == 1


@given(seeds, st.lists(st.sampled_from(list(Spec)), min_size=2, max_size=4, unique=True))
def test_named_leaders_are_played_as_named(seed: int, named: list[Spec]) -> None:
    state = SEATED.new(seed, players=len(named), leaders=named)
    assert [SEATED.spec_of(s.teams[0].leader) for s in state.seats] == named


@settings(max_examples=10, deadline=None)
@given(seeds, players)
def test_the_option_is_recorded_and_replays(seed: int, n: int) -> None:
    game = Game(hosts_seated=True, rounds=1)
    state = game.new(seed, players=n)
    actions = []
    while not game.is_over(state):
        action = game.legal_actions(state)[0]
        actions.append(action)
        state = game.apply(state, action)
    record = game.record(seed, tuple(actions), players=n)
    again = serde.from_json(serde.to_json(record), GameRecord)
    assert replay(again)[-1] == state
