"""Fair turns at the bot workers: across clients, across matches, and with a time budget.

Every bot move waits for one of the ``slots`` (bot worker processes). :class:`FairSlots` hands
them out so that one client cannot starve the others:

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
import time

__all__ = ["FairSlots"]


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
