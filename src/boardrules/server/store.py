"""Where matches live: one interface over a SQLite file (the default) and PostgreSQL.

A match is stored as its record (game, options, seed, setup and one row per accepted move,
with that move's events) plus snapshots of the full state every few moves. Two numbers say
where it stands: its ``version``, the moves accepted, and its ``generation``, which moves on
by one at every other change (a take-back, a resignation, an undo asked or answered, a seat
joined, a rematch named). Every write is one transaction that stores only if the match is
still at the generation and version its writer read (:attr:`MatchRow.mark`), so a server
killed at any moment has stored a change completely or not at all, two processes never both
change one position, a move never lands on a finished match, and a position taken back is
never mistaken for the one played in its place.

Tokens are stored as SHA-256 digests: the database never holds a token a client could reuse.

>>> store = open_store(":memory:")
>>> row = MatchRow("m1", "semya", "{}", 7, "{}", ("human", "greedy"), 0, 0, 0, "x", 1.0, 1.0)
>>> store.create(row, {0: "digest"}, '{"a": 1}')
>>> store.append(row, '{"type": "play_fool"}', "[]", 1, None)
True
>>> store.append(row, '{"type": "play_fool"}', "[]", 1, None)  # the same move again
False
>>> moved = store.get("m1")
>>> store.change(moved, attrs.evolve(moved, to_move=None, resigned=0))  # a resignation
True
>>> store.append(moved, '{"type": "play_fool"}', "[]", 0, None)  # a move it raced
False
>>> store.get("m1").mark, store.get("m1").over
((1, 1), True)
>>> store.close()
"""

from __future__ import annotations

import abc
import contextlib
import json
import queue
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal

import attrs

__all__ = [
    "SNAPSHOT_EVERY", "Mark", "MatchRow", "Move", "PostgresStore", "SQLiteStore", "Store", "Timer",
    "Undo", "open_store"
]

#: A snapshot of the full state is stored after every this many moves.
SNAPSHOT_EVERY = 32
#: The PostgreSQL channel that carries "match ID changed to generation G, version N".
CHANNEL = "boardrules_moves"
#: Where a match stands: ``(generation, version)``; every change makes it greater.
Mark = tuple[int, int]
#: A function ``run(sql, params)`` returning a cursor, inside one transaction.
Run = Callable[[str, Sequence[Any]], Any]

