"""7Я scoring (SEM-10): cards left in hand plus the trump; the winner by SEM-9 alone."""

from __future__ import annotations

from boardrules.core.standings import Standing, Standings, rank_by_points
from boardrules.games.semya.flow import Tables
from boardrules.games.semya.state import State, Trump

__all__ = ["TRUMP_POINTS", "score"]

#: What a trump adds to its seat's points: −1 as the Fool, 0 as the Lord or still held.
TRUMP_POINTS = {Trump.HELD: 0, Trump.LORD: 0, Trump.FOOL: -1}


def score(tables: Tables, state: State) -> Standings:
    """The standings of ``state``; final once a seat has lost (SEM-9).

    Points: cards left in hand plus the trump (−1 as the Fool, 0 otherwise). The winner is
    whoever did not lose under SEM-9, whatever the points; before the end the standings are
    provisional and ranked by points.
    """
    cards_of = tables.cards
    parts = []
    for seat in (0, 1):
        cards = sum(cards_of[c].points for c in state.hands[seat])
        parts.append({"cards": cards, "trump": TRUMP_POINTS[state.trumps[seat]]})
    points = [p["cards"] + p["trump"] for p in parts]
    if state.loser is None:
        ranks = rank_by_points(points)
        seats = tuple(Standing(s, points[s], ranks[s], parts[s]) for s in (0, 1))
        return Standings(seats, winners=(), final=False)
    winner = 1 - state.loser
    seats = tuple(Standing(s, points[s], 1 if s == winner else 2, parts[s]) for s in (0, 1))
    return Standings(seats, winners=(winner,), final=True)
