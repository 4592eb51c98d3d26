"""Answers kept to be sent again: a bounded, thread-safe memo, and WebSocket updates made from
the answers the server encoded already.

An update is a seat's payload after a change, with the events since the mark the socket last
received, as JSON text. It depends only on the match, the mark it shows, the seat (``None``
for a spectator) and that earlier mark, so the server keeps the text under those four in a
:class:`Memo`, and every socket watching the same seat sends the very same text: the payload
is built and encoded once per view, not once per socket. The server also puts in the updates
it can make for free: the answer to a person's move is the mover's update
(:func:`update_from_answer`), and a bot's move is followed, in the same worker thread, by the
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

import collections
import threading
from collections.abc import Hashable
from typing import Generic, TypeVar

__all__ = ["Memo", "update_from_answer"]


def update_from_answer(encoded: str | bytes) -> str:
    """A WebSocket update (``{"type": "update", ...payload}``) from a payload already encoded
    as compact JSON (an HTTP answer, as text or UTF-8), without encoding it again."""
    text = encoded.decode("utf-8") if isinstance(encoded, bytes) else encoded
    if not text.startswith("{") or text == "{}":
        raise ValueError("not an encoded payload")
    return '{"type":"update",' + text[1:]


Text = TypeVar("Text", str, bytes)


class Memo(Generic[Text]):
    """A bounded, thread-safe store of encoded answers (the oldest go first)."""

    def __init__(self, size: int = 1024) -> None:
        self._texts: collections.OrderedDict[Hashable, Text] = collections.OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Text | None:
        """The answer under ``key``, or ``None``."""
        with self._lock:
            return self._texts.get(key)

    def put(self, key: Hashable, text: Text) -> None:
        """Keep ``text`` under ``key``."""
        with self._lock:
            self._texts[key] = text
            self._texts.move_to_end(key)
            while len(self._texts) > self._size:
                self._texts.popitem(last=False)
