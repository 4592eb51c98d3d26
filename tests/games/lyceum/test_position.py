"""The position builder and the state invariants: built positions play on, tampered states
are refused with the path of the bad field."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardrules import BadInput, serde
from boardrules.games import lyceum
from boardrules.games.lyceum import Rest, Stage, State, Step, StepKind
from boardrules.testing import playouts

from .support import GAME, setups

STATES = playouts(GAME, setups()).map(lambda p: p.final)


def test_position_builds_a_main_turn_that_plays_on() -> None:
    state = GAME.position(
        skills=[{"energy": 3, "health": 2}, (5,) * 5, (1, 2, 3, 4, 5), (0,) * 5],
        round=5, to_move=2, first=1, played_xp=[0, 300, 700, 0],
    )
    assert state.stage is Stage.MAIN
    assert state.turn == 1
    assert GAME.to_move(state) == 2
    assert state.seats[0].skills == (2, 0, 0, 0, 3)
    after = GAME.apply(state, Rest())
    GAME.validate(after)
    assert serde.from_json(serde.to_json(state), State) == state


def test_a_pile_not_given_is_the_epochs_whole_pile() -> None:
    """Giving only the red pile leaves the green and yellow piles whole, not empty."""
    whole = GAME.position(skills=[(5,) * 5] * 3)
    red_only = GAME.position(skills=[(5,) * 5] * 3, piles={"red": list(whole.piles[2][:2])})
    assert red_only.piles[:2] == whole.piles[:2]
    assert red_only.piles[2] == whole.piles[2][:2]
    assert GAME.position(skills=[(5,) * 5] * 3, piles={"green": []}).piles[0] == ()


@pytest.mark.parametrize(
    ("kwargs", "path"),
    [
        ({"skills": [(5,) * 5] * 2}, "$.skills"),
        ({"skills": [(5,) * 4] * 3}, "$.skills[0]"),
        ({"skills": [(5,) * 5] * 3, "round": 11}, "$.round"),
        ({"skills": [(5,) * 5] * 3, "to_move": 3}, "$.to_move"),
        ({"skills": [(5,) * 5] * 3, "characters": ["maria"] * 3}, "$.characters"),
        ({"skills": [(5,) * 5] * 3, "played_xp": [50, 0, 0]}, "$.played_xp[0]"),
        ({"skills": [(5,) * 5] * 3, "declarations": [(1, 1, 1, 1, 1), None, None]},
         "$.declarations[0]"),
        ({"skills": [(5,) * 5] * 3, "deferred": [("ly-red-01", 2), None, None]},
         "$.deferred[0]"),
        ({"skills": [(5,) * 5] * 3, "round": 4, "deferred": [("ly-red-01", 4), None, None]},
         "$.deferred[0]"),
        ({"skills": [(5,) * 5] * 3, "shared_xp": [300, 0, 0]}, "$.shared_xp[0]"),
        ({"skills": [(5,) * 5] * 3, "piles": {"green": ["un-green-01"]}}, "$.piles.green[0]"),
        ({"skills": [(5,) * 5] * 3, "piles": {"blue": []}}, "$.piles.blue"),
        ({"skills": [(5,) * 5] * 3, "effects": [(0, "ly-green-01")]}, "$.effects[0]"),
        ({"skills": [(5,) * 5] * 3, "tie_order": [0, 0, 1]}, "$.tie_order"),
    ],
)
def test_position_refuses_impossible_descriptions(kwargs: dict, path: str) -> None:
    with pytest.raises(BadInput) as info:
        GAME.position(**kwargs)
    assert info.value.path == path


@given(STATES, st.data())
def test_tampered_states_are_refused(state: lyceum.State, data: st.DataObject) -> None:
    n = len(state.seats)
    how = data.draw(st.sampled_from(["skill", "xp", "round", "queue", "pile", "character"]))
    if how == "skill":
        seat = data.draw(st.integers(0, n - 1))
        skills = list(state.seats[seat].skills)
        del skills[data.draw(st.integers(0, 4))]  # a skill missing (a value below 0 is a
        seats = list(state.seats)  # variant's to allow: no skill_empty check, say)
        seats[seat] = attrs.evolve(seats[seat], skills=tuple(skills))
        bad = attrs.evolve(state, seats=tuple(seats))
    elif how == "xp":
        seats = list(state.seats)
        seats[0] = attrs.evolve(seats[0], played_xp=seats[0].played_xp + 50)
        bad = attrs.evolve(state, seats=tuple(seats))
    elif how == "round":
        bad = attrs.evolve(state, round=11)
    elif how == "queue":
        bad = attrs.evolve(state, queue=(Step(StepKind.MAIN, n), *state.queue))
    elif how == "pile":
        other = "ad-red-01" if state.round < 8 else "ly-red-01"
        bad = attrs.evolve(state, piles=(state.piles[0], state.piles[1], (other,)))
    else:
        seats = list(state.seats)
        seats[-1] = attrs.evolve(seats[-1], character=seats[0].character)
        bad = attrs.evolve(state, seats=tuple(seats))
    with pytest.raises(BadInput):
        GAME.validate(bad)
    with pytest.raises(BadInput):
        serde.from_dict(serde.to_dict(bad), State)


def test_a_drawn_card_cannot_also_be_in_a_pile() -> None:
    state = GAME.position(skills=[(5,) * 5] * 3)
    after = GAME.apply(state, lyceum.Draw(lyceum.Colour.GREEN))
    card = after.queue[0].card
    assert card is not None
    bad = attrs.evolve(after, piles=((card, *after.piles[0]), after.piles[1], after.piles[2]))
    with pytest.raises(BadInput, match="two places"):
        GAME.validate(bad)
