"""What the server does at the socket, before the app: time limits, a connection cap, the
``Host`` check and a log that never shows a token.

* :class:`GuardedH11Protocol` is uvicorn's HTTP/1.1 protocol with two limits uvicorn lacks: a
  client must finish its request headers within ``header_seconds`` of its first byte (or of
  connecting), and the whole process holds at most ``max_connections`` connections, HTTP and
  WebSocket together; one more is answered ``503`` and closed at once.
* :class:`HostGuard` is an ASGI middleware that refuses a ``Host`` outside a list (``400``), so a
  web page on another name that resolves to 127.0.0.1 (DNS rebinding) cannot reach a server
  bound to loopback.
* :class:`NoTokens` is a logging filter: it drops the WebSocket frame lines (``< TEXT ...``,
  ``> TEXT ...``) that the ``websockets`` library writes at debug level, and blanks anything
  shaped like a seat token in every other line.

>>> import logging
>>> record = logging.LogRecord("x", logging.INFO, "", 0, "token %s", ("A" * 32,), None)
>>> NoTokens().filter(record), record.getMessage()
(True, 'token [token]')
>>> allowed_host(b"127.0.0.1:8000", frozenset({"127.0.0.1"}))
True
>>> allowed_host(b"evil.example:8000", frozenset({"127.0.0.1"}))
False
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = [
    "LOOPBACK_HOSTS",
    "GuardedH11Protocol",
    "HostGuard",
    "NoTokens",
    "allowed_host",
    "guarded_protocol",
        "is_loopback",
]

#: The ``Host`` names a server bound to loopback accepts without ``--allowed-host``.
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1", "[::1]"})
#: Seat tokens are 32 URL-safe characters; nothing else the server logs is that long.
_TOKENISH = re.compile(r"[A-Za-z0-9_-]{24,}")
#: The ``websockets`` library's frame lines: ``< TEXT '...' [n bytes]``, ``> BINARY ...``.
_FRAME = re.compile(r"^[<>=] ")

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def is_loopback(host: str) -> bool:
    """Whether ``--host`` binds to loopback only."""
    return host in LOOPBACK_HOSTS or host.startswith("127.")


class NoTokens(logging.Filter):
    """Drop WebSocket frame lines and blank token-shaped text in every other log line."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if _FRAME.match(message):
            return False
        cleaned = _TOKENISH.sub("[token]", message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        if record.exc_info and record.exc_info[0] is not None:
            # A traceback may quote a header or a frame: it is formatted and cleaned here.
            text = logging.Formatter().formatException(record.exc_info)
            record.msg = f"{record.getMessage()}\n{_TOKENISH.sub('[token]', text)}"
            record.args, record.exc_info, record.exc_text = None, None, None
        return True


def allowed_host(header: bytes, hosts: frozenset[str]) -> bool:
    """Whether a ``Host`` header names one of ``hosts`` (any port)."""
    try:
        text = header.decode("ascii").strip().lower()
    except UnicodeDecodeError:
        return False
    if text.startswith("["):  # [::1]:8000
        name = text.partition("]")[0] + "]"
    else:
        name = text.rpartition(":")[0] if text.count(":") == 1 else text
    return name in hosts or name.strip("[]") in hosts


class HostGuard:
    """ASGI middleware refusing requests and WebSockets whose ``Host`` is not in ``hosts``."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str]) -> None:
        self.app = app
        self.hosts = frozenset(h.lower() for h in hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            header = dict(scope.get("headers") or ()).get(b"host", b"")
            if not allowed_host(header, self.hosts):
                if scope["type"] == "websocket":
                    await send({"type": "websocket.close", "code": 4400,
                                "reason": "this Host is not served"})
                    return
                body = (b'{"error": "bad_host", "path": "$", '
                        b'"reason": "this Host is not served (see --allowed-host)"}')
                await send({"type": "http.response.start", "status": 400,
                            "headers": [(b"content-type", b"application/json"),
                                        (b"content-length", str(len(body)).encode())]})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)


class GuardedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a header read timeout and a connection cap."""

    header_seconds: float = 10.0
    max_connections: int = 1000

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._header_timer: asyncio.TimerHandle | None = None
        if len(self.server_state.connections) >= self.max_connections:
            transport.write(b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain\r\n"
                            b"content-length: 33\r\nconnection: close\r\n\r\n"
                            b"the server has enough connections")
            # Half-close and read on briefly: closing with the request unread would send a
            # reset, and the client might lose the answer.
            if transport.can_write_eof():
                transport.write_eof()
            asyncio.get_running_loop().call_later(2.0, transport.close)
            self.transport = transport
            self._refused = True
            return
        self._refused = False
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self._refused:
            return
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._refused:
            return
        if self._header_timer is None and (self.cycle is None or self.cycle.response_complete):
            self._arm()  # a new request starts on a kept-alive connection
        before = self.cycle
        super().data_received(data)
        if self.cycle is not before or self.transport.get_protocol() is not self:
            self._disarm()  # its headers are in (a request, or a WebSocket upgrade)

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(self.header_seconds, self._too_slow)

    def _disarm(self) -> None:
        timer = getattr(self, "_header_timer", None)
        if timer is not None:
            timer.cancel()
            self._header_timer = None

    def _too_slow(self) -> None:
        self._header_timer = None
        if self.transport.get_protocol() is self and (
                self.cycle is None or self.cycle.response_complete):
            self.transport.close()


def guarded_protocol(header_seconds: float, max_connections: int) -> type[GuardedH11Protocol]:
    """A :class:`GuardedH11Protocol` with these limits, for ``uvicorn.run(http=...)``."""
    return type("Guarded", (GuardedH11Protocol,), {"header_seconds": header_seconds,
                                                  "max_connections": max_connections})
