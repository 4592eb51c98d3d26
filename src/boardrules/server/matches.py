"""The matches: creating, reading, moving, joining, bots' turns — without HTTP.

Every method is blocking (it talks to the store) and thread-safe; the web layer calls them
from worker threads so the event loop never waits on a database or a rules engine. A match is
read through a bounded cache of states, each kept with the mark it was read at (generation and
version, :attr:`~boardrules.server.store.MatchRow.mark`), and every write is conditional on
that mark, so no process ever answers from, or writes onto, a position that is gone. What
happens to a match besides its moves is :class:`boardrules.server.lifecycle.Lifecycle`.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import secrets
import threading
import time
from typing import Any

import attrs

from boardrules import serde
from boardrules.core.errors import BadInput, BoardRulesError
from boardrules.core.record import SAFE_INTEGER, GameRecord
from boardrules.core.registry import game_names
from boardrules.server.bots import AGENTS, BotTurn, bots_of, fallback_move, game_at
from boardrules.server.inputs import (
    MAX_TURN_SECONDS,
    ActionRequest,
    CreateRequest,
    JoinRequest,
    Refusal,
    hash_token,
    parse,
    parse_action_request,
)
from boardrules.server.payloads import (
    encode_json,
    safe_integer,
    seat_events,
    seat_payload,
    seat_payload_text,
    violation_json,
)
from boardrules.server.pushes import Memo
from boardrules.server.store import SNAPSHOT_EVERY, Mark, MatchRow, Store
from boardrules.table import HUMAN

__all__ = [
    "ActionRequest", "Limits", "Matches", "Refusal", "deal", "parse", "parse_action_request",
    "seed_commitment",
]

_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,128}$")


@attrs.frozen
class Limits:
    """The server's limits (``boardrules serve --help`` names each flag).

    Attributes:
        max_body: the largest request body in bytes (larger: 413, unread when declared).
        body_seconds: a request body not whole this long after its headers: 408, cut off.
        max_live: live matches on the whole server (beyond: 429 on creation).
        max_live_per_client: live matches of one address, with those it resigned within
            ``keep_abandoned_hours`` (beyond: 429).
        creations_per_minute: matches one address may make in any 60 seconds (beyond: 429).
        client_connections: connections, requests and WebSockets of one address (503).
        keep_abandoned_hours: a match with no move for this long is no longer live, and is
            removed (``0``: never); ``keep_finished_days``: a finished one (``0``: never).
        bot_seconds: the time budget of one bot move; a bot over it plays a random move.
        bot_workers: processes that compute bot moves.
        bot_share: the bot seconds per second the matches of one client may use before its
            bots wait behind other clients' (``1.0``: one worker's whole time).
        lobby_size: the most open matches the lobby lists.
        lobby_per_client: the most open matches of one address the lobby lists.
        events_window: the most moves of events one answer carries.
        max_watchers: WebSockets on one match in one process (beyond: closed with 4429).
    """

    max_body: int = 64 * 1024
    body_seconds: float = 10.0
    max_live: int = 10_000
    max_live_per_client: int = 200
    creations_per_minute: int = 30
    client_connections: int = 100
    keep_abandoned_hours: float = 24.0
    keep_finished_days: float = 30.0
    bot_seconds: float = 2.0
    bot_workers: int = 2
    bot_share: float = 1.0
    lobby_size: int = 50
    lobby_per_client: int = 3
    events_window: int = 200
    max_watchers: int = 64

    def live_since(self, now: float) -> float:
        """The time after which a match not over moved, to be live at ``now``."""
        return now - self.keep_abandoned_hours * 3600.0 if self.keep_abandoned_hours else 0.0


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
    """Who chose the match's seed, its commitment, and — once the match is over, which it is
    for good — the seed and nonce that open it (``null`` before; a seed over ``2**53 - 1``,
    from a match stored before seeds were drawn below it, as its digits)."""
    over = row.over
    return {"seed_by": row.seed_by or "unknown",
            "commitment": seed_commitment(row.seed, row.seed_nonce),
            "seed": safe_integer(row.seed) if over else None,
            "nonce": row.seed_nonce if over else None}


@attrs.define
class Live:
    """A match as this process holds it: its row, game and state at the row's mark."""

    row: MatchRow
    game: Any
    state: Any
    #: The events of the moves this process made or read, by move number (a new dict per
    #: move): the events themselves, or as stored (JSON text) until a payload needs them.
    events: dict[int, tuple[Any, ...] | str] = attrs.field(factory=dict)