_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS br_matches (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        seed TEXT NOT NULL,
        setup TEXT NOT NULL,
        seats TEXT NOT NULL,
        version INTEGER NOT NULL,
        to_move INTEGER,
        open_seats INTEGER NOT NULL,
        client TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL,
        seed_by TEXT,
        seed_nonce TEXT,
        revision INTEGER,
        generation INTEGER NOT NULL DEFAULT 0)""",
    """CREATE TABLE IF NOT EXISTS br_tokens (
        match_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        token_hash TEXT NOT NULL,
        PRIMARY KEY (match_id, seat))""",
    """CREATE TABLE IF NOT EXISTS br_moves (
        match_id TEXT NOT NULL,
        move INTEGER NOT NULL,
        action TEXT NOT NULL,
        events TEXT NOT NULL,
        PRIMARY KEY (match_id, move))""",
    """CREATE TABLE IF NOT EXISTS br_snapshots (
        match_id TEXT NOT NULL,
        move INTEGER NOT NULL,
        state TEXT NOT NULL,
        PRIMARY KEY (match_id, move))""",
    # A match's life besides its moves: who resigned, the rematch, an undo asked, the timer.
    """CREATE TABLE IF NOT EXISTS br_lifecycle (
        match_id TEXT PRIMARY KEY,
        resigned INTEGER,
        rematch TEXT,
        turn_seconds INTEGER,
        on_timeout TEXT,
        undo_by INTEGER,
        undo_at INTEGER,
        undo_agreed TEXT)""",
)
_INDEXES = ("CREATE INDEX IF NOT EXISTS br_matches_live ON br_matches (to_move, updated)",
            "CREATE INDEX IF NOT EXISTS br_matches_client ON br_matches (client, updated)")
_INSERTED = ("id, game, options, seed, setup, seats, version, to_move, open_seats, client, "
             "created, updated, seed_by, seed_nonce, revision, generation")
#: A match's row as read: its columns and its lifecycle's (no name is in both tables, nor in
#: br_moves, so none needs its table's name).
_ROW = (f"{_INSERTED}, resigned, rematch, turn_seconds, on_timeout, undo_by, undo_at, "
        "undo_agreed")
_FROM = "br_matches LEFT JOIN br_lifecycle ON br_lifecycle.match_id = br_matches.id"
#: Columns added since the first release, with their types: added to older databases.
_ADDED = (("br_matches", "seed_by", "TEXT"), ("br_matches", "seed_nonce", "TEXT"),
          ("br_matches", "revision", "INTEGER"),
          ("br_matches", "generation", "INTEGER NOT NULL DEFAULT 0"))


@attrs.frozen
class Timer:
    """A turn timer: the seat to move has ``seconds`` for its move (from the last move, or
    the creation); at time-out, ``then``: ``"resign"`` (the seat resigns) or ``"bot"`` (a
    random legal move is played for it, from its view)."""

    seconds: int
    then: Literal["resign", "bot"] = "resign"


@attrs.frozen
class Undo:
    """A pending request to take back seat ``by``'s last move, asked at version ``at`` (a
    move since lets it lapse), and the seats that agreed."""

    by: int
    at: int
    agreed: tuple[int, ...] = ()


@attrs.frozen
class MatchRow:
    """One match's row: what it is, where it stands, whose turn it is.

    Attributes:
        seats: each seat's kind: ``"human"``, ``"open"`` (free, for the lobby) or an agent.
        version: the number of moves accepted so far.
        to_move: the seat to decide, ``None`` once the match is over (for good: no write
            is stored on a finished match but its rematch).
        open_seats: how many seats are still free to join.
        client: the address that created the match (for quotas).
        seed_by: ``"server"`` (drawn by the server), ``"creator"`` (chosen by the creator,
            who holds every seat) or ``None`` (a match stored before this was recorded).
        seed_nonce: the random text mixed into the seed's commitment (``""`` for old ones).
        revision: the revision of the game's own rules the match is played under (its
            ``rules_revision`` when the match was made), so a match made before a rule fix
            plays on, and is recorded, by the rules it began with; ``None`` for a match
            stored before the server kept it (read as the game's current revision).
        generation: how many times the match changed otherwise than by a move.
        resigned: the seat whose resignation ended the match.
        rematch: the ID of the match that follows this one.
        timer: the turn timer, if the match has one.
        undo: the pending undo request, if any.
    """

    id: str
    game: str
    options: str
    seed: int
    setup: str
    seats: tuple[str, ...]
    version: int
    to_move: int | None
    open_seats: int
    client: str
    created: float
    updated: float
    seed_by: str | None = None
    seed_nonce: str = ""
    revision: int | None = None
    generation: int = 0
    resigned: int | None = None
    rematch: str | None = None
    timer: Timer | None = None
    undo: Undo | None = None

    @property
    def over(self) -> bool:
        """Whether the match has ended."""
        return self.to_move is None

    @property
    def mark(self) -> Mark:
        """``(generation, version)``: the state of the match this row describes."""
        return self.generation, self.version


@attrs.frozen
class Move:
    """One stored move: its number (from 0), the action and the events, as JSON text."""

    move: int
    action: str
    events: str


#: The stored moves of a match numbered from one move up to (not including) another.
_MOVES = ("SELECT move, action, events FROM br_moves WHERE match_id = ? AND move >= ? "
          "AND move < ? ORDER BY move")


def _move(number: Any, action: Any, events: Any) -> Move:
    return Move(int(number), str(action), str(events))


def _row(v: Sequence[Any]) -> MatchRow:
    def number(value: Any) -> int | None:
        return None if value is None else int(value)

    return MatchRow(
        id=v[0], game=v[1], options=v[2], seed=int(v[3]), setup=v[4],
        seats=tuple(json.loads(v[5])), version=int(v[6]), to_move=number(v[7]),
        open_seats=int(v[8]), client=v[9], created=float(v[10]), updated=float(v[11]),
        seed_by=v[12], seed_nonce=v[13] or "", revision=number(v[14]), generation=int(v[15]),
        resigned=number(v[16]), rematch=v[17],
        timer=None if v[18] is None else Timer(int(v[18]), v[19]),
        undo=None if v[20] is None else Undo(int(v[20]), int(v[21]),
                                             tuple(json.loads(v[22] or "[]"))))


class Store(abc.ABC):
    """The storage interface the server uses; every method is one transaction.

    Methods are blocking and thread-safe: the server calls them from worker threads.
    """

    #: Whether other processes may write to the same database (then every read checks it).
    shared: bool = True
    #: Whether one short transaction is quick enough to run on the event loop: no network
    #: round trip and no flush to disk (a SQLite file with ``synchronous=NORMAL``, whose
    #: checkpoints run in a thread of their own). The server then plays a person's move
    #: there when no worker thread is busy, without the hand-off to one and back.
    quick: bool = False
    #: The errors a backend raises when a unique key refuses an insert.
    _conflicts: tuple[type[BaseException], ...] = ()

    @abc.abstractmethod
    @contextmanager
    def _transaction(self, consistent: bool = False) -> Iterator[Run]:
        """A function ``run(sql, params)`` returning a cursor, inside one transaction;
        ``consistent``: its reads all see the database at one moment."""

    def _rows(self, sql: str, params: Sequence[Any]) -> list[Any]:
        """The rows of one statement run as a transaction of its own (a backend may run it
        without ``BEGIN`` and ``COMMIT``: one statement is atomic by itself)."""
        with self._transaction() as run:
            return list(run(sql, params).fetchall())

    @abc.abstractmethod
    def _notify(self, run: Run, match_id: str, mark: Mark) -> None:
        """Tell other processes, inside the transaction, that ``match_id`` reached ``mark``."""

    @abc.abstractmethod
    def listen(self, callback: Callable[[str, Mark], None]) -> None:
        """Call ``callback(match_id, mark)`` (from another thread) for the changes other
        processes store."""

    @abc.abstractmethod
    def close(self) -> None:
        """Release connections and stop listening."""

    def _migrate(self, run: Run) -> None:
        """Create the tables, and add the columns a database made by an older release
        lacks (its matches keep working: a missing value reads as ``None``, or 0)."""
        for statement in _SCHEMA:
            run(statement, ())
        for table, column, kind in _ADDED:
            if column not in {d[0] for d in run(f"SELECT * FROM {table} LIMIT 0", ()).description}:
                run(f"ALTER TABLE {table} ADD COLUMN {column} {kind}", ())
        for statement in _INDEXES:
            run(statement, ())

    def ping(self) -> None:
        """Ask the database something (raises when it cannot answer)."""
        self._rows("SELECT 1", ())

    def create(self, row: MatchRow, token_hashes: dict[int, str], state: str) -> None:
        """Store a new match with its human seats' token digests and its first state."""
        with self._transaction() as run:
            run(f"INSERT INTO br_matches ({_INSERTED}) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (row.id, row.game, row.options, str(row.seed), row.setup,
                 json.dumps(row.seats), row.version, row.to_move, row.open_seats, row.client,
                 row.created, row.updated, row.seed_by, row.seed_nonce, row.revision,
                 row.generation))
            for seat, digest in token_hashes.items():
                run("INSERT INTO br_tokens (match_id, seat, token_hash) VALUES (?, ?, ?)",
                    (row.id, seat, digest))
            run("INSERT INTO br_snapshots (match_id, move, state) VALUES (?, ?, ?)",
                (row.id, 0, state))
            if row.timer is not None:
                run("INSERT INTO br_lifecycle (match_id, turn_seconds, on_timeout) "
                    "VALUES (?, ?, ?)", (row.id, row.timer.seconds, row.timer.then))

    def get(self, match_id: str) -> MatchRow | None:
        """The match's row, or ``None``."""
        found = self._matches("id = ?", (match_id,))
        return found[0] if found else None

    def load(self, match_id: str, have: Mark | None = None
             ) -> tuple[MatchRow, int, str | None, list[Move]]:
        """``(row, snapshot_move, snapshot_state, moves_after_it)``, read consistently
        (``KeyError`` for an unknown match). ``have``: the mark of a state the caller holds;
        while the match is at its generation, the snapshot is ``None`` and the moves start
        at its version."""
        if have is not None:
            # The usual case: the row and the moves since, by one statement (one round trip).
            generation, version = have
            found = self._rows(
                f"SELECT {_ROW}, move, action, events FROM {_FROM} LEFT JOIN br_moves "
                "ON br_moves.match_id = br_matches.id AND move >= ? AND move < version "
                "WHERE id = ? ORDER BY move", (version, match_id))
            if not found:
                raise KeyError(match_id)
            row = _row(found[0])
            since = [_move(*r[-3:]) for r in found if r[-3] is not None]
            if row.generation == generation and len(since) == row.version - version >= 0:
                return row, version, None, since
            # Else it changed otherwise than by moves: from its snapshot, below.
        with self._transaction(consistent=True) as run:
            got = run(f"SELECT {_ROW} FROM {_FROM} WHERE id = ?", (match_id,)).fetchone()
            if got is None:
                raise KeyError(match_id)
            row = _row(got)
            start, state = run(
                "SELECT move, state FROM br_snapshots WHERE match_id = ? AND move <= ? "
                "ORDER BY move DESC LIMIT 1", (match_id, row.version)).fetchone()
            moves = [_move(*r) for r in run(_MOVES, (match_id, start, row.version)).fetchall()]
        return row, int(start), str(state), moves

    def moves(self, match_id: str, after: int, upto: int) -> list[Move]:
        """The stored moves numbered ``after .. upto - 1``."""
        return [_move(*r) for r in self._rows(_MOVES, (match_id, after, upto))]

    def append(self, row: MatchRow, action: str, events: str, to_move: int | None,
               state: str | None) -> bool:
        """Store move number ``row.version`` (and ``state``, the state after it, as a
        snapshot when given) if the match is still at ``row.mark`` and not over; ``False``
        (nothing stored) when another change got there first."""
        with self._transaction() as run:
            if run("UPDATE br_matches SET version = ?, to_move = ?, updated = ? WHERE id = ? "
                   "AND generation = ? AND version = ? AND to_move IS NOT NULL",
                   (row.version + 1, to_move, time.time(), row.id, row.generation,
                    row.version)).rowcount != 1:
                return False
            run("INSERT INTO br_moves (match_id, move, action, events) VALUES (?, ?, ?, ?)",
                (row.id, row.version, action, events))
            if state is not None:
                run("INSERT INTO br_snapshots (match_id, move, state) VALUES (?, ?, ?)",
                    (row.id, row.version + 1, state))
            self._notify(run, row.id, (row.generation, row.version + 1))
        return True

    def change(self, row: MatchRow, new: MatchRow, drop_from: int | None = None) -> bool:
        """Store ``new``, the match of ``row`` changed otherwise than by a move (its
        ``version``, ``to_move``, ``updated``, ``open_seats`` and lifecycle; the moves from
        ``drop_from`` on taken back), if it is still at ``row.mark``, its generation moved on
        by one; ``False`` (nothing stored) when another change got there first."""
        generation = row.generation + 1
        timer, undo = new.timer, new.undo
        with self._transaction() as run:
            if run("UPDATE br_matches SET generation = ?, version = ?, to_move = ?, "
                   "updated = ?, open_seats = ? WHERE id = ? AND generation = ? AND version = ?",
                   (generation, new.version, new.to_move, new.updated, new.open_seats, row.id,
                    row.generation, row.version)).rowcount != 1:
                return False
            run("INSERT INTO br_lifecycle (match_id, resigned, rematch, turn_seconds, "
                "on_timeout, undo_by, undo_at, undo_agreed) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (match_id) DO UPDATE SET resigned = excluded.resigned, "
                "rematch = excluded.rematch, undo_by = excluded.undo_by, "
                "undo_at = excluded.undo_at, undo_agreed = excluded.undo_agreed",
                (row.id, new.resigned, new.rematch, *((None, None) if timer is None else (
                    timer.seconds, timer.then)), *((None, None, None) if undo is None else (
                        undo.by, undo.at, json.dumps(undo.agreed)))))
            if drop_from is not None:
                run("DELETE FROM br_moves WHERE match_id = ? AND move >= ?", (row.id, drop_from))
                run("DELETE FROM br_snapshots WHERE match_id = ? AND move > ?",
                    (row.id, drop_from))
            self._notify(run, row.id, (generation, new.version))
        return True

    def seat_of(self, match_id: str, token_hash: str) -> int | None:
        """The seat whose token has this digest in this match, or ``None``."""
        found = self._rows("SELECT seat FROM br_tokens WHERE match_id = ? AND token_hash = ?",
                           (match_id, token_hash))
        return int(found[0][0]) if found else None

    def join(self, match_id: str, seat: int, token_hash: str) -> Mark | None:
        """Give the free seat ``seat`` a token: the match's new mark (its generation moves
        on), or ``None`` when the seat is taken or not open."""
        try:
            with self._transaction() as run:
                found = run("SELECT seats FROM br_matches WHERE id = ?", (match_id,)).fetchone()
                kinds = [] if found is None else json.loads(found[0])
                if not 0 <= seat < len(kinds) or kinds[seat] != "open" or run(
                        "SELECT 1 FROM br_tokens WHERE match_id = ? AND seat = ?",
                        (match_id, seat)).fetchone() is not None:
                    return None
                run("INSERT INTO br_tokens (match_id, seat, token_hash) VALUES (?, ?, ?)",
                    (match_id, seat, token_hash))
                got = run("UPDATE br_matches SET open_seats = open_seats - 1, "
                          "generation = generation + 1 WHERE id = ? RETURNING generation, "
                          "version", (match_id,)).fetchone()
                mark = (int(got[0]), int(got[1]))
                self._notify(run, match_id, mark)
        except self._conflicts:
            # Another join took the seat between our look and our insert (PostgreSQL runs
            # them side by side; its unique key refuses the second insert): a taken seat.
            return None
        return mark

    def free_seats(self, row: MatchRow) -> list[int]:
        """The open seats of a match that nobody has joined yet."""
        taken = {int(s) for (s,) in self._rows("SELECT seat FROM br_tokens WHERE match_id = ?",
                                               (row.id,))}
        return [i for i, kind in enumerate(row.seats) if kind == "open" and i not in taken]

    def _matches(self, where: str, params: Sequence[Any], source: str = _FROM
                 ) -> list[MatchRow]:
        return [_row(r) for r in self._rows(f"SELECT {_ROW} FROM {source} WHERE {where}",
                                            params)]

    def lobby(self, limit: int, per_client: int) -> list[MatchRow]:
        """Matches in progress with a free seat, newest first, at most ``per_client`` of
        each client's."""
        return self._matches(
            "nth <= ? ORDER BY created DESC LIMIT ?", (per_client, limit),
            f"(SELECT {_ROW}, ROW_NUMBER() OVER (PARTITION BY client ORDER BY created DESC) "
            f"AS nth FROM {_FROM} WHERE open_seats > 0 AND to_move IS NOT NULL) AS open")

    def live(self, since: float) -> list[MatchRow]:
        """Matches not over that moved (or were made) after ``since``."""
        return self._matches("to_move IS NOT NULL AND updated > ?", (since,))

    def old(self, finished: float, abandoned: float, limit: int = 500) -> list[MatchRow]:
        """Matches that ended before ``finished``, and matches not over with no move since
        ``abandoned``, oldest first."""
        return self._matches("(to_move IS NULL AND updated < ?) OR (to_move IS NOT NULL AND "
                             "updated < ?) ORDER BY updated LIMIT ?", (finished, abandoned, limit))

    def delete(self, row: MatchRow) -> bool:
        """Remove a match still at ``row.mark``: its row, tokens, moves and snapshots."""
        with self._transaction() as run:
            if run("DELETE FROM br_matches WHERE id = ? AND generation = ? AND version = ?",
                   (row.id, row.generation, row.version)).rowcount != 1:
                return False
            for table in ("br_tokens", "br_moves", "br_snapshots", "br_lifecycle"):
                run(f"DELETE FROM {table} WHERE match_id = ?", (row.id,))
        return True

    def timed_out(self, now: float, limit: int = 100) -> list[str]:
        """The matches not over whose seat to move has used up its turn timer at ``now``."""
        rows = self._rows(f"SELECT id FROM {_FROM} WHERE to_move IS NOT NULL AND "
                          "turn_seconds IS NOT NULL AND updated + turn_seconds <= ? LIMIT ?",
                          (now, limit))
        return [str(r[0]) for r in rows]

    def quota(self, client: str, live: float, recent: float) -> tuple[int, int, int]:
        """How many matches are live (moved after ``live``) in all; how many of
        ``client``'s are live or ended by a resignation since then; how many ``client``
        made after ``recent``."""
        found = self._rows(
            "SELECT (SELECT COUNT(*) FROM br_matches WHERE to_move IS NOT NULL AND updated > ?"
            f"), (SELECT COUNT(*) FROM {_FROM} WHERE client = ? AND updated > ? AND "
            "(to_move IS NOT NULL OR resigned IS NOT NULL)), (SELECT COUNT(*) FROM br_matches "
            "WHERE client = ? AND updated > ? AND created > ?)",
            (live, client, live, client, recent, recent))[0]
        return int(found[0]), int(found[1]), int(found[2])


