"""The routes of a match's life besides its moves: ``POST /api/matches/{id}/resign`` and
``POST /api/matches/{id}/rematch`` (each with the seat's token), and the task that applies
the turn timers' time-outs. Each wakes the match's WebSocket watchers, whose next update
shows the resignation, the move made at time-out, or names the rematch.

>>> bearer("Bearer abc")
'abc'
>>> bearer(None) is None
True
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from boardrules.server.matches import Matches, Refusal

log = logging.getLogger("boardrules.server")

__all__ = ["LifecycleRoutes", "bearer", "run_timeouts"]

#: How often the turn timers are looked at, in seconds.
TIMER_TICK = 0.5


async def run_timeouts(matches: Matches, moved: Callable[[str, int], None],
                       closing: Callable[[], bool]) -> None:
    """Apply the turn timers' time-outs until ``closing()``; ``moved(match, version)`` wakes
    the watchers and the bots of each match that changed (the server runs this)."""
    while not closing():
        await asyncio.sleep(TIMER_TICK)
        try:
            done = await asyncio.to_thread(matches.time_outs, time.time())
        except Exception:  # a database hiccup must not stop the timers: look again
            log.exception("the turn timers could not be applied")
            continue
        for match_id, version in done:
            moved(match_id, version)


def bearer(header: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header (``None`` without one)."""
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Refusal(401, "bad_token", "the Authorization header is 'Bearer TOKEN'")
    return token.strip()


def _json(doc: Any, status: int = 200) -> Response:
    return Response(json.dumps(doc, ensure_ascii=False, allow_nan=False,
                               separators=(",", ":")).encode("utf-8"),
                    status_code=status, media_type="application/json")


class LifecycleRoutes:
    """The handlers over :class:`Matches`; ``publish(match_id, version)`` wakes a match's
    watchers and ``wake_bots(match_id)`` starts a match's bots (the server's)."""

    def __init__(self, matches: Matches, publish: Any, wake_bots: Any) -> None:
        self.matches = matches
        self.publish = publish
        self.wake_bots = wake_bots

    async def resign(self, request: Request) -> Response:
        """``POST /api/matches/{id}/resign``: the seat's new payload (``over``, ``resigned``)."""
        match_id = request.path_params["match_id"]
        token = bearer(request.headers.get("authorization"))
        doc, version = await asyncio.to_thread(self.matches.resign, match_id, token)
        self.publish(match_id, version)
        return _json(doc)

    async def _body(self, request: Request) -> bytes:
        media = request.headers.get("content-type", "").partition(";")[0].strip().lower()
        if media != "application/json":
            raise Refusal(415, "not_json", "the body is JSON: Content-Type: application/json")
        body = await request.body()
        cap = self.matches.limits.max_body
        if len(body) > cap:
            raise Refusal(413, "too_large", f"the body is limited to {cap} bytes")
        return body

    async def undo(self, request: Request) -> Response:
        """``POST /api/matches/{id}/undo`` ``{"version": N}``: ask to take back this seat's
        last move; the payload shows the pending ``undo`` (or the match taken back)."""
        match_id = request.path_params["match_id"]
        token = bearer(request.headers.get("authorization"))
        body = await self._body(request)
        doc, version = await asyncio.to_thread(self.matches.undo, match_id, token, body)
        self.publish(match_id, version)
        self.wake_bots(match_id)
        return _json(doc)

    async def answer_undo(self, request: Request) -> Response:
        """``POST /api/matches/{id}/undo/answer`` ``{"agree": true}``."""
        match_id = request.path_params["match_id"]
        token = bearer(request.headers.get("authorization"))
        body = await self._body(request)
        doc, version = await asyncio.to_thread(self.matches.answer_undo, match_id, token,
                                               body)
        self.publish(match_id, version)
        self.wake_bots(match_id)
        return _json(doc)

    async def rematch(self, request: Request) -> Response:
        """``POST /api/matches/{id}/rematch``: 201 the seat's place in the rematch."""
        match_id = request.path_params["match_id"]
        token = bearer(request.headers.get("authorization"))
        client = request.client.host if request.client else "?"
        joined, version = await asyncio.to_thread(self.matches.rematch, match_id, token,
                                                  client)
        self.publish(match_id, version)
        self.wake_bots(joined["match"])
        return _json(joined, 201)
