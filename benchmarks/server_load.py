"""Load on ``boardrules serve`` over 127.0.0.1: many concurrent 7Я matches, person vs bot.

Each match has a scripted client for seat 0 (it waits on its WebSocket, then POSTs the first
legal move) and a bot on seat 1. When a match ends its client starts another, so the number
of concurrent matches stays constant for the whole run. Reported: moves played, errors (any
refusal or broken push), the p50 and p99 latency of a person's move (the POST, answered after
the move is stored) and of a bot's reply (from that answer to the push of the bot's move),
and, for a server started here, the CPU time it used (its worker processes and bot workers
included) per person's move, the bot's reply and the pushes included: a figure that a busy
shared machine disturbs far less than it disturbs latencies. Beside it, the CPU time per
person's move of the load's own processes (``client_cpu_ms_per_move``; with ``--hammer`` or
``--interleave``, the hammering clients and the bare moves are in it too) and, on a
PostgreSQL server running on this machine, of all its processes (``db_cpu_ms_per_move``):
where a move's CPU goes on a machine that runs all three.

Run by hand (never as a timed test)::

    python benchmarks/server_load.py --matches 200 --seconds 60
    python benchmarks/server_load.py --matches 1 --seconds 30 --hammer 4

``--flood N`` first has another client (another address, sent as ``X-Forwarded-For``, which the
server started here believes from 127.0.0.1) create N bot-only 7Я matches of two MCTS bots,
so the figures show whether one client's bots delay another's::

    python benchmarks/server_load.py --matches 1 --seconds 30 --flood 20

``--baseline`` runs, in the same invocation and with the same number of clients, a bare
Starlette endpoint on a SQLite file (it parses the JSON body and writes one row, nothing
else) and prints its figures beside the server's. Both run from the start, and the load
alternates between them in ``--rounds`` pairs of turns (``--seconds`` split evenly; by
default one pair per 3 seconds, at least 5), the server first in one pair and the bare
endpoint first in the next, so a shared machine whose other load changes during the run
weighs on both alike. Each pair gives a ratio, the server's move p50 over the bare
endpoint's in that pair; ``move_p50_vs_baseline`` is the median of these ratios, and
``ratio_rounds`` and ``ratio_spread`` (the lowest and highest) show how much one pair's
ratio moves. A burst of other load then spoils a pair or two, not the median, where one
pooled ratio (``move_p50_vs_baseline_pooled``, the p50 of all the server's moves over the
p50 of all the bare endpoint's) takes in whichever side the burst fell on. With many
matches, give each turn several seconds (``--rounds 3`` for 60 seconds at 200 matches): a
turn starts its matches afresh.

``--interleave`` pairs finer, move by move: there are no turns, and each client posts one
move to the bare endpoint right before each of its moves to the server, so both are
measured over the same seconds of the machine's life; the moves of each side, in order,
are cut into ``--rounds`` stretches of equal count, and each stretch gives a ratio as a pair
of turns does. With one match it also gives both the same rhythm: in turns, the bare
endpoint is posted to back to back, while the server's client waits for the bot's reply
between two moves; interleaved, each request reaches a process that has been idle for the
same while. With several matches the two loads then run at once, each weighing on the
other. ``--workers N`` starts the server with N processes (with ``--db postgresql://...``)::

    python benchmarks/server_load.py --matches 20 --seconds 30 --baseline
    python benchmarks/server_load.py --matches 1 --seconds 30 --baseline --interleave
    python benchmarks/server_load.py --matches 20 --seconds 30 --workers 2 --db postgresql://...

``--client-processes N`` splits the clients among N processes of their own, in turns and
alike for both sides. With 200 matches one client process is busier than the server (it
reads every update a match pushes, about 0.7 of a core against the server's 0.4), and a
move's latency is then mostly the time the clients' own event loop takes to get to it;
split, the figures measure the server more than its clients::

    python benchmarks/server_load.py --matches 200 --baseline --client-processes 2

``--hammer N`` adds N clients that loop, as fast as they are answered, on the requests that
need no token (each game's API schema and vocabulary, a match's picture); their requests are
counted as ``hammer_requests``.

It starts its own server on a free port with a SQLite file in a temporary directory, or
uses ``--url`` (then ``--db`` is ignored). ``tests/server/test_load.py`` runs a small one.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import multiprocessing.queues
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import attrs
import httpx2
from websockets.asyncio.client import connect


@attrs.define
class Result:
    """What a run measured."""

    matches: int
    seconds: float
    moves: int = 0
    finished: int = 0
    errors: list[str] = attrs.field(factory=list)
    move_ms: list[float] = attrs.field(factory=list)
    reply_ms: list[float] = attrs.field(factory=list)
    hammer_requests: int = 0
    #: CPU seconds the server (with its bot workers) used meanwhile; NaN when not measured.
    cpu_seconds: float = float("nan")
    #: CPU seconds the load's own processes used meanwhile (its clients).
    client_cpu_seconds: float = float("nan")
    #: CPU seconds the PostgreSQL server's processes used meanwhile (NaN: not measured).
    db_cpu_seconds: float = float("nan")

    def merge(self, other: Result) -> None:
        """Add the figures of a run of the same clients (another turn of the same load)."""
        self.seconds += other.seconds
        self.moves += other.moves
        self.finished += other.finished
        self.errors += other.errors
        self.move_ms += other.move_ms
        self.reply_ms += other.reply_ms
        self.hammer_requests += other.hammer_requests
        self.cpu_seconds = _add(self.cpu_seconds, other.cpu_seconds)
        self.client_cpu_seconds = _add(self.client_cpu_seconds, other.client_cpu_seconds)
        self.db_cpu_seconds = _add(self.db_cpu_seconds, other.db_cpu_seconds)

    def summary(self) -> dict[str, Any]:
        def pct(values: list[float], q: int) -> float:
            if len(values) < 2:
                return values[0] if values else float("nan")
            return statistics.quantiles(values, n=100, method="inclusive")[q - 1]

        return {
            "matches": self.matches, "seconds": self.seconds, "moves": self.moves,
            "finished": self.finished, "errors": len(self.errors),
            "move_p50_ms": round(pct(self.move_ms, 50), 1),
            "move_p99_ms": round(pct(self.move_ms, 99), 1),
            "reply_p50_ms": round(pct(self.reply_ms, 50), 1),
            "reply_p99_ms": round(pct(self.reply_ms, 99), 1),
            "moves_per_s": round(self.moves / self.seconds, 1),
            "hammer_requests": self.hammer_requests,
            "cpu_ms_per_move": round(1000 * self.cpu_seconds / max(self.moves, 1), 2),
            "client_cpu_ms_per_move": round(1000 * self.client_cpu_seconds
                                            / max(self.moves, 1), 2),
            **({} if self.db_cpu_seconds != self.db_cpu_seconds else {  # NaN: not measured
                "db_cpu_ms_per_move": round(1000 * self.db_cpu_seconds / max(self.moves, 1),
                                            2)}),
        }


def _add(one: float, other: float) -> float:
    """``one + other``, where NaN (nothing measured yet) adds nothing."""
    return other if one != one else one + other


async def _one_match(http: httpx2.AsyncClient, url: str, seed: int, result: Result,
                     stop: float, before: Callable[[], Awaitable[None]] | None = None) -> bool:
    """Play one match to its end (or to the deadline); ``False`` after an error.
    ``before`` (``--interleave``: one bare move) runs right before each move."""
    created = await http.post("/api/matches", json={
        "game": "semya", "seed": seed, "seats": ["human", "random"]})
    if created.status_code != 201:
        result.errors.append(f"create {created.status_code} {created.text[:200]}")
        return False
    match_id, token = created.json()["match"], created.json()["tokens"][0]
    live = url.replace("http://", "ws://") + f"/api/matches/{match_id}/live"
    headers = {"authorization": f"Bearer {token}"}
    moved_at: float | None = None
    async with connect(live, open_timeout=30) as socket_:
        await socket_.send(json.dumps({"token": token}))
        while time.monotonic() < stop:
            try:
                doc = json.loads(await asyncio.wait_for(socket_.recv(), 30))
            except TimeoutError:
                result.errors.append(f"no push for 30 s in {match_id}")
                return False
            if moved_at is not None and doc["to_move"] != 1:
                result.reply_ms.append(1000 * (time.perf_counter() - moved_at))
                moved_at = None
            if doc["over"]:
                result.finished += 1
                return True
            if doc["to_move"] != 0 or not doc["legal"]:
                continue
            if before is not None:
                await before()
            start = time.perf_counter()
            answer = await http.post(
                f"/api/matches/{match_id}/actions", headers=headers,
                json={"version": doc["version"], "action": doc["legal"][0]["action"]})
            moved_at = time.perf_counter()
            if answer.status_code != 200:
                result.errors.append(f"move {answer.status_code} {answer.text[:200]}")
                return False
            result.move_ms.append(1000 * (moved_at - start))
            result.moves += 1
            if answer.json()["to_move"] != 1:
                moved_at = None
    return True


async def _connections(stack: contextlib.AsyncExitStack, url: str, count: int,
                       headers: dict[str, str] | None = None) -> list[httpx2.AsyncClient]:
    """``count`` clients' HTTP connections to ``url`` (kept alive; closed with ``stack``),
    made before the clock starts: each scripted client has its own, to the server and to
    the bare endpoint alike. Not one pool shared by every client: that pool looks through
    all its connections at each request and at each answer (whether each has expired), so
    with 200 clients this, not the requests, took half of the clients' time. Plain HTTP
    to 127.0.0.1: no certificates are loaded (40 ms a client)."""
    limits = httpx2.Limits(max_connections=1, max_keepalive_connections=1, keepalive_expiry=30)
    return [await stack.enter_async_context(httpx2.AsyncClient(
        base_url=url, timeout=60, headers=headers, limits=limits, verify=False))
        for _ in range(count)]


async def _client(http: httpx2.AsyncClient, url: str, number: int, result: Result,
                  stop: float, bare: tuple[httpx2.AsyncClient, Result] | None = None) -> None:
    seed = number * 1_000_000
    version = 0

    async def bare_move() -> None:  # --interleave: one bare move before each of ours
        nonlocal version
        assert bare is not None
        bare[1].move_ms.append(await _bare_post(bare[0], number, version))
        bare[1].moves += 1
        version += 1

    while time.monotonic() < stop:
        try:
            if not await _one_match(http, url, seed, result, stop,
                                    None if bare is None else bare_move):
                return
        except Exception as error:  # any failure is counted, with its kind
            result.errors.append(f"{type(error).__name__}: {error}"[:200])
            return
        seed += 1


async def _hammer(url: str, number: int, result: Result, stop: float) -> None:
    """Loop on the requests that need no token until ``stop``."""
    async with httpx2.AsyncClient(base_url=url, timeout=60) as http:
        games = (await http.get("/api/games")).json()["games"]
        made = await http.post("/api/matches", json={"game": "semya",
                                                      "seats": ["human", "human"]})
        match_id = made.json()["match"]
        paths = [p for g in games for p in (f"/api/games/{g['game']}/schema/api",
                                            f"/api/games/{g['game']}/vocabulary")]
        paths += [f"/api/matches/{match_id}/picture?lang=en",
                  f"/api/matches/{match_id}/picture?lang=ru"]
        i = number
        while time.monotonic() < stop:
            answer = await http.get(paths[i % len(paths)])
            if answer.status_code != 200:
                result.errors.append(f"hammer {answer.status_code} {answer.text[:200]}")
                return
            result.hammer_requests += 1
            i += 1


def _hammer_process(url: str, clients: int, seconds: float,
                    out: multiprocessing.queues.Queue[tuple[int, list[str]]]) -> None:
    """The hammering clients, in a process of their own so that reading their large answers
    does not slow the measured clients' own event loop."""
    result = Result(0, seconds)

    async def run() -> None:
        stop = time.monotonic() + seconds
        await asyncio.gather(*(_hammer(url, n, result, stop) for n in range(clients)))

    asyncio.run(run())
    out.put((result.hammer_requests, result.errors))


