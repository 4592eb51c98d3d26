"""A bot's move: chosen in a bot worker process from the seat's view alone, as the answer a
:class:`~boardrules.Table` with the match's seed and seats gives
(:func:`boardrules.table.agent_answer`), so a restarted server plays the same move. (The loop
that waits for a worker and stores the move is :class:`boardrules.server.fair.Bots`.)
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import json
import os
import signal
import sys
import threading
import time
from typing import Any

import attrs

from boardrules.agents import GoalAgent, GreedyAgent, MCTSAgent, RandomAgent, check_agents
from boardrules.core.errors import BadInput
from boardrules.core.registry import game_from_json_options
from boardrules.core.rng import Rng
from boardrules.server.store import Mark
from boardrules.table import agent_answer

__all__ = [
    "AGENTS", "INLINE_AGENTS", "BotTurn", "bots_of", "choose_move", "choose_move_by_name",
    "die_with_parent", "fallback_move", "game_at",
]

#: The agents a seat may name, made fresh for each move.
AGENTS: dict[str, type[Any]] = {
    "random": RandomAgent, "greedy": GreedyAgent, "goal": GoalAgent, "mcts": MCTSAgent
}
#: The agents whose move is chosen in the thread that stores it (cheaper than the round trip
#: to a bot worker); their turns still wait at the fair slots and count as bot time.
INLINE_AGENTS = frozenset({"random"})
#: A match's game as a bot worker names it: (name, options as JSON, rules revision or None).
GameKey = tuple[str, str, int | None]


def bots_of(game: Any) -> tuple[str, ...]:
    """The agents of :data:`AGENTS` that can play ``game`` (a seat may name only those).

    >>> import boardrules
    >>> bots_of(boardrules.load("kuhn"))
    ('random', 'greedy', 'mcts')
    """
    def plays(name: str) -> bool:
        try:
            check_agents(game, [AGENTS[name]()])
        except BadInput:
            return False
        return True

    return tuple(name for name in AGENTS if plays(name))


def die_with_parent(parent: int) -> None:
    """Make this worker (a bot worker, or a ``--workers`` process) die when the process
    ``parent`` dies, ``kill -9`` included: on Linux by ``PR_SET_PDEATHSIG``, elsewhere by a
    thread that checks every half second whether it was handed to another parent."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG = 1
    if os.getppid() != parent:  # the server died before the line above
        os.kill(os.getpid(), signal.SIGKILL)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os.kill(os.getpid(), signal.SIGKILL)

    threading.Thread(target=watch, name="boardrules-parent-watch", daemon=True).start()


def choose_move(game: Any, view: Any, seat: int, agent: str, seed: int, version: int,
                seconds: float) -> Any:
    """One bot move, computed from the seat's view only.

    It is the answer a :class:`~boardrules.Table` with the match's seed and seats gives
    (:func:`boardrules.table.agent_answer`: the agent's stream comes from the seed, the seat
    and the move number), so a restarted server plays the same move, and loading the match's
    record into a table gives the same bots. MCTS keeps the table's settings and is also
    given the time budget: it stops at whichever comes first.
    """
    player = MCTSAgent(seconds=seconds * 0.8) if agent == "mcts" else AGENTS[agent]()
    return agent_answer(game, view, seat, player, seed, version)


@functools.lru_cache(maxsize=64)  # a bot worker makes each game once: a move names it
def game_at(name: str, options: str, revision: int | None) -> Any:
    """The game ``name`` with options given as JSON text, played by revision ``revision``
    of its own rules (``None``: the current one).

    Raises:
        BadInput: for options that are not the game's, or a revision this library does not
            ship (``$.revision``).
    """
    game = game_from_json_options(name, json.loads(options))
    return game if revision is None else game.at_revision(revision)


def choose_move_by_name(game_key: GameKey, view: Any, seat: int, agent: str, seed: int,
                        version: int, seconds: float) -> Any:
    """:func:`choose_move` for the game named by ``game_key`` (made once per worker
    process, so a bot move never sends the pickled game)."""
    return choose_move(game_at(*game_key), view, seat, agent, seed, version, seconds)


def fallback_move(game: Any, view: Any, seat: int, seed: int, version: int) -> Any:
    """The move a bot makes when its agent runs over the budget: a seeded random one."""
    return RandomAgent().choose(game, view, seat, Rng.derive(seed, "server-fallback", version))


@attrs.frozen
class BotTurn:
    """What a bot needs to move: the match as the bot saw it (``mark``) and the seat's view."""

    match_id: str
    mark: Mark
    seat: int
    agent: str
    game: Any
    view: Any
    seed: int
    #: The address that created the match: whose bot time this move is.
    client: str = "?"
    #: The game's name, options (JSON) and rules revision: what a bot worker makes it from.
    game_key: GameKey = ("", "{}", None)

    @property
    def version(self) -> int:
        """The move number the bot makes."""
        return self.mark[1]
