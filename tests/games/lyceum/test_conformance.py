"""The generic random-simulation checks, applied to «Об игре» first (as every game's tests do)."""

from typing import Any

from hypothesis import strategies as st

from boardrules.games import lyceum
from boardrules.testing import conformance, derived_variants, machine

GAME = lyceum.Game()


def _setup(players: int) -> st.SearchStrategy[dict[str, Any]]:
    ages = st.tuples(*[st.integers(14, 18)] * players)
    return st.fixed_dictionaries({"players": st.just(players)}, optional={"ages": ages})


SETUPS = st.integers(3, 4).flatmap(_setup)

TestLyceumConformance = conformance(GAME, SETUPS)
TestLyceumMachine = machine(GAME, SETUPS).TestCase

# Issue 16: the kit's own looser and stricter variant of every unit with checks, and a
# replaced end and score (tests/games/lyceum/test_unit_variants.py adds built positions).
TestLyceumDerivedVariants = derived_variants(GAME, SETUPS)
