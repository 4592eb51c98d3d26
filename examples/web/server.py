"""A small JSON-over-HTTP rules server for boardrules games (Starlette, an ASGI app).

Games live on the server. Each human seat gets a secret token; every response for a seat
carries only ``game.view(state, seat)`` and the events as that seat may see them, so a page
never receives another seat's hidden data. A refused action is answered with its rule ID and
sentence, in English and Russian. Bots take the other seats.

Run it with ``python examples/web/server.py`` and open http://127.0.0.1:8000/.

This is the smallest possible server, in memory, to read in one sitting. For a real one
(stored matches that survive a restart, people against people, a lobby, live updates over
WebSockets, limits against hostile clients) run ``boardrules serve`` from the ``server``
extra; see docs/how-to/serve.md.
"""

from __future__ import annotations

import secrets
import threading
from pathlib import Path
from typing import Any

import attrs
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

import boardrules
from boardrules import BadInput, Rng, serde
from boardrules.agents import GreedyAgent, MCTSAgent, RandomAgent

STATIC = Path(__file__).resolve().parent / "static"
BOTS: dict[str, Any] = {"random": RandomAgent, "greedy": GreedyAgent, "mcts": MCTSAgent}
MAX_GAMES = 1000


@attrs.define
class Session:
    """One game on the server: its state, the human seats' tokens and the bots."""

    game: Any
    state: Any
    tokens: dict[str, int]
    bots: dict[int, Any]
    streams: dict[int, Rng]
    events: list[Any] = attrs.field(factory=list)
    lock: threading.Lock = attrs.field(factory=threading.Lock)

    def seat_of(self, request: Request) -> int | None:
        header = request.headers.get("authorization", "")
        token = header.removeprefix("Bearer ").strip()
        return self.tokens.get(token)

    def run_bots(self) -> None:
        game = self.game
        for _ in range(game.max_moves()):
            seat = game.to_move(self.state)
            if seat is None or seat not in self.bots:
                return
            view = game.view(self.state, seat)
            action = self.bots[seat].choose(game, view, seat, self.streams[seat])
            self.play(action)

    def play(self, action: Any) -> None:
        transition = self.game.step(self.state, action)
        self.state = transition.state
        self.events.extend(transition.events)

    def payload(self, seat: int) -> dict[str, Any]:
        game, state = self.game, self.state
        view = game.view(state, seat)
        mine = game.to_move(state) == seat
        legal = game.legal_actions(state) if mine else ()
        standings = game.score(state)
        return {
            "game": game.name,
            "seat": seat,
            "to_move": game.to_move(state),
            "over": game.is_over(state),
            "view": serde.to_dict(view),
            "legal": [
                {
                    "action": serde.to_dict(a),
                    "label": {"en": boardrules.describe(game, a, "en"),
                              "ru": boardrules.describe(game, a, "ru")},
                }
                for a in legal
            ],
            "log": [
                boardrules.describe(game, e, "en")
                for e in game.view_events(tuple(self.events), seat)
            ],
            "standings": {
                "final": standings.final,
                "winners": list(standings.winners),
                "points": list(standings.points),
            },
        }


