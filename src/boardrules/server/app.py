"""The HTTP and WebSocket front of the match server (a Starlette ASGI app).

Blocking work (the store, the rules) runs in worker threads and bot moves in a process pool
(a random bot's in the worker thread that stores it), so the event loop only moves bytes;
the one exception is a person's move on a SQLite file while no worker thread is busy, played
on the loop (rules, payload and an unflushed commit: less than two thread hand-offs).
Every body is read by one capped reader (:meth:`Server.body`, behind
:class:`~boardrules.server.net.Gate`) and parsed strictly; every refusal is a JSON answer with
a 4xx status and a reason. The access log names the method, the path and the status, never a
query string or a header, so no token is logged.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

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
from boardrules.core.turn import check_lang
from boardrules.core.violation import Lang
from boardrules.schemas import Kind, schema
from boardrules.server import metrics
from boardrules.server.bots import BotTurn
from boardrules.server.content import Documents, content_document
from boardrules.server.contract import api_schema, games_document
from boardrules.server.fair import UNKNOWN, Bots, Unknown
from boardrules.server.inputs import Hello, Refusal, bearer
from boardrules.server.lifecycle import Lifecycle
from boardrules.server.matches import Limits, Matches
from boardrules.server.net import Gate
from boardrules.server.openapi import openapi_document
from boardrules.server.payloads import encode_json, labelled, seat_picture, seat_result
from boardrules.server.pushes import CLOSING, Hub, Memo, update_from_answer
from boardrules.server.store import Mark, Store

__all__ = ["Server", "make_app"]

STATIC = Path(__file__).resolve().parent / "static"
log = logging.getLogger("boardrules.server")
_KINDS: dict[str, Kind] = {
    k: k for k in ("state", "view", "action", "event", "record", "setup", "options", "content")
}
#: How often the turn timers are looked at, in seconds.
TIMER_TICK = 0.5
#: What a WebSocket's queue receives when its client hangs up.
_HUNG_UP = (-2, -2)
#: What an update adds before the payload.
_UPDATE = {"type": "update"}


def _encode(doc: Any) -> bytes:  # compact UTF-8 JSON
    return encode_json(doc).encode("utf-8")


def _json(body: str | bytes, status: int = 200) -> Response:
    return Response(body, status, media_type="application/json")


class Server:
    """One server process: the matches, the live hub, the bots and the routes."""

    def __init__(self, store: Store, limits: Limits | None = None,
                 bot_pool: concurrent.futures.Executor | None = None,
                 export_dir: Path | None = None) -> None:
        self.limits = limits or Limits()
        self.export_dir = export_dir
        self.matches = Matches(store, self.limits)
        self.life = Lifecycle(self.matches)
        self.hub = Hub()
        self.closing = False
        self.bots = Bots(self, bot_pool)
        self.documents = Documents()
        self._pictures: Memo[bytes] = Memo(512)
        #: Encoded updates, shared by the sockets that watch one seat (or as spectators).
        self.updates: Memo[str] = Memo(1024)
        #: The seats watched in this process, by match: how many sockets watch each.
        self.watching: dict[str, collections.Counter[int | None]] = {}
        #: Updates being built, so the sockets of one view wait for one build, not each its own.
        self._building: dict[Any, asyncio.Task[tuple[str, Mark, int | None]]] = {}
        #: Calls running in worker threads now (see :meth:`act`).
        self._in_threads = 0

    async def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` in a worker thread."""
        self._in_threads += 1
        try:
            return await asyncio.to_thread(fn, *args)
        finally:
            self._in_threads -= 1

    async def _json(self, fn: Callable[..., Any], *args: Any, status: int = 200) -> Response:
        """``fn(*args)`` as a JSON answer, computed and encoded off the event loop."""
        return _json(await self.call(lambda: _encode(fn(*args))), status)


    def publish(self, match_id: str, mark: Mark,
                turn: BotTurn | Unknown | None = UNKNOWN) -> None:
        """Push ``mark`` to the match's sockets and wake its bots (``turn``: the bot turn
        looked up with the change, as :meth:`Bots.wake` takes it)."""
        self.hub.publish(match_id, mark)
        self.bots.wake(match_id, turn)

    def heard(self, match_id: str, mark: Mark) -> None:
        """Another process stored a change: push it to this process's sockets (its bots
        are that process's to move: :meth:`Bots.heard`)."""
        self.hub.publish(match_id, mark)
        self.bots.heard(match_id, mark)

    def bot_moved(self, turn: BotTurn, action: Any, seats: tuple[int | None, ...]
                  ) -> tuple[Mark, BotTurn | None]:
        """Store a bot's move, build the update of each watched seat and look up the next
        bot turn, all in one worker thread: the sockets find their updates made, and the
        bots need no other hand-off to learn whether they move again."""
        mark = self.matches.bot_move(turn, action)
        try:
            for seat in seats:
                text, built = self.matches.text(turn.match_id, seat, turn.mark, _UPDATE, mark)
                self.updates.put((turn.match_id, built, seat, turn.mark), text)
            return mark, self.matches.bot_turn(turn.match_id, mark)
        except Refusal:  # the match was removed meanwhile: its sockets will find out
            return mark, None

    def _export(self, match_id: str, record: dict[str, Any]) -> None:
        if self.export_dir is None:
            return
        self.export_dir.mkdir(parents=True, exist_ok=True)
        target = self.export_dir / f"{match_id}.json"
        partial = target.with_suffix(".json.partial")
        partial.write_text(json.dumps(record, ensure_ascii=False, indent=1), encoding="utf-8")
        partial.replace(target)  # a record is in the directory whole, or not at all

    def remove_old(self, now: float | None = None) -> int:
        """Export (with ``export_dir``) and remove the matches finished, or abandoned, long
        enough before ``now`` (default: the present)."""
        return self.life.remove_old(time.time() if now is None else now, self._export)

    async def _every(self, seconds: float, what: str, fn: Callable[[], Awaitable[None]]
                     ) -> None:
        """``fn()`` every ``seconds`` until closing; an error is logged and counted, and
        ``fn`` runs again next time (a database hiccup or a full disk must not stop it)."""
        while not self.closing:
            try:
                await fn()
            except Exception:
                metrics.ERRORS.labels(what).inc()
                log.exception("%s failed; tried again in %s s", what, seconds)
            await asyncio.sleep(seconds)

    async def _tidy(self) -> None:
        log.info("removed %d old matches", await self.call(self.remove_old))

    async def _timers(self) -> None:
        for match_id, mark in await self.call(self.life.time_outs, time.time()):
            self.publish(match_id, mark)

    async def _count(self) -> None:
        now = time.time()
        counted = await self.call(self.matches.store.quota, "", self.limits.live_since(now),
                                  now)
        metrics.OPEN_MATCHES.set(counted[0])

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        loop = asyncio.get_running_loop()

        def remote(match_id: str, mark: Mark) -> None:
            loop.call_soon_threadsafe(self.heard, match_id, mark)

        try:
            self.matches.store.listen(remote)
            for match_id in await self.call(self.matches.waiting_for_bots):
                self.bots.wake(match_id)
        except BaseException:  # a server that cannot start closes its store all the same
            await self.shutdown()
            raise
        tasks = [loop.create_task(self._every(3600, "tidy", self._tidy)),
                 loop.create_task(self._every(TIMER_TICK, "timers", self._timers)),
                 loop.create_task(self._every(10, "count", self._count))]
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
            await self.shutdown()

    async def shutdown(self) -> None:
        """Stop the bots, hang up the WebSockets, close the pool and the store."""
        self.closing = True
        self.hub.close()
        await self.bots.close()
        await self.call(self.matches.store.close)

    async def body(self, request: Request) -> bytes:
        """The request's body: declared JSON, at most ``max_body`` bytes (a declared length
        over it is refused unread by the gate), whole within ``body_seconds`` of the
        headers; else refused, and the connection closed."""
        media = request.headers.get("content-type", "").partition(";")[0].strip().lower()
        if media != "application/json":
            # Only JSON: a page on another origin cannot send it without a CORS preflight.
            raise Refusal(415, "not_json", "the body is JSON: Content-Type: application/json")
        cap, close = self.limits.max_body, {"connection": "close"}
        chunks: list[bytes] = []
        size = 0
        try:
            async with asyncio.timeout(self.limits.body_seconds):
                async for chunk in request.stream():
                    size += len(chunk)
                    if size > cap:
                        raise Refusal(413, "too_large", f"the body is limited to {cap} bytes",
                                      headers=close)
                    chunks.append(chunk)
        except TimeoutError:
            raise Refusal(408, "slow_body", f"the body did not arrive within "
                          f"{self.limits.body_seconds:g} seconds", headers=close) from None
        return b"".join(chunks)

    @staticmethod
    def token(request: Request, required: bool = True) -> str | None:
        """The request's bearer token (401 before its body is read when ``required``)."""
        token = bearer(request.headers.get("authorization"))
        if token is None and required:
            raise Refusal(401, "no_token", "send Authorization: Bearer TOKEN")
        return token

    def _handler(self, fn: Callable[[Request], Awaitable[Response]]
                 ) -> Callable[[Request], Awaitable[Response]]:
        route = fn.__name__

        async def handle(request: Request) -> Response:
            start = time.perf_counter()
            try:
                response = await fn(request)
            except Refusal as refusal:
                response = JSONResponse(refusal.body(), refusal.status, refusal.headers)
            except Exception:
                metrics.REQUESTS.labels(route, "500").inc()
                metrics.ERRORS.labels("request").inc()
                raise
            metrics.REQUESTS.labels(route, str(response.status_code)).inc()
            if log.isEnabledFor(logging.INFO):
                log.info("%s %s %d %.1fms", request.method, request.scope["path"],
                         response.status_code, 1000 * (time.perf_counter() - start))
            return response

        return handle

    async def health(self, request: Request) -> Response:
        """``GET /api/health``: whether the database answers and the bot workers take work."""
        try:
            await asyncio.wait_for(self.call(self.matches.store.ping), 5.0)
            database = "ok"
        except Exception as error:  # any reason the database does not answer, in one word
            database = f"unreachable: {type(error).__name__}"
        bots = "ok" if self.bots.alive() else "broken; restarted"
        ok = database == "ok" and bots == "ok"
        return JSONResponse({"status": "ok" if ok else "failing", "database": database,
                             "bots": bots, "version": boardrules.__version__},
                            200 if ok else 503)

    async def create(self, request: Request) -> Response:
        body = await self.body(request)
        client = request.client.host if request.client else "?"

        def create() -> tuple[str, bytes]:  # made and encoded in one hand-off
            created = self.matches.create(body, client)
            return created["match"], _encode(created)

        match_id, encoded = await self.call(create)
        self.bots.wake(match_id)
        return _json(encoded, 201)

    async def show(self, request: Request) -> Response:
        since_text = request.query_params.get("since")
        since = None
        if since_text is not None:
            if not (since_text.isascii() and since_text.isdigit()) or len(since_text) > 9:
                raise Refusal(400, "bad_input", "since is a move number", "$.since")
            since = int(since_text)
        match_id, token = request.path_params["match_id"], self.token(request, False)

        def show() -> str:
            return self.matches.text(match_id, self.matches.seat(match_id, token), since)[0]

        return _json(await self.call(show))

    def _picture(self, match_id: str, token: str | None, lang: Lang) -> bytes:
        seat = self.matches.seat(match_id, token)
        live = self.matches.live(match_id)
        mark = live.row.mark
        key = (match_id, mark, seat, lang)
        found = self._pictures.get(key)
        if found is None:  # drawn once per match, mark, seat and language
            game, state, resigned = live.game, live.state, live.row.resigned
            ended = None if resigned is None else seat_result(game, state, lang, resigned)
            svg = seat_picture(game, serde.to_dict(game.view(state, seat)), seat, lang, ended)
            found = _encode({"match": match_id, "generation": mark[0], "version": mark[1],
                             "seat": seat, "lang": lang, "svg": svg})
            self._pictures.put(key, found)
        return found

    async def picture(self, request: Request) -> Response:
        """The seat's view drawn as SVG (``?lang=en`` or ``ru``), with its mark."""
        try:
            lang = check_lang(request.query_params.get("lang", "en"))
        except BadInput as error:
            raise Refusal(400, "bad_input", error.reason, "$.lang") from None
        return _json(await self.call(self._picture, request.path_params["match_id"],
                                     self.token(request, False), lang))

    async def record(self, request: Request) -> Response:
        """A finished match's :class:`~boardrules.GameRecord`, seed included; before the
        end, a seat's own history (with its token)."""
        return await self._json(self.matches.record_for, request.path_params["match_id"],
                                self.token(request, False))

    async def act(self, request: Request) -> Response:
        match_id = request.path_params["match_id"]
        token = self.token(request)
        body = await self.body(request)

        def move() -> tuple[Mark, bytes, BotTurn | None]:
            text, mark, seat = self.matches.act(match_id, token, body)
            if seat in self.watching.get(match_id, ()):  # the answer is the mover's update
                self.updates.put((match_id, mark, seat, (mark[0], mark[1] - 1)),
                                 update_from_answer(text))
            try:  # the bot turn it leads to, looked up here, not in another hand-off
                turn = self.matches.bot_turn(match_id, mark)
            except Refusal:  # removed meanwhile
                turn = None
            return mark, text.encode("utf-8"), turn

        # On a quick store (a SQLite file) and an idle server the move is played on the loop
        # (less work than two thread hand-offs); else in a worker thread: PostgreSQL's round
        # trips must not hold the loop, nor a busy loop wait for the GIL at each statement.
        if self.matches.store.quick and self._in_threads == 0:
            mark, encoded, turn = move()
        else:
            mark, encoded, turn = await self.call(move)
        metrics.MOVES.labels("person").inc()
        self.publish(match_id, mark, turn)
        return _json(encoded)

    async def join(self, request: Request) -> Response:
        match_id = request.path_params["match_id"]
        body = await self.body(request)
        joined, mark = await self.call(self.matches.join, match_id, body)
        self.publish(match_id, mark)
        return _json(_encode(joined), 201)

    def _change(self, change: Callable[..., tuple[str, Mark]], body: bool = True
                ) -> Callable[[Request], Awaitable[Response]]:
        """The route of a :class:`Lifecycle` change (resign, undo, its answer): the token
        first, then the body if it takes one; the seat's payload, pushed to the watchers."""
        async def handle(request: Request) -> Response:
            match_id, token = request.path_params["match_id"], self.token(request)
            read = (await self.body(request),) if body else ()
            text, mark = await self.call(change, match_id, token, *read)
            self.publish(match_id, mark)
            return _json(text)

        handle.__name__ = change.__name__  # the route's name in the metrics
        return handle

    async def rematch(self, request: Request) -> Response:
        """``POST /api/matches/{id}/rematch``: 201 the seat's place in the rematch."""
        client = request.client.host if request.client else "?"
        joined, (changed, mark) = await self.call(
            self.life.rematch, request.path_params["match_id"], self.token(request), client)
        self.publish(changed, mark)
        self.bots.wake(joined["match"])
        return _json(_encode(joined), 201)

    async def lobby(self, request: Request) -> Response:
        return await self._json(self.matches.lobby)

    async def games(self, request: Request) -> Response:
        return await self.documents.answer(request, ("games",), lambda: games_document(
            {n: self.matches.game(n) for n in self.matches.names}), cached=False)

    def _game(self, request: Request) -> Any:
        """The game the path names (404 for another name)."""
        name = request.path_params["game"]
        if name not in self.matches.names:
            raise Refusal(404, "unknown_game", f"no game named {name!r:.40}")
        return self.matches.game(name)

    async def vocabulary(self, request: Request) -> Response:
        game = self._game(request)
        return await self.documents.answer(request, ("vocabulary", game.name), lambda: [
            {"action": serde.to_dict(a), "label": labelled(game, a)}
            for a in (game.vocabulary() if isinstance(game, HasVocabulary) else ())],
            cached=False)

    async def schema(self, request: Request) -> Response:
        game, kind = self._game(request), request.path_params["kind"]
        if kind != "api" and kind not in _KINDS:
            raise Refusal(404, "unknown_kind", f"kinds: api, {', '.join(_KINDS)}")
        return await self.documents.answer(request, ("schema", game.name, kind), lambda: (
            api_schema(game) if kind == "api" else schema(game, _KINDS[kind])), cached=False)

    async def game_content(self, request: Request) -> Response:
        """The catalogue of a game with its default options (an ``ETag``, ``304``)."""
        game = self._game(request)
        return await self.documents.answer(request, ("content", game.name, "{}"),
                                           lambda: content_document(game))

    async def match_content(self, request: Request) -> Response:
        """The catalogue of the game a match is played with (its own options)."""
        row = await self.call(self.matches.row, request.path_params["match_id"])
        return await self.documents.answer(request, ("content", row.game, row.options), lambda:
                                           content_document(self.matches.game(row.game,
                                                                              row.options)))

    async def openapi(self, request: Request) -> Response:
        """The OpenAPI document of this app's routes (an ``ETag``, ``304``)."""
        routes, names = list(request.app.routes), sorted(self.matches.names)
        return await self.documents.answer(request, ("openapi",), lambda: openapi_document(
            routes, {n: self.matches.game(n) for n in names}, boardrules.__version__))

    async def live(self, socket: WebSocket) -> None:
        """Push the seat's payload now, and again after every change of the match."""
        match_id = socket.path_params["match_id"]
        await socket.accept()
        if self.hub.watchers(match_id) >= self.limits.max_watchers:
            await socket.close(4429, "this match has as many watchers as it may")
            return
        # Subscribe before reading the first payload, so no change between the two is missed.
        queue = self.hub.subscribe(match_id)
        receiver: asyncio.Task[None] | None = None
        metrics.WEBSOCKETS.inc()
        try:
            try:
                text = await asyncio.wait_for(socket.receive_text(), 30)
                hello: Hello = serde.from_json(text.encode("utf-8")[: self.limits.max_body],
                                               Hello)
                text, sent, seat = await self.call(self._update, match_id, hello.token,
                                                   hello.since)
            except (BadInput, TimeoutError, KeyError) as error:
                await socket.close(4400, f"send {{\"token\": ...}} first: {error}"[:120])
                return
            except Refusal as refusal:
                await socket.close(4000 + refusal.status, refusal.reason[:120])
                return
            watching = self.watching.setdefault(match_id, collections.Counter())
            watching[seat] += 1
            receiver = asyncio.get_running_loop().create_task(self._drain(socket))
            # The client hanging up is one more message in the queue: one plain get a change.
            receiver.add_done_callback(lambda _: queue.put_nowait(_HUNG_UP))
            await socket.send_text(text)
            while True:
                mark = await queue.get()
                if mark == _HUNG_UP or receiver.done():
                    return
                if mark == CLOSING:
                    await socket.close(1001, "the server is shutting down")
                    return
                if mark <= sent:
                    continue
                text, sent = await self._push_text(match_id, hello.token, seat, sent, mark)
                await socket.send_text(text)
        except (WebSocketDisconnect, RuntimeError):
            return
        finally:
            metrics.WEBSOCKETS.dec()
            if receiver is not None:
                receiver.cancel()
                counts = self.watching.get(match_id)
                if counts is not None:
                    counts[seat] -= 1
                    if counts[seat] <= 0:
                        del counts[seat]
                    if not counts:
                        del self.watching[match_id]
            self.hub.unsubscribe(match_id, queue)

    async def _push_text(self, match_id: str, token: str | None, seat: int | None,
                         sent: Mark, mark: Mark) -> tuple[str, Mark]:
        """The update a socket of ``seat`` that holds ``sent`` sends once the match reached
        ``mark``, and the mark it shows: made already for this view, being made for another
        socket of it (then awaited), or made now, in a worker thread."""
        key = (match_id, mark, seat, sent)
        found = self.updates.get(key)
        if found is not None:
            return found, mark
        task = self._building.get(key)
        if task is None:
            task = asyncio.get_running_loop().create_task(
                self.call(self._update, match_id, token, sent))
            self._building[key] = task

            def built(done: asyncio.Task[tuple[str, Mark, int | None]]) -> None:
                self._building.pop(key, None)
                if not done.cancelled():
                    done.exception()  # retrieved here too: every socket may have gone

            task.add_done_callback(built)
        text, made, _ = await asyncio.shield(task)  # one socket leaving stops no other's
        return text, made

    def _update(self, match_id: str, token: str | None, since: int | Mark | None
                ) -> tuple[str, Mark, int | None]:
        """One WebSocket update as text, the mark it shows and the token's seat (``since``:
        as :meth:`Matches.text` takes it)."""
        seat = self.matches.seat(match_id, token)
        text, mark = self.matches.text(match_id, seat, since, _UPDATE)
        self.updates.put((match_id, mark, seat, since), text)
        return text, mark, seat

    async def _drain(self, socket: WebSocket) -> None:
        """Read (and ignore) what the client sends, until it hangs up."""
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            while True:
                message = await socket.receive()
                if message["type"] == "websocket.disconnect":
                    return

    def app(self, allow_origins: tuple[str, ...] = (),
            allowed_hosts: frozenset[str] | None = None) -> Starlette:
        """The ASGI app; ``allow_origins`` are the web origins whose pages may call it (CORS)
        besides its own, ``allowed_hosts`` the ``Host`` names it answers (``None``: any)."""
        middleware = [Middleware(Gate, hosts=allowed_hosts, origins=allow_origins,
                                 share=self.limits.client_connections,
                                 max_body=self.limits.max_body)]
        if allow_origins:
            middleware.append(Middleware(
                CORSMiddleware, allow_origins=list(allow_origins), allow_methods=["GET", "POST"],
                allow_headers=["authorization", "content-type"], max_age=600,
            ))

        async def index(request: Request) -> Response:
            return FileResponse(STATIC / "index.html")

        async def explorer(request: Request) -> Response:
            return FileResponse(STATIC / "explorer.html")

        async def http_error(request: Request, exc: Exception) -> Response:
            assert isinstance(exc, HTTPException)
            return JSONResponse({"error": "http", "path": "$", "reason": str(exc.detail)},
                                status_code=exc.status_code, headers=exc.headers)

        h = self._handler
        return Starlette(
            routes=[
                # The routes of a match's moves first: each request tries them in order.
                Route("/api/matches/{match_id}/actions", h(self.act), methods=["POST"]),
                Route("/api/matches/{match_id}", h(self.show), methods=["GET"]),
                Route("/", index),
                Route("/openapi.json", h(self.openapi), methods=["GET"]),
                Route("/api/explorer", h(explorer), methods=["GET"]),
                Route("/api/health", h(self.health), methods=["GET"]),
                Route("/api/games", h(self.games), methods=["GET"]),
                Route("/api/games/{game}/vocabulary", h(self.vocabulary), methods=["GET"]),
                Route("/api/games/{game}/schema/{kind}", h(self.schema), methods=["GET"]),
                Route("/api/games/{game}/content", h(self.game_content), methods=["GET"]),
                Route("/api/lobby", h(self.lobby), methods=["GET"]),
                Route("/api/matches", h(self.create), methods=["POST"]),
                Route("/api/matches/{match_id}/picture", h(self.picture), methods=["GET"]),
                Route("/api/matches/{match_id}/join", h(self.join), methods=["POST"]),
                Route("/api/matches/{match_id}/record", h(self.record), methods=["GET"]),
                Route("/api/matches/{match_id}/content", h(self.match_content),
                      methods=["GET"]),
                Route("/api/matches/{match_id}/resign",
                      h(self._change(self.life.resign, body=False)), methods=["POST"]),
                Route("/api/matches/{match_id}/rematch", h(self.rematch), methods=["POST"]),
                Route("/api/matches/{match_id}/undo", h(self._change(self.life.undo)),
                      methods=["POST"]),
                Route("/api/matches/{match_id}/undo/answer",
                      h(self._change(self.life.answer_undo)), methods=["POST"]),
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
        bot_pool: where bots compute their moves (default: ``limits.bot_workers`` processes).
        allow_origins: web origins (like ``http://localhost:5173``) whose pages may call the
            API and change matches; none by default (the built-in page needs none).
        allowed_hosts: the ``Host`` names answered (others get 400 ``bad_host``); ``None``:
            any (``boardrules serve`` bound to loopback passes the loopback names).
        export_dir: where the records of old matches are written before they are removed.
    """
    server = Server(store, limits, bot_pool, export_dir)
    return server.app(allow_origins, allowed_hosts), server
