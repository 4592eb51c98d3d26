"""The portable generator: published SplitMix64 values, fair draws, permutations."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardrules import BadInput, Rng
from boardrules.core.rng import check_seed
from boardrules.testing import seeds


def test_splitmix64_matches_the_reference_values() -> None:
    # The first outputs of Vigna's splitmix64.c seeded with 1234567.
    rng = Rng(1234567)
    assert [rng.next() for _ in range(3)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
    ]


@given(seeds(), st.integers(1, 10**6))
def test_below_stays_in_range(seed: int, n: int) -> None:
    rng = Rng(seed)
    assert all(0 <= rng.below(n) < n for _ in range(20))


@given(seeds(), st.lists(st.integers(), max_size=30))
def test_shuffle_is_a_permutation_and_repeatable(seed: int, items: list[int]) -> None:
    shuffled = Rng(seed).shuffled(items)
    assert sorted(shuffled) == sorted(items)
    assert shuffled == Rng(seed).shuffled(items)


@given(seeds())
def test_derived_streams_differ_by_label(seed: int) -> None:
    a = Rng.derive(seed, "epoch", 1).next()
    b = Rng.derive(seed, "epoch", 2).next()
    c = Rng.derive(seed, "epoch", 1).next()
    assert a == c
    assert a != b


def test_below_is_roughly_uniform() -> None:
    rng = Rng(99)
    counts = Counter(rng.below(6) for _ in range(60_000))
    assert all(9_400 < counts[k] < 10_600 for k in range(6))


@pytest.mark.parametrize("bad", [-1, 2**64, 1.5, "7", True, None])
def test_bad_seeds_are_bad_input(bad: object) -> None:
    with pytest.raises(BadInput):
        check_seed(bad)


def test_below_needs_a_positive_bound() -> None:
    with pytest.raises(ValueError, match="n >= 1"):
        Rng(1).below(0)
