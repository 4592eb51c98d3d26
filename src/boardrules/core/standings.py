"""Standings: per-seat points, ranks, winners and where the points came from."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import overload

import attrs

from boardrules.core.frozen import FrozenMap

__all__ = ["Standing", "Standings", "rank_by_points"]


def _breakdown(value: Mapping[str, int]) -> FrozenMap[str, int]:
    # ``type(...) is``: an ABC's isinstance walks its registry (scorers make many standings).
    return value if type(value) is FrozenMap else FrozenMap(value)


@attrs.frozen
class Standing:
    """One seat's place.

    Attributes:
        seat: the seat number, from 0.
        points: the seat's points under the game's scorer.
        rank: 1 for first place; tied seats share a rank (1, 1, 3).
        breakdown: the parts the points add up from, by name.
    """

    seat: int
    points: int
    rank: int
    breakdown: FrozenMap[str, int] = attrs.field(factory=FrozenMap, converter=_breakdown)


@attrs.frozen
class Standings(Sequence[Standing]):
    """The standings of every seat, in seat order; a sequence of :class:`Standing`.

    Attributes:
        seats: one :class:`Standing` per seat, in seat order.
        winners: the seats that won; empty while the game goes on (``final`` is false).
        final: true once the game is over; before that the standings are provisional.
    """

    seats: tuple[Standing, ...]
    winners: tuple[int, ...] = ()
    final: bool = False

    @overload
    def __getitem__(self, index: int) -> Standing: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Standing]: ...
    def __getitem__(self, index: int | slice) -> Standing | Sequence[Standing]:
        return self.seats[index]

    def __len__(self) -> int:
        return len(self.seats)

    def __iter__(self) -> Iterator[Standing]:
        return iter(self.seats)

    @property
    def points(self) -> tuple[int, ...]:
        """Every seat's points, in seat order."""
        return tuple(s.points for s in self.seats)


def rank_by_points(points: Sequence[int]) -> tuple[int, ...]:
    """Competition ranks, most points first, ties sharing a rank.

    >>> rank_by_points([5, 9, 5, 1])
    (2, 1, 2, 4)
    """
    return tuple(1 + sum(1 for q in points if q > p) for p in points)