class Server:
    """The games in memory and the HTTP handlers."""

    def __init__(self) -> None:
        self.sessions: dict[str, Session] = {}
        self.lock = threading.Lock()
        self.vocabularies: dict[str, list[dict[str, Any]]] = {}

    async def vocabulary(self, request: Request) -> JSONResponse:
        """Every action of a game with its label: public, the same for every seat, so a page
        fetches it once (and the server labels it once) instead of with every view."""
        name = request.path_params["name"]
        if name not in boardrules.game_names():
            return _error(404, "unknown_game", "$", f"no game named {name!r}")
        if name not in self.vocabularies:
            game = boardrules.load(name)
            actions = game.vocabulary() if hasattr(game, "vocabulary") else ()
            self.vocabularies[name] = [
                {"action": serde.to_dict(a), "label": {"en": boardrules.describe(game, a, "en"),
                                                       "ru": boardrules.describe(game, a, "ru")}}
                for a in actions
            ]
        return JSONResponse(self.vocabularies[name])

    async def create(self, request: Request) -> JSONResponse:
        try:
            body = await request.json()
        except ValueError:
            return _error(400, "bad_input", "$", "the body is not JSON")
        if not isinstance(body, dict):
            return _error(400, "bad_input", "$", "expected a JSON object")
        name = body.get("game", "semya")
        if name not in boardrules.game_names():
            return _error(404, "unknown_game", "$.game", f"no game named {name!r}")
        game = boardrules.load(name)
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbits(63)
        setup = body.get("setup") or {}
        humans = body.get("humans", [0])
        bot_name = body.get("bot", "greedy")
        if bot_name not in BOTS:
            return _error(400, "bad_input", "$.bot", f"bots: {', '.join(BOTS)}")
        try:
            state = game.new(seed, **setup)
        except (BadInput, TypeError) as error:
            return _error(400, "bad_input", getattr(error, "path", "$.setup"), str(error))
        seats = len(game.score(state))
        if not isinstance(humans, list) or not all(
            type(h) is int and 0 <= h < seats for h in humans
        ):
            return _error(400, "bad_input", "$.humans", f"seats are 0..{seats - 1}")
        tokens = {secrets.token_urlsafe(16): seat for seat in humans}
        bots = {s: BOTS[bot_name]() for s in range(seats) if s not in humans}
        streams = {s: Rng.derive(seed, "web", s) for s in range(seats)}
        session = Session(game, state, tokens, bots, streams)
        session.run_bots()
        game_id = secrets.token_urlsafe(8)
        with self.lock:
            if len(self.sessions) >= MAX_GAMES:
                self.sessions.pop(next(iter(self.sessions)))
            self.sessions[game_id] = session
        return JSONResponse(
            {"id": game_id, "tokens": {str(seat): t for t, seat in tokens.items()}}
        )

    def _session(self, request: Request) -> tuple[Session, int] | JSONResponse:
        session = self.sessions.get(request.path_params["game_id"])
        if session is None:
            return _error(404, "unknown_game", "$", "no such game")
        seat = session.seat_of(request)
        if seat is None:
            return _error(403, "bad_token", "$", "this token is not a seat of this game")
        return session, seat

    async def view(self, request: Request) -> JSONResponse:
        found = self._session(request)
        if isinstance(found, JSONResponse):
            return found
        session, seat = found
        with session.lock:
            return JSONResponse(session.payload(seat))

    async def act(self, request: Request) -> JSONResponse:
        found = self._session(request)
        if isinstance(found, JSONResponse):
            return found
        session, seat = found
        try:
            body = await request.json()
        except ValueError:
            return _error(400, "bad_input", "$", "the body is not JSON")
        if not isinstance(body, dict) or "action" not in body:
            return _error(400, "bad_input", "$.action", "send {\"action\": {...}}")
        try:
            action = serde.from_dict(body["action"], session.game.action_type)
        except BadInput as error:
            return _error(400, "bad_input", "$.action" + error.path[1:], error.reason)
        with session.lock:
            if session.game.to_move(session.state) != seat:
                return _error(403, "not_your_turn", "$", f"seat {seat} is not to move")
            violation = session.game.check(session.state, action)
            if violation is not None:
                return JSONResponse(
                    {
                        "error": "illegal_action",
                        "rule": violation.rule,
                        "code": violation.code,
                        "message": {"en": violation.message("en"),
                                    "ru": violation.message("ru")},
                    },
                    status_code=409,
                )
            session.play(action)
            session.run_bots()
            return JSONResponse(session.payload(seat))


def _error(status: int, code: str, path: str, reason: str) -> JSONResponse:
    return JSONResponse({"error": code, "path": path, "reason": reason}, status_code=status)


async def index(request: Request) -> FileResponse:
    return FileResponse(STATIC / "index.html")


def make_app() -> tuple[Starlette, Server]:
    """The ASGI app and the server object behind it (tests look at its sessions)."""
    server = Server()
    app = Starlette(
        routes=[
            Route("/", index),
            Route("/api/games", server.create, methods=["POST"]),
            Route("/api/vocabulary/{name}", server.vocabulary, methods=["GET"]),
            Route("/api/games/{game_id}", server.view, methods=["GET"]),
            Route("/api/games/{game_id}/actions", server.act, methods=["POST"]),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ]
    )
    return app, server


app, _server = make_app()

if __name__ == "__main__":
    import uvicorn

    uvicorn.run(app, host="127.0.0.1", port=8000)
