"""The conformance kit itself: a tampered state it accepts must also play on to the end."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import Phase, settings

from boardrules.games import semya
from boardrules.testing import conformance


class LenientSemya(semya.Game):
    """7Я whose ``validate`` accepts anything: a loader that lets broken states through."""

    def validate(self, state: Any) -> None:
        return None


def test_the_kit_plays_on_from_accepted_tampered_states() -> None:
    kit = conformance(semya.Game())
    kit().test_tampered_state_is_refused_or_plays_on()


# The failing example's repr (a whole playout) is large; Hypothesis warns about that.
@pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")
def test_the_kit_fails_a_game_whose_validate_accepts_unplayable_states() -> None:
    kit = conformance(LenientSemya())
    # Stop at the first failure (no shrinking); about one run in fifteen needs more than
    # 300 examples to hit an accepted state that breaks play, so allow many.
    quick = settings(max_examples=3000, database=None, phases=[Phase.generate])
    test = quick(kit.test_tampered_state_is_refused_or_plays_on)
    # An unknown card ID or seat in a hand or turn breaks play with a lookup error.
    with pytest.raises((KeyError, IndexError, TypeError, ValueError, AssertionError)):
        test(kit())
