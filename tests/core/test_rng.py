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


@given(seeds(), st.one_of(st.integers(1, 10**6), st.integers(1, 2**64),
                          st.integers(2**63 - 8, 2**63 + 8)))
def test_below_draws_as_the_module_docstring_states(seed: int, n: int) -> None:
    # next() until r >= 2**64 mod n, then r mod n; bounds near 2**63 reject about half.
    spec, rng = Rng(seed), Rng(seed)
    for _ in range(20):
        floor = 2**64 % n
        r = spec.next()
        while r < floor:
            r = spec.next()
        assert rng.below(n) == r % n
        assert rng.state == spec.state


@given(seeds(), st.lists(st.integers(), max_size=30))
def test_shuffle_is_a_permutation_and_repeatable(seed: int, items: list[int]) -> None:
    shuffled = Rng(seed).shuffled(items)
    assert sorted(shuffled) == sorted(items)
    assert shuffled == Rng(seed).shuffled(items)


_MASK = 2**64 - 1


def _splitmix(state: int) -> tuple[int, int]:
    """One SplitMix64 step as the module docstring states it: (new state, output)."""
    state = (state + 0x9E3779B97F4A7C15) % 2**64
    z = (state ^ (state >> 30)) * 0xBF58476D1CE4E5B9 % 2**64
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB % 2**64
    return state, z ^ (z >> 31)


def _fnv1a(text: str) -> int:
    h = 0xCBF29CE484222325
    for byte in text.encode("utf-8"):
        h = (h ^ byte) * 0x100000001B3 % 2**64
    return h


@given(st.integers(), st.lists(st.integers() | st.text(max_size=8), max_size=4),
       st.integers(0, 3))
def test_derive_mixes_each_label_as_the_docstring_states(
    seed: int, labels: list[int | str], draws: int
) -> None:
    # The written-out mixing (any int label, huge or negative, by its low 64 bits; a
    # string by its FNV-1a hash) gives the streams the portable specification gives.
    state = seed % 2**64
    for label in labels:
        hashed = _fnv1a(label) if isinstance(label, str) else label % 2**64
        state = _splitmix(state ^ hashed)[1]
    rng = Rng.derive(seed, *labels)
    assert rng.state == state
    for _ in range(draws):
        state, out = _splitmix(state)
        assert rng.next() == out
        assert rng.state == state


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


@given(st.integers(), st.integers() | st.text(max_size=8), st.integers(0, 5))
def test_derive_many_is_derive_for_each_number(seed: int, label: int | str, count: int) -> None:
    streams = Rng.derive_many(seed, label, count)
    assert [r.state for r in streams] == [Rng.derive(seed, label, i).state for i in range(count)]


@given(
    st.lists(st.integers(-(2**70), 2**70), max_size=40),
    st.data(),
)
def test_derive_each_is_derive_for_each_seed(seeds_: list[int], data: st.DataObject) -> None:
    # Many lanes mixed at once in one integer give what one stream at a time gives.
    labels = data.draw(
        st.integers(-(2**70), 2**70) | st.text(max_size=6)
        | st.lists(st.integers(-(2**70), 2**70) | st.text(max_size=6),
                   min_size=len(seeds_), max_size=len(seeds_))
    )
    each = labels if isinstance(labels, list) else [labels] * len(seeds_)
    assert Rng.derive_each(seeds_, labels) == [
        Rng.derive(seed, label).state for seed, label in zip(seeds_, each, strict=True)
    ]


def test_derive_each_needs_one_label_per_seed() -> None:
    with pytest.raises(ValueError, match="one label per seed"):
        Rng.derive_each([1, 2, 3, 4, 5], [1, 2])


@given(st.lists(st.integers(0, 2**70), max_size=8), seeds())
def test_each_makes_the_streams_rng_makes(states: list[int], seed: int) -> None:
    made = Rng.each(states)
    assert [type(r) for r in made] == [Rng] * len(states)
    assert [r.state for r in made] == [Rng(s).state for s in states]
    assert [r.next() for r in made] == [Rng(s).next() for s in states]
    assert [r.state for r in Rng.derive_many(seed, "agent", 3)] == [
        Rng.derive(seed, "agent", seat).state for seat in range(3)]
