"""What the server does at the socket and in front of the app.

* :class:`GuardedH11Protocol`: uvicorn's HTTP/1.1 protocol with limits it lacks: a client
  must finish its request headers within ``header_seconds``; the process holds at most
  ``max_connections`` connections, HTTP and WebSocket together, and one address at most
  ``per_client`` (a trusted proxy's are counted by :class:`Gate`, by forwarded address); one
  more is answered ``503`` and closed.
* :class:`Gate`, an ASGI middleware, refuses a ``Host`` outside a list (``400``: a page on
  another name that resolves to 127.0.0.1, DNS rebinding, cannot reach a loopback server); a
  ``POST`` or WebSocket whose ``Origin`` is neither the server's own nor allowed (``403``); a
  client holding its share of requests and WebSockets (``503``); a declared body length over
  the cap (``413``, unread). An answer sent before its request's body was read whole closes
  the connection.
* :class:`NoTokens`, a logging filter, drops the WebSocket frame lines the ``websockets``
  library writes at debug level, and blanks anything shaped like a seat token.

>>> import logging
>>> record = logging.LogRecord("x", logging.INFO, "", 0, "token %s", ("A" * 32,), None)
>>> NoTokens().filter(record), record.getMessage()
(True, 'token [token]')
>>> allowed_host(b"127.0.0.1:8000", frozenset({"127.0.0.1"}))
True
>>> allowed_host(b"evil.example:8000", frozenset({"127.0.0.1"}))
False
>>> same_origin(b"https://games.example.org", b"games.example.org:443")
True
>>> same_origin(b"http://evil.example", b"127.0.0.1:8000")
False
"""

from __future__ import annotations

import asyncio
import collections
import ipaddress
import json
import logging
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = [
    "LOOPBACK_HOSTS", "Gate", "GuardedH11Protocol", "NoTokens", "allowed_host", "guarded_protocol",
    "is_loopback", "same_origin"
]

#: The ``Host`` names a server bound to loopback accepts without ``--allowed-host``.
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1", "[::1]"})
#: Seat tokens are 32 URL-safe characters; nothing else the server logs is that long.
_TOKENISH = re.compile(r"[A-Za-z0-9_-]{24,}")
#: The ``websockets`` library's frame lines: ``< TEXT '...' [n bytes]``, ``> BINARY ...``.
_FRAME = re.compile(r"^[<>=] ")
#: The methods that change nothing, whatever page sends them.
_SAFE = frozenset({"GET", "HEAD", "OPTIONS"})

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


def same_origin(origin: bytes, host: bytes) -> bool:
    """Whether an ``Origin`` header names the server a request's ``Host`` names (the same
    name and port, a scheme's default port left out or not)."""
    scheme, found, where = origin.decode("latin-1").strip().lower().partition("://")
    port = {"http": ":80", "https": ":443"}.get(scheme)
    if not found or port is None:
        return False  # "null", or no web page's
    here = host.decode("latin-1").strip().lower()
    return where.removesuffix(port) == here.removesuffix(port)


