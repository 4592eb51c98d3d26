"""The generic random-simulation checks, applied to Orbita first (as every game's tests do).

The default game runs 24 rounds; random play of that length through every generic property
would not fit the CI budget, so these run a 3-round game (the round limit is an option and
no rule depends on it). ``test_round.py`` plays whole default-length games as well.
"""

from hypothesis import strategies as st

from boardrules.games import orbita
from boardrules.games.orbita.variants import v0_1_0
from boardrules.testing import conformance, derived_variants, machine

GAME = orbita.Game(rounds=3)
SETUPS = st.fixed_dictionaries({"players": st.integers(2, 4)})

TestOrbitaConformance = conformance(GAME, SETUPS)
TestOrbitaMachine = machine(GAME, SETUPS).TestCase

# Issue 16: the kit's own looser and stricter variant of every unit with checks, and a
# replaced end and score, on the game and on its revision 1 (0.1.0's readings).
TestOrbitaDerivedVariants = derived_variants(GAME, SETUPS)
TestOrbita010DerivedVariants = derived_variants(v0_1_0(GAME), SETUPS)
