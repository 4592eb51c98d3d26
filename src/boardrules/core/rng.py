"""The portable seeded generator behind every shuffle and coin flip.

The algorithm is SplitMix64 (Steele, Lea and Flood, 2014), chosen because it is a few lines
in any language with 64-bit unsigned arithmetic (JavaScript: ``BigInt``), so a front-end can
reproduce every draw of a record:

* state ``s`` is a 64-bit unsigned integer, initially the seed;
* ``next()``: ``s = (s + 0x9E3779B97F4A7C15) mod 2**64``; ``z = s``;
  ``z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 mod 2**64``;
  ``z = (z ^ (z >> 27)) * 0x94D049BB133111EB mod 2**64``; return ``z ^ (z >> 31)``;
* ``below(n)`` draws ``r = next()`` until ``r >= 2**64 mod n`` and returns ``r mod n``
  (rejection, so every value is equally likely);
* ``shuffle(xs)`` is Fisher-Yates from the back: for ``i`` from ``len(xs) - 1`` down to 1,
  swap ``xs[i]`` with ``xs[below(i + 1)]``;
* ``Rng.derive(seed, *labels)`` starts an independent stream for a purpose: the state is the
  seed, then for each label (an int, or a string as its FNV-1a 64-bit hash of UTF-8 bytes)
  ``s = mix(s ^ label)`` where ``mix`` is one ``next()`` from state ``s``.

Examples:
    >>> rng = Rng(7)
    >>> [rng.below(6) for _ in range(5)]
    [3, 0, 0, 3, 4]
    >>> Rng(7).shuffled("abcde")
    ('e', 'b', 'd', 'a', 'c')
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterable, Sequence
from typing import TypeVar

from boardrules.core.errors import BadInput

__all__ = ["MAX_SEED", "Rng", "check_seed"]

T = TypeVar("T")

MASK = (1 << 64) - 1
MAX_SEED = MASK
_GAMMA = 0x9E3779B97F4A7C15
_FNV_OFFSET = 0xCBF29CE484222325
_FNV_PRIME = 0x100000001B3


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is an int in ``0 .. 2**64 - 1``, else raise ``BadInput``."""
    if type(seed) is not int:
        raise BadInput("$.seed", f"a seed is an integer, not {type(seed).__name__}")
    if not 0 <= seed <= MAX_SEED:
        raise BadInput("$.seed", "a seed lies between 0 and 2**64 - 1")
    return seed


def _label(label: int | str) -> int:
    if isinstance(label, str):
        h = _STRING_LABELS.get(label)
        if h is None:
            h = _FNV_OFFSET
            for byte in label.encode("utf-8"):
                h = ((h ^ byte) * _FNV_PRIME) & MASK
            if len(_STRING_LABELS) < 4096:  # purposes are few; keep the cache bounded
                _STRING_LABELS[label] = h
        return h
    return label & MASK


#: Whether ``array("Q")`` holds 64-bit words, so that :meth:`Rng.derive_each` can mix many
#: states at once in one big integer (on any platform Python supports, it does).
_WORDS = array("Q").itemsize == 8
_BIG_ENDIAN = sys.byteorder == "big"
#: Per number of lanes, each lane's constants for :func:`_mix_lanes` (a few sizes recur).
_REPEATED: dict[int, tuple[int, int]] = {}


def _packed(values: Sequence[int]) -> int:
    """The 64-bit ``values`` as one integer, value ``k`` in bits ``128k .. 128k + 63`` and
    the 64 bits above each value zero (the room a lane's product needs)."""
    try:
        filled = array("Q", values)  # each one a 64-bit word already: the usual case
    except OverflowError:  # negative, or 2**64 and over: its low 64 bits
        filled = array("Q", [value & MASK for value in values])
    words = array("Q", bytes(16 * len(values)))
    words[::2] = filled
    if _BIG_ENDIAN:
        words.byteswap()
    return int.from_bytes(words.tobytes(), "little")


def _unpacked(lanes: int, count: int) -> list[int]:
    """The ``count`` values of a :func:`_packed` integer."""
    words = array("Q", lanes.to_bytes(16 * count, "little"))
    if _BIG_ENDIAN:
        words.byteswap()
    values: list[int] = words[::2].tolist()
    return values


def _mix_lanes(lanes: int, count: int) -> int:
    """One SplitMix64 step from each lane's state (``mix`` in the module's spec), all
    lanes at once: a shift brings the next lane's low bits into a lane's upper half and
    the mask clears them before each product, and a lane's product of two 64-bit values
    fits in its 128 bits, so no lane ever carries into another."""
    repeated = _REPEATED.get(count)
    if repeated is None:
        mask = _packed([MASK] * count)
        repeated = (mask, _packed([_GAMMA] * count))
        if len(_REPEATED) < 64:
            _REPEATED[count] = repeated
    mask, gamma = repeated
    s = (lanes + gamma) & mask
    z = (((s ^ (s >> 30)) & mask) * 0xBF58476D1CE4E5B9) & mask
    z = (((z ^ (z >> 27)) & mask) * 0x94D049BB133111EB) & mask
    return (z ^ (z >> 31)) & mask


