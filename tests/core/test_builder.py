"""``core.frozen.builder``: the fast maker of frozen states makes what the class itself makes."""

from __future__ import annotations

import random
from typing import Generic, TypeVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardrules
from boardrules.core.frozen import builder
from boardrules.core.game import Transition
from boardrules.games.semya.state import State, make_state


@attrs.frozen(weakref_slot=False)
class Point:
    x: int
    y: tuple[int, ...] = ()


make_point = builder(Point)
T = TypeVar("T")


@settings(max_examples=50)
@given(st.integers(), st.lists(st.integers(), max_size=4).map(tuple))
def test_builder_makes_the_same_frozen_object(x: int, y: tuple[int, ...]) -> None:
    made = make_point(x, y)
    assert type(made) is Point
    assert made == Point(x, y)
    assert hash(made) == hash(Point(x, y))
    assert repr(made) == repr(Point(x, y))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.x = x + 1  # type: ignore[misc]


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 2**16))
def test_semya_states_made_by_the_rules_equal_the_class_s_own(seed: int, pick: int) -> None:
    game = boardrules.load("semya")
    choose = random.Random(pick)
    state = game.new(seed)
    legal = game.legal_actions(state)
    while legal:
        state = game.apply(state, choose.choice(legal))
        fields = (state.first, state.hands, state.trumps, state.table, state.loser,
                  state.earlier)
        assert state == State(*fields) == make_state(*fields)
        assert type(state) is State
        legal = game.legal_actions(state)


@attrs.frozen
class WithWeakref:
    x: int


@attrs.frozen(weakref_slot=False)
class WithValidator:
    x: int = attrs.field(validator=attrs.validators.instance_of(int))


@attrs.frozen(weakref_slot=False)
class WithPostInit:
    x: int

    def __attrs_post_init__(self) -> None:
        pass


@attrs.frozen(slots=False)
class WithDict:
    x: int


@pytest.mark.parametrize("cls", [WithWeakref, WithValidator, WithPostInit, WithDict])
def test_builder_refuses_a_class_whose_init_does_more(cls: type) -> None:
    with pytest.raises(TypeError, match=cls.__name__):
        builder(cls)


@attrs.frozen(weakref_slot=False)
class Pair(Generic[T]):
    left: T
    right: T


@settings(max_examples=20)
@given(st.integers(), st.text(max_size=3))
def test_builder_makes_generic_classes_too(left: int, right: str) -> None:
    made = builder(Pair)(left, right)  # Transition is one: its twin keeps Generic as base
    assert type(made) is Pair
    assert made == Pair(left, right)


@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(["kuhn", "semya", "lyceum", "orbita"]), seed=st.integers(0, 2**32),
       picks=st.lists(st.integers(0, 2**16), min_size=1, max_size=12))
def test_step_is_apply_with_the_events_whether_or_not_the_action_was_listed(
    name: str, seed: int, picks: list[int]
) -> None:
    game = boardrules.load(name, **({"rounds": 1} if name == "orbita" else {}))
    state = game.new(seed)
    for pick in picks:
        legal = game.legal_actions(state)
        if not legal:
            break
        action = legal[pick % len(legal)]
        game.legal_actions(game.new(seed + 1))  # not listed: apply checks it first
        events: list[object] = []
        expected = game.apply(state, action, events)
        for listed_first in (True, False):  # with and without the kept listing
            if listed_first:
                game.legal_actions(state)
            else:
                game.legal_actions(game.new(seed + 1))
            made = game.step(state, action)
            assert type(made) is Transition
            assert made == Transition(expected, tuple(events))
            assert made.state == game.apply(state, action)
        state = made.state
