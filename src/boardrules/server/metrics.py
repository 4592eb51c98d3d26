"""What ``boardrules serve --metrics-port PORT`` shows operators, kept by prometheus-client.

With ``--workers N`` each worker writes its figures to files in a directory of the parent's
(the library's multiprocess mode, :func:`multiprocess_dir`), and the parent serves their sums.
"""

from __future__ import annotations

import os
import tempfile

from prometheus_client import (
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    start_http_server,
)
from prometheus_client import multiprocess as _multiprocess

__all__ = [
    "BOT_QUEUE", "BOT_WAIT", "ERRORS", "MOVES", "OPEN_MATCHES", "REQUESTS", "WEBSOCKETS",
    "multiprocess_dir", "serve", "worker_died",
]

_DIR = "PROMETHEUS_MULTIPROC_DIR"  # the library's own setting

REQUESTS = Counter("boardrules_requests", "HTTP requests answered, by route and status.",
                   ["route", "status"])
MOVES = Counter("boardrules_moves", "Moves stored, by who made them: a person, a bot, or "
                "the turn timer.", ["by"])
ERRORS = Counter("boardrules_errors", "Unexpected errors, each also logged with its "
                 "traceback: in a request (answered 500), a match's bots, the timers or the "
                 "removal of old matches.", ["where"])
BOT_QUEUE = Gauge("boardrules_bot_queue", "Bot moves waiting for a bot worker.",
                  multiprocess_mode="livesum")
BOT_WAIT = Histogram("boardrules_bot_wait_seconds", "How long a bot move waited for a bot "
                     "worker (its time budget starts after).")
WEBSOCKETS = Gauge("boardrules_websockets", "Open WebSockets.", multiprocess_mode="livesum")
OPEN_MATCHES = Gauge("boardrules_open_matches", "Matches not over that moved in the last "
                     "--keep-abandoned hours, as last counted (every 10 seconds).",
                     multiprocess_mode="mostrecent")


def multiprocess_dir() -> str:
    """Make a directory for the workers' figures and name it in the environment the
    workers inherit (call before starting them)."""
    folder = tempfile.mkdtemp(prefix="boardrules-metrics-")
    os.environ[_DIR] = folder
    return folder


def worker_died(pid: int) -> None:
    """Forget the live gauges of a worker that exited."""
    if _DIR in os.environ:
        _multiprocess.mark_process_dead(pid)  # type: ignore[no-untyped-call]  # unannotated


def serve(host: str, port: int) -> None:
    """Answer ``GET /metrics`` on ``host:port`` from a thread of this process: this
    process's figures, or with :func:`multiprocess_dir` the sum of its workers'."""
    registry = REGISTRY
    if _DIR in os.environ:
        registry = CollectorRegistry()
        _multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]  # same
    start_http_server(port, host, registry=registry)
