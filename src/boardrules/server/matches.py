"""The matches: creating, reading, moving, joining, bots' turns — without HTTP.

Every method is blocking (it talks to the store) and thread-safe; the web layer calls them
from worker threads so the event loop never waits on a database or a rules engine.
Each refusal is a :class:`Refusal` carrying the HTTP status, a machine code, the JSON path
of the bad field and a sentence, so the web layer never has to guess.
"""

from __future__ import annotations

import collections
import contextlib
import ctypes
import functools
import hashlib
import json
import os
import re
import secrets
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import Any, Literal

import attrs

from boardrules import serde
from boardrules.agents import GoalAgent, GreedyAgent, MCTSAgent, RandomAgent, check_agents
from boardrules.core.codec import INT_LIMIT
from boardrules.core.errors import BadInput, BoardRulesError
from boardrules.core.frozen import FrozenMap
from boardrules.core.record import GameRecord
from boardrules.core.registry import game_from_json_options, game_names
from boardrules.core.replay import replay
from boardrules.core.rng import Rng
from boardrules.server.payloads import (
    encode_json,
    seat_events,
    seat_payload,
    seat_payload_text,
    violation_json,
)
from boardrules.server.store import SNAPSHOT_EVERY, MatchRow, Store
from boardrules.server.undo import undo_target
from boardrules.table import HUMAN, agent_answer

__all__ = [
    "AGENTS",
    "ActionRequest",
    "CreateRequest",
    "JoinRequest",
    "Limits",
    "Matches",
    "Refusal",
    "Timer",
    "UndoAnswer",
    "UndoRequest",
    "choose_move",
    "choose_move_by_name",
    "deal",
    "die_with_parent",
    "hash_token",
    "resigned_standings",
    "seed_commitment",
]

#: The agents a seat may name, made fresh for each move.
AGENTS: dict[str, type[Any]] = {
    "random": RandomAgent, "greedy": GreedyAgent, "goal": GoalAgent, "mcts": MCTSAgent
}
_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,128}$")


@attrs.frozen
class Limits:
    """The server's limits; every one can be set on the command line.

    Attributes:
        max_body: the largest request body in bytes (larger: 413).
        max_live: live matches on the whole server (beyond: 429 on creation).
        max_live_per_client: live matches made from one address (beyond: 429).
        idle_seconds: a match with no move for this long no longer counts as live.
        bot_seconds: the time budget of one bot move; a bot over it plays a random move.
        bot_workers: processes that compute bot moves.
        lobby_size: the most open matches the lobby lists.
        events_window: the most moves of events one answer carries.
        max_watchers: WebSockets on one match in one process (beyond: closed with 4429).
        bot_share: the bot seconds per second the matches of one client may use before its
            bots wait behind other clients' (``1.0``: one worker's whole time).
        keep_finished_days: a finished match is removed this many days after its last move
            (``0``: never).
    """

    max_body: int = 64 * 1024
    max_live: int = 10_000
    max_live_per_client: int = 200
    idle_seconds: float = 24 * 3600.0
    bot_seconds: float = 2.0
    bot_workers: int = 2
    lobby_size: int = 50
    events_window: int = 200
    max_watchers: int = 64
    keep_finished_days: float = 30.0
    bot_share: float = 1.0


class Refusal(Exception):
    """A request the server refuses: status, code, JSON path and a reason."""

    def __init__(self, status: int, code: str, reason: str, path: str = "$",
                 extra: dict[str, Any] | None = None) -> None:
        super().__init__(f"{status} {code}: {reason}")
        self.status = status
        self.code = code
        self.reason = reason
        self.path = path
        self.extra = extra or {}

    def body(self) -> dict[str, Any]:
        """The JSON answer."""
        return {"error": self.code, "path": self.path, "reason": self.reason, **self.extra}


@attrs.frozen
class Timer:
    """A turn timer: the seat to move has ``seconds`` for its move (from the last move, or
    the creation); at time-out, ``then``: ``"resign"`` (the seat resigns) or ``"bot"`` (a
    random legal move is played for it, from its view)."""

    seconds: int
    then: Literal["resign", "bot"] = "resign"


#: The longest turn timer, in seconds (a day).
MAX_TURN_SECONDS = 86_400


@attrs.frozen
class CreateRequest:
    """The body of ``POST /api/matches``."""

    game: str
    seats: tuple[str, ...]
    seed: int | None = None
    setup: FrozenMap[str, Any] = attrs.field(factory=FrozenMap)
    options: FrozenMap[str, Any] = attrs.field(factory=FrozenMap)
    timer: Timer | None = None


@attrs.frozen
class ActionRequest:
    """The body of ``POST /api/matches/{id}/actions``: the version the client saw and a move."""

    version: int
    action: Any


@attrs.frozen
class UndoRequest:
    """The body of ``POST /api/matches/{id}/undo``: the version the seat saw."""

    version: int


@attrs.frozen
class UndoAnswer:
    """The body of ``POST /api/matches/{id}/undo/answer``: yes or no."""

    agree: bool


@attrs.frozen
class JoinRequest:
    """The body of ``POST /api/matches/{id}/join``."""

    seat: int