class SQLiteStore(Store):
    """A SQLite file (or ``":memory:"``): one connection and a write-ahead log.

    A commit is in the log before the answer leaves, so a killed server process loses
    nothing (``synchronous=NORMAL``: the log is flushed to disk at checkpoints, so an
    operating-system crash or a power cut may lose the last moments; pass
    ``synchronous="FULL"`` to flush every commit, at several milliseconds each).
    One server process per file; for several processes use :class:`PostgresStore`.
    """

    shared = False
    _conflicts = (sqlite3.IntegrityError,)
    #: Seconds between two checkpoints of the write-ahead log (in a thread of their own).
    CHECKPOINT_SECONDS = 0.5

    def __init__(self, path: str, synchronous: str = "NORMAL") -> None:
        if synchronous not in ("NORMAL", "FULL"):
            raise ValueError("synchronous is NORMAL or FULL")
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self._checkpointer: threading.Thread | None = None
        self._conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None,
                                     timeout=30)
        if path != ":memory:":
            self._conn.execute("PRAGMA journal_mode=WAL")
        self._conn.execute(f"PRAGMA synchronous={synchronous}")
        with self._transaction() as run:
            self._migrate(run)
        self.quick = synchronous == "NORMAL"
        if self.quick and path != ":memory:":
            # A commit never copies the log into the database (a flush to disk) on the
            # caller's thread, the loop's for a quick store: a thread of its own does, every
            # CHECKPOINT_SECONDS (a passive checkpoint waits for nobody).
            self._conn.execute("PRAGMA wal_autocheckpoint=0")
            self._checkpointer = threading.Thread(
                target=self._checkpoints, args=(path,), name="boardrules-checkpoint",
                daemon=True)
            self._checkpointer.start()

    def _checkpoints(self, path: str) -> None:
        conn = sqlite3.connect(path, isolation_level=None, timeout=30)
        try:
            while not self._closing.wait(self.CHECKPOINT_SECONDS):
                with contextlib.suppress(sqlite3.Error):  # tried again next time
                    conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            conn.close()

    @contextmanager
    def _transaction(self, consistent: bool = False) -> Iterator[Run]:
        with self._lock:  # one connection: every transaction is consistent
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn.execute
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")

    def _notify(self, run: Run, match_id: str, mark: Mark) -> None:
        return None  # one process per file: nobody else to tell

    def listen(self, callback: Callable[[str, Mark], None]) -> None:
        return None  # one process per file: no moves from elsewhere

    def close(self) -> None:
        self._closing.set()
        if self._checkpointer is not None:
            self._checkpointer.join(timeout=30)
        with self._lock:
            self._conn.close()  # the last connection: it checkpoints the whole log