class Gate:
    """ASGI middleware: the checks of a request or WebSocket before the app (see the module).

    Args:
        hosts: the ``Host`` names answered (``None``: any).
        origins: the other web origins (like ``http://localhost:5173``) whose pages may
            change matches and open WebSockets.
        share: the requests and WebSockets one client may have at once.
        max_body: the largest request body a request may declare.
    """

    def __init__(self, app: ASGIApp, hosts: frozenset[str] | None, origins: tuple[str, ...],
                 share: int, max_body: int) -> None:
        self.app = app
        self.hosts = None if hosts is None else frozenset(h.lower() for h in hosts)
        self.origins = frozenset(o.lower().encode("latin-1") for o in origins)
        self.share = share
        self.max_body = max_body
        self.busy: collections.Counter[str] = collections.Counter()

    def _refusal(self, scope: Scope, headers: dict[bytes, bytes]) -> tuple[int, str, str] | None:
        host = headers.get(b"host", b"")
        if self.hosts is not None and not allowed_host(host, self.hosts):
            return 400, "bad_host", "this Host is not served (see --allowed-host)"
        origin = headers.get(b"origin")
        if (origin is not None and (scope["type"] == "websocket" or scope["method"] not in _SAFE)
                and not same_origin(origin, host) and origin.lower() not in self.origins):
            return 403, "bad_origin", "a page of this origin may not do this (see --allow-origin)"
        length = headers.get(b"content-length")
        if length is not None and scope["type"] == "http":
            if not length.isdigit():
                return 400, "bad_input", "Content-Length is not a number"
            if int(length) > self.max_body:
                return 413, "too_large", f"the body is limited to {self.max_body} bytes"
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or ())
        client = (scope.get("client") or ("?",))[0]
        refusal = self._refusal(scope, headers)
        if refusal is None and self.busy[client] >= self.share:
            refusal = (503, "busy", "this address holds its share of the server's "
                                    "connections (see --max-connections-per-client)")
        if refusal is not None:
            await _refuse(scope, send, *refusal)
            return
        whole = scope["type"] == "websocket" or (
            headers.get(b"content-length", b"0") == b"0" and b"transfer-encoding" not in headers)

        async def reading() -> MutableMapping[str, Any]:
            nonlocal whole
            message = await receive()
            whole = whole or not message.get("more_body", False)
            return message

        async def sending(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start" and not whole:
                message = {**message, "headers": [*message.get("headers", ()),
                                                  (b"connection", b"close")]}
            await send(message)

        self.busy[client] += 1
        try:
            await self.app(scope, reading, sending)
        finally:
            self.busy[client] -= 1
            if self.busy[client] <= 0:
                del self.busy[client]


async def _refuse(scope: Scope, send: Send, status: int, code: str, reason: str) -> None:
    """Answer ``status`` with a refusal's JSON and close; a WebSocket's handshake is refused
    with that answer where the server can send one, else closed with ``4000 + status``."""
    kind = "http.response"
    if scope["type"] == "websocket":
        if "websocket.http.response" not in scope.get("extensions", {}):
            await send({"type": "websocket.close", "code": 4000 + status, "reason": reason})
            return
        kind = "websocket.http.response"
    body = json.dumps({"error": code, "path": "$", "reason": reason}).encode()
    await send({"type": f"{kind}.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"connection", b"close"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": f"{kind}.body", "body": body})


class GuardedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a header read timeout and connection caps."""

    header_seconds: float = 10.0
    max_connections: int = 1000
    per_client: int = 100
    trusted: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] = ()

    def _over(self, peer: str) -> bool:
        """Whether the process, or ``peer`` (unless a trusted proxy), has all it may hold."""
        connections = self.server_state.connections
        if len(connections) >= self.max_connections:
            return True
        try:
            if any(ipaddress.ip_address(peer) in network for network in self.trusted):
                return False
        except ValueError:
            pass
        held = sum(1 for c in connections if (getattr(c, "client", None) or ("",))[0] == peer)
        return held >= self.per_client

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._header_timer: asyncio.TimerHandle | None = None
        if self._over(str((transport.get_extra_info("peername") or ("?",))[0])):
            transport.write(b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain\r\n"
                            b"content-length: 33\r\nconnection: close\r\n\r\n"
                            b"the server has enough connections")
            # Half-close and read on briefly: a reset might lose the client its answer.
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


def guarded_protocol(header_seconds: float, max_connections: int, per_client: int,
                     trusted: tuple[str, ...] = ()) -> type[GuardedH11Protocol]:
    """A :class:`GuardedH11Protocol` with these limits, for ``uvicorn.run(http=...)``;
    ``trusted``: the proxies' addresses (or networks), whose connections count only toward
    ``max_connections``."""
    return type("Guarded", (GuardedH11Protocol,), {
        "header_seconds": header_seconds, "max_connections": max_connections,
        "per_client": per_client,
        "trusted": tuple(ipaddress.ip_network(t, strict=False) for t in trusted)})
