"""Where matches live: one interface over a SQLite file (the default) and PostgreSQL.

A match is stored as its record (game, options, seed, setup and one row per accepted move,
with that move's events) plus snapshots of the full state every few moves. Every change is
one transaction, and a move is appended only if the match is still at the version the mover
saw, so a server killed at any moment has either stored a move completely or not at all, and
two processes can never both play move ``N``.

Tokens are stored as SHA-256 digests: the database never holds a token a client could reuse.

>>> store = open_store(":memory:")
>>> store.create(MatchRow("m1", "semya", "{}", 7, "{}", ("human", "greedy"), 0, 0, 0, "x",
...                       1.0, 1.0), {0: "digest"}, '{"a": 1}')
>>> store.append("m1", 0, '{"type": "play_fool"}', "[]", 1, None)
True
>>> store.append("m1", 0, '{"type": "play_fool"}', "[]", 1, None)  # the same move again
False
>>> store.get("m1").version
1
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
from typing import Any

import attrs

__all__ = [
    "SNAPSHOT_EVERY",
    "MatchRow",
    "Move",
    "PostgresStore",
    "SQLiteStore",
    "Store",
    "open_store",
]

#: A snapshot of the full state is stored after every this many moves.
SNAPSHOT_EVERY = 32
#: The PostgreSQL channel that carries "match ID moved to version N" between processes.
CHANNEL = "boardrules_moves"

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
        revision INTEGER)""",
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
    "CREATE INDEX IF NOT EXISTS br_matches_live ON br_matches (to_move, updated)",
    # What happened to a match besides its moves: the seat that resigned, the rematch; and
    # its turn timer (seconds per move, what happens at time-out), set at creation.
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
_COLUMNS = ("id, game, options, seed, setup, seats, version, to_move, open_seats, client, "
            "created, updated, seed_by, seed_nonce, revision")
#: Columns added since the first release, with their types: added to older databases.
_ADDED = (("br_matches", "seed_by", "TEXT"), ("br_matches", "seed_nonce", "TEXT"),
          ("br_matches", "revision", "INTEGER"))


