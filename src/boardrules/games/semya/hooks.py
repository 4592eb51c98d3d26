"""Optional 7Я capabilities for agents, learning code and balance reports.

Plain functions of the deck's :class:`~boardrules.games.semya.flow.Tables` (and the state);
the ``Game`` facade offers them as methods.
"""

from __future__ import annotations

from boardrules.core.standings import Standings
from boardrules.games.semya.actions import Action, PlayCard, PlayLord
from boardrules.games.semya.content import DECK_SIZE, Symbol
from boardrules.games.semya.flow import ANY, OPENING, Demand, Tables
from boardrules.games.semya.state import State, Trump

__all__ = ["heuristic", "observation_size", "observe", "tally", "vocabulary"]

#: ``heuristic``'s rating of a won and of a lost game.
WIN_RATING = 1000.0
#: ``heuristic``'s rating of a trump still in hand (a spent one is worth nothing).
HELD_TRUMP_RATING = 1.0


def heuristic(standings: Standings, state: State, seat: int) -> float:
    """``GreedyAgent``'s rating of ``state`` for ``seat`` (higher is better), given the
    game's ``standings`` of it (SEM-10's, or a variant's).

    A win is best and a loss worst; otherwise a trump still in hand is worth keeping, so
    the greedy player spends it only when no card will do. (Measured against a random
    player, this wins about nine games in ten; rating "fewer answers for the opponent"
    instead loses most games, because it hoards black cards.)
    """
    if standings.final:
        return WIN_RATING if seat in standings.winners else -WIN_RATING
    return HELD_TRUMP_RATING if state.trumps[seat] is Trump.HELD else 0.0


def vocabulary(tables: Tables) -> tuple[Action, ...]:
    """Every action of this game in any state: each card, the Lord per symbol, the Fool."""
    return (*tables.plays.values(), *tables.lords, tables.fool)


def observation_size() -> int:
    """The length of :func:`observe`'s vector."""
    return 2 * DECK_SIZE + 2 * len(Trump) + len(Symbol) + 2 + 1


def observe(tables: Tables, view: State, seat: int, mover: int | None) -> tuple[int, ...]:
    """A fixed-size 0/1 vector of what ``seat`` sees, for learning code.

    Its own hand, the other hand (deck order), its trump and the other's (held, Lord,
    Fool), what the next card must answer (seven symbols, any card, the opening) and
    whether it is the seat to move.
    """
    out: list[int] = []
    for s in (seat, 1 - seat):
        held = set(view.hands[s])
        out.extend(1 if c in held else 0 for c in tables.full_hand)
    for s in (seat, 1 - seat):
        out.extend(1 if view.trumps[s] is t else 0 for t in Trump)
    need: Demand = OPENING
    if view.table:
        need = tables.facts.demand(tables, view.table[-1].action)
    out.extend(1 if need is symbol else 0 for symbol in Symbol)
    out.extend((1 if need is ANY else 0, 1 if need is OPENING else 0))
    out.append(1 if mover == seat else 0)
    return tuple(out)


def tally(over: bool, state: State) -> dict[str, int]:
    """Content statistics for balance reports: which play ended the game (``over``: the
    game's end, as the rulebook states it)."""
    if not over or not state.table:
        return {}
    last = state.table[-1].action
    if isinstance(last, PlayCard):
        return {f"ended by {last.card}": 1}
    return {"ended by the Lord" if isinstance(last, PlayLord) else "ended by the Fool": 1}
