"""What the server keeps to use again (a bounded, thread-safe memo), and its WebSocket pushes:
the hub that wakes each match's sockets, and updates made from answers encoded already. An
update is a seat's payload after a change, with the events since the mark the socket last
received, as JSON text: it depends only on the match, the mark it shows, the seat and that
earlier mark, so the server keeps it under those four, and every socket of one view sends the
very same text, built once. The answer to a person's move is the mover's update
(:func:`update_from_answer`), and a bot's move is followed, in its worker thread, by the
update of each watched seat.

>>> updates: Memo[str] = Memo(2)
>>> updates.put(("m", (0, 3), 0, (0, 2)), '{"type":"update","version":3}')
>>> updates.get(("m", (0, 3), 0, (0, 2)))
'{"type":"update","version":3}'
>>> updates.get(("m", (0, 3), 1, (0, 2))) is None  # another seat's view is never shared
True
>>> update_from_answer(b'{"game":"kuhn","version":3}')
'{"type":"update","game":"kuhn","version":3}'
"""

from __future__ import annotations

import asyncio
import collections
import threading
from collections.abc import Hashable
from typing import Generic, TypeVar

from boardrules.server.store import Mark

Value = TypeVar("Value")

__all__ = ["CLOSING", "Hub", "Memo", "update_from_answer"]

#: What a WebSocket's queue receives when the server stops.
CLOSING = (-1, -1)


def update_from_answer(encoded: str | bytes) -> str:
    """A WebSocket update (``{"type": "update", ...payload}``) from a payload already encoded
    as compact JSON (an HTTP answer, as text or UTF-8), without encoding it again."""
    text = encoded.decode("utf-8") if isinstance(encoded, bytes) else encoded
    if not text.startswith("{") or text == "{}":
        raise ValueError("not an encoded payload")
    return '{"type":"update",' + text[1:]


class Memo(Generic[Value]):
    """A bounded, thread-safe memo: what was put last, or looked up last, goes last."""

    def __init__(self, size: int = 1024) -> None:
        self._kept: collections.OrderedDict[Hashable, Value] = collections.OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Value | None:
        """The value under ``key``, or ``None``."""
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
            return found

    def put(self, key: Hashable, value: Value) -> None:
        """Keep ``value`` under ``key``."""
        with self._lock:
            self._kept[key] = value
            self._kept.move_to_end(key)
            while len(self._kept) > self._size:
                self._kept.popitem(last=False)

    def pop(self, key: Hashable) -> None:
        """Forget ``key``."""
        with self._lock:
            self._kept.pop(key, None)


class Hub:
    """In-process fan-out of "match X reached mark M" to the WebSockets watching X."""

    def __init__(self) -> None:
        self._queues: dict[str, set[asyncio.Queue[Mark]]] = {}
        self._latest: Memo[Mark] = Memo(100_000)  # for the take-over of another's bots

    def subscribe(self, match_id: str) -> asyncio.Queue[Mark]:
        queue: asyncio.Queue[Mark] = asyncio.Queue()
        self._queues.setdefault(match_id, set()).add(queue)
        return queue

    def unsubscribe(self, match_id: str, queue: asyncio.Queue[Mark]) -> None:
        found = self._queues.get(match_id, set())
        found.discard(queue)
        if not found:
            self._queues.pop(match_id, None)

    def publish(self, match_id: str, mark: Mark) -> None:
        self._latest.put(match_id, mark)
        for queue in self._queues.get(match_id, ()):
            queue.put_nowait(mark)

    def latest(self, match_id: str) -> Mark | None:
        """The mark last published for ``match_id`` (``None``: none kept)."""
        return self._latest.get(match_id)

    def close(self) -> None:
        """Tell every watcher to hang up, on shutdown."""
        for queues in self._queues.values():
            for queue in queues:
                queue.put_nowait(CLOSING)

    def watchers(self, match_id: str) -> int:
        """How many WebSockets watch ``match_id`` in this process."""
        return len(self._queues.get(match_id, ()))