def hash_token(token: str) -> str:
    """The stored digest of a seat token (tokens are random, so a plain SHA-256 suffices)."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def parse(body: bytes, cls: Any) -> Any:
    """Strictly parse a request body into ``cls``; a bad body is a 400 naming the field."""
    try:
        return serde.from_json(body, cls)
    except BadInput as error:
        raise Refusal(400, "bad_input", error.reason, error.path) from None


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise ValueError("a duplicate key")  # the strict reading names it
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")  # the strict reading names it


#: The quick path's JSON reader, made once: it refuses what the strict reading
#: (:func:`boardrules.core.codec.parse_json`) refuses, duplicate keys and NaN included.
_QUICK_JSON = json.JSONDecoder(object_pairs_hook=_pairs, parse_constant=_no_constant)


def parse_action_request(body: bytes) -> ActionRequest:
    """``parse(body, ActionRequest)``, quicker for a usual body: a short UTF-8 JSON object
    with exactly ``version`` (an int) and ``action``; its action is read (strictly, bounds
    included) by the game afterwards. Any other body, and any the quick reader refuses, is
    read by :func:`parse`, whose refusal names the field.

    >>> parse_action_request(b'{"version": 3, "action": {"type": "pass"}}')
    ActionRequest(version=3, action={'type': 'pass'})
    >>> parse_action_request(b'{"version": true, "action": {}}')
    Traceback (most recent call last):
    ...
    boardrules.server.matches.Refusal: 400 bad_input: expected an integer, got boolean
    """
    data = None
    if len(body) <= 1024:  # far below the strict reading's bounds on size and values
        with contextlib.suppress(ValueError, RecursionError):  # decoding errors included
            data = _QUICK_JSON.decode(body.decode("utf-8"))
    if type(data) is dict and data.keys() == {"version", "action"}:
        version = data["version"]
        if type(version) is int and -INT_LIMIT < version < INT_LIMIT:
            return ActionRequest(version, data["action"])
    request: ActionRequest = parse(body, ActionRequest)
    return request


def check_token(token: str) -> str:
    """A token of the right shape (401 otherwise), ready to hash."""
    if not _TOKEN.match(token):
        raise Refusal(401, "bad_token", "the bearer token is malformed")
    return token


@functools.lru_cache(maxsize=4096)
def seed_commitment(seed: int, nonce: str) -> str:
    """The published commitment to a match's seed: the SHA-256, in hex, of the ASCII text
    ``boardrules-seed-v1:NONCE:SEED`` (the nonce in hex, the seed in decimal).

    The nonce (128 random bits) makes the commitment impossible to invert by trying seeds;
    both are revealed once the match is over, so anyone can recompute it.
    Every payload carries it, so each match's is computed once (a bounded memo).

    >>> seed_commitment(7, "00")[:16]
    'fbf4eeefb4aefdd7'
    """
    return hashlib.sha256(f"boardrules-seed-v1:{nonce}:{seed}".encode("ascii")).hexdigest()


def deal(row: MatchRow) -> dict[str, Any]:
    """Who chose the match's seed, its commitment, and — once the match is over — the seed
    and nonce that open it (``null`` before)."""
    over = row.over
    return {"seed_by": row.seed_by or "unknown",
            "commitment": seed_commitment(row.seed, row.seed_nonce),
            "seed": row.seed if over else None, "nonce": row.seed_nonce if over else None}


def resigned_standings(standings: dict[str, Any], seat: int) -> dict[str, Any]:
    """Standings (as JSON) after ``seat`` resigned: it ranks last, the others keep their
    order among themselves, and the match is final.

    >>> resigned_standings({"final": False, "winners": [0], "points": [5, 3],
    ...                     "ranks": [1, 2]}, 0)
    {'final': True, 'winners': [1], 'points': [5, 3], 'ranks': [2, 1]}
    """
    ranks: list[int] = standings["ranks"]
    others = [i for i in range(len(ranks)) if i != seat]
    new = [len(ranks)] * len(ranks)
    for i in others:
        new[i] = 1 + sum(1 for j in others if ranks[j] < ranks[i])
    return {"final": True, "winners": [i for i in others if new[i] == 1],
            "points": list(standings["points"]), "ranks": new}


def die_with_parent(parent: int) -> None:
    """Make this bot worker die when the server process ``parent`` dies, ``kill -9``
    included (the pool's initializer).

    On Linux the kernel sends SIGKILL at the parent's death (``PR_SET_PDEATHSIG``); elsewhere a
    thread checks every half second whether the worker has been handed to another parent.
    """
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG = 1
    if os.getppid() != parent:  # the server died before the line above
        os.kill(os.getpid(), signal.SIGKILL)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os.kill(os.getpid(), signal.SIGKILL)

    threading.Thread(target=watch, name="boardrules-parent-watch", daemon=True).start()


def choose_move(game: Any, view: Any, seat: int, agent: str, seed: int, version: int,
                seconds: float) -> Any:
    """One bot move, computed in a worker process from the seat's view only.

    It is the answer a :class:`~boardrules.Table` with the match's seed and seats gives
    (:func:`boardrules.table.agent_answer`: the agent's stream comes from the seed, the seat
    and the move number), so a restarted server plays the same move, and loading the match's
    record into a table gives the same bots. MCTS keeps the table's settings and is also
    given the time budget: it stops at whichever comes first.
    """
    player = MCTSAgent(seconds=seconds * 0.8) if agent == "mcts" else AGENTS[agent]()
    return agent_answer(game, view, seat, player, seed, version)


#: A match's game as a bot worker names it: (name, options as JSON, rules revision or
#: ``None`` for the current one).
GameKey = tuple[str, str, int | None]
#: The games a bot worker process has made, by :data:`GameKey`: each worker makes a game
#: once, so a bot move sends only its name, options and revision, never the pickled game.
_WORKER_GAMES: dict[GameKey, Any] = {}


def game_at(name: str, options: str, revision: int | None) -> Any:
    """The game ``name`` with options given as JSON text, played by revision ``revision``
    of its own rules (``None``: the current one).

    Raises:
        BadInput: for options that are not the game's, or a revision this library does not
            ship (``$.revision``).
    """
    game = game_from_json_options(name, json.loads(options))
    return game if revision is None else game.at_revision(revision)


def choose_move_by_name(game_key: GameKey, view: Any, seat: int, agent: str, seed: int,
                        version: int, seconds: float) -> Any:
    """:func:`choose_move` for the game named by ``game_key``, made once per worker
    process."""
    game = _WORKER_GAMES.get(game_key)
    if game is None:
        if len(_WORKER_GAMES) >= 64:
            _WORKER_GAMES.clear()
        game = _WORKER_GAMES[game_key] = game_at(*game_key)
    return choose_move(game, view, seat, agent, seed, version, seconds)


def fallback_move(game: Any, view: Any, seat: int, seed: int, version: int) -> Any:
    """The move a bot makes when its agent runs over the budget: a seeded random one."""
    return RandomAgent().choose(game, view, seat, Rng.derive(seed, "server-fallback", version))


@attrs.define
class _Live:
    row: MatchRow
    game: Any
    state: Any
    #: The events of the moves this process made or read, by move number (a new dict per
    #: move): the events themselves, or as stored (JSON text) until a payload needs them.
    events: dict[int, tuple[Any, ...] | str] = attrs.field(factory=dict)


@attrs.frozen
class BotTurn:
    """What a bot needs to move: computed in the web layer's worker pool."""

    match_id: str
    version: int
    seat: int
    agent: str
    game: Any
    view: Any
    seed: int
    #: The address that created the match: whose bot time this move is.
    client: str = "?"
    #: The game's name, options (JSON) and rules revision: what a bot worker makes it from.
    game_key: GameKey = ("", "{}", None)


class Matches:
    """The matches of one server process over a :class:`Store`.

    States are cached in memory (a bounded cache, not the matches: a match dropped from the
    cache is rebuilt from its newest snapshot and the moves after it). Every read checks the
    stored version first, so several processes over one PostgreSQL database agree.
    """

    def __init__(self, store: Store, limits: Limits | None = None, cache_size: int = 2048
                 ) -> None:
        self.store = store
        self.limits = limits or Limits()
        self._cache: collections.OrderedDict[str, _Live] = collections.OrderedDict()
        self._cache_size = cache_size
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()
        self._games: dict[tuple[str, str, int | None], Any] = {}
        self._seats: dict[tuple[str, str], int] = {}
        self._timers: dict[str, tuple[int, str] | None] = {}
        #: Actions already structured, by game (its ``id``, the game kept beside the action
        #: so the id stays its own) and the text of the data sent.
        self._actions: dict[tuple[int, str], tuple[Any, Any]] = {}
        #: Matches whose undo request this process has looked up, and those with one stored.
        self._undo_looked: set[str] = set()
        self._undo_pending: set[str] = set()
        #: The games this process serves: the entry points are scanned once, here.
        self.names: frozenset[str] = frozenset(game_names())

    # -- helpers -------------------------------------------------------------------------
    def _lock(self, match_id: str) -> threading.Lock:
        with self._guard:
            lock = self._locks.get(match_id)
            if lock is None:
                if len(self._locks) > 4 * self._cache_size:
                    self._locks = {k: v for k, v in self._locks.items() if v.locked()}
                lock = self._locks[match_id] = threading.Lock()
            return lock

    def game(self, name: str, options: str = "{}", revision: int | None = None) -> Any:
        """The game ``name`` with options given as JSON text, by revision ``revision`` of
        its own rules (``None``: the current one; cached)."""
        key = (name, options, revision)
        with self._guard:
            found = self._games.get(key)
        if found is None:
            found = game_at(name, options, revision)
            with self._guard:
                if len(self._games) >= 256:  # many custom options: start the cache afresh
                    self._games.clear()
                self._games[key] = found
        return found

    def _live(self, match_id: str, stored: int | None = None) -> _Live:
        """The match as stored, from memory when that is sure to be it. ``stored``: a
        version this process has just stored itself; the match in memory at that version is
        what the caller asks for, whatever other processes have stored since."""
        if not _ID.match(match_id):
            raise Refusal(404, "unknown_match", "no such match")
        with self._guard:
            cached = self._cache.get(match_id)
        if cached is not None and (not self.store.shared or cached.row.version == stored):
            return cached  # this process is the database's only writer, or stored it
        try:
            row, _, snapshot, moves = self.store.load(
                match_id, -1 if cached is None else cached.row.version)
        except KeyError:
            raise Refusal(404, "unknown_match", "no such match") from None
        if cached is not None and snapshot is None and not moves:
            live = _Live(row, cached.game, cached.state, cached.events)
        else:
            if cached is not None:
                game = cached.game
            else:
                try:
                    game = self.game(row.game, row.options, row.revision)
                except BadInput as error:  # a match stored by a later boardrules
                    raise Refusal(409, "unknown_revision", error.reason) from None
            state = cached.state if snapshot is None and cached is not None else (
                serde.from_json(snapshot or "", game.state_type, game=game))
            for move in moves:
                state = game.apply(state, serde.from_json(move.action, game.action_type))
            known = cached.events if cached is not None else {}
            if moves:  # their events came with them: no payload reads them again
                known = {**known, **{m.move: m.events for m in moves}}
                if len(known) > self.limits.events_window + 32:
                    oldest = row.version - self.limits.events_window
                    known = {n: e for n, e in known.items() if n >= oldest}
            live = _Live(row, game, state, known)
        with self._guard:
            self._cache[match_id] = live
            self._cache.move_to_end(match_id)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)
        return live

    def _action(self, game: Any, data: Any) -> Any:
        """The game's action from a request's ``action`` (JSON data, its objects read as
        frozen maps), strictly.

        Actions are immutable and structuring one depends on nothing but its JSON and the
        game, so each game's actions are structured once per process (a bounded memo keyed
        by the data's text) and looked up after; a refused one is never kept.
        """
        # The key is the data's repr, which tells 1, 1.0 and True apart as the strict
        # reading does (equality would not); long ones are not kept.
        try:
            text = repr(data)
        except RecursionError:
            text = ""
        key = (id(game), text) if 0 < len(text) <= 512 else None
        if key is not None:
            with self._guard:
                found = self._actions.get(key)
            if found is not None and found[0] is game:
                return found[1]
        # Plain data (from parse_action_request) is bounded by the strict reading itself;
        # frozen maps (from parse, which bounded the whole body) are thawed first.
        plain = data if type(data) is dict else serde.to_dict(data)
        action = serde.from_dict(plain, game.action_type)
        if key is not None:
            with self._guard:
                if len(self._actions) >= 4096:
                    self._actions.clear()
                self._actions[key] = (game, action)
        return action

    def _seat(self, match_id: str, token: str | None) -> int | None:
        if token is None:
            return None
        digest = hash_token(check_token(token))
        with self._guard:
            seat = self._seats.get((match_id, digest))
        if seat is None:
            seat = self.store.seat_of(match_id, digest)
            if seat is None:
                raise Refusal(403, "wrong_token", "this token is not a seat of this match")
            with self._guard:  # a token's seat never changes, so it is remembered
                if len(self._seats) >= 16 * self._cache_size:
                    self._seats.clear()
                self._seats[(match_id, digest)] = seat
        return seat

    def _events(self, live: _Live, seat: int | None, since: int) -> list[dict[str, Any]]:
        since = max(since, live.row.version - self.limits.events_window, 0)
        if since >= live.row.version:
            return []
        game, known = live.game, live.events  # never changed once cached: no lock needed
        missing = [n for n in range(since, live.row.version) if n not in known]
        if missing:
            known = dict(known)
            for m in self.store.moves(live.row.id, missing[0], live.row.version):
                known[m.move] = m.events
        moves = []
        for n in range(since, live.row.version):
            found = known[n]
            moves.append((n, found if isinstance(found, tuple) else tuple(
                serde.from_dict(e, game.event_type) for e in json.loads(found))))
        return seat_events(game, moves, seat)

    def _commit(self, live: _Live, action: Any) -> _Live:
        game, row = live.game, live.row
        transition = game.step(live.state, action)
        version = row.version + 1
        to_move = game.to_move(transition.state)
        snapshot = (serde.to_json(transition.state)
                    if version % SNAPSHOT_EVERY == 0 or to_move is None else None)
        events = json.dumps([serde.to_dict(e) for e in transition.events], ensure_ascii=False)
        if not self.store.append(row.id, row.version, serde.to_json(action), events, to_move,
                                 snapshot):
            with self._guard:
                self._cache.pop(row.id, None)
            raise Refusal(409, "stale_version", "another move was accepted first",
                          "$.version")
        known = dict(live.events)  # a new dict per move: readers hold the old one
        known[row.version] = transition.events
        if len(known) > self.limits.events_window + 32:  # pruned now and then, not each move
            oldest = version - self.limits.events_window
            known = {n: e for n, e in known.items() if n >= oldest}
        # Built directly (attrs.evolve looks the fields up on every call); the row of the
        # cache must equal the stored one, which tests/server/test_store.py checks.
        moved = MatchRow(row.id, row.game, row.options, row.seed, row.setup, row.seats, version,
                         to_move, row.open_seats, row.client, row.created, time.time(),
                         row.seed_by, row.seed_nonce, row.revision)
        after = _Live(moved, game, transition.state, known)
        with self._guard:
            self._cache[row.id] = after
        return after

    # -- the operations ------------------------------------------------------------------
    def create(self, body: bytes, client: str) -> dict[str, Any]:
        """Make a match from a ``POST /api/matches`` body; the answer holds the tokens."""
        request: CreateRequest = parse(body, CreateRequest)
        if request.game not in self.names:
            raise Refusal(400, "unknown_game", f"no game named {request.game!r:.40}", "$.game")
        options = serde.to_dict(request.options)
        try:
            game = self.game(request.game, json.dumps(options, sort_keys=True))
        except (BoardRulesError, TypeError, ValueError) as error:
            raise Refusal(400, "bad_input", str(error)[:300], "$.options") from None
        # A seat someone else may take must not be dealt by the creator: the creator's seed
        # would tell them that seat's hidden cards and every future draw. So the creator's
        # seed is used only when the creator holds every seat a person plays.
        creator_seeds = request.seed is not None and "open" not in request.seats
        seed = request.seed if creator_seeds and request.seed is not None else (
            secrets.randbits(63))
        seed_by = "creator" if creator_seeds else "server"
        nonce = secrets.token_hex(16)
        try:
            state = game.new(seed, **serde.to_dict(request.setup))
        except BadInput as error:
            where = "$.seed" if "seed" in error.reason else "$.setup" + error.path[1:]
            raise Refusal(400, "bad_input", error.reason, where) from None
        except TypeError as error:
            raise Refusal(400, "bad_input", str(error)[:300], "$.setup") from None
        count = len(game.score(state))
        if len(request.seats) != count:
            raise Refusal(400, "bad_input", f"this game and setup have {count} seats",
                          "$.seats")
        kinds = ("human", "open", *AGENTS)
        for i, kind in enumerate(request.seats):
            if kind not in kinds:
                raise Refusal(400, "bad_input", f"a seat is one of {', '.join(kinds)}",
                              f"$.seats[{i}]")
            if kind in AGENTS:
                try:
                    check_agents(game, [AGENTS[kind]()])
                except BadInput as error:
                    raise Refusal(400, "bad_input", error.reason, f"$.seats[{i}]") from None
        if request.timer is not None and not 1 <= request.timer.seconds <= MAX_TURN_SECONDS:
            raise Refusal(400, "bad_input", f"a turn lasts 1 to {MAX_TURN_SECONDS} seconds",
                          "$.timer.seconds")
        now = time.time()
        total, mine = self.store.count_live(now - self.limits.idle_seconds, client)
        if total >= self.limits.max_live:
            raise Refusal(429, "quota", "the server holds as many live matches as it may")
        if mine >= self.limits.max_live_per_client:
            raise Refusal(429, "quota", "you have as many live matches as one client may")
        tokens: list[str | None] = [
            secrets.token_urlsafe(24) if kind == "human" else None for kind in request.seats
        ]
        row = MatchRow(
            id=secrets.token_urlsafe(9), game=game.name,
            options=json.dumps(options, sort_keys=True), seed=seed,
            setup=json.dumps(serde.to_dict(request.setup), sort_keys=True),
            seats=request.seats, version=0, to_move=game.to_move(state),
            open_seats=request.seats.count("open"), client=client, created=now, updated=now,
            seed_by=seed_by, seed_nonce=nonce, revision=game.rules_revision,
        )
        self.store.create(row, {i: hash_token(t) for i, t in enumerate(tokens) if t},
                          serde.to_json(state))
        if request.timer is not None:
            self.store.set_timer(row.id, request.timer.seconds, request.timer.then)
        return {"match": row.id, "tokens": tokens, "seed_by": seed_by,
                "commitment": seed_commitment(seed, nonce)}

    def payload(self, match_id: str, token: str | None, since: int | None = None
                ) -> dict[str, Any]:
        """A seat's payload (a spectator's without a token); with events after ``since``."""
        seat = self._seat(match_id, token) if _ID.match(match_id) else None
        return self.seat_payload(match_id, seat, since)

    def seat_payload(self, match_id: str, seat: int | None, since: int | None = None
                     ) -> dict[str, Any]:
        """:meth:`payload` for a seat already known (from its token)."""
        live = self._live(match_id)
        doc = seat_payload(live.game, live.state, seat, live.row.version, live.row.seats)
        doc.update(self._tail(live, seat, since))
        if live.row.over:  # a resignation or a rematch happens only to a finished match
            self._finished(doc, match_id)
        return doc

    def payload_text(self, match_id: str, token: str | None, since: int | None,
                     head: dict[str, Any], heard: int | None = None
                     ) -> tuple[str, int, int | None]:
        """``encode_json({**head, **payload(...)})``, the version and the token's seat
        (``heard``: as :meth:`seat_text` takes it)."""
        seat = self._seat(match_id, token) if _ID.match(match_id) else None
        text, version = self.seat_text(match_id, seat, since, head, heard=heard)
        return text, version, seat

    def seat_text(self, match_id: str, seat: int | None, since: int | None,
                  head: dict[str, Any], stored: int | None = None, heard: int | None = None
                  ) -> tuple[str, int]:
        """``encode_json({**head, **seat_payload(...)})`` and the version, with the legal
        moves' JSON written once per game and action (:func:`seat_payload_text`).

        ``stored``: the version this process has just stored (see :meth:`_live`);
        ``heard``: the version a push was told of. When the match is at either, that
        version is a move's, and an undo request pending at it is not looked up: asked
        after the move, it is told by a wake-up of its own (``version + 1``, never a
        move's version), whose push looks it up.
        """
        live = self._live(match_id, stored)
        row = live.row
        if row.over:
            doc = self.seat_payload(match_id, seat, since)
            return encode_json({**head, **doc}), int(doc["version"])
        return seat_payload_text(live.game, live.state, seat, row.version, row.seats, head,
                                 self._tail(live, seat, since,
                                            row.version in (stored, heard))), row.version

    def _tail(self, live: _Live, seat: int | None, since: int | None, fresh: bool = False
              ) -> dict[str, Any]:
        """What a payload holds after the seat's own part: the match, the deal, the events
        after ``since`` and, while the match goes on, its timer and a pending undo (not
        looked up when ``fresh``: see :meth:`seat_text`)."""
        row = live.row
        doc: dict[str, Any] = {"match": row.id, "deal": deal(row)}
        if since is not None:
            doc["events"] = self._events(live, seat, since)
        if not row.over:
            self._timed(doc, row)
            if not fresh:
                self._asked(doc, row)
        return doc

    def _asked(self, doc: dict[str, Any], row: MatchRow) -> None:
        """Add a pending undo request (who asked, who agreed, who must still agree)."""
        if not self.store.shared:  # this process makes every request: skip the lookup
            with self._guard:
                if row.id in self._undo_looked and row.id not in self._undo_pending:
                    return
        asked = self.store.undo_request(row.id)
        self._note_undo(row.id, asked is not None)
        if asked is None or asked[1] != row.version:
            return  # none, or a move was made since: the request lapsed
        by, _, agreed = asked
        waiting = [s for s in self._people(row) if s != by and s not in agreed]
        doc["undo"] = {"by": by, "agreed": agreed, "waiting": waiting}

    def _note_undo(self, match_id: str, pending: bool) -> None:
        """Remember whether ``match_id`` has an undo request stored (for :meth:`_asked`)."""
        with self._guard:
            if len(self._undo_looked) >= 16 * self._cache_size:
                self._undo_looked.clear()
                self._undo_pending.clear()
            self._undo_looked.add(match_id)
            if pending:
                self._undo_pending.add(match_id)
            else:
                self._undo_pending.discard(match_id)

    def _people(self, row: MatchRow) -> list[int]:
        """The seats people play: ``human`` ones and ``open`` ones someone has joined."""
        free = set(self.store.free_seats(row.id)) if "open" in row.seats else set()
        return [i for i, kind in enumerate(row.seats)
                if kind == "human" or (kind == "open" and i not in free)]

    def _undo_target(self, live: _Live, seat: int) -> int:
        """Where an undo by ``seat`` goes back to (409 ``cannot_undo`` when nowhere)."""
        row, game = live.row, live.game
        record = serde.from_dict(self.record(row.id), GameRecord)
        states = replay(record)
        target, why = undo_target(game, states, record.actions, seat, row.seed)
        if target is None:
            raise Refusal(409, "cannot_undo", why)
        return target

    def _take_back(self, live: _Live, target: int) -> int:
        """Take the match back to ``target``; the wake-up version for the watchers."""
        row, game = live.row, live.game
        record = serde.from_dict(self.record(row.id), GameRecord)
        state = replay(record)[target]
        if not self.store.take_back(row.id, row.version, target, game.to_move(state)):
            raise Refusal(409, "stale_version", "another move was accepted first", "$.version")
        self._note_undo(row.id, False)
        with self._guard:
            self._cache.pop(row.id, None)
        return row.version + 1

    def undo(self, match_id: str, token: str | None, body: bytes
             ) -> tuple[dict[str, Any], int]:
        """A seat asks to take back its last move (and the moves after it): at once when
        no other person plays, else once every other person agrees. Never past a move that
        told a seat something hidden. The seat's payload, and the version to wake with."""
        if token is None:
            raise Refusal(401, "no_token", "send Authorization: Bearer TOKEN")
        seat = self._seat(match_id, token)
        request: UndoRequest = parse(body, UndoRequest)
        with self._lock(match_id):
            live = self._live(match_id)
            row = live.row
            if seat is None or row.over:
                raise Refusal(409, "match_over", "the match is over")
            if request.version != row.version:
                raise Refusal(409, "stale_version", f"the match is at version {row.version}",
                              "$.version", {"version": row.version})
            target = self._undo_target(live, seat)
            others = [s for s in self._people(row) if s != seat]
            if others:
                self.store.ask_undo(match_id, seat, row.version, [])
                self._note_undo(match_id, True)
                wake = row.version + 1
            else:
                wake = self._take_back(live, target)
        return self.payload(match_id, token), wake

    def answer_undo(self, match_id: str, token: str | None, body: bytes
                    ) -> tuple[dict[str, Any], int]:
        """Another person agrees to the pending undo (taken back once all have) or declines
        it (forgotten). The seat's payload, and the version to wake with."""
        if token is None:
            raise Refusal(401, "no_token", "send Authorization: Bearer TOKEN")
        seat = self._seat(match_id, token)
        answer: UndoAnswer = parse(body, UndoAnswer)
        with self._lock(match_id):
            live = self._live(match_id)
            row = live.row
            asked = self.store.undo_request(match_id)
            if seat is None or row.over or asked is None or asked[1] != row.version:
                raise Refusal(409, "no_undo", "no undo is asked for now")
            by, _, agreed = asked
            if seat == by:
                raise Refusal(409, "own_undo", "the seat that asked cannot answer")
            if not answer.agree:
                self.store.clear_undo(match_id, row.version)
                self._note_undo(match_id, False)
                wake = row.version + 1
            else:
                agreed = sorted({*agreed, seat})
                waiting = [s for s in self._people(row) if s != by and s not in agreed]
                if waiting:
                    self.store.ask_undo(match_id, by, row.version, agreed)
                    wake = row.version + 1
                else:
                    wake = self._take_back(live, self._undo_target(live, by))
        return self.payload(match_id, token), wake

    def timer_of(self, match_id: str) -> tuple[int, str] | None:
        """The match's turn timer (it never changes, so it is remembered)."""
        with self._guard:
            if match_id in self._timers:
                return self._timers[match_id]
        found = self.store.timer(match_id)
        with self._guard:
            if len(self._timers) >= 16 * self._cache_size:
                self._timers.clear()
            self._timers[match_id] = found
        return found

    def _timed(self, doc: dict[str, Any], row: MatchRow) -> None:
        """Add the turn timer and the seat to move's deadline (Unix time) to a payload."""
        timer = None if row.over else self.timer_of(row.id)
        if timer is not None:
            doc["timer"] = {"seconds": timer[0], "then": timer[1],
                            "deadline": row.updated + timer[0]}

    def time_out(self, match_id: str, now: float) -> int | None:
        """Apply the time-out of the seat to move if its time is up at ``now``: its
        resignation or a random move for it. The new version, or ``None`` (not timed out)."""
        timer = self.timer_of(match_id)
        if timer is None:
            return None
        with self._lock(match_id):
            live = self._live(match_id)
            row = live.row
            seat = row.to_move
            if seat is None or row.updated + timer[0] > now:
                return None
            if timer[1] == "resign":
                if not self.store.resign(match_id, row.version, seat):
                    return None
                with self._guard:
                    self._cache.pop(match_id, None)
                return row.version + 1
            action = fallback_move(live.game, live.game.view(live.state, seat), seat, row.seed,
                                   row.version)
            return self._commit(live, action).row.version

    def time_outs(self, now: float) -> list[tuple[str, int]]:
        """Apply every time-out due at ``now``: (match, version) for each."""
        done = []
        for match_id in self.store.timed_out(now):
            try:
                version = self.time_out(match_id, now)
            except Refusal:
                continue  # another process moved first
            if version is not None:
                done.append((match_id, version))
        return done

    def _finished(self, doc: dict[str, Any], match_id: str) -> None:
        """Add what ended a finished match besides its moves: a resignation (the match is
        over, the resigning seat last) and the rematch's ID."""
        resigned, rematch = self.store.lifecycle(match_id)
        if resigned is not None:
            doc.update(over=True, to_move=None, legal=[], resigned=resigned,
                       standings=resigned_standings(doc["standings"], resigned))
        if rematch is not None:
            doc["rematch"] = rematch

    def seat_view(self, match_id: str, token: str | None) -> tuple[int | None, int, Any, Any]:
        """The seat of ``token`` (``None``: a spectator), the version, the game and that
        seat's view: what a picture is drawn from."""
        seat = self._seat(match_id, token) if _ID.match(match_id) else None
        live = self._live(match_id)
        return seat, live.row.version, live.game, live.game.view(live.state, seat)

    def act(self, match_id: str, token: str | None, body: bytes) -> dict[str, Any]:
        """Play a human seat's move; the answer is the new payload with the move's events."""
        after, seat, seen = self._play(match_id, token, body)
        doc = seat_payload(after.game, after.state, seat, after.row.version, after.row.seats)
        doc.update(self._answer_tail(after, seat, seen))
        return doc

    def act_text(self, match_id: str, token: str | None, body: bytes
                 ) -> tuple[str, int, int]:
        """:meth:`act`'s answer as JSON text (``encode_json(act(...))``, written with less
        work: :func:`seat_payload_text`), the new version and the mover's seat."""
        after, seat, seen = self._play(match_id, token, body)
        row = after.row
        return seat_payload_text(after.game, after.state, seat, row.version, row.seats, {},
                                 self._answer_tail(after, seat, seen)), row.version, seat

    def _answer_tail(self, after: _Live, seat: int, seen: int) -> dict[str, Any]:
        """The answer's part after the payload: the match, the deal, the events since the
        version the mover saw, the timer (no undo request outlives a move)."""
        doc: dict[str, Any] = {"match": after.row.id, "deal": deal(after.row),
                               "events": self._events(after, seat, seen)}
        self._timed(doc, after.row)
        return doc

    def _play(self, match_id: str, token: str | None, body: bytes) -> tuple[_Live, int, int]:
        """Check and store a human seat's move: the match after it, the seat and the version
        the mover saw."""
        if token is None:
            raise Refusal(401, "no_token", "send Authorization: Bearer TOKEN")
        seat = self._seat(match_id, token)
        assert seat is not None  # a token's seat, or a refusal
        request = parse_action_request(body)
        with self._lock(match_id):
            live = self._live(match_id)
            game = live.game
            try:
                action = self._action(game, request.action)
            except BadInput as error:
                raise Refusal(400, "bad_input", error.reason, "$.action" + error.path[1:]
                              ) from None
            if request.version != live.row.version:
                raise Refusal(409, "stale_version",
                              f"the match is at version {live.row.version}", "$.version",
                              {"version": live.row.version})
            if live.row.over:
                raise Refusal(409, "match_over", "the match is over")
            if live.row.to_move != seat:
                raise Refusal(403, "not_your_turn", f"seat {live.row.to_move} is to move")
            violation = game.check(live.state, action)
            if violation is not None:
                raise Refusal(422, "illegal_action", violation.message("en"), "$.action",
                              {"violation": violation_json(violation)})
            return self._commit(live, action), seat, request.version

    def join(self, match_id: str, body: bytes) -> dict[str, Any]:
        """Take a free seat of an open match; the answer holds the new seat's token."""
        request: JoinRequest = parse(body, JoinRequest)
        live = self._live(match_id)
        if not 0 <= request.seat < len(live.row.seats):
            raise Refusal(400, "bad_input",
                          f"seats are numbered 0 to {len(live.row.seats) - 1}", "$.seat")
        if live.row.over:
            raise Refusal(409, "match_over", "the match is over")
        token = secrets.token_urlsafe(24)
        if not self.store.join(match_id, request.seat, hash_token(token)):
            raise Refusal(409, "seat_taken", f"seat {request.seat} is not free", "$.seat")
        with self._guard:
            self._cache.pop(match_id, None)
        return {"match": match_id, "seat": request.seat, "token": token}

    def lobby(self) -> list[dict[str, Any]]:
        """Matches in progress with free seats."""
        return [
            {"match": row.id, "game": row.game, "seats": list(row.seats),
             "free": self.store.free_seats(row.id), "version": row.version,
             "created": row.created, "seed_by": row.seed_by or "unknown"}
            for row in self.store.lobby(self.limits.lobby_size)
        ]

    def version(self, match_id: str) -> int:
        """The stored version of a match (404 for an unknown one)."""
        row = self.store.get(match_id) if _ID.match(match_id) else None
        if row is None:
            raise Refusal(404, "unknown_match", "no such match")
        return row.version

    def game_of(self, match_id: str) -> tuple[str, str]:
        """The game's name and options (JSON text) of a match (404 for an unknown one)."""
        row = self.store.get(match_id) if _ID.match(match_id) else None
        if row is None:
            raise Refusal(404, "unknown_match", "no such match")
        return row.game, row.options

    def bot_turn(self, match_id: str, stored: int | None = None) -> BotTurn | None:
        """The bot move the match waits for, or ``None`` (over, or a person's turn);
        ``stored``: the version this process has just stored (see :meth:`_live`)."""
        live = self._live(match_id, stored)
        seat = live.row.to_move
        if seat is None or live.row.seats[seat] not in AGENTS:
            return None
        return BotTurn(match_id, live.row.version, seat, live.row.seats[seat], live.game,
                       live.game.view(live.state, seat), live.row.seed, live.row.client,
                       (live.row.game, live.row.options, live.row.revision))

    def bot_move(self, turn: BotTurn, action: Any) -> int:
        """Store a bot's move; returns the new version (409 if the match moved meanwhile)."""
        with self._lock(turn.match_id):
            live = self._live(turn.match_id)
            if live.row.version != turn.version:
                raise Refusal(409, "stale_version", "another move was accepted first")
            if live.game.check(live.state, action) is not None:
                action = fallback_move(live.game, turn.view, turn.seat, turn.seed,
                                       turn.version)
            return self._commit(live, action).row.version

    def record(self, match_id: str) -> dict[str, Any]:
        """A match's :class:`~boardrules.GameRecord` as JSON (every move, from its seed), as a
        :class:`~boardrules.Table` writes it: with its ``seats`` (an open or joined seat is a
        person, ``"human"``), so ``Table.from_record`` plays on with the same bots."""
        live = self._live(match_id)
        row, game = live.row, live.game
        actions = tuple(serde.from_json(m.action, game.action_type)
                        for m in self.store.moves(match_id, 0, row.version))
        seats = tuple(kind if kind in AGENTS else HUMAN for kind in row.seats)
        record = GameRecord(game=row.game, seed=row.seed, options=json.loads(row.options),
                            setup=json.loads(row.setup), actions=actions,
                            revision=game.rules_revision if row.revision is None
                            else row.revision, seats=seats)
        out: dict[str, Any] = serde.to_dict(record)
        return out

    def final_record(self, match_id: str) -> dict[str, Any]:
        """The record of a finished match, with its seed (409 while the match goes on: the
        seed would tell every hidden card and every future draw)."""
        if not self._live(match_id).row.over:
            raise Refusal(409, "match_not_over", "the record is published once the match is over")
        return self.record(match_id)

    # -- the match's life: resign, the record as a seat may have it, rematch --------------
    def resign(self, match_id: str, token: str | None) -> tuple[dict[str, Any], int]:
        """End the match by the resignation of ``token``'s seat: its new payload, and the
        version to wake the watchers with."""
        if token is None:
            raise Refusal(401, "no_token", "send Authorization: Bearer TOKEN")
        seat = self._seat(match_id, token)
        with self._lock(match_id):
            live = self._live(match_id)
            if seat is None or live.row.over or not self.store.resign(
                    match_id, live.row.version, seat):
                raise Refusal(409, "match_over", "the match is over")
            with self._guard:
                self._cache.pop(match_id, None)
        return self.payload(match_id, token), live.row.version + 1

    def record_for(self, match_id: str, token: str | None) -> dict[str, Any]:
        """Once the match is over, its whole record (seed included, a resignation noted on
        the last move); before, only for a seat: what that seat has seen (``SeatHistory``),
        since the seed would tell every hidden card and every future draw."""
        live = self._live(match_id)
        if live.row.over:
            out = self.record(match_id)
            resigned, _ = self.store.lifecycle(match_id)
            if resigned is not None and out["actions"]:
                note = {"move": len(out["actions"]) - 1, "text": f"seat {resigned} resigned"}
                out["notes"] = [*out.get("notes", []), note]
            return out
        if token is None:
            raise Refusal(409, "match_not_over",
                          "the record is published once the match is over; a seat may have "
                          "its own history before (send its token)")
        seat = self._seat(match_id, token)
        return {"match": match_id, "game": live.row.game, "seat": seat,
                "version": live.row.version, "over": False,
                "view": serde.to_dict(live.game.view(live.state, seat)),
                "events": self._events(live, seat, 0)}

    def rematch(self, match_id: str, token: str | None, client: str
                ) -> tuple[dict[str, Any], int]:
        """A new match of the same game, options and setup after this one: the first seat to
        ask makes it (the other people's seats open for them, the bots the same), each later
        one takes its own seat in it. The answer is the seat's ``Joined``; the version wakes
        the old match's watchers, whose payload now names the rematch."""
        if token is None:
            raise Refusal(401, "no_token", "send Authorization: Bearer TOKEN")
        seat = self._seat(match_id, token)
        assert seat is not None
        live = self._live(match_id)
        row = live.row
        if not row.over:
            raise Refusal(409, "match_not_over", "a rematch follows a finished match")
        _, rematch = self.store.lifecycle(match_id)
        if rematch is None:
            kinds = ["human" if i == seat else "open" if kind in ("human", "open") else kind
                     for i, kind in enumerate(row.seats)]
            again: dict[str, Any] = {"game": row.game, "seats": kinds,
                                     "setup": json.loads(row.setup),
                                     "options": json.loads(row.options)}
            timer = self.timer_of(match_id)
            if timer is not None:
                again["timer"] = {"seconds": timer[0], "then": timer[1]}
            body = json.dumps(again).encode("utf-8")
            created = self.create(body, client)
            rematch = self.store.set_rematch(match_id, created["match"], row.version)
            if rematch == created["match"]:
                return ({"match": rematch, "seat": seat, "token": created["tokens"][seat]},
                        row.version + 1)
            self.store.delete(created["match"])  # another seat's request came first
        token = secrets.token_urlsafe(24)
        if not self.store.join(rematch, seat, hash_token(token)):
            raise Refusal(409, "seat_taken", f"seat {seat} of the rematch is taken", "$.seat")
        with self._guard:
            self._cache.pop(rematch, None)
        return {"match": rematch, "seat": seat, "token": token}, row.version + 1

    def remove_finished(self, now: float, export: Callable[[str, dict[str, Any]], None]
                        ) -> int:
        """Remove the matches that ended over ``limits.keep_finished_days`` ago; each one's
        record goes to ``export(match_id, record)`` first; when ``export`` raises, that match
        and the rest are kept and the error propagates. Returns how many were removed."""
        if self.limits.keep_finished_days <= 0:
            return 0
        removed = 0
        before = now - self.limits.keep_finished_days * 86400.0
        while rows := self.store.finished(before):
            for row in rows:
                export(row.id, self.record(row.id))
                self.store.delete(row.id)
                with self._guard:
                    self._cache.pop(row.id, None)
                removed += 1
        return removed

    def waiting_for_bots(self) -> list[str]:
        """Live matches whose seat to move is a bot (to resume after a restart)."""
        rows = self.store.live(time.time() - self.limits.idle_seconds)
        return [r.id for r in rows if r.to_move is not None and r.seats[r.to_move] in AGENTS]
