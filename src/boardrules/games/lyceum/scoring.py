"""Lyceum scoring (LY-20): XP from cards, XP shared by others, and the declaration bonus."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardrules.core.standings import Standing, Standings, rank_by_points
from boardrules.games.lyceum.state import Stage, State

if TYPE_CHECKING:
    from boardrules.games.lyceum.rules import Game

__all__ = ["score"]


def score(game: Game, state: State) -> Standings:
    """The standings of ``state``: most XP first, ties sharing a rank.

    The breakdown has ``played`` (XP from cards), ``shared`` (XP received when other
    seats shared experience) and ``declaration`` (the bonus for a declaration met in
    every skill, counted only once the game is over, as the host checks it at the end).
    """
    from boardrules.games.lyceum.rules import declaration_bonus

    final = state.stage is Stage.OVER
    parts = [
        {
            "played": s.played_xp,
            "shared": s.shared_xp,
            "declaration": declaration_bonus(s) if final else 0,
        }
        for s in state.seats
    ]
    points = [sum(p.values()) for p in parts]
    ranks = rank_by_points(points)
    seats = tuple(Standing(i, points[i], ranks[i], parts[i]) for i in range(len(points)))
    winners = tuple(i for i in range(len(points)) if ranks[i] == 1) if final else ()
    return Standings(seats, winners=winners, final=final)
