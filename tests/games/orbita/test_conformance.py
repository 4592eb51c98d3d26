"""The generic random-simulation checks, applied to Orbita first (as every game's tests do).

The default game runs 24 rounds; random play of that length through every generic property
would not fit the CI budget, so these run a 3-round game (the round limit is an option and
no rule depends on it). ``test_round.py`` plays whole default-length games as well.
"""

from hypothesis import strategies as st

from boardrules.games import orbita
from boardrules.testing import conformance, machine

GAME = orbita.Game(rounds=3)
SETUPS = st.fixed_dictionaries({"players": st.integers(2, 4)})

TestOrbitaConformance = conformance(GAME, SETUPS)
TestOrbitaMachine = machine(GAME, SETUPS).TestCase