async def _flood(url: str, matches: int) -> None:
    """Another client creates ``matches`` bot-only matches of two MCTS bots."""
    async with httpx2.AsyncClient(base_url=url, timeout=60,
                                  headers={"x-forwarded-for": "198.51.100.1"}) as http:
        for _ in range(matches):
            made = await http.post("/api/matches", json={"game": "semya",
                                                          "seats": ["mcts", "mcts"]})
            made.raise_for_status()


async def load(url: str, matches: int, seconds: float, hammer: int = 0, flood: int = 0,
               bare: tuple[str, Result] | None = None, first: int = 0) -> Result:
    """Run ``matches`` concurrent scripted clients against ``url`` for ``seconds``, with
    ``hammer`` clients (in another process) looping on token-less requests meanwhile;
    with ``bare`` (the bare endpoint's URL and a result), each client posts one bare move
    right before each of its moves."""
    result = Result(matches, seconds)
    hammering = None
    queue: multiprocessing.queues.Queue[tuple[int, list[str]]] = multiprocessing.Queue()
    if hammer:
        hammering = multiprocessing.Process(target=_hammer_process,
                                            args=(url, hammer, seconds + 1, queue))
        hammering.start()
        await asyncio.sleep(1)  # the hammering is under way before the first measured move
    if flood:
        await _flood(url, flood)
        await asyncio.sleep(1)  # the flood's bots are computing before the first measured move
    async with contextlib.AsyncExitStack() as stack:
        https = await _connections(stack, url, matches, {"x-forwarded-for": "198.51.100.2"})
        bares = await _connections(stack, bare[0], matches) if bare else [None] * matches
        stop = time.monotonic() + seconds
        await asyncio.gather(*(_client(http, url, n, result, stop,
                                       None if b is None or bare is None else (b, bare[1]))
                               for n, http, b in zip(range(first, first + matches), https,
                                                     bares, strict=True)))
    if hammering is not None:
        result.hammer_requests, errors = await asyncio.to_thread(queue.get, True, 120)
        result.errors += errors
        hammering.join()
    return result


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) a process and its descendants (worker processes with
    ``--workers``, bot workers) have used, read from ``/proc`` (Linux; NaN elsewhere or
    when a process is gone)."""
    ticks, todo = 0, [pid]
    while todo:
        one = todo.pop()
        try:
            fields = Path(f"/proc/{one}/stat").read_text().rpartition(")")[2].split()
            ticks += int(fields[11]) + int(fields[12])  # utime, stime
            for task in Path(f"/proc/{one}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
        except (OSError, ValueError, IndexError):
            if one == pid:
                return float("nan")
            # A descendant that ended meanwhile (a database backend closing, say).
    return ticks / os.sysconf("SC_CLK_TCK")


def _own_cpu_seconds() -> float:
    """The CPU time of this process and of its children that have ended (client processes)."""
    return sum(r.ru_utime + r.ru_stime for r in (resource.getrusage(resource.RUSAGE_SELF),
                                                 resource.getrusage(resource.RUSAGE_CHILDREN)))


def database_pid(db: str | None) -> int | None:
    """The process ID of the PostgreSQL server behind ``db`` (the parent of every backend,
    so :func:`cpu_seconds` of it is the whole database server's), when it runs on this
    machine; ``None`` for a SQLite file or a database elsewhere."""
    if db is None or not db.startswith(("postgresql://", "postgres://")):
        return None
    import psycopg

    try:
        with psycopg.connect(db) as conn:
            found = conn.execute("SELECT pg_backend_pid()").fetchone()
            if found is None:
                return None
            stat = Path(f"/proc/{found[0]}/stat").read_text()
    except (OSError, psycopg.Error):
        return None
    return int(stat.rpartition(")")[2].split()[1])  # the backend's parent


def measured(pid: int | None, run: Any, db_pid: int | None = None) -> Result:
    """``asyncio.run(run)``, with the CPU time ``pid`` used meanwhile when it is known, the
    load's own (this process and its client processes) and the database server's
    (``db_pid``, from :func:`database_pid`)."""
    before = float("nan") if pid is None else cpu_seconds(pid)
    db_before = float("nan") if db_pid is None else cpu_seconds(db_pid)
    own_before = _own_cpu_seconds()
    result: Result = asyncio.run(run)
    result.client_cpu_seconds = _own_cpu_seconds() - own_before
    if pid is not None:
        result.cpu_seconds = cpu_seconds(pid) - before
    if db_pid is not None:
        result.db_cpu_seconds = cpu_seconds(db_pid) - db_before
    return result


def paired_blocks(server: list[float], bare: list[float], blocks: int
                  ) -> list[tuple[float, float]]:
    """``--interleave``: the moves of each side in order of answer, cut into ``blocks``
    stretches of equal count; each stretch's move p50s (the server's, the bare endpoint's).

    >>> paired_blocks([4.0, 6.0, 9.0, 9.0], [2.0, 2.0, 3.0, 3.0, 7.0], 2)
    [(5.0, 2.0), (9.0, 3.0)]
    """
    count = min(len(server), len(bare))
    size = count // blocks if blocks > 0 else 0
    if size == 0:
        return [(statistics.median(server), statistics.median(bare))] if count else []
    return [(statistics.median(server[i * size:(i + 1) * size]),
             statistics.median(bare[i * size:(i + 1) * size])) for i in range(blocks)]


def ratio_figures(server: list[float], bare: list[float]) -> dict[str, Any]:
    """The ratios of paired turns' move p50s (the server's over the bare endpoint's): their
    median, every one in order, and the lowest and highest.

    >>> ratio_figures([3.0, 4.0, 9.0], [2.0, 2.0, 3.0])
    {'move_p50_vs_baseline': 2.0, 'ratio_rounds': [1.5, 2.0, 3.0], 'ratio_spread': [1.5, 3.0]}
    """
    if not server or len(server) != len(bare):
        raise ValueError("one bare turn for each of the server's, at least one")
    ratios = [a / b for a, b in zip(server, bare, strict=True)]
    return {"move_p50_vs_baseline": round(statistics.median(ratios), 2),
            "ratio_rounds": [round(r, 2) for r in ratios],
            "ratio_spread": [round(min(ratios), 2), round(max(ratios), 2)]}


def bare_app(db: str) -> Any:
    """The baseline: a Starlette endpoint that parses a JSON body and stores one SQLite row."""
    import sqlite3

    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse
    from starlette.routing import Route

    conn = sqlite3.connect(db, check_same_thread=False, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("CREATE TABLE IF NOT EXISTS moves (match TEXT, version INTEGER, body TEXT)")

    def store(match: str, version: int, body: str) -> None:
        conn.execute("INSERT INTO moves VALUES (?, ?, ?)", (match, version, body))

    async def move(request: Request) -> JSONResponse:
        doc = json.loads(await request.body())
        await asyncio.to_thread(store, request.path_params["match"], doc["version"],
                                json.dumps(doc["action"]))
        return JSONResponse({"version": doc["version"] + 1})

    return Starlette(routes=[Route("/move/{match}", move, methods=["POST"])])


async def _bare_post(http: httpx2.AsyncClient, number: int, version: int) -> float:
    """One move posted to the bare endpoint; its milliseconds."""
    start = time.perf_counter()
    answer = await http.post(f"/move/m{number}", json={
        "version": version, "action": {"type": "play_card", "card": "mercury-moon"}})
    if answer.status_code != 200:
        raise RuntimeError(f"bare {answer.status_code}")
    return 1000 * (time.perf_counter() - start)


async def _bare_client(http: httpx2.AsyncClient, number: int, result: Result,
                       stop: float) -> None:
    version = 0
    while time.monotonic() < stop:
        try:
            result.move_ms.append(await _bare_post(http, number, version))
        except RuntimeError as error:
            result.errors.append(str(error))
            return
        result.moves += 1
        version += 1


async def bare_load(url: str, matches: int, seconds: float, first: int = 0) -> Result:
    """``matches`` clients posting moves to the baseline endpoint as fast as answered."""
    result = Result(matches, seconds)
    async with contextlib.AsyncExitStack() as stack:
        https = await _connections(stack, url, matches)
        stop = time.monotonic() + seconds
        await asyncio.gather(*(_bare_client(http, n, result, stop)
                               for n, http in zip(range(first, first + matches), https,
                                                  strict=True)))
    return result


def _shard(bare: bool, url: str, first: int, matches: int, seconds: float,
           out: multiprocessing.queues.Queue[tuple[Any, ...]]) -> None:
    """Clients ``first .. first + matches - 1`` of a load, in a process of their own."""
    run = bare_load(url, matches, seconds, first) if bare else load(url, matches, seconds,
                                                                   first=first)
    result = asyncio.run(run)
    out.put((result.moves, result.finished, result.errors, result.move_ms, result.reply_ms))


async def sharded(bare: bool, url: str, matches: int, seconds: float, processes: int
                  ) -> Result:
    """``load`` (or ``bare_load``) with its clients split among ``processes`` client
    processes, so that the clients' own work (reading every update) is not what a move
    waits for."""
    queue: multiprocessing.queues.Queue[tuple[Any, ...]] = multiprocessing.Queue()
    share = [matches // processes + (k < matches % processes) for k in range(processes)]
    starts = [sum(share[:k]) for k in range(processes)]
    shards = [multiprocessing.Process(target=_shard,
                                      args=(bare, url, starts[k], share[k], seconds, queue))
              for k in range(processes) if share[k]]
    for shard in shards:
        shard.start()
    result = Result(matches, seconds)
    for _ in shards:
        moves, finished, errors, move_ms, reply_ms = await asyncio.to_thread(
            queue.get, True, seconds + 300)
        result.moves += moves
        result.finished += finished
        result.errors += errors
        result.move_ms += move_ms
        result.reply_ms += reply_ms
    for shard in shards:
        shard.join()
    return result


def start_bare(db: str, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    """The baseline endpoint in a process of its own (uvicorn, one process)."""
    port = free_port()
    code = ("import sys, uvicorn; sys.path.insert(0, sys.argv[1]); import server_load; "
            "uvicorn.run(server_load.bare_app(sys.argv[2]), host='127.0.0.1', "
            "port=int(sys.argv[3]), log_level='warning')")
    process = subprocess.Popen([sys.executable, "-c", code, str(Path(__file__).parent), db,
                                str(port)], stdout=subprocess.DEVNULL, stderr=log.open("ab"))
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return process, url
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError(log.read_text()[-2000:]) from None
            time.sleep(0.1)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(db: str, log: Path, *extra: str) -> tuple[subprocess.Popen[bytes], str]:
    """``boardrules serve`` on a free port, logging to ``log``; returns the process and its
    URL once it answers."""
    port = free_port()
    command = str(Path(sys.executable).parent / "boardrules")
    process = subprocess.Popen(
        [command, "serve", "--port", str(port), "--db", db, "--log-level", "warning",
         "--max-live-per-client", "100000", "--create-rate", "100000",
         "--max-connections-per-client", "100000", "--trusted-proxy", "127.0.0.1", *extra],
        stdout=subprocess.DEVNULL, stderr=log.open("ab"),
    )
    url = f"http://127.0.0.1:{port}"
    wait_until_answering(url, process, log, 30)
    return process, url


def wait_until_answering(url: str, process: subprocess.Popen[bytes], log: Path,
                         seconds: float) -> None:
    """Return once ``boardrules serve`` at ``url`` answers; ``RuntimeError`` with the end
    of its ``log`` if ``process`` ends or ``seconds`` pass first."""
    deadline = time.monotonic() + seconds
    while True:
        if process.poll() is not None:
            raise RuntimeError(log.read_text()[-2000:])
        try:
            with urllib.request.urlopen(url + "/api/games", timeout=5):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise RuntimeError(log.read_text()[-2000:]) from None
            time.sleep(0.1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--url", help="an already running server")
    parser.add_argument("--db", help="the server's --db (default: a temporary SQLite file)")
    parser.add_argument("--log", help="the server's log file (default: a temporary one)")
    parser.add_argument("--flood", type=int, default=0,
                        help="MCTS-only matches another client creates first")
    parser.add_argument("--bot-seconds", type=float, default=None,
                        help="the server's --bot-seconds")
    parser.add_argument("--workers", type=int, default=1, help="the server's --workers")
    parser.add_argument("--baseline", action="store_true",
                        help="also load a bare Starlette+SQLite endpoint, side by side")
    parser.add_argument("--rounds", type=int, default=None,
                        help="with --baseline: pairs of turns the load takes between the two "
                             "(default: one per 3 seconds, at least 5)")
    parser.add_argument("--interleave", action="store_true",
                        help="with --baseline: each client posts one bare move right before "
                             "each of its moves, instead of turns")
    parser.add_argument("--hammer", type=int, default=0,
                        help="clients looping on schemas, vocabularies and pictures")
    parser.add_argument("--client-processes", type=int, default=1,
                        help="split the clients among this many processes (in turns, and "
                             "without --baseline; not with --interleave, --hammer, --flood)")
    args = parser.parse_args(argv)
    if args.interleave and not args.baseline:
        parser.error("--interleave goes with --baseline")
    if args.client_processes < 1:
        parser.error("--client-processes must be at least 1")
    if args.client_processes > 1 and (args.interleave or args.hammer or args.flood):
        parser.error("--client-processes does not go with --interleave, --hammer or --flood")
    split = args.client_processes
    process = bare = None
    base: Result | None = None
    pairs: list[tuple[float, float]] = []  # each pair of turns' move p50s: server, bare
    with tempfile.TemporaryDirectory() as tmp:
        url = args.url
        if url is None:
            extra = [] if args.bot_seconds is None else ["--bot-seconds", str(args.bot_seconds)]
            if args.workers > 1:
                extra += ["--workers", str(args.workers)]
            process, url = start_server(args.db or str(Path(tmp) / "load.sqlite3"),
                                        Path(args.log or Path(tmp) / "server.log"), *extra)
        try:
            pid = None if process is None else process.pid
            db_pid = None if process is None else database_pid(args.db)
            if not args.baseline:
                result = measured(pid, load(url, args.matches, args.seconds, args.hammer,
                                            args.flood) if split == 1 else
                                  sharded(False, url, args.matches, args.seconds, split),
                                  db_pid)
            else:
                bare, bare_url = start_bare(str(Path(tmp) / "bare.sqlite3"),
                                            Path(tmp) / "bare.log")
                rounds = max(1, args.rounds if args.rounds is not None
                             else max(5, int(args.seconds // 3)))
                part = args.seconds / rounds
                result, base = Result(args.matches, 0.0), Result(args.matches, 0.0)
                if args.interleave:
                    base.seconds = args.seconds
                    bare_before = cpu_seconds(bare.pid)
                    result = measured(pid, load(url, args.matches, args.seconds, args.hammer,
                                                args.flood, (bare_url, base)), db_pid)
                    base.cpu_seconds = cpu_seconds(bare.pid) - bare_before
                    pairs += paired_blocks(result.move_ms, base.move_ms, rounds)
                # Else pairs of turns, who goes first alternating.
                for turn in range(0 if args.interleave else rounds):
                    def server_turn(first: bool = turn == 0) -> Result:
                        if split > 1:
                            return measured(pid, sharded(False, url, args.matches, part, split),
                                            db_pid)
                        return measured(pid, load(url, args.matches, part, args.hammer,
                                                  args.flood if first else 0), db_pid)

                    def bare_turn() -> Result:
                        if split > 1:
                            return measured(bare.pid, sharded(True, bare_url, args.matches,
                                                              part, split))
                        return measured(bare.pid, bare_load(bare_url, args.matches, part))

                    if turn % 2 == 0:
                        ours, theirs = server_turn(), bare_turn()
                    else:
                        theirs, ours = bare_turn(), server_turn()
                    if ours.move_ms and theirs.move_ms:  # a turn with no move gives no ratio
                        pairs.append((statistics.median(ours.move_ms),
                                      statistics.median(theirs.move_ms)))
                    result.merge(ours)
                    base.merge(theirs)
        finally:
            for started in (process, bare):
                if started is not None:
                    started.terminate()
                    started.wait(timeout=30)
    summary = result.summary()
    if base is not None:
        baseline = base.summary()
        summary["baseline"] = {k: baseline[k] for k in ("moves", "move_p50_ms", "move_p99_ms",
                                                        "moves_per_s", "errors",
                                                        "cpu_ms_per_move")}
        if pairs:
            summary.update(ratio_figures([a for a, _ in pairs], [b for _, b in pairs]))
        summary["move_p50_vs_baseline_pooled"] = round(summary["move_p50_ms"]
                                                       / baseline["move_p50_ms"], 2)
        result.errors += base.errors
    print(json.dumps(summary, indent=1))
    for error in result.errors[:10]:
        print("error:", error)
    return 1 if result.errors else 0


if __name__ == "__main__":
    sys.exit(main())
