"""Russian in reports, labels and the command line: every count in the form CLDR's plural
rules give it (Babel's), and no English tag left in a Russian report."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardrules.core.words import count_ru, plural_category_ru, written_out_ru

babel = pytest.importorskip("babel")

#: The counts every report and label is printed with.
COUNTS = (0, 1, 2, 5, 11, 21, 22, 101)
#: The form each of :data:`COUNTS` takes: партия, партии or партий.
FORMS = {0: "партий", 1: "партия", 2: "партии", 5: "партий", 11: "партий", 21: "партия",
         22: "партии", 101: "партия"}


@given(st.integers(0, 10**9))
def test_the_rule_written_out_for_a_base_install_is_babels(n: int) -> None:
    assert written_out_ru(n) == babel.Locale("ru").plural_form(n) == plural_category_ru(n)


@pytest.mark.parametrize("n", COUNTS)
def test_counts_take_their_cldr_form(n: int) -> None:
    assert count_ru(n, "партия", "партии", "партий") == f"{n} {FORMS[n]}"
