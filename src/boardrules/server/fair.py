"""The bots' turns: each match's loop, and fair places at the bot workers across clients,
across matches, and with a time budget.

A match with a bot to move has one loop (:class:`Bots`): it waits for a bot worker, has the
move chosen (:mod:`boardrules.server.bots`) and stores it only if the match is still where the
bot saw it (:meth:`~boardrules.server.matches.Matches.bot_move`): a resignation or a take-back
that came first drops the move. Every bot move waits for one of the ``slots`` (bot worker
processes); :class:`FairSlots` hands them out so that one client cannot starve the others:

* **Round robin across clients, first come first served within one.** A client (the address
  that created the match) with many matches waiting gets one turn, then every other waiting
  client gets one, and so on; a match has at most one bot turn waiting at a time, so within a
  client the matches take turns too.
* **One slot held back.** With two or more slots, a client that already has a move computing
  never takes the last free slot: another client's bot finds it free and starts at once,
  so its reply waits only for its own time budget, whatever one client has queued.
* **A budget of bot time per client.** The seconds each client's bots compute are counted
  (bot-only matches included) in a bucket that drains at ``share`` seconds per second; a
  client whose bucket holds more than ``burst`` seconds is served only when no client within
  its budget waits. Nothing is refused: the slots never idle while any turn waits.

>>> import asyncio
>>> async def demo() -> list[str]:
...     slots = FairSlots(2)
...     order: list[str] = []
...     await slots.acquire("heavy")          # heavy takes one slot ...
...     task = asyncio.ensure_future(slots.acquire("heavy"))
...     await asyncio.sleep(0)
...     order.append(f"heavy waits: {not task.done()}")   # ... but not the last one
...     await slots.acquire("light")          # which a light client gets at once
...     order.append("light got the held-back slot")
...     slots.release("heavy", 1.0)
...     await task
...     order.append("heavy's second turn after a release")
...     return order
>>> asyncio.run(demo())
['heavy waits: True', 'light got the held-back slot', "heavy's second turn after a release"]
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import logging
import multiprocessing
import os
import time
from collections.abc import Callable
from typing import Any, Protocol

from boardrules.server import metrics
from boardrules.server.bots import (
    INLINE_AGENTS,
    BotTurn,
    choose_move,
    choose_move_by_name,
    die_with_parent,
    fallback_move,
)
from boardrules.server.inputs import Refusal
from boardrules.server.matches import Limits, Matches
from boardrules.server.pushes import Hub
from boardrules.server.store import Mark

__all__ = ["UNKNOWN", "Bots", "FairSlots", "Serving", "Unknown"]

log = logging.getLogger("boardrules.server")


class FairSlots:
    """``slots`` places for bot moves, handed out fairly (see the module's text).

    Args:
        slots: how many moves may compute at once (the bot worker processes).
        share: the bot seconds per second one client may use within its budget.
        burst: the seconds of bot time a client may run ahead of ``share``.
    """

    def __init__(self, slots: int, share: float = 1.0, burst: float = 60.0) -> None:
        self.slots = max(1, slots)
        self.share = share
        self.burst = burst
        self._free = self.slots
        self._running: collections.Counter[str] = collections.Counter()
        self._waiting: dict[str, collections.deque[asyncio.Future[None]]] = {}
        self._turns: collections.deque[str] = collections.deque()  # round-robin order
        self._used: dict[str, tuple[float, float]] = {}  # client -> (bucket, when)

    def used(self, client: str, now: float | None = None) -> float:
        """The seconds in ``client``'s bucket now (bot time not yet drained)."""
        level, when = self._used.get(client, (0.0, 0.0))
        now = time.monotonic() if now is None else now
        return max(0.0, level - (now - when) * self.share)

    def running(self, client: str) -> int:
        """How many of ``client``'s moves compute now."""
        return self._running[client]

    async def acquire(self, client: str) -> None:
        """Wait for a slot for one of ``client``'s bot moves."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        queue = self._waiting.get(client)
        if queue is None:
            queue = self._waiting[client] = collections.deque()
            self._turns.append(client)
        queue.append(future)
        self._dispatch()
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self.release(client, 0.0)  # granted and cancelled at once: give it back
            else:
                self._forget(client, future)
            raise

    def release(self, client: str, seconds: float) -> None:
        """Give back ``client``'s slot after a move that computed ``seconds``."""
        now = time.monotonic()
        self._used[client] = (self.used(client, now) + seconds, now)
        self._running[client] -= 1
        if self._running[client] <= 0:
            del self._running[client]
        self._free += 1
        self._dispatch()
        if len(self._used) > 10_000:  # forget clients whose buckets have drained
            self._used = {c: v for c, v in self._used.items() if self.used(c, now) > 0}

    def _forget(self, client: str, future: asyncio.Future[None]) -> None:
        queue = self._waiting.get(client)
        if queue is not None and future in queue:
            queue.remove(future)
            if not queue:
                del self._waiting[client]
                self._turns.remove(client)

    def _may_take(self, client: str) -> bool:
        # The last free slot is held back from a client that already computes a move.
        return self._free > 1 or self.slots == 1 or self._running[client] == 0

    def _next(self) -> str | None:
        now = time.monotonic()
        allowed = [c for c in self._turns if self._may_take(c)]
        within = [c for c in allowed if self.used(c, now) <= self.burst]
        chosen = within or allowed
        return chosen[0] if chosen else None

    def _dispatch(self) -> None:
        while self._free > 0:
            client = self._next()
            if client is None:
                return
            queue = self._waiting[client]
            future = queue.popleft()
            self._turns.remove(client)
            if queue:
                self._turns.append(client)  # its next turn comes after every other client's
            else:
                del self._waiting[client]
            if future.cancelled():
                continue
            self._free -= 1
            self._running[client] += 1
            future.set_result(None)


class Unknown:
    """The type of :data:`UNKNOWN`."""


#: A bot turn nobody looked up (the bots' loop looks it up itself).
UNKNOWN = Unknown()


class Serving(Protocol):
    """What the bots use of the server process (:class:`boardrules.server.app.Server`)."""

    limits: Limits
    matches: Matches
    hub: Hub
    closing: bool
    watching: dict[str, collections.Counter[int | None]]

    async def call(self, fn: Callable[..., Any], *args: Any) -> Any: ...

    def bot_moved(self, turn: BotTurn, action: Any, seats: tuple[int | None, ...]
                  ) -> tuple[Mark, BotTurn | None]: ...


class Bots:
    """The bots of one server process: a loop per match that has a bot to move, the bot
    worker processes and the fair slots in front of them."""

    def __init__(self, server: Serving, pool: concurrent.futures.Executor | None = None
                 ) -> None:
        self.server = server
        self.limits = server.limits
        self._pool = pool
        self._loops: dict[str, asyncio.Task[None]] = {}
        self._kicks: dict[str, int] = {}  # wake-ups per match, so none is lost
        self.slots = FairSlots(self.limits.bot_workers, share=self.limits.bot_share,
                               burst=max(60.0, 30 * self.limits.bot_seconds))
        #: Seconds of silence before taking over another process's bots (:meth:`heard`).
        self.takeover_seconds = 2 * self.limits.bot_seconds + 3.0

    def pool(self) -> concurrent.futures.Executor:
        """The bot worker processes (made at the first use, or again after they broke)."""
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=max(1, self.limits.bot_workers),
                mp_context=multiprocessing.get_context("spawn"),
                initializer=die_with_parent, initargs=(os.getpid(),),
            )
        return self._pool

    def start(self) -> None:
        """Start the bot worker processes now rather than at the first bot move, whose
        budget would otherwise pay for their start."""
        pool = self.pool()
        for _ in range(max(1, self.limits.bot_workers)):
            pool.submit(os.getpid)

    def alive(self) -> bool:
        """Whether the bot workers take work; a broken pool is replaced at once."""
        try:
            self.pool().submit(os.getpid)
        except concurrent.futures.BrokenExecutor:
            self._pool = None
            self.start()
            return False
        return True

    def heard(self, match_id: str, mark: Mark) -> None:
        """Another process stored a change: its bots are that process's to move (both would
        compute every bot move), unless nothing more is heard of the match for
        :attr:`takeover_seconds` (that process died before its bot's reply)."""
        if not self.server.closing:
            asyncio.get_running_loop().call_later(self.takeover_seconds, self._take_over,
                                                  match_id, mark)

    def _take_over(self, match_id: str, mark: Mark) -> None:
        if self.server.hub.latest(match_id) in (None, mark):  # nothing heard since
            self.wake(match_id)

    def wake(self, match_id: str, turn: BotTurn | Unknown | None = UNKNOWN) -> None:
        """Start the bot loop of a match unless it runs already; ``turn`` is its bot turn
        when the caller looked it up after the match's last change (``None``: no bot
        moves), which spares the loop looking it up in a worker thread."""
        if self.server.closing:
            return
        task = self._loops.get(match_id)
        if turn is None and (task is None or task.done()):
            return  # looked up after the last change: no bot to move, none running
        self._kicks[match_id] = self._kicks.get(match_id, 0) + 1
        if task is None or task.done():
            self._loops[match_id] = asyncio.get_running_loop().create_task(
                self._run(match_id, UNKNOWN if turn is None else turn), name=f"bots-{match_id}")

    async def _run(self, match_id: str, known: BotTurn | Unknown) -> None:
        server = self.server
        turn: BotTurn | None = None
        looked = False  # whether ``turn`` is fresh (looked up with the last move)
        kicks = 0
        if isinstance(known, BotTurn):  # looked up with the move that woke the bots
            turn, looked, kicks = known, True, self._kicks.get(match_id, 0)
        try:
            while not server.closing:
                try:
                    if not looked:
                        kicks = self._kicks.get(match_id, 0)  # before looking
                        turn = await server.call(server.matches.bot_turn, match_id)
                    looked = False
                    if turn is None:
                        if self._kicks.get(match_id, 0) != kicks:
                            continue  # a change arrived while we looked: look again
                        return
                    kicks = self._kicks.get(match_id, 0)
                    mark, turn = await self._move(turn)
                    looked = True
                except Refusal as refusal:
                    if refusal.status == 404:
                        return
                    looked = False
                    continue  # another change came first (or the match ended): look again
                metrics.MOVES.labels("bot").inc()
                server.hub.publish(match_id, mark)
        except Exception:  # a bug must not pass silently, nor stop the other matches
            metrics.ERRORS.labels("bots").inc()
            log.exception("the bots of %s stopped", match_id)
        finally:
            if self._loops.get(match_id) is asyncio.current_task():
                del self._loops[match_id]
                self._kicks.pop(match_id, None)

    async def _move(self, turn: BotTurn) -> tuple[Mark, BotTurn | None]:
        """Wait for a slot, choose the move (in a bot worker, or for :data:`INLINE_AGENTS` in
        the thread that stores it) and store it: the new mark and the next bot turn."""
        metrics.BOT_QUEUE.inc()
        waited = time.monotonic()
        try:
            await self.slots.acquire(turn.client)
        finally:
            metrics.BOT_QUEUE.dec()
        start = time.monotonic()
        metrics.BOT_WAIT.observe(start - waited)
        seconds, action = 0.0, None
        try:
            if turn.agent not in INLINE_AGENTS:
                action = await self._choose(turn)
                seconds = time.monotonic() - start
                if self.server.closing:
                    raise asyncio.CancelledError
            seats = tuple(self.server.watching.get(turn.match_id, ()))

            def store() -> tuple[Mark, BotTurn | None]:
                nonlocal seconds, action
                if turn.agent in INLINE_AGENTS:
                    begun = time.monotonic()
                    action = choose_move(turn.game, turn.view, turn.seat, turn.agent,
                                         turn.seed, turn.version, self.limits.bot_seconds)
                    seconds = time.monotonic() - begun
                return self.server.bot_moved(turn, action, seats)

            moved: tuple[Mark, BotTurn | None] = await self.server.call(store)
            return moved
        finally:
            self.slots.release(turn.client, seconds)

    async def _choose(self, turn: BotTurn) -> Any:
        """The bot's move from a bot worker; over the budget, or with the pool broken, a
        seeded random one."""
        budget = self.limits.bot_seconds
        try:
            future = self.pool().submit(  # the game by name: made once per worker
                choose_move_by_name, turn.game_key, turn.view, turn.seat, turn.agent,
                turn.seed, turn.version, budget)
            return await asyncio.wait_for(asyncio.wrap_future(future), budget + 1.0)
        except TimeoutError:
            log.warning("bot %s over its budget in %s; a random move instead", turn.agent,
                        turn.match_id)
        except concurrent.futures.BrokenExecutor:
            self._pool = None
            log.warning("the bot pool broke; it is restarted")
        return await asyncio.to_thread(fallback_move, turn.game, turn.view, turn.seat,
                                       turn.seed, turn.version)

    async def close(self) -> None:
        """Stop every loop and the bot workers."""
        for task in self._loops.values():
            task.cancel()
        await asyncio.gather(*self._loops.values(), return_exceptions=True)
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
