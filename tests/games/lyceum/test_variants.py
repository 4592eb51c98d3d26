"""The «share rounded down» variant of LY-18: the contract holds, it changes only the rounding,
and its records name it and replay only with it."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardrules import BadInput, load_game, replay
from boardrules.core.registry import register_variant
from boardrules.games import lyceum
from boardrules.games.lyceum import ExperienceShared, ShareExperience
from boardrules.games.lyceum.variants import (
    LY_18_ROUNDED_DOWN,
    SHARE_ROUNDED_DOWN,
    share_amount_rounded_down,
    share_rounded_down,
)
from boardrules.testing import Playout, conformance, derived_variants, machine, playouts

from .support import GAME, setups

VARIANT = share_rounded_down(lyceum.Game())
SETUPS = setups()

TestShareRoundedDownConformance = conformance(VARIANT, SETUPS)
TestShareRoundedDownMachine = machine(VARIANT, SETUPS).TestCase
TestShareRoundedDownDerivedVariants = derived_variants(VARIANT, SETUPS)


@given(st.integers(0, 2000).map(lambda h: h * 100))
def test_ly18_rounded_down_is_30_percent_floored_to_100(xp: int) -> None:
    exact = Fraction(3 * xp, 10) / 100
    assert share_amount_rounded_down(xp) == int(exact) * 100
    nearest = lyceum.share_amount(xp)
    assert nearest - share_amount_rounded_down(xp) in (0, 100)
    assert (nearest != share_amount_rounded_down(xp)) == (exact - int(exact) >= Fraction(1, 2))


def test_ly18_the_variant_replaces_only_ly18_and_names_itself() -> None:
    assert VARIANT.variant == SHARE_ROUNDED_DOWN
    assert VARIANT.rulebook.ids == GAME.rulebook.ids
    for own, theirs in zip(GAME.rulebook, VARIANT.rulebook, strict=True):
        assert (theirs is LY_18_ROUNDED_DOWN) == (own.id == "LY-18")
        if own.id != "LY-18":
            assert theirs is own
    assert GAME.variant is None
    assert share_rounded_down(lyceum.Game(max_players=5)).max_players == 5


@given(st.integers(9, 40).map(lambda h: h * 100), st.integers(1, 3))
def test_ly18_a_share_in_the_variant_gives_the_rounded_down_amount(xp: int, energy: int) -> None:
    state = GAME.position(skills=[(5, 5, 5, 5, energy), (5,) * 5, (5,) * 5], played_xp=[xp, 0, 0])
    if GAME.check(state, ShareExperience()) is not None:
        assert VARIANT.check(state, ShareExperience()) == GAME.check(state, ShareExperience())
        return
    ours, theirs = GAME.step(state, ShareExperience()), VARIANT.step(state, ShareExperience())
    assert ExperienceShared(0, share_amount_rounded_down(xp)) in theirs.events
    assert theirs.state.seats[1].shared_xp == share_amount_rounded_down(xp)
    assert ours.state.seats[1].shared_xp == lyceum.share_amount(xp)
    assert theirs.state.seats[0] == ours.state.seats[0]  # the sharer's side is the same


def test_ly18_example_1500_xp_shares_400_instead_of_500() -> None:
    state = GAME.position(skills=[(5,) * 5] * 3, played_xp=[1500, 0, 0])
    assert VARIANT.apply(state, ShareExperience()).seats[1].shared_xp == 400
    assert GAME.apply(state, ShareExperience()).seats[1].shared_xp == 500


@given(playouts(VARIANT, SETUPS, to_end=True))
def test_variant_records_replay_with_the_variant_only(p: Playout) -> None:
    record = VARIANT.record(p.seed, p.actions, **p.setup)
    assert record.variant == SHARE_ROUNDED_DOWN
    assert list(replay(record, game=VARIANT)) == list(p.states)
    with pytest.raises(BadInput, match="variant"):
        replay(record, game=GAME)


def test_a_registered_variant_loads_from_its_record() -> None:
    name = register_variant(
        lambda **options: share_rounded_down(lyceum.Game(**options))
    )
    assert name == SHARE_ROUNDED_DOWN
    record = VARIANT.record(5, (), players=3)
    assert load_game(record).rulebook == VARIANT.rulebook