@attrs.frozen
class MatchRow:
    """One match's row: what it is, how far it got, whose turn it is.

    Attributes:
        seats: each seat's kind: ``"human"``, ``"open"`` (free, for the lobby) or an agent.
        version: the number of moves accepted so far.
        to_move: the seat to decide, ``None`` once the match is over.
        open_seats: how many seats are still free to join.
        client: the address that created the match (for quotas).
        seed_by: ``"server"`` (drawn by the server), ``"creator"`` (chosen by the creator,
            who holds every seat) or ``None`` (a match stored before this was recorded).
        seed_nonce: the random text mixed into the seed's commitment (``""`` for old ones).
        revision: the revision of the game's own rules the match is played under (its
            ``rules_revision`` when the match was made), so a match made before a rule fix
            plays on, and is recorded, by the rules it began with; ``None`` for a match
            stored before the server kept it (read as the game's current revision).
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

    @property
    def over(self) -> bool:
        """Whether the match has ended."""
        return self.to_move is None


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


def _row(values: Sequence[Any]) -> MatchRow:
    return MatchRow(
        id=values[0], game=values[1], options=values[2], seed=int(values[3]), setup=values[4],
        seats=tuple(json.loads(values[5])), version=int(values[6]),
        to_move=None if values[7] is None else int(values[7]), open_seats=int(values[8]),
        client=values[9], created=float(values[10]), updated=float(values[11]),
        seed_by=values[12], seed_nonce=values[13] or "",
        revision=None if values[14] is None else int(values[14]),
    )


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

    # -- the two primitives each backend provides ----------------------------------------
    @abc.abstractmethod
    @contextmanager
    def _transaction(self) -> Iterator[Callable[[str, Sequence[Any]], Any]]:
        """A function ``run(sql, params)`` returning a cursor, inside one transaction."""

    def _rows(self, sql: str, params: Sequence[Any]) -> list[Any]:
        """The rows of one statement run as a transaction of its own (a backend may run it
        without ``BEGIN`` and ``COMMIT``: one statement is atomic by itself)."""
        with self._transaction() as run:
            return list(run(sql, params).fetchall())

    @abc.abstractmethod
    def _notify(self, run: Callable[[str, Sequence[Any]], Any], match_id: str,
                version: int) -> None:
        """Tell other processes, inside the transaction, that ``match_id`` reached ``version``."""

    @abc.abstractmethod
    def listen(self, callback: Callable[[str, int], None]) -> None:
        """Call ``callback(match_id, version)`` (from another thread) for moves that other
        processes store."""

    @abc.abstractmethod
    def close(self) -> None:
        """Release connections and stop listening."""

    @abc.abstractmethod
    def _columns(self, run: Callable[[str, Sequence[Any]], Any], table: str) -> set[str]:
        """The names of ``table``'s columns."""

    def _migrate(self, run: Callable[[str, Sequence[Any]], Any]) -> None:
        """Create the tables, and add the columns a database made by an older release
        lacks (its matches keep working: a missing value reads as ``None``)."""
        for statement in _SCHEMA:
            run(statement, ())
        for table, column, kind in _ADDED:
            if column not in self._columns(run, table):
                run(f"ALTER TABLE {table} ADD COLUMN {column} {kind}", ())

    # -- the operations ------------------------------------------------------------------
    def create(self, row: MatchRow, token_hashes: dict[int, str], state: str) -> None:
        """Store a new match with its human seats' token digests and its first state."""
        with self._transaction() as run:
            run(
                f"INSERT INTO br_matches ({_COLUMNS}) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (row.id, row.game, row.options, str(row.seed), row.setup, json.dumps(row.seats),
                 row.version, row.to_move, row.open_seats, row.client, row.created,
                 row.updated, row.seed_by, row.seed_nonce, row.revision),
            )
            for seat, digest in token_hashes.items():
                run("INSERT INTO br_tokens (match_id, seat, token_hash) VALUES (?, ?, ?)",
                    (row.id, seat, digest))
            run("INSERT INTO br_snapshots (match_id, move, state) VALUES (?, ?, ?)",
                (row.id, 0, state))

    def get(self, match_id: str) -> MatchRow | None:
        """The match's row, or ``None``."""
        found = self._rows(f"SELECT {_COLUMNS} FROM br_matches WHERE id = ?", (match_id,))
        return _row(found[0]) if found else None

    def load(self, match_id: str, have: int = -1) -> tuple[MatchRow, int, str | None, list[Move]]:
        """The row, the newest snapshot and the moves after it, read consistently.

        Args:
            have: a version the caller already holds a state for; while the match has not
                been taken back past it, the snapshot is left out (``None``) and the moves
                start at ``have``.

        Returns:
            ``(row, snapshot_move, snapshot_state_or_None, moves_after_it)``.

        Raises:
            KeyError: for an unknown match.
        """
        if have >= 0:
            # The usual case (a process that holds the state it saw last): the row and the
            # moves made since, read by one statement (one round trip to a database server).
            found = self._rows(
                f"SELECT {_COLUMNS}, br_moves.move, br_moves.action, br_moves.events "
                "FROM br_matches LEFT JOIN br_moves ON br_moves.match_id = br_matches.id "
                "AND br_moves.move >= ? AND br_moves.move < br_matches.version "
                "WHERE br_matches.id = ? ORDER BY br_moves.move", (have, match_id))
            if not found:
                raise KeyError(match_id)
            row = _row(found[0])
            since = [_move(*r[-3:]) for r in found if r[-3] is not None]
            if have <= row.version and len(since) == row.version - have:
                return row, have, None, since
            # Else the match was taken back past ``have``: from its snapshot, below.
        with self._transaction() as run:
            found = run(f"SELECT {_COLUMNS} FROM br_matches WHERE id = ?", (match_id,)).fetchone()
            if found is None:
                raise KeyError(match_id)
            row = _row(found)
            snap = run(
                "SELECT move, state FROM br_snapshots WHERE match_id = ? AND move <= ? "
                "ORDER BY move DESC LIMIT 1", (match_id, row.version),
            ).fetchone()
            start, state = int(snap[0]), str(snap[1])
            if 0 <= have <= row.version and have >= start:
                start, state_or_none = have, None
            else:
                state_or_none = state
            moves = [_move(*r) for r in run(_MOVES, (match_id, start, row.version)).fetchall()]
        return row, start, state_or_none, moves

    def moves(self, match_id: str, after: int, upto: int) -> list[Move]:
        """The stored moves numbered ``after .. upto - 1``."""
        return [_move(*r) for r in self._rows(_MOVES, (match_id, after, upto))]

    def append(self, match_id: str, version: int, action: str, events: str,
               to_move: int | None, state: str | None) -> bool:
        """Store move number ``version`` if the match is still at ``version``.

        Args:
            state: the full state after the move, stored as a snapshot when given.

        Returns:
            ``False`` (and nothing is stored) when another move got there first.
        """
        with self._transaction() as run:
            updated = run(
                "UPDATE br_matches SET version = ?, to_move = ?, updated = ? "
                "WHERE id = ? AND version = ?",
                (version + 1, to_move, time.time(), match_id, version),
            )
            if updated.rowcount != 1:
                return False
            run("INSERT INTO br_moves (match_id, move, action, events) VALUES (?, ?, ?, ?)",
                (match_id, version, action, events))
            if state is not None:
                run("INSERT INTO br_snapshots (match_id, move, state) VALUES (?, ?, ?)",
                    (match_id, version + 1, state))
            self._notify(run, match_id, version + 1)
        return True

    def seat_of(self, match_id: str, token_hash: str) -> int | None:
        """The seat whose token has this digest in this match, or ``None``."""
        found = self._rows("SELECT seat FROM br_tokens WHERE match_id = ? AND token_hash = ?",
                           (match_id, token_hash))
        return int(found[0][0]) if found else None

    def join(self, match_id: str, seat: int, token_hash: str) -> bool:
        """Give the free seat ``seat`` a token; ``False`` when it is taken or not open."""
        try:
            with self._transaction() as run:
                found = run("SELECT seats FROM br_matches WHERE id = ?", (match_id,)).fetchone()
                if found is None:
                    return False
                kinds = json.loads(found[0])
                if not 0 <= seat < len(kinds) or kinds[seat] != "open":
                    return False
                taken = run("SELECT 1 FROM br_tokens WHERE match_id = ? AND seat = ?",
                            (match_id, seat)).fetchone()
                if taken is not None:
                    return False
                run("INSERT INTO br_tokens (match_id, seat, token_hash) VALUES (?, ?, ?)",
                    (match_id, seat, token_hash))
                run("UPDATE br_matches SET open_seats = open_seats - 1 WHERE id = ?",
                    (match_id,))
        except self._conflicts:
            # Another join took the seat between our look and our insert (PostgreSQL runs
            # them side by side; its unique key refuses the second insert): a taken seat.
            return False
        return True

    def free_seats(self, match_id: str) -> list[int]:
        """The open seats of a match that nobody has joined yet."""
        with self._transaction() as run:
            found = run("SELECT seats FROM br_matches WHERE id = ?", (match_id,)).fetchone()
            if found is None:
                return []
            taken = {int(s) for (s,) in run(
                "SELECT seat FROM br_tokens WHERE match_id = ?", (match_id,)).fetchall()}
        kinds = json.loads(found[0])
        return [i for i, kind in enumerate(kinds) if kind == "open" and i not in taken]

    def lobby(self, limit: int) -> list[MatchRow]:
        """Matches in progress with a free seat, newest first."""
        rows = self._rows(
            f"SELECT {_COLUMNS} FROM br_matches WHERE open_seats > 0 AND to_move IS NOT NULL "
            "ORDER BY created DESC LIMIT ?", (limit,))
        return [_row(r) for r in rows]

    def live(self, since: float) -> list[MatchRow]:
        """Matches not over that moved (or were made) after ``since``."""
        rows = self._rows(f"SELECT {_COLUMNS} FROM br_matches WHERE to_move IS NOT NULL "
                          "AND updated > ?", (since,))
        return [_row(r) for r in rows]

    def finished(self, before: float, limit: int = 500) -> list[MatchRow]:
        """Matches that ended before ``before`` (their last move), oldest first."""
        rows = self._rows(f"SELECT {_COLUMNS} FROM br_matches WHERE to_move IS NULL "
                          "AND updated < ? ORDER BY updated LIMIT ?", (before, limit))
        return [_row(r) for r in rows]

    def delete(self, match_id: str) -> None:
        """Remove a match: its row, tokens, moves and snapshots."""
        with self._transaction() as run:
            for table, column in (("br_tokens", "match_id"), ("br_moves", "match_id"),
                                  ("br_snapshots", "match_id"), ("br_lifecycle", "match_id"),
                                  ("br_matches", "id")):
                run(f"DELETE FROM {table} WHERE {column} = ?", (match_id,))

    def resign(self, match_id: str, version: int, seat: int) -> bool:
        """End the match at ``version`` by ``seat``'s resignation; ``False`` (and nothing is
        stored) when it is over or has moved on. Other processes are told with
        ``version + 1``, which no move has: a wake-up for the watchers, not a move."""
        with self._transaction() as run:
            updated = run("UPDATE br_matches SET to_move = NULL, updated = ? "
                          "WHERE id = ? AND version = ? AND to_move IS NOT NULL",
                          (time.time(), match_id, version))
            if updated.rowcount != 1:
                return False
            if run("UPDATE br_lifecycle SET resigned = ? WHERE match_id = ?",
                   (seat, match_id)).rowcount != 1:
                run("INSERT INTO br_lifecycle (match_id, resigned) VALUES (?, ?)",
                    (match_id, seat))
            self._notify(run, match_id, version + 1)
        return True

    def lifecycle(self, match_id: str) -> tuple[int | None, str | None]:
        """The seat that resigned the match and its rematch's ID (``None`` for each not)."""
        rows = self._rows("SELECT resigned, rematch FROM br_lifecycle WHERE match_id = ?",
                          (match_id,))
        if not rows:
            return None, None
        found = rows[0]
        return (None if found[0] is None else int(found[0]),
                None if found[1] is None else str(found[1]))

    def set_rematch(self, match_id: str, rematch: str, version: int) -> str:
        """Record ``rematch`` as the match's rematch unless it has one; returns the one that
        stands (a concurrent request's, if it came first), and tells other processes."""
        try:
            with self._transaction() as run:
                found = run("SELECT rematch FROM br_lifecycle WHERE match_id = ?",
                            (match_id,)).fetchone()
                if found is None:
                    run("INSERT INTO br_lifecycle (match_id, rematch) VALUES (?, ?)",
                        (match_id, rematch))
                elif found[0] is None:
                    run("UPDATE br_lifecycle SET rematch = ? WHERE match_id = ? "
                        "AND rematch IS NULL", (rematch, match_id))
                else:
                    return str(found[0])
                self._notify(run, match_id, version + 1)
        except self._conflicts:
            pass  # another request inserted first: read what stands
        return self.lifecycle(match_id)[1] or rematch

    def ask_undo(self, match_id: str, seat: int, version: int, agreed: list[int]) -> None:
        """Record ``seat``'s request, at ``version``, to take back its last move (replacing
        any earlier one), and tell the watchers (with ``version + 1``, a wake-up)."""
        with self._transaction() as run:
            if run("UPDATE br_lifecycle SET undo_by = ?, undo_at = ?, undo_agreed = ? "
                   "WHERE match_id = ?", (seat, version, json.dumps(agreed), match_id)
                   ).rowcount != 1:
                run("INSERT INTO br_lifecycle (match_id, undo_by, undo_at, undo_agreed) "
                    "VALUES (?, ?, ?, ?)", (match_id, seat, version, json.dumps(agreed)))
            self._notify(run, match_id, version + 1)

    def undo_request(self, match_id: str) -> tuple[int, int, list[int]] | None:
        """The pending undo: who asked, at which version, who agreed; or ``None``."""
        rows = self._rows("SELECT undo_by, undo_at, undo_agreed FROM br_lifecycle "
                          "WHERE match_id = ? AND undo_by IS NOT NULL", (match_id,))
        if not rows:
            return None
        found = rows[0]
        return int(found[0]), int(found[1]), [int(s) for s in json.loads(found[2] or "[]")]

    def clear_undo(self, match_id: str, version: int) -> None:
        """Forget the pending undo (declined), and tell the watchers."""
        with self._transaction() as run:
            run("UPDATE br_lifecycle SET undo_by = NULL, undo_at = NULL, undo_agreed = NULL "
                "WHERE match_id = ?", (match_id,))
            self._notify(run, match_id, version + 1)

    def take_back(self, match_id: str, version: int, to: int, to_move: int | None) -> bool:
        """Take back moves ``to`` .. ``version - 1`` if the match is still at ``version``:
        the match is at ``to`` again, its later moves and snapshots gone, the undo request
        answered. Watchers are told with ``version + 1`` (a wake-up, not a version)."""
        with self._transaction() as run:
            updated = run("UPDATE br_matches SET version = ?, to_move = ?, updated = ? "
                          "WHERE id = ? AND version = ? AND to_move IS NOT NULL",
                          (to, to_move, time.time(), match_id, version))
            if updated.rowcount != 1:
                return False
            run("DELETE FROM br_moves WHERE match_id = ? AND move >= ?", (match_id, to))
            run("DELETE FROM br_snapshots WHERE match_id = ? AND move > ?", (match_id, to))
            run("UPDATE br_lifecycle SET undo_by = NULL, undo_at = NULL, undo_agreed = NULL "
                "WHERE match_id = ?", (match_id,))
            self._notify(run, match_id, version + 1)
        return True

    def set_timer(self, match_id: str, seconds: int, then: str) -> None:
        """Give a new match a turn timer: ``seconds`` per move, ``then`` at time-out."""
        with self._transaction() as run:
            run("INSERT INTO br_lifecycle (match_id, turn_seconds, on_timeout) "
                "VALUES (?, ?, ?)", (match_id, seconds, then))

    def timer(self, match_id: str) -> tuple[int, str] | None:
        """The match's turn timer (seconds, what happens at time-out), or ``None``."""
        found = self._rows("SELECT turn_seconds, on_timeout FROM br_lifecycle "
                           "WHERE match_id = ? AND turn_seconds IS NOT NULL", (match_id,))
        return (int(found[0][0]), str(found[0][1])) if found else None

    def timed_out(self, now: float, limit: int = 100) -> list[str]:
        """The matches not over whose seat to move has used up its turn timer at ``now``."""
        rows = self._rows("SELECT br_matches.id FROM br_matches JOIN br_lifecycle "
                          "ON br_lifecycle.match_id = br_matches.id "
                          "WHERE br_matches.to_move IS NOT NULL "
                          "AND br_lifecycle.turn_seconds IS NOT NULL "
                          "AND br_matches.updated + br_lifecycle.turn_seconds <= ? LIMIT ?",
                          (now, limit))
        return [str(r[0]) for r in rows]

    def count_live(self, since: float, client: str) -> tuple[int, int]:
        """How many matches are live (moved after ``since``): in all, and made by ``client``."""
        with self._transaction() as run:
            total = run("SELECT COUNT(*) FROM br_matches WHERE to_move IS NOT NULL "
                        "AND updated > ?", (since,)).fetchone()
            mine = run("SELECT COUNT(*) FROM br_matches WHERE to_move IS NOT NULL "
                       "AND updated > ? AND client = ?", (since, client)).fetchone()
        return int(total[0]), int(mine[0])


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
            # A commit never copies the log back into the database (which flushes the file
            # to disk, milliseconds on a busy disk) on the caller's thread — the event loop's,
            # for a quick store; a thread does it every CHECKPOINT_SECONDS from a connection
            # of its own, beside the writes (a passive checkpoint waits for nobody).
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
    def _transaction(self) -> Iterator[Callable[[str, Sequence[Any]], Any]]:
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn.execute
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")

    def _columns(self, run: Callable[[str, Sequence[Any]], Any], table: str) -> set[str]:
        return {str(r[1]) for r in run(f"PRAGMA table_info({table})", ()).fetchall()}

    def _notify(self, run: Callable[[str, Sequence[Any]], Any], match_id: str,
                version: int) -> None:
        return None  # one process per file: nobody else to tell

    def listen(self, callback: Callable[[str, int], None]) -> None:
        return None  # one process per file: no moves from elsewhere

    def close(self) -> None:
        self._closing.set()
        if self._checkpointer is not None:
            self._checkpointer.join(timeout=30)
        with self._lock:
            self._conn.close()  # the last connection: it checkpoints the whole log


