"""Standings: per-seat points, ranks, winners and where the points came from."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import overload

import attrs

from boardrules.core.frozen import FrozenMap
from boardrules.core.turn import check_lang
from boardrules.core.words import plural_ru

__all__ = ["Standing", "Standings", "rank_by_points", "standings_sentence"]


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
        return tuple([s.points for s in self.seats])  # a list: a generator costs more


def rank_by_points(points: Sequence[int]) -> tuple[int, ...]:
    """Competition ranks, most points first, ties sharing a rank.

    >>> rank_by_points([5, 9, 5, 1])
    (2, 1, 2, 4)
    """
    ranks = []
    for p in points:  # loops, not generators: every scorer calls this
        rank = 1
        for q in points:
            if q > p:
                rank += 1
        ranks.append(rank)
    return tuple(ranks)


def standings_sentence(standings: Standings, lang: str = "en", over: bool | None = None) -> str:
    """Who won, with how many points, in one sentence (``"The game goes on."`` before the
    end), for games whose winners have the most points (``game.result_sentence``'s
    default). ``over`` is whether the game has ended (by default: whether the standings are
    final); a game that ended with standings that name no winner (a variant's end, say)
    says so, with each seat's points.

    >>> done = Standings((Standing(0, 12, 1), Standing(1, 7, 2)), winners=(0,), final=True)
    >>> standings_sentence(done)
    'The game is over: seat 0 wins with 12 points.'
    >>> standings_sentence(done, "ru")
    'Игра окончена: побеждает игрок 0 (12 очков).'
    >>> tied = Standings((Standing(0, 1, 1), Standing(1, 1, 1)), winners=(0, 1), final=True)
    >>> standings_sentence(tied)
    'The game is over: seats 0, 1 share the win with 1 point.'
    >>> standings_sentence(tied, "ru")
    'Игра окончена: побеждают игроки 0, 1 (1 очко).'
    >>> open_ = Standings((Standing(0, 35, 2), Standing(1, 37, 1)))
    >>> standings_sentence(open_, over=True)
    'The game is over with no winner: seat 0 has 35 points, seat 1 has 37.'
    >>> standings_sentence(open_, "ru", over=True)
    'Игра окончена без победителя: у игрока 0 35 очков, у игрока 1 — 37.'
    """
    ru = check_lang(lang) == "ru"
    if not (standings.final if over is None else over):
        return "Игра продолжается." if ru else "The game goes on."
    winners = standings.winners
    if not winners:
        points = [s.points for s in standings]
        if ru:
            rest = "".join(f", у игрока {seat} — {p}" for seat, p in enumerate(points[1:], 1))
            first = plural_ru(points[0], "очко", "очка", "очков")
            return f"Игра окончена без победителя: у игрока 0 {first}{rest}."
        rest = "".join(f", seat {seat} has {p}" for seat, p in enumerate(points[1:], 1))
        unit = "point" if abs(points[0]) == 1 else "points"
        return f"The game is over with no winner: seat 0 has {points[0]} {unit}{rest}."
    best = standings.points[winners[0]]
    names = ", ".join(map(str, winners))
    if ru:
        who = f"побеждают игроки {names}" if len(winners) > 1 else f"побеждает игрок {names}"
        return f"Игра окончена: {who} ({plural_ru(best, 'очко', 'очка', 'очков')})."
    who = f"seats {names} share the win" if len(winners) > 1 else f"seat {names} wins"
    unit = "point" if abs(best) == 1 else "points"
    return f"The game is over: {who} with {best} {unit}."
