"""Requests that need no token never stall the event loop (issue 21): schemas, vocabularies and
the game list are computed once per process and pictures once per move, all off the loop.

The measure is the CPU time of the server's main thread — the one that runs the event loop —
per hammering request, read from ``/proc``: on a busy machine wall-clock times vary, but the
loop's own CPU time per request does not. Before the fix each of these requests scanned the
installed entry points on the loop (20-35 ms each); the move latency this costs is measured by
``benchmarks/server_load.py --hammer`` (docs/explanation/performance.md).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

import boardrules
from boardrules import serde

from .conftest import ServerProcess, api

_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _thread_cpu(pid: int, tid: int) -> float:
    """Seconds of CPU the thread ``tid`` of ``pid`` has used (user + system)."""
    fields = Path(f"/proc/{pid}/task/{tid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / _TICK


def test_hammering_tokenless_requests_costs_the_loop_little(
    tmp_path: Path, serve: Callable[..., ServerProcess], needs_proc: Path
) -> None:
    server = serve(str(tmp_path / "m.sqlite3"))
    _, made = api("POST", f"{server.url}/api/matches",
                  {"game": "orbita", "seats": ["human", "human", "human", "human"]})
    match, token = made["match"], made["tokens"][0]
    paths = [f"/api/games/{name}/schema/api" for name in boardrules.game_names()] + [
        f"/api/games/{name}/vocabulary" for name in boardrules.game_names()] + [
        f"/api/matches/{match}/picture?lang=en", f"/api/matches/{match}/picture?lang=ru",
        "/api/games"]
    for path in paths:  # the first of each may compute (off the loop); the rest are the test
        assert api("GET", server.url + path)[0] == 200
    status, picture = api("GET", f"{server.url}/api/matches/{match}/picture?lang=en",
                          token=token)
    assert status == 200
    game = boardrules.load("orbita")
    _, payload = api("GET", f"{server.url}/api/matches/{match}", token=token)
    view = serde.from_dict(payload["view"], game.state_type, game=game)
    assert picture["svg"] == game.render_svg(view, 0, "en"), "the seat's own picture"

    count = [0, 0, 0, 0]
    stop = threading.Event()

    def hammer(client: int) -> None:
        i = client
        while not stop.is_set():
            assert api("GET", server.url + paths[i % len(paths)])[0] == 200
            count[client] += 1
            i += 1

    pid = server.process.pid
    before = _thread_cpu(pid, pid)
    clients = [threading.Thread(target=hammer, args=(c,)) for c in range(4)]
    for client in clients:
        client.start()
    time.sleep(6)
    stop.set()
    for client in clients:
        client.join()
    loop_seconds = _thread_cpu(pid, pid) - before
    requests = sum(count)
    assert requests >= 100, f"only {requests} requests in 6 s"
    per_request = loop_seconds / requests
    # An HTTP request costs the loop a fraction of a millisecond (parsing, routing, sending);
    # an entry-point scan or a schema build on the loop costs 20 ms or more.
    assert per_request < 0.003, (
        f"{1000 * per_request:.1f} ms of loop CPU per request over {requests} requests")
