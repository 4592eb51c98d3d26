"""WebSocket updates encoded once and shared by every socket with the same view.

An update is a seat's payload after a move, with the events since the version the socket last
received, as JSON text. It depends only on the match, its version, the seat (``None`` for a
spectator) and that earlier version, so :class:`Updates` keeps the text under those four
and every socket watching the same seat sends the very same text: the payload is built and
encoded once per view, not once per socket. The server also puts in the updates it can make
for free: the answer to a person's move is the mover's update (:func:`update_from_answer`),
and a bot's move is followed, in the same worker thread, by the update of each watched seat.

>>> updates = Updates(2)
>>> updates.put(("m", 3, 0, 2), '{"type":"update","version":3}')
>>> updates.get(("m", 3, 0, 2))
'{"type":"update","version":3}'
>>> updates.get(("m", 3, 1, 2)) is None  # another seat's view is never shared
True
>>> update_from_answer(b'{"game":"kuhn","version":3}')
'{"type":"update","game":"kuhn","version":3}'
"""

from __future__ import annotations

import collections
import json
import threading
from typing import Any

__all__ = ["UpdateKey", "Updates", "update_from_answer", "update_text"]

#: ``(match id, version, seat or None, the version the events start after or None)``.
UpdateKey = tuple[str, int, int | None, int | None]


def update_text(doc: dict[str, Any]) -> str:
    """A payload as the text of a WebSocket update (compact JSON, ``"type"`` first)."""
    return json.dumps({"type": "update", **doc}, ensure_ascii=False, allow_nan=False,
                      separators=(",", ":"))


def update_from_answer(encoded: str | bytes) -> str:
    """:func:`update_text` of a payload already encoded as compact JSON (an HTTP answer, as
    text or UTF-8), without encoding it again."""
    text = encoded.decode("utf-8") if isinstance(encoded, bytes) else encoded
    if not text.startswith("{") or text == "{}":
        raise ValueError("not an encoded payload")
    return '{"type":"update",' + text[1:]


class Updates:
    """A bounded, thread-safe store of encoded updates (the oldest go first)."""

    def __init__(self, size: int = 1024) -> None:
        self._texts: collections.OrderedDict[UpdateKey, str] = collections.OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def get(self, key: UpdateKey) -> str | None:
        """The update under ``key``, or ``None``."""
        with self._lock:
            return self._texts.get(key)

    def put(self, key: UpdateKey, text: str) -> None:
        """Keep ``text`` under ``key``."""
        with self._lock:
            self._texts[key] = text
            self._texts.move_to_end(key)
            while len(self._texts) > self._size:
                self._texts.popitem(last=False)
