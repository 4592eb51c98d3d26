"""Readable summaries of an Orbita game: one line per round and the standings.

For demos and logs: :func:`play_random` plays a seeded game between random players and
writes a round-by-round summary, so ``make demo`` needs one call to show Orbita.

>>> lines: list[str] = []
>>> from boardrules.games.orbita import Game
>>> state = play_random(Game(rounds=2), seed=4, players=3, out=lines)
>>> lines[1].startswith("round 1:")
True
"""

from __future__ import annotations

from typing import TypeAlias

from boardrules.core.game import GameBase
from boardrules.core.rng import Rng
from boardrules.games.orbita.actions import Action
from boardrules.games.orbita.content import card_spec
from boardrules.games.orbita.events import Event
from boardrules.games.orbita.flow import Setup
from boardrules.games.orbita.state import State
from boardrules.games.orbita.table import seat_food

#: An Orbita game (``boardrules.games.orbita.Game``, or a variant of it).
OrbitaGame: TypeAlias = GameBase[State, Action, Event, Setup]

__all__ = ["OrbitaGame", "play_random", "round_line", "standings_lines"]


def _seat_text(game: OrbitaGame, state: State, seat: int) -> str:
    s = state.seats[seat]
    corps = "+".join(c.suit.corporation for c in s.corporations)
    enterprises = [card_spec(t.leader).enterprise for t in s.teams if t.enterprise]
    lone = sum(len(t.members) for t in s.teams if not t.enterprise)
    parts = []
    if corps:
        parts.append(corps)
    if enterprises:
        parts.append("+".join(enterprises))
    parts.append(f"{lone} in teams")
    parts.append(f"{seat_food(s, state.zones)} Food")
    return f"seat {seat}: " + ", ".join(parts)


def round_line(game: OrbitaGame, state: State, round: int) -> str:
    """One line on every seat after ``round``: structures, characters in teams, Food kept."""
    seats = "; ".join(_seat_text(game, state, s) for s in range(len(state.seats)))
    return f"round {round}: {seats}; market {len(state.market)}, deck {len(state.deck)}"


def standings_lines(game: OrbitaGame, state: State) -> list[str]:
    """The standings (ORB-23), best first, with each seat's breakdown."""
    standings = game.score(state)
    out = []
    for standing in sorted(standings, key=lambda s: s.rank):
        parts = ", ".join(f"{k} {v}" for k, v in standing.breakdown.items())
        crown = "  <- winner" if standing.seat in standings.winners else ""
        out.append(f"  #{standing.rank} seat {standing.seat}: {standing.points} ({parts}){crown}")
    return out


def play_random(game: OrbitaGame, seed: int, players: int, out: list[str]) -> State:
    """Play a seeded game between random players, appending a summary to ``out``.

    Args:
        game: the game and its options.
        seed: the game's seed; the players' choices derive from it too.
        players: 2 to 4 seats.
        out: the list the lines are appended to.

    Returns:
        The final state.
    """
    state = game.new(seed, players=players)
    streams = [Rng.derive(seed, "demo", "orbita", seat) for seat in range(players)]
    out.append(f"«Орбита Добра» (Orbita), {players} seats — seed {seed}.")
    for _ in range(game.max_moves()):
        seat = game.to_move(state)
        if seat is None:
            break
        before = state.round
        state = game.apply(state, streams[seat].choice(game.legal_actions(state)))
        if state.round != before or game.is_over(state):
            out.append(round_line(game, state, before))
    out.append("Standings (ORB-23: corporations, enterprises, characters, Food):")
    out.extend(standings_lines(game, state))
    return state