class PostgresStore(Store):
    """PostgreSQL through psycopg 3: a small pool of connections and LISTEN/NOTIFY, so
    several server processes share one database and each pushes the others' changes.

    Each round trip costs both sides CPU time, so the connections are in autocommit mode
    (one statement needs no ``BEGIN`` and ``COMMIT``, two more round trips), and a move is
    stored, its snapshot with it, and announced by one statement. Several statements that
    must hold together still run in a transaction.
    """

    def __init__(self, url: str, pool_size: int = 4) -> None:
        import psycopg

        self._psycopg = psycopg
        self._conflicts = (psycopg.IntegrityError,)
        self._url = url
        #: This store's mark in its notifications, so that it hears only other processes'
        #: moves (PostgreSQL delivers a notification to every listener, its sender's too,
        #: and this process has pushed its own moves already).
        self._origin = secrets.token_hex(8)
        self._pool: queue.Queue[Any] = queue.Queue()
        self._closing = threading.Event()
        self._listener: threading.Thread | None = None
        self._listen_conn: Any = None
        try:
            for _ in range(pool_size):
                self._pool.put(self._connect())
            with self._transaction() as run:
                run("SELECT pg_advisory_xact_lock(4242)", ())  # two servers starting at once
                self._migrate(run)
        except BaseException:
            # A database that refuses a connection must not leave the first ones open.
            self.close()
            raise

    def _connect(self) -> Any:
        # Autocommit: one statement is its own transaction; several, ``conn.transaction()``.
        return self._psycopg.connect(self._url, autocommit=True)

    @contextmanager
    def _connection(self) -> Iterator[Any]:
        """A connection of the pool, for one transaction (a broken one is replaced)."""
        conn = self._pool.get()
        try:
            yield conn
        except self._psycopg.OperationalError:
            conn.close()
            conn = self._connect()
            raise
        finally:
            if self._closing.is_set():
                conn.close()  # the store closed while this one was out: never pooled again
            else:
                self._pool.put(conn)

    @contextmanager
    def _transaction(self, consistent: bool = False) -> Iterator[Run]:
        with self._connection() as conn, conn.transaction():
            cursor = conn.cursor()
            if consistent:  # every statement sees the database as the first one did
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")

            def run(sql: str, params: Sequence[Any]) -> Any:
                return cursor.execute(sql.replace("?", "%s"), params)

            yield run

    def _rows(self, sql: str, params: Sequence[Any]) -> list[Any]:
        with self._connection() as conn:
            return list(conn.execute(sql.replace("?", "%s"), params).fetchall())

    def append(self, row: MatchRow, action: str, events: str, to_move: int | None,
               state: str | None) -> bool:
        # One statement (atomic): the move, snapshot and notification only from the row moved.
        version = row.version
        snapshot = ("" if state is None else
                    ", snapshot AS (INSERT INTO br_snapshots (match_id, move, state) "
                    "SELECT id, %s, %s FROM moved)")
        params: tuple[Any, ...] = (version + 1, to_move, time.time(), row.id, row.generation,
                                   version, version, action, events)
        if state is not None:
            params += (version + 1, state)
        params += (CHANNEL, f"{row.id} {row.generation} {version + 1} {self._origin}")
        with self._connection() as conn:
            stored = conn.execute(
                "WITH moved AS (UPDATE br_matches SET version = %s, to_move = %s, updated = %s "
                "WHERE id = %s AND generation = %s AND version = %s AND to_move IS NOT NULL "
                "RETURNING id), "
                "move AS (INSERT INTO br_moves (match_id, move, action, events) "
                f"SELECT id, %s, %s, %s FROM moved){snapshot} "
                "SELECT pg_notify(%s, %s) FROM moved", params).fetchall()
        return len(stored) == 1

    def _notify(self, run: Run, match_id: str, mark: Mark) -> None:
        run("SELECT pg_notify(?, ?)", (CHANNEL, f"{match_id} {mark[0]} {mark[1]} {self._origin}"))

    def listen(self, callback: Callable[[str, Mark], None]) -> None:
        psycopg = self._psycopg

        def connect() -> Any:
            conn = self._connect()
            try:
                conn.execute(f"LISTEN {CHANNEL}")
            except BaseException:
                conn.close()
                raise
            self._listen_conn = conn
            return conn

        first = connect()  # fails here, at start-up, when the database is unreachable

        def loop() -> None:
            conn: Any = first
            try:
                while not self._closing.is_set():
                    try:
                        if conn is None:
                            conn = connect()
                        for note in conn.notifies(timeout=0.1):
                            match_id, generation, version, *origin = note.payload.split(" ")
                            if origin != [self._origin]:  # another process's change
                                callback(match_id, (int(generation), int(version)))
                    except psycopg.Error:
                        if self._closing.is_set():
                            return
                        with contextlib.suppress(psycopg.Error):
                            conn.close()
                        conn = None  # connect again; moves meanwhile reach clients then
                        time.sleep(0.5)
            finally:
                if conn is not None:  # also one made while the store was closing
                    with contextlib.suppress(psycopg.Error):
                        conn.close()

        self._listener = threading.Thread(target=loop, name="boardrules-listen", daemon=True)
        self._listener.start()

    def close(self) -> None:
        self._closing.set()
        if self._listener is not None:
            self._listener.join(timeout=5)
        if self._listen_conn is not None:
            self._listen_conn.close()
        while True:
            try:
                self._pool.get_nowait().close()
            except queue.Empty:
                break


def open_store(db: str) -> Store:
    """The store for ``db``: a ``postgresql://`` URL, or a SQLite file path (``:memory:``,
    ``sqlite:///path`` too)."""
    if db.startswith(("postgresql://", "postgres://")):
        return PostgresStore(db)
    if db.startswith("sqlite:///"):
        db = db.removeprefix("sqlite:///")
    return SQLiteStore(db)