#: FNV-1a of each string label seen (``"deal"``, ``"epoch"``): the same value every time.
_STRING_LABELS: dict[str, int] = {}


class Rng:
    """A SplitMix64 stream. Cheap to make; its whole state is one int (``state``).

    Game states that need randomness later (a pile shuffled at a new epoch) store either the
    seed and derive a stream per purpose, or ``Rng.state`` itself.
    """

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & MASK

    @classmethod
    def derive(cls, seed: int, *labels: int | str) -> Rng:
        """An independent stream for one purpose, such as ``derive(seed, "epoch", 2)``."""
        state = seed & MASK
        for label in labels:
            # An int label is mixed as it is: the low 64 bits of ``^`` and ``+`` depend
            # only on the low 64 bits of their operands, so ``label & MASK`` is implied.
            if type(label) is not int:
                h = _STRING_LABELS.get(label) if type(label) is str else None
                label = _label(label) if h is None else h
            s = ((state ^ label) + _GAMMA) & MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK  # one SplitMix64 step, written out
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            state = z ^ (z >> 31)
        rng = cls.__new__(cls)
        rng.state = state
        return rng

    @classmethod
    def derive_many(cls, seed: int, label: int | str, count: int) -> list[Rng]:
        """``[derive(seed, label, i) for i in range(count)]``, the shared ``label`` mixed
        once: one stream per seat, say.

        >>> [r.state for r in Rng.derive_many(7, "agent", 2)] == [
        ...     Rng.derive(7, "agent", seat).state for seat in range(2)]
        True
        """
        shared = cls.derive(seed, label).state
        states = []
        for i in range(count):
            s = ((shared ^ i) + _GAMMA) & MASK  # one SplitMix64 step, written out
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            states.append(z ^ (z >> 31))
        return cls.each(states)

    @classmethod
    def each(cls, states: Iterable[int]) -> list[Rng]:
        """``[Rng(state) for state in states]``, made without a call of ``__init__`` per
        stream (a study makes two or more for every game).

        >>> [r.state for r in Rng.each([7, 2**64 + 1])]
        [7, 1]
        """
        made = []
        new = cls.__new__
        for state in states:
            rng = new(cls)
            rng.state = state & MASK
            made.append(rng)
        return made

    @staticmethod
    def derive_each(seeds: Sequence[int], labels: Sequence[int] | int | str) -> list[int]:
        """``[Rng.derive(seed, label).state ...]`` for each seed with its label (one
        ``label`` for all, or a sequence as long as ``seeds``), computed all at once: many
        streams, such as every game's of a chunk of a study, for little more than one.

        ``Rng.derive(seed, 0).state`` is ``Rng(seed).next()``, so ``labels=0`` gives each
        seed's first value.

        >>> Rng.derive_each([7, 8], "deal") == [Rng.derive(7, "deal").state,
        ...                                     Rng.derive(8, "deal").state]
        True
        >>> Rng.derive_each([7, 8], 0) == [Rng(7).next(), Rng(8).next()]
        True
        """
        count = len(seeds)
        keys = ([_label(labels)] * count if isinstance(labels, (int, str))
                else [label if type(label) is int else _label(label) for label in labels])
        if len(keys) != count:
            raise ValueError("derive_each needs one label per seed")
        if not _WORDS or count < 4:  # a few: one at a time costs less
            return [Rng.derive(seed, key).state for seed, key in zip(seeds, keys, strict=True)]
        lanes = _packed(seeds) ^ _packed(keys)
        return _unpacked(_mix_lanes(lanes, count), count)

    def next(self) -> int:
        """The next 64-bit unsigned value."""
        self.state = s = (self.state + _GAMMA) & MASK  # one SplitMix64 step, written out
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A value in ``0 .. n - 1``, each equally likely."""
        if n <= 0:
            raise ValueError("below(n) needs n >= 1")
        state = self.state
        while True:  # next(), written out: a draw is the hot path of every random agent
            state = (state + _GAMMA) & MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            r = z ^ (z >> 31)
            # The rejection floor, 2**64 mod n, is below n: a value at least n is kept
            # without working the floor out (all but about n in 2**64 draws).
            if r >= n or r >= (1 << 64) % n:
                self.state = state
                return r % n

    def choice(self, items: Sequence[T]) -> T:
        """One item of a non-empty sequence, each equally likely."""
        return items[self.below(len(items))]

    def shuffled(self, items: Iterable[T]) -> tuple[T, ...]:
        """The items in a Fisher-Yates order drawn from this stream."""
        xs = list(items)
        for i in range(len(xs) - 1, 0, -1):
            j = self.below(i + 1)
            xs[i], xs[j] = xs[j], xs[i]
        return tuple(xs)