class PostgresStore(Store):
    """PostgreSQL through psycopg 3: a small pool of connections and LISTEN/NOTIFY.

    Several server processes may share one database; each move is announced on a channel
    so every process pushes it to its own WebSocket clients.

    Each round trip to the database costs both sides CPU time, so the calls a move makes
    are one statement each where one suffices: the connections are in autocommit mode (a
    single statement needs no ``BEGIN`` and ``COMMIT`` of its own, which would be two more
    round trips), and a move is stored, its snapshot with it, and announced by one statement.
    Several statements that must hold together still run in a transaction.
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
            # A database that refuses the third connection (too many clients) must not
            # leave the first two open.
            self.close()
            raise

    def _connect(self) -> Any:
        # Autocommit: one statement is its own transaction; several are put in one by
        # ``conn.transaction()`` (an explicit BEGIN ... COMMIT).
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
    def _transaction(self) -> Iterator[Callable[[str, Sequence[Any]], Any]]:
        with self._connection() as conn, conn.transaction():
            cursor = conn.cursor()

            def run(sql: str, params: Sequence[Any]) -> Any:
                return cursor.execute(sql.replace("?", "%s"), params)

            yield run

    def _rows(self, sql: str, params: Sequence[Any]) -> list[Any]:
        with self._connection() as conn:
            return list(conn.execute(sql.replace("?", "%s"), params).fetchall())

    def append(self, match_id: str, version: int, action: str, events: str,
               to_move: int | None, state: str | None) -> bool:
        # One statement (atomic by itself): the version moves on only from ``version``, and
        # the move, the snapshot and the notification are made only from the row it moved.
        snapshot = ("" if state is None else
                    ", snapshot AS (INSERT INTO br_snapshots (match_id, move, state) "
                    "SELECT id, %s, %s FROM moved)")
        params: tuple[Any, ...] = (version + 1, to_move, time.time(), match_id, version,
                                   version, action, events)
        if state is not None:
            params += (version + 1, state)
        params += (CHANNEL, f"{match_id} {version + 1} {self._origin}")
        with self._connection() as conn:
            stored = conn.execute(
                "WITH moved AS (UPDATE br_matches SET version = %s, to_move = %s, updated = %s "
                "WHERE id = %s AND version = %s RETURNING id), "
                "move AS (INSERT INTO br_moves (match_id, move, action, events) "
                f"SELECT id, %s, %s, %s FROM moved){snapshot} "
                "SELECT pg_notify(%s, %s) FROM moved", params).fetchall()
        return len(stored) == 1

    def _columns(self, run: Callable[[str, Sequence[Any]], Any], table: str) -> set[str]:
        found = run("SELECT column_name FROM information_schema.columns "
                    "WHERE table_name = ? AND table_schema = current_schema()", (table,))
        return {str(r[0]) for r in found.fetchall()}

    def _notify(self, run: Callable[[str, Sequence[Any]], Any], match_id: str,
                version: int) -> None:
        run("SELECT pg_notify(?, ?)", (CHANNEL, f"{match_id} {version} {self._origin}"))

    def listen(self, callback: Callable[[str, int], None]) -> None:
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
                            match_id, version, *origin = note.payload.split(" ")
                            if origin != [self._origin]:  # another process's move
                                callback(match_id, int(version))
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
    """The store for ``db``: a ``postgresql://`` URL, or a SQLite file path (or ``:memory:``).

    ``sqlite:///path`` is accepted too.
    """
    if db.startswith(("postgresql://", "postgres://")):
        return PostgresStore(db)
    if db.startswith("sqlite:///"):
        db = db.removeprefix("sqlite:///")
    return SQLiteStore(db)
