"""The generic random-simulation checks, applied to 7Я first (as every game's tests do)."""

from hypothesis import strategies as st

from boardrules.games import semya
from boardrules.testing import conformance, machine

GAME = semya.Game()
SETUPS = st.fixed_dictionaries({}, optional={"first": st.sampled_from([0, 1])})

TestSemyaConformance = conformance(GAME, SETUPS)
TestSemyaMachine = machine(GAME, SETUPS).TestCase