class Matches:
    """The matches of one server process over a :class:`Store`.

    States are cached (a match dropped from the bounded cache is rebuilt from its newest
    snapshot). On a database other processes share, every read asks for the stored mark
    first, and reads the moves since when the generation is the one held, else the match.
    """

    def __init__(self, store: Store, limits: Limits | None = None, cache_size: int = 2048
                 ) -> None:
        self.store = store
        self.limits = limits or Limits()
        self._cache: Memo[Live] = Memo(cache_size)
        self._cache_size = cache_size
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()
        self._games: Memo[Any] = Memo(256)
        self._seats: Memo[int] = Memo(16 * cache_size)
        #: Actions already structured, by game (its ``id``, the game kept beside the action
        #: so the id stays its own) and the text of the data sent.
        self._actions: Memo[tuple[Any, Any]] = Memo(4096)
        #: The games this process serves: the entry points are scanned once, here.
        self.names: frozenset[str] = frozenset(game_names())

    def lock(self, match_id: str) -> threading.Lock:
        """The lock of one match's writes in this process."""
        with self._guard:
            lock = self._locks.get(match_id)
            if lock is None:
                if len(self._locks) > 4 * self._cache_size:
                    self._locks = {k: v for k, v in self._locks.items() if v.locked()}
                lock = self._locks[match_id] = threading.Lock()
            return lock

    def forget(self, match_id: str) -> None:
        """Drop a match from the cache (it changed otherwise than by a move made here)."""
        self._cache.pop(match_id)

    def game(self, name: str, options: str = "{}", revision: int | None = None) -> Any:
        """The game ``name`` with options given as JSON text, by revision ``revision`` of
        its own rules (``None``: the current one; cached)."""
        key = (name, options, revision)
        found = self._games.get(key)
        if found is None:
            found = game_at(name, options, revision)
            self._games.put(key, found)
        return found

    def live(self, match_id: str, stored: Mark | None = None) -> Live:
        """The match as stored, from memory when that is sure to be it. ``stored``: a mark
        this process has just stored itself; the match in memory at that mark is what the
        caller asks for, whatever other processes have stored since."""
        if not _ID.match(match_id):
            raise Refusal(404, "unknown_match", "no such match")
        cached = self._cache.get(match_id)
        if cached is not None and (not self.store.shared or cached.row.mark == stored):
            return cached  # this process is the database's only writer, or stored it
        try:
            row, _, snapshot, moves = self.store.load(
                match_id, None if cached is None else cached.row.mark)
        except KeyError:
            raise Refusal(404, "unknown_match", "no such match") from None
        if snapshot is None:  # the moves since the cached state: the same generation
            assert cached is not None
            game, state, known = cached.game, cached.state, cached.events
        else:
            try:
                game = self.game(row.game, row.options, row.revision)
            except BadInput as error:  # a match stored by a later boardrules
                raise Refusal(409, "unknown_revision", error.reason) from None
            state, known = serde.from_json(snapshot, game.state_type, game=game), {}
        for move in moves:
            state = game.apply(state, serde.from_json(move.action, game.action_type))
        if moves:  # their events came with them: no payload reads them again
            known = {**known, **{m.move: m.events for m in moves}}
            if len(known) > self.limits.events_window + 32:
                oldest = row.version - self.limits.events_window
                known = {n: e for n, e in known.items() if n >= oldest}
        live = Live(row, game, state, known)
        self._cache.put(match_id, live)
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
            found = self._actions.get(key)
            if found is not None and found[0] is game:
                return found[1]
        # Plain data (from parse_action_request) is bounded by the strict reading itself;
        # frozen maps (from parse, which bounded the whole body) are thawed first.
        plain = data if type(data) is dict else serde.to_dict(data)
        action = serde.from_dict(plain, game.action_type)
        if key is not None:
            self._actions.put(key, (game, action))
        return action

    def seat(self, match_id: str, token: str | None, required: bool = False) -> int | None:
        """The seat of ``token`` in the match (``None``: a spectator, no token; 401 when
        ``required``; 403 for a token not of this match)."""
        if token is None:
            if required:
                raise Refusal(401, "no_token", "send Authorization: Bearer TOKEN")
            return None
        if not _ID.match(match_id):
            raise Refusal(404, "unknown_match", "no such match")
        if not _TOKEN.match(token):
            raise Refusal(401, "bad_token", "the bearer token is malformed")
        digest = hash_token(token)
        seat = self._seats.get((match_id, digest))
        if seat is None:
            seat = self.store.seat_of(match_id, digest)
            if seat is None:
                raise Refusal(403, "wrong_token", "this token is not a seat of this match")
            self._seats.put((match_id, digest), seat)  # a token's seat never changes
        return seat

    def _events(self, live: Live, seat: int | None, since: int) -> list[dict[str, Any]]:
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

    def commit(self, live: Live, action: Any) -> Live:
        """Store ``action`` (legal) as the next move if the match is still at
        ``live.row.mark`` (else 409): the match after it."""
        game, row = live.game, live.row
        transition = game.step(live.state, action)
        version = row.version + 1
        to_move = game.to_move(transition.state)
        snapshot = (serde.to_json(transition.state)
                    if version % SNAPSHOT_EVERY == 0 or to_move is None else None)
        events = json.dumps([serde.to_dict(e) for e in transition.events], ensure_ascii=False)
        if not self.store.append(row, serde.to_json(action), events, to_move, snapshot):
            self.forget(row.id)
            raise Refusal(409, "stale_version", "another change was stored first", "$.version")
        known = dict(live.events)  # a new dict per move: readers hold the old one
        known[row.version] = transition.events
        if len(known) > self.limits.events_window + 32:  # pruned now and then, not each move
            oldest = version - self.limits.events_window
            known = {n: e for n, e in known.items() if n >= oldest}
        moved = attrs.evolve(row, version=version, to_move=to_move, updated=time.time())
        after = Live(moved, game, transition.state, known)
        self._cache.put(row.id, after)
        return after

    def row(self, match_id: str) -> MatchRow:
        """A match's stored row (404 for an unknown one)."""
        row = self.store.get(match_id) if _ID.match(match_id) else None
        if row is None:
            raise Refusal(404, "unknown_match", "no such match")
        return row

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
        if creator_seeds and request.seed is not None and request.seed > SAFE_INTEGER:
            raise Refusal(400, "bad_input", "a seed lies between 0 and 2**53 - 1 (what a "
                          "browser holds exactly)", "$.seed")
        seed = request.seed if creator_seeds and request.seed is not None else (
            secrets.randbelow(SAFE_INTEGER + 1))
        seed_by = "creator" if creator_seeds else "server"
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
        kinds = ("human", "open", *bots_of(game))
        for i, kind in enumerate(request.seats):
            if kind not in kinds:
                raise Refusal(400, "bad_input", f"a seat of {game.name} is one of "
                              f"{', '.join(kinds)}", f"$.seats[{i}]")
        if request.timer is not None and not 1 <= request.timer.seconds <= MAX_TURN_SECONDS:
            raise Refusal(400, "bad_input", f"a turn lasts 1 to {MAX_TURN_SECONDS} seconds",
                          "$.timer.seconds")
        now = time.time()
        limits = self.limits
        total, mine, recent = self.store.quota(client, limits.live_since(now), now - 60.0)
        if recent >= limits.creations_per_minute:
            raise Refusal(429, "too_fast", f"one address makes at most "
                          f"{limits.creations_per_minute} matches a minute",
                          headers={"retry-after": "60"})
        if total >= limits.max_live:
            raise Refusal(429, "quota", "the server holds as many live matches as it may")
        if mine >= limits.max_live_per_client:
            raise Refusal(429, "quota", "you have as many live (or lately resigned) matches "
                          "as one client may", headers={"retry-after": "3600"})
        tokens: list[str | None] = [
            secrets.token_urlsafe(24) if kind == "human" else None for kind in request.seats
        ]
        row = MatchRow(
            id=secrets.token_urlsafe(9), game=game.name,
            options=json.dumps(options, sort_keys=True), seed=seed,
            setup=json.dumps(serde.to_dict(request.setup), sort_keys=True),
            seats=request.seats, version=0, to_move=game.to_move(state),
            open_seats=request.seats.count("open"), client=client, created=now, updated=now,
            seed_by=seed_by, seed_nonce=secrets.token_hex(16), revision=game.rules_revision,
            timer=request.timer)
        self.store.create(row, {i: hash_token(t) for i, t in enumerate(tokens) if t},
                          serde.to_json(state))
        return {"match": row.id, "tokens": tokens, "seed_by": seed_by,
                "commitment": seed_commitment(seed, row.seed_nonce)}

    def payload(self, match_id: str, token: str | None, since: int | None = None
                ) -> dict[str, Any]:
        """A seat's payload (a spectator's without a token); with events after ``since``."""
        doc: dict[str, Any] = json.loads(self.text(match_id, self.seat(match_id, token),
                                                   since)[0])
        return doc

    def text(self, match_id: str, seat: int | None, since: int | Mark | None,
             head: dict[str, Any] | None = None, stored: Mark | None = None
             ) -> tuple[str, Mark]:
        """The payload of ``seat`` as JSON text (``encode_json({**head, **payload})``, by
        :func:`seat_payload_text`) and the mark it shows; ``stored``: as :meth:`live` takes
        it. ``since``: the events after this move, or after a mark a client holds (from the
        first move, within ``events_window``, when its generation is not the match's: the
        client's log is to be made again)."""
        return self._text(self.live(match_id, stored), seat, since, head)

    def _text(self, live: Live, seat: int | None, since: int | Mark | None,
              head: dict[str, Any] | None = None) -> tuple[str, Mark]:
        row, game = live.row, live.game
        tail: dict[str, Any] = {"match": row.id, "generation": row.generation,
                                "deal": deal(row)}
        if isinstance(since, tuple):
            since = since[1] if since[0] == row.generation else 0
        if since is not None:
            tail["events"] = self._events(live, seat, since)
        if row.over:
            doc = {**(head or {}), **seat_payload(game, live.state, seat, row.version,
                                                  row.seats, row.resigned), **tail}
            if row.rematch is not None:
                doc["rematch"] = row.rematch
            return encode_json(doc), row.mark
        if row.timer is not None:
            tail["timer"] = {"seconds": row.timer.seconds, "then": row.timer.then,
                             "deadline": row.updated + row.timer.seconds}
        undo = row.undo
        if undo is not None and undo.at == row.version:  # a move since lets it lapse
            tail["undo"] = {"by": undo.by, "agreed": list(undo.agreed),
                            "waiting": [s for s in self.people(row)
                                        if s != undo.by and s not in undo.agreed]}
        return seat_payload_text(game, live.state, seat, row.version, row.seats, head or {},
                                 tail), row.mark

    def people(self, row: MatchRow) -> list[int]:
        """The seats people play: ``human`` ones and ``open`` ones someone has joined."""
        free = set(self.store.free_seats(row)) if "open" in row.seats else set()
        return [i for i, kind in enumerate(row.seats)
                if kind == "human" or (kind == "open" and i not in free)]

    def act(self, match_id: str, token: str | None, body: bytes) -> tuple[str, Mark, int]:
        """Play a human seat's move: the answer (the new payload with the events since the
        version the mover saw, as JSON text), the new mark and the mover's seat."""
        seat = self.seat(match_id, token, required=True)
        assert seat is not None  # a token's seat, or a refusal
        request = parse_action_request(body)
        with self.lock(match_id):
            live = self.live(match_id)
            game, row = live.game, live.row
            try:
                action = self._action(game, request.action)
            except BadInput as error:
                raise Refusal(400, "bad_input", error.reason, "$.action" + error.path[1:]
                              ) from None
            if request.version != row.version:
                raise Refusal(409, "stale_version", f"the match is at version {row.version}",
                              "$.version", {"version": row.version})
            if row.over:
                raise Refusal(409, "match_over", "the match is over")
            if row.to_move != seat:
                raise Refusal(403, "not_your_turn", f"seat {row.to_move} is to move")
            violation = game.check(live.state, action)
            if violation is not None:
                raise Refusal(422, "illegal_action", violation.message("en"), "$.action",
                              {"violation": violation_json(violation)})
            after = self.commit(live, action)
        return self._text(after, seat, request.version)[0], after.row.mark, seat

    def join(self, match_id: str, body: bytes) -> tuple[dict[str, Any], Mark]:
        """Take a free seat of an open match: the answer (with the new seat's token) and
        the match's new mark."""
        request: JoinRequest = parse(body, JoinRequest)
        row = self.live(match_id).row
        if not 0 <= request.seat < len(row.seats):
            raise Refusal(400, "bad_input",
                          f"seats are numbered 0 to {len(row.seats) - 1}", "$.seat")
        if row.over:
            raise Refusal(409, "match_over", "the match is over")
        token = secrets.token_urlsafe(24)
        mark = self.store.join(match_id, request.seat, hash_token(token))
        if mark is None:
            raise Refusal(409, "seat_taken", f"seat {request.seat} is not free", "$.seat")
        self.forget(match_id)
        return {"match": match_id, "seat": request.seat, "token": token}, mark

    def lobby(self) -> list[dict[str, Any]]:
        """Matches in progress with free seats, a few of each client's."""
        return [
            {"match": row.id, "game": row.game, "seats": list(row.seats),
             "free": self.store.free_seats(row), "version": row.version,
             "created": row.created, "seed_by": row.seed_by or "unknown"}
            for row in self.store.lobby(self.limits.lobby_size, self.limits.lobby_per_client)
        ]

    def bot_turn(self, match_id: str, stored: Mark | None = None) -> BotTurn | None:
        """The bot move the match waits for, or ``None`` (over, or a person's turn);
        ``stored``: as :meth:`live` takes it."""
        live = self.live(match_id, stored)
        row = live.row
        seat = row.to_move
        if seat is None or row.seats[seat] not in AGENTS:
            return None
        return BotTurn(match_id, row.mark, seat, row.seats[seat], live.game,
                       live.game.view(live.state, seat), row.seed, row.client,
                       (row.game, row.options, row.revision))

    def bot_move(self, turn: BotTurn, action: Any) -> Mark:
        """Store a bot's move: the new mark (409 if the match changed meanwhile, a move,
        a resignation or a take-back: the bot's move is dropped)."""
        with self.lock(turn.match_id):
            live = self.live(turn.match_id)
            if live.row.mark != turn.mark or live.row.over:
                raise Refusal(409, "stale_version", "the match changed while the bot thought")
            if live.game.check(live.state, action) is not None:
                action = fallback_move(live.game, turn.view, turn.seat, turn.seed,
                                       turn.version)
            return self.commit(live, action).row.mark

    def record(self, match_id: str) -> dict[str, Any]:
        """A match's :class:`~boardrules.GameRecord` as JSON (every move, from its seed), as a
        :class:`~boardrules.Table` writes it: with its ``seats`` (an open or joined seat is a
        person, ``"human"``), so ``Table.from_record`` plays on with the same bots."""
        live = self.live(match_id)
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

    def record_for(self, match_id: str, token: str | None) -> dict[str, Any]:
        """Once the match is over, its whole record (seed included, a resignation noted on
        the last move); before, only for a seat: what that seat has seen (``SeatHistory``),
        since the seed would tell every hidden card and every future draw."""
        live = self.live(match_id)
        if live.row.over:
            out = self.record(match_id)
            if live.row.resigned is not None and out["actions"]:
                note = {"move": len(out["actions"]) - 1,
                        "text": f"seat {live.row.resigned} resigned"}
                out["notes"] = [*out.get("notes", []), note]
            return out
        if token is None:
            raise Refusal(409, "match_not_over",
                          "the record is published once the match is over; a seat may have "
                          "its own history before (send its token)")
        seat = self.seat(match_id, token)
        return {"match": match_id, "game": live.row.game, "seat": seat,
                "version": live.row.version, "over": False,
                "view": serde.to_dict(live.game.view(live.state, seat)),
                "events": self._events(live, seat, 0)}

    def waiting_for_bots(self) -> list[str]:
        """Live matches whose seat to move is a bot (to resume after a restart)."""
        rows = self.store.live(self.limits.live_since(time.time()))
        return [r.id for r in rows if r.to_move is not None and r.seats[r.to_move] in AGENTS]
