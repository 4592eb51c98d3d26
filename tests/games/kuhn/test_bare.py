"""The least a game needs (docs/how-to/add-a-game.md): Kuhn poker from its rule units and a
few-line facade, examples/kuhn_bare.py, passes the conformance kit and its state machine,
and plays exactly as the full game does."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardrules import register, serde
from boardrules.core.registry import unregister
from boardrules.games import kuhn
from boardrules.testing import conformance, derived_variants, machine

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "examples"))
kuhn_bare = importlib.import_module("kuhn_bare")  # as a user's own package would be
BARE: Any = kuhn_bare.BareKuhn()


@pytest.fixture(autouse=True)
def _registered() -> Iterator[None]:
    """Records name their game and replay looks it up: registered for this module's tests
    only, so the other tests' lists of games stay the bundled ones."""
    register("kuhn-bare", kuhn_bare.BareKuhn)
    yield
    unregister("kuhn-bare")


DEALS = st.permutations(list(kuhn.DECK)).map(lambda cards: (cards[0], cards[1]))
SETUPS = st.fixed_dictionaries({}, optional={"deal": DEALS})

TestBareConformance = conformance(BARE, SETUPS)
TestBareMachine = machine(BARE, SETUPS).TestCase


def test_derived_variants_ask_for_the_vocabulary_they_need() -> None:
    # The bare game has no vocabulary, so the kit's derived variants (which the full game
    # runs on these same units, tests/games/kuhn/test_conformance.py) say what they need.
    with pytest.raises(TypeError, match=r"BareKuhn.vocabulary\(\)"):
        derived_variants(BARE, SETUPS)


@given(seed=st.integers(0, 2**64 - 1), picks=st.lists(st.integers(0, 1), max_size=3))
def test_the_bare_game_plays_as_the_full_one(seed: int, picks: list[int]) -> None:
    full = kuhn.Game()
    ours, theirs = BARE.new(seed), full.new(seed)
    for pick in picks:
        legal = BARE.legal_actions(ours)
        assert legal == full.legal_actions(theirs)
        if not legal:
            break
        ours = BARE.step(ours, legal[pick % len(legal)])
        theirs_step = full.step(theirs, legal[pick % len(legal)])
        assert ours.events == theirs_step.events
        ours, theirs = ours.state, theirs_step.state
    assert ours == theirs
    assert BARE.score(ours) == full.score(theirs)
    assert serde.to_json(BARE.view(ours, 0)) == serde.to_json(full.view(theirs, 0))
