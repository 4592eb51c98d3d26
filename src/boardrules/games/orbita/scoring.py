"""Orbita standings (ORB-23): corporations over enterprises over characters, then Food.

The rulebook names no scorer (its goal is that one's corporation survives); this one is ours.
Each part is weighted so that no amount of a lower part outweighs one unit of a higher one:
a corporation is worth 1 000 000, an enterprise outside corporations 10 000, a character in a
team (not in an enterprise) 100, and each unit of Food the seat holds 1 (at most 99).
"""

from __future__ import annotations

from boardrules.core.standings import Standing, Standings, rank_by_points
from boardrules.games.orbita.state import State
from boardrules.games.orbita.table import seat_food

__all__ = ["WEIGHTS", "breakdown", "score"]

#: Points per corporation, enterprise, lone character and unit of Food (capped at 99).
WEIGHTS = {"corporations": 1_000_000, "enterprises": 10_000, "characters": 100, "food": 1}
FOOD_CAP = 99


def breakdown(state: State, seat: int) -> dict[str, int]:
    """The parts of ``seat``'s points.

    >>> from boardrules.games.orbita import Game
    >>> breakdown(Game().new(seed=1, players=2), 0)
    {'corporations': 0, 'enterprises': 0, 'characters': 100, 'food': 2}
    """
    s = state.seats[seat]
    corporations = len(s.corporations)
    enterprises = sum(1 for t in s.teams if t.enterprise)
    characters = sum(len(t.members) for t in s.teams if not t.enterprise)
    food = min(FOOD_CAP, seat_food(s, state.zones))
    return {
        "corporations": WEIGHTS["corporations"] * corporations,
        "enterprises": WEIGHTS["enterprises"] * enterprises,
        "characters": WEIGHTS["characters"] * characters,
        "food": food,
    }


def score(state: State) -> Standings:
    """The standings of ``state``; final once the game is over (ORB-22)."""
    parts = [breakdown(state, s) for s in range(len(state.seats))]
    points = [sum(p.values()) for p in parts]
    ranks = rank_by_points(points)
    seats = tuple(Standing(s, points[s], ranks[s], parts[s]) for s in range(len(parts)))
    if not state.over:
        return Standings(seats, winners=(), final=False)
    winners = tuple(s for s in range(len(parts)) if ranks[s] == 1)
    return Standings(seats, winners=winners, final=True)
