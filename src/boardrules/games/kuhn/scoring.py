"""Kuhn poker scoring (KUHN-7): the winner takes the pot; points are chips won or lost."""

from __future__ import annotations

from boardrules.core.standings import Standing, Standings, rank_by_points
from boardrules.games.kuhn.actions import Bet, Call, Fold
from boardrules.games.kuhn.content import Stakes
from boardrules.games.kuhn.flow import is_over
from boardrules.games.kuhn.state import State

__all__ = ["paid", "score", "winner"]


def paid(stakes: Stakes, state: State) -> tuple[int, int]:
    """The chips each seat has put in the pot: its ante and its bet or call, if any."""
    chips = [stakes.ante, stakes.ante]
    for i, move in enumerate(state.moves):
        if type(move) is Bet or type(move) is Call:
            chips[i % 2] += stakes.bet
    return chips[0], chips[1]


def winner(state: State) -> int | None:
    """The seat that takes the pot, once the hand is over (KUHN-7).

    After a fold the other seat; at a showdown the higher card (both cards are known then).
    """
    if not is_over(state):
        return None
    if type(state.moves[-1]) is Fold:
        return len(state.moves) % 2  # the folder moved last; the other seat wins
    first, second = state.cards
    if first is None or second is None:
        raise ValueError("a showdown needs both cards")
    return 0 if first.rank > second.rank else 1


def score(stakes: Stakes, state: State) -> Standings:
    """Points: chips won (the other seat's part of the pot) or lost (the seat's own part).

    Before the end the standings are provisional: each seat shows what it has paid in.
    """
    chips = paid(stakes, state)
    won = winner(state)
    parts = [
        {"paid": -chips[s], "pot": chips[0] + chips[1] if s == won else 0} for s in (0, 1)
    ]
    points = [p["paid"] + p["pot"] for p in parts]
    ranks = rank_by_points(points)
    seats = tuple(Standing(s, points[s], ranks[s], parts[s]) for s in (0, 1))
    if won is None:
        return Standings(seats, winners=(), final=False)
    return Standings(seats, winners=(won,), final=True)
