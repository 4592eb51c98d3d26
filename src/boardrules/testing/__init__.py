"""Test kit for every game: Hypothesis strategies, conformance properties, a state machine.

A game's test module starts with the generic checks::

    from boardrules.testing import conformance, machine
    from boardrules.games import semya

    TestSemyaConformance = conformance(semya.Game())
    TestSemyaMachine = machine(semya.Game()).TestCase

Hypothesis is needed (``pip install 'boardrules[examples]'`` brings it, and everything the
examples use); pytest only where the kit's test classes run (``conformance``, ``machine``),
not to import it or to use the strategies. The rest of boardrules does not import this
package.
"""

from boardrules.testing.conformance import conformance, contract_problem
from boardrules.testing.derived import derived_variants
from boardrules.testing.machine import machine
from boardrules.testing.rulebook import check_rule_ids
from boardrules.testing.strategies import (
    Playout,
    any_action,
    json_values,
    playouts,
    reachable_states,
    seeds,
)

__all__ = [
    "Playout",
    "any_action",
    "check_rule_ids",
    "conformance",
    "contract_problem",
    "derived_variants",
    "json_values",
    "machine",
    "playouts",
    "reachable_states",
    "seeds",
]
