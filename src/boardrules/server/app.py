"""The HTTP and WebSocket front of the match server (a Starlette ASGI app).

Blocking work (the store, the rules) runs in worker threads and bot moves in a process pool
(a random bot's in the worker thread that stores it), so the event loop only moves bytes;
the one exception is a person's move on a SQLite file while no worker thread is busy, played
on the loop (rules, payload and an unflushed commit: less than two thread hand-offs).
Bodies are read with a size cap and parsed strictly; every refusal is a JSON answer with a 4xx
status and a reason. The access log names the method, the path and the status, never a query
string or a header, so no token is logged.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextlib
import json
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import attrs
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

import boardrules
from boardrules import serde
from boardrules.core.capabilities import HasVocabulary
from boardrules.core.errors import BadInput
from boardrules.schemas import Kind, schema
from boardrules.server.content import ContentRoutes
from boardrules.server.contract import api_schema
from boardrules.server.fair import FairSlots
from boardrules.server.lifecycle import LifecycleRoutes, run_timeouts
from boardrules.server.matches import (
    AGENTS,
    BotTurn,
    Limits,
    Matches,
    Refusal,
    choose_move,
    choose_move_by_name,
    die_with_parent,
    fallback_move,
)
from boardrules.server.net import HostGuard
from boardrules.server.openapi import OpenApiRoutes
from boardrules.server.payloads import encode_json, labelled, seat_picture
from boardrules.server.pushes import UpdateKey, Updates, update_from_answer
from boardrules.server.store import Store

__all__ = ["Hello", "Hub", "Server", "make_app"]

STATIC = Path(__file__).resolve().parent / "static"
log = logging.getLogger("boardrules.server")
_KINDS: dict[str, Kind] = {
    k: k for k in ("state", "view", "action", "event", "record", "setup", "options", "content")
}


class Hub:
    """In-process fan-out of "match X reached version N" to the WebSockets watching X."""

    #: How many matches' latest versions are kept (for :meth:`latest`).
    KEEP = 100_000

    def __init__(self) -> None:
        self._queues: dict[str, set[asyncio.Queue[int]]] = {}
        self._latest: dict[str, int] = {}

    def subscribe(self, match_id: str) -> asyncio.Queue[int]:
        queue: asyncio.Queue[int] = asyncio.Queue()
        self._queues.setdefault(match_id, set()).add(queue)
        return queue

    def unsubscribe(self, match_id: str, queue: asyncio.Queue[int]) -> None:
        found = self._queues.get(match_id)
        if found is not None:
            found.discard(queue)
            if not found:
                del self._queues[match_id]

    def publish(self, match_id: str, version: int) -> None:
        if len(self._latest) >= self.KEEP and match_id not in self._latest:
            self._latest.clear()
        self._latest[match_id] = version
        for queue in self._queues.get(match_id, ()):
            queue.put_nowait(version)

    def latest(self, match_id: str) -> int | None:
        """The version last published for ``match_id`` (``None``: none kept)."""
        return self._latest.get(match_id)

    def close(self) -> None:
        """Tell every watcher to hang up (``-1``), on shutdown."""
        for queues in self._queues.values():
            for queue in queues:
                queue.put_nowait(-1)

    def watchers(self, match_id: str) -> int:
        """How many WebSockets watch ``match_id`` in this process."""
        return len(self._queues.get(match_id, ()))


@attrs.frozen
class Hello:
    """The first WebSocket message: the seat's token (none for a spectator) and, optionally,
    the version the client already holds, to receive the events after it."""

    token: str | None = None
    since: int | None = None


def _error(refusal: Refusal) -> JSONResponse:
    return JSONResponse(refusal.body(), status_code=refusal.status)


#: The agents whose move is chosen in the worker thread that stores it, not in a bot
#: worker process: a random move costs less than the round trip to a process (pickling
#: the view there and the action back, waking two processes and a thread). Their turns
#: still go through the fair slots and count against their client's bot time.
INLINE_AGENTS = frozenset({"random"})


class _Unknown:
    """The type of :data:`UNKNOWN`."""


#: A bot turn nobody looked up (the bots' loop looks it up itself).
UNKNOWN = _Unknown()

#: What a WebSocket's queue receives when its client hangs up (``-1``: the server stops).
_HUNG_UP = -2

#: What an update adds before the payload (pushes.update_text's ``type``).
_UPDATE = {"type": "update"}


def _encode(doc: Any) -> bytes:
    """A document as compact UTF-8 JSON (what ``JSONResponse`` sends)."""
    return encode_json(doc).encode("utf-8")


def _digits(text: str) -> bool:
    """Whether ``text`` is ASCII digits only (``str.isdigit`` also takes ``²`` and ``①``)."""
    return text.isascii() and text.isdigit()


def _bearer(request: Request | WebSocket) -> str | None:
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Refusal(401, "bad_token", "the Authorization header is 'Bearer TOKEN'")
    return token.strip()


class Server:
    """One server process: the matches, the live hub, the bot pool and the routes."""

    def __init__(self, store: Store, limits: Limits | None = None,
                 bot_pool: concurrent.futures.Executor | None = None,
                 export_dir: Path | None = None) -> None:
        self.limits = limits or Limits()
        self.export_dir = export_dir
        self.matches = Matches(store, self.limits)
        self.hub = Hub()
        self._bots: dict[str, asyncio.Task[None]] = {}
        self._kicks: dict[str, int] = {}  # wake-ups per match, so none is lost
        self._pool: concurrent.futures.Executor | None = bot_pool
        self._slots: FairSlots | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._closing = False
        self._rendered: dict[tuple[str, ...], bytes] = {}
        self._pictures: collections.OrderedDict[tuple[Any, ...], bytes] = (
            collections.OrderedDict())
        self._pictures_lock = threading.Lock()
        #: Encoded updates, shared by the sockets that watch one seat (or as spectators).
        self.updates = Updates()
        #: The seats watched in this process, by match: how many sockets watch each.
        self._watching: dict[str, collections.Counter[int | None]] = {}
        #: Updates being built, so the sockets of one view wait for one build, not each its own.
        self._building: dict[UpdateKey, asyncio.Task[tuple[str, int, int | None]]] = {}
        #: Calls running in worker threads now (see :meth:`act`).
        self._in_threads = 0
        #: Seconds of silence after another process's move before this one moves the
        #: match's bots (see :meth:`heard`): longer than a bot move takes.
        self.takeover_seconds = 2 * self.limits.bot_seconds + 3.0

    # -- running things off the loop -----------------------------------------------------
    async def _call(self, fn: Callable[..., Any], *args: Any) -> Any:
        self._in_threads += 1
        try:
            return await asyncio.to_thread(fn, *args)
        finally:
            self._in_threads -= 1

    async def _json(self, fn: Callable[..., Any], *args: Any, status: int = 200) -> Response:
        """``fn(*args)`` as a JSON answer, computed and encoded off the event loop."""
        return Response(await self._call(lambda: _encode(fn(*args))), status_code=status,
                        media_type="application/json")

    async def _cached(self, key: tuple[str, ...], fn: Callable[..., Any], *args: Any
                      ) -> Response:
        """Like :meth:`_json` for answers that never change: computed once per process."""
        body = self._rendered.get(key)
        if body is None:
            body = self._rendered[key] = await self._call(lambda: _encode(fn(*args)))
        return Response(body, media_type="application/json")

    def _bot_pool(self) -> concurrent.futures.Executor:
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=max(1, self.limits.bot_workers),
                mp_context=multiprocessing.get_context("spawn"),
                initializer=die_with_parent, initargs=(os.getpid(),),
            )
        return self._pool

    def start_bot_pool(self) -> None:
        """Start the bot worker processes now rather than at the first bot move, whose
        budget would otherwise pay for their start (``boardrules serve`` calls this)."""
        pool = self._bot_pool()
        for _ in range(max(1, self.limits.bot_workers)):
            pool.submit(os.getpid)

    def _moved(self, match_id: str, version: int,
               turn: BotTurn | _Unknown | None = UNKNOWN) -> None:
        """Push ``version`` to the match's sockets and wake its bots (``turn``: the bot
        turn looked up with the move, as :meth:`wake_bots` takes it)."""
        self.hub.publish(match_id, version)
        self.wake_bots(match_id, turn)

    def heard(self, match_id: str, version: int) -> None:
        """Another process stored ``version`` of a match (or sent a wake-up): push it to
        this process's sockets. Its bots are for the process that stored it to move (it
        woke them with the move, as :meth:`_moved` does), not for this one too — both would
        compute every bot move, one in vain. Only if nothing more is heard of the match
        for :attr:`takeover_seconds` (that process died between the move and its bot's
        reply) does this one wake them."""
        self.hub.publish(match_id, version)
        if not self._closing:
            asyncio.get_running_loop().call_later(self.takeover_seconds, self._take_over,
                                                  match_id, version)

    def _take_over(self, match_id: str, version: int) -> None:
        if self.hub.latest(match_id) in (None, version):  # nothing heard since
            self.wake_bots(match_id)

    def wake_bots(self, match_id: str, turn: BotTurn | _Unknown | None = UNKNOWN) -> None:
        """Start the bot loop of a match unless it runs already; ``turn`` is its bot turn
        when the caller looked it up after the match's last move (``None``: no bot moves),
        which spares the loop looking it up in a worker thread."""
        if self._closing:
            return
        task = self._bots.get(match_id)
        if turn is None and (task is None or task.done()):
            return  # looked up after the last move: no bot to move, none running
        self._kicks[match_id] = self._kicks.get(match_id, 0) + 1
        if task is None or task.done():
            self._bots[match_id] = asyncio.get_running_loop().create_task(
                self._run_bots(match_id, UNKNOWN if turn is None else turn),
                name=f"bots-{match_id}")

    async def _choose(self, turn: BotTurn) -> Any:
        assert self._slots is not None
        budget = self.limits.bot_seconds
        # Time in the queue does not count against the budget; the queue is fair across
        # clients and matches, and one slot is held back for clients with nothing computing.
        await self._slots.acquire(turn.client)
        start = time.monotonic()
        try:
            future = self._bot_pool().submit(  # the game by name: made once per worker
                choose_move_by_name, turn.game_key, turn.view, turn.seat, turn.agent,
                turn.seed, turn.version, budget)
            try:
                return await asyncio.wait_for(asyncio.wrap_future(future), budget + 1.0)
            except TimeoutError:
                log.warning("bot %s over its budget in %s; a random move instead",
                            turn.agent, turn.match_id)
            except concurrent.futures.BrokenExecutor:
                self._pool = None
                log.warning("the bot pool broke; it is restarted")
        finally:
            self._slots.release(turn.client, time.monotonic() - start)
        return await asyncio.to_thread(fallback_move, turn.game, turn.view, turn.seat,
                                       turn.seed, turn.version)

    async def _run_bots(self, match_id: str, known: BotTurn | _Unknown = UNKNOWN) -> None:
        turn: BotTurn | None = None
        looked = False  # whether ``turn`` is fresh (looked up with the last move)
        kicks = 0
        if isinstance(known, BotTurn):  # looked up with the move that woke the bots
            turn, looked, kicks = known, True, self._kicks.get(match_id, 0)
        try:
            while not self._closing:
                try:
                    if not looked:
                        kicks = self._kicks.get(match_id, 0)  # before looking
                        turn = await self._call(self.matches.bot_turn, match_id)
                    looked = False
                    if turn is None:
                        if self._kicks.get(match_id, 0) != kicks:
                            continue  # a move arrived while we looked: look again
                        return
                    if turn.agent in INLINE_AGENTS:
                        kicks = self._kicks.get(match_id, 0)
                        version, turn = await self._choose_inline(turn)
                    else:
                        action = await self._choose(turn)
                        if self._closing:
                            return
                        seats = tuple(self._watching.get(match_id, ()))
                        kicks = self._kicks.get(match_id, 0)
                        version, turn = await self._call(self._bot_moved, turn, action, seats)
                    looked = True
                except Refusal as refusal:
                    if refusal.status == 404:
                        return
                    looked = False
                    continue  # another process moved first: look again
                self.hub.publish(match_id, version)
        except Exception:  # a bug must not pass silently, nor stop the other matches
            log.exception("the bots of %s stopped", match_id)
        finally:
            if self._bots.get(match_id) is asyncio.current_task():
                del self._bots[match_id]
                self._kicks.pop(match_id, None)

    async def _choose_inline(self, turn: BotTurn) -> tuple[int, BotTurn | None]:
        """A bot of :data:`INLINE_AGENTS`: its turn at a slot (fair, counted) as for any
        bot, but its move chosen in the worker thread that stores it, not sent to a bot
        worker process (whose round trip costs more than such a choice)."""
        assert self._slots is not None
        await self._slots.acquire(turn.client)
        seconds = 0.0
        try:
            seats = tuple(self._watching.get(turn.match_id, ()))

            def move() -> tuple[int, BotTurn | None]:
                nonlocal seconds
                start = time.monotonic()
                action = choose_move(turn.game, turn.view, turn.seat, turn.agent, turn.seed,
                                     turn.version, self.limits.bot_seconds)
                seconds = time.monotonic() - start
                return self._bot_moved(turn, action, seats)

            moved: tuple[int, BotTurn | None] = await self._call(move)
            return moved
        finally:
            self._slots.release(turn.client, seconds)

    def _bot_moved(self, turn: BotTurn, action: Any, seats: tuple[int | None, ...]
                   ) -> tuple[int, BotTurn | None]:
        """Store a bot's move, build the update of each watched seat and look up the next
        bot turn, all in one worker thread: the sockets find their updates made, and the
        bots need no other hand-off to learn whether they move again."""
        version = self.matches.bot_move(turn, action)
        try:
            for seat in seats:
                self._update_of_seat(turn.match_id, seat, turn.version, version)
            return version, self.matches.bot_turn(turn.match_id, version)
        except Refusal:  # the match was removed meanwhile: its sockets will find out
            return version, None

    # -- finished matches ----------------------------------------------------------------
    def _export(self, match_id: str, record: dict[str, Any]) -> None:
        if self.export_dir is None:
            return
        self.export_dir.mkdir(parents=True, exist_ok=True)
        target = self.export_dir / f"{match_id}.json"
        partial = target.with_suffix(".json.partial")
        partial.write_text(json.dumps(record, ensure_ascii=False, indent=1), encoding="utf-8")
        partial.replace(target)  # a record is in the directory whole, or not at all

    def remove_finished(self, now: float | None = None) -> int:
        """Export (with ``export_dir``) and remove the matches finished long enough before
        ``now`` (default: the present)."""
        return self.matches.remove_finished(time.time() if now is None else now, self._export)

    async def _tidy(self) -> None:
        """Remove old finished matches at start-up and every hour."""
        while not self._closing:
            try:
                removed = await self._call(self.remove_finished)
                if removed:
                    log.info("removed %d finished matches", removed)
            except Exception:  # a full disk must not stop the server: try again later
                log.exception("finished matches could not be exported and removed")
            await asyncio.sleep(3600)

    # -- lifespan ------------------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        self._loop = asyncio.get_running_loop()
        self._slots = FairSlots(self.limits.bot_workers, share=self.limits.bot_share,
                                burst=max(60.0, 30 * self.limits.bot_seconds))
        loop = self._loop

        def remote(match_id: str, version: int) -> None:
            loop.call_soon_threadsafe(self.heard, match_id, version)

        try:
            self.matches.store.listen(remote)
            for match_id in await self._call(self.matches.waiting_for_bots):
                self.wake_bots(match_id)
        except BaseException:  # a server that cannot start closes its store all the same
            await self.shutdown()
            raise
        tidy = loop.create_task(self._tidy(), name="tidy")
        timeouts = loop.create_task(
            run_timeouts(self.matches, self._moved, lambda: self._closing), name="timeouts")
        try:
            yield
        finally:
            tidy.cancel()
            timeouts.cancel()
            await self.shutdown()

    async def shutdown(self) -> None:
        """Stop the bots, hang up the WebSockets, close the pool and the store."""
        self._closing = True
        self.hub.close()
        for task in self._bots.values():
            task.cancel()
        await asyncio.gather(*self._bots.values(), return_exceptions=True)
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
        await self._call(self.matches.store.close)

    # -- HTTP ----------------------------------------------------------------------------
    async def _body(self, request: Request) -> bytes:
        cap = self.limits.max_body
        media = request.headers.get("content-type", "").partition(";")[0].strip().lower()
        if media != "application/json":
            # Only JSON: a page on another origin cannot send it without a CORS preflight.
            raise Refusal(415, "not_json", "the body is JSON: Content-Type: application/json")
        length = request.headers.get("content-length")
        if length is not None:
            if not _digits(length):
                raise Refusal(400, "bad_input", "Content-Length is not a number")
            if int(length) > cap:
                raise Refusal(413, "too_large", f"the body is limited to {cap} bytes")
        chunks: list[bytes] = []
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > cap:
                raise Refusal(413, "too_large", f"the body is limited to {cap} bytes")
            chunks.append(chunk)
        return b"".join(chunks)

    def _handler(self, fn: Callable[[Request], Awaitable[Response]]
                 ) -> Callable[[Request], Awaitable[Response]]:
        async def handle(request: Request) -> Response:
            start = time.perf_counter()
            try:
                response = await fn(request)
            except Refusal as refusal:
                response = _error(refusal)
            if log.isEnabledFor(logging.INFO):
                log.info("%s %s %d %.1fms", request.method, request.scope["path"],
                         response.status_code, 1000 * (time.perf_counter() - start))
            return response

        return handle

    async def create(self, request: Request) -> Response:
        body = await self._body(request)
        client = request.client.host if request.client else "?"

        def create() -> tuple[str, bytes]:  # made and encoded in one hand-off
            created = self.matches.create(body, client)
            return created["match"], _encode(created)

        match_id, encoded = await self._call(create)
        self.wake_bots(match_id)
        return Response(encoded, 201, media_type="application/json")

    async def show(self, request: Request) -> Response:
        since_text = request.query_params.get("since")
        since = None
        if since_text is not None:
            if not _digits(since_text) or len(since_text) > 9:
                raise Refusal(400, "bad_input", "since is a move number", "$.since")
            since = int(since_text)
        return await self._json(self.matches.payload, request.path_params["match_id"],
                                _bearer(request), since)

    def _picture(self, match_id: str, token: str | None, lang: str) -> bytes:
        seat, version, game, view = self.matches.seat_view(match_id, token)
        key = (match_id, version, seat, lang)
        with self._pictures_lock:
            found = self._pictures.get(key)
        if found is None:  # drawn once per match, move, seat and language
            svg = seat_picture(game, serde.to_dict(view), seat, lang)
            found = _encode({"match": match_id, "version": version, "seat": seat, "lang": lang,
                             "svg": svg})
            with self._pictures_lock:
                self._pictures[key] = found
                while len(self._pictures) > 512:
                    self._pictures.popitem(last=False)
        return found

    async def picture(self, request: Request) -> Response:
        """The seat's view drawn as SVG (``?lang=en`` or ``ru``), with its version."""
        lang = request.query_params.get("lang", "en")
        if lang not in ("en", "ru"):
            raise Refusal(400, "bad_input", "lang is en or ru", "$.lang")
        body = await self._call(self._picture, request.path_params["match_id"],
                                _bearer(request), lang)
        return Response(body, media_type="application/json")

    async def record(self, request: Request) -> Response:
        """A finished match's :class:`~boardrules.GameRecord`, seed included; before the
        end, a seat's own history (with its token)."""
        return await self._json(self.matches.record_for, request.path_params["match_id"],
                                _bearer(request))

    async def act(self, request: Request) -> Response:
        match_id = request.path_params["match_id"]
        token = _bearer(request)
        body = await self._body(request)

        def move() -> tuple[int, bytes, BotTurn | None]:
            text, version, seat = self.matches.act_text(match_id, token, body)
            if seat in self._watching.get(match_id, ()):
                # The answer is the mover's update (the events since the version it saw):
                # its sockets send this text, built once.
                self.updates.put((match_id, version, seat, version - 1),
                                 update_from_answer(text))
            # The bot turn this move leads to, looked up here rather than in another
            # hand-off by the bots' loop (the match is in memory: little more than a view).
            try:
                turn = self.matches.bot_turn(match_id, version)
            except Refusal:  # removed meanwhile
                turn = None
            return version, text.encode("utf-8"), turn

        # On a quick store (a SQLite file) and an idle server the move is played here, on
        # the loop: its work is the rules, the payload and a commit that writes the log
        # without flushing it, less than the two thread hand-offs would add to the answer.
        # Otherwise in a worker thread: PostgreSQL's round trips or a flushed commit must not
        # hold the loop, nor must a busy server's loop wait for the GIL at every statement
        # while worker threads compute (measured: fewer moves per second at 200 matches).
        if self.matches.store.quick and self._in_threads == 0:
            version, encoded, turn = move()
        else:
            version, encoded, turn = await self._call(move)
        self._moved(match_id, version, turn)
        return Response(encoded, media_type="application/json")

    async def join(self, request: Request) -> Response:
        body = await self._body(request)
        return await self._json(self.matches.join, request.path_params["match_id"], body,
                                status=201)

    async def lobby(self, request: Request) -> Response:
        return await self._json(self.matches.lobby)

    def _games(self) -> dict[str, Any]:
        out = []
        for name in sorted(self.matches.names):
            game = self.matches.game(name)
            out.append({"game": name, "min_players": game.min_players,
                        "max_players": game.max_players})
        return {"games": out, "agents": list(AGENTS)}

    async def games(self, request: Request) -> Response:
        return await self._cached(("games",), self._games)

    def _vocabulary(self, name: str) -> list[dict[str, Any]]:
        game = self.matches.game(name)
        actions = game.vocabulary() if isinstance(game, HasVocabulary) else ()
        return [{"action": serde.to_dict(a), "label": labelled(game, a)} for a in actions]

    async def vocabulary(self, request: Request) -> Response:
        name = request.path_params["game"]
        if name not in self.matches.names:
            raise Refusal(404, "unknown_game", f"no game named {name!r:.40}")
        return await self._cached(("vocabulary", name), self._vocabulary, name)

    def _schema(self, name: str, kind: str) -> dict[str, Any]:
        game = self.matches.game(name)
        if kind == "api":
            return api_schema(game)
        return schema(game, _KINDS[kind])

    async def schema(self, request: Request) -> Response:
        name, kind = request.path_params["game"], request.path_params["kind"]
        if name not in self.matches.names:
            raise Refusal(404, "unknown_game", f"no game named {name!r:.40}")
        if kind != "api" and kind not in _KINDS:
            raise Refusal(404, "unknown_kind", f"kinds: api, {', '.join(_KINDS)}")
        return await self._cached(("schema", name, kind), self._schema, name, kind)

    # -- WebSocket -----------------------------------------------------------------------
    async def live(self, socket: WebSocket) -> None:
        """Push the seat's payload and the events after every move of the match."""
        match_id = socket.path_params["match_id"]
        await socket.accept()
        if self.hub.watchers(match_id) >= self.limits.max_watchers:
            await socket.close(4429, "this match has as many watchers as it may")
            return
        # Subscribe before reading the first payload, so no move between the two is missed.
        queue = self.hub.subscribe(match_id)
        receiver: asyncio.Task[None] | None = None
        try:
            try:
                text = await asyncio.wait_for(socket.receive_text(), 30)
                hello: Hello = serde.from_json(text.encode("utf-8")[: self.limits.max_body],
                                               Hello)
                text, sent, seat = await self._call(self._update, match_id, hello.token,
                                                    hello.since)
            except (BadInput, TimeoutError, KeyError) as error:
                await socket.close(4400, f"send {{\"token\": ...}} first: {error}"[:120])
                return
            except Refusal as refusal:
                await socket.close(4000 + refusal.status, refusal.reason[:120])
                return
            watching = self._watching.setdefault(match_id, collections.Counter())
            watching[seat] += 1
            receiver = asyncio.get_running_loop().create_task(self._drain(socket))
            # The client hanging up is one more message in the queue: waiting for a version
            # is then one plain get, with no task and no wait on two of them per update.
            receiver.add_done_callback(lambda _: queue.put_nowait(_HUNG_UP))
            await socket.send_text(text)
            while True:
                version = await queue.get()
                if version == _HUNG_UP or receiver.done():
                    return
                if version < 0:
                    await socket.close(1001, "the server is shutting down")
                    return
                if version <= sent:
                    continue
                text, sent = await self._push_text(match_id, hello.token, seat, sent, version)
                await socket.send_text(text)
        except (WebSocketDisconnect, RuntimeError):
            return
        finally:
            if receiver is not None:
                receiver.cancel()
                counts = self._watching.get(match_id)
                if counts is not None:
                    counts[seat] -= 1
                    if counts[seat] <= 0:
                        del counts[seat]
                    if not counts:
                        del self._watching[match_id]
            self.hub.unsubscribe(match_id, queue)

    async def _push_text(self, match_id: str, token: str | None, seat: int | None, sent: int,
                         version: int) -> tuple[str, int]:
        """The update a socket of ``seat`` that holds ``sent`` sends once the match reached
        ``version``, and the version it carries: made already for this view, being made for
        another socket of it (then awaited), or made now, in a worker thread."""
        key = (match_id, version, seat, sent)
        found = self.updates.get(key)
        if found is not None:
            return found, version
        task = self._building.get(key)
        if task is None:
            task = asyncio.get_running_loop().create_task(
                self._call(self._update, match_id, token, sent, version))
            self._building[key] = task

            def built(done: asyncio.Task[tuple[str, int, int | None]]) -> None:
                self._building.pop(key, None)
                if not done.cancelled():
                    done.exception()  # retrieved here too: every socket may have gone

            task.add_done_callback(built)
        text, made, _ = await asyncio.shield(task)  # one socket leaving stops no other's
        return text, made

    def _update(self, match_id: str, token: str | None, since: int | None,
                heard: int | None = None) -> tuple[str, int, int | None]:
        """One WebSocket update as text, the version it carries and the token's seat
        (``heard``: the version the socket was told of, as ``Matches.seat_text`` takes it)."""
        text, version, seat = self.matches.payload_text(match_id, token, since, _UPDATE,
                                                        heard)
        self.updates.put((match_id, version, seat, since), text)
        return text, version, seat

    def _update_of_seat(self, match_id: str, seat: int | None, since: int, stored: int
                        ) -> None:
        """Build and keep the update of ``seat`` with the events after ``since``, at the
        version ``stored`` that this process has just stored."""
        text, version = self.matches.seat_text(match_id, seat, since, _UPDATE, stored)
        self.updates.put((match_id, version, seat, since), text)

    async def _drain(self, socket: WebSocket) -> None:
        """Read (and ignore) what the client sends, until it hangs up."""
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            while True:
                message = await socket.receive()
                if message["type"] == "websocket.disconnect":
                    return

    # -- the app -------------------------------------------------------------------------
    def app(self, allow_origins: tuple[str, ...] = (),
            allowed_hosts: frozenset[str] | None = None) -> Starlette:
        """The ASGI app; ``allow_origins`` are the web origins whose pages may call it (CORS),
        ``allowed_hosts`` the ``Host`` names it answers (``None``: any)."""
        middleware = [] if allowed_hosts is None else [Middleware(HostGuard,
                                                                  hosts=allowed_hosts)]
        if allow_origins:
            middleware.append(Middleware(
                CORSMiddleware, allow_origins=list(allow_origins), allow_methods=["GET", "POST"],
                allow_headers=["authorization", "content-type"], max_age=600,
            ))

        async def index(request: Request) -> Response:
            return FileResponse(STATIC / "index.html")

        async def http_error(request: Request, exc: Exception) -> Response:
            assert isinstance(exc, HTTPException)
            return JSONResponse({"error": "http", "path": "$", "reason": str(exc.detail)},
                                status_code=exc.status_code, headers=exc.headers)

        h = self._handler
        content = ContentRoutes(self.matches)
        described = OpenApiRoutes(self.matches, boardrules.__version__)
        life = LifecycleRoutes(self.matches, self.hub.publish, self.wake_bots)
        return Starlette(
            routes=[
                # The routes of a match's moves first: each request tries them in order.
                Route("/api/matches/{match_id}/actions", h(self.act), methods=["POST"]),
                Route("/api/matches/{match_id}", h(self.show), methods=["GET"]),
                Route("/", index),
                Route("/openapi.json", h(described.openapi), methods=["GET"]),
                Route("/api/explorer", h(described.explorer), methods=["GET"]),
                Route("/api/games", h(self.games), methods=["GET"]),
                Route("/api/games/{game}/vocabulary", h(self.vocabulary), methods=["GET"]),
                Route("/api/games/{game}/schema/{kind}", h(self.schema), methods=["GET"]),
                Route("/api/games/{game}/content", h(content.game_content), methods=["GET"]),
                Route("/api/lobby", h(self.lobby), methods=["GET"]),
                Route("/api/matches", h(self.create), methods=["POST"]),
                Route("/api/matches/{match_id}/picture", h(self.picture), methods=["GET"]),
                Route("/api/matches/{match_id}/join", h(self.join), methods=["POST"]),
                Route("/api/matches/{match_id}/record", h(self.record), methods=["GET"]),
                Route("/api/matches/{match_id}/content", h(content.match_content),
                      methods=["GET"]),
                Route("/api/matches/{match_id}/resign", h(life.resign), methods=["POST"]),
                Route("/api/matches/{match_id}/rematch", h(life.rematch), methods=["POST"]),
                Route("/api/matches/{match_id}/undo", h(life.undo), methods=["POST"]),
                Route("/api/matches/{match_id}/undo/answer", h(life.answer_undo),
                      methods=["POST"]),
                WebSocketRoute("/api/matches/{match_id}/live", self.live),
                Mount("/static", StaticFiles(directory=STATIC), name="static"),
            ],
            exception_handlers={HTTPException: http_error},
            lifespan=self.lifespan,
            middleware=middleware,
        )


def make_app(store: Store, limits: Limits | None = None,
             bot_pool: concurrent.futures.Executor | None = None,
             allow_origins: tuple[str, ...] = (), allowed_hosts: frozenset[str] | None = None,
             export_dir: Path | None = None) -> tuple[Starlette, Server]:
    """The ASGI app over ``store`` and the :class:`Server` behind it.

    Args:
        bot_pool: where bots compute their moves; by default a pool of
            ``limits.bot_workers`` processes, made at the first bot move.
        allow_origins: web origins (like ``http://localhost:5173``) whose pages may call the
            API from another origin; none by default (the built-in page needs none).
        allowed_hosts: the ``Host`` names answered (others get 400 ``bad_host``); ``None``
            answers any (``boardrules serve`` bound to loopback passes the loopback names).
        export_dir: where the records of finished matches are written before they are
            removed (after ``limits.keep_finished_days``).
    """
    server = Server(store, limits, bot_pool, export_dir)
    return server.app(allow_origins, allowed_hosts), server
