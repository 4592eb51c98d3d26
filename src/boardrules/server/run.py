"""Running the server: one process, or ``--workers N`` processes on one listening socket.

With several workers the parent binds the socket, starts N worker processes (each its own
event loop, bot pool and PostgreSQL connections; moves reach every worker's WebSockets by
``LISTEN/NOTIFY``), restarts a worker that dies, and on ``SIGTERM`` or ``SIGINT`` stops them
all gracefully. Workers die with the parent, ``kill -9`` included, as bot workers do.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import shutil
import signal
import socket
import sys
import threading
import time
from pathlib import Path
from typing import Any

import attrs
import uvicorn

from boardrules.server import metrics
from boardrules.server.app import make_app
from boardrules.server.bots import die_with_parent
from boardrules.server.matches import Limits
from boardrules.server.net import NoTokens, guarded_protocol
from boardrules.server.store import open_store

__all__ = ["Settings", "run"]

log = logging.getLogger("boardrules.server")


@attrs.frozen
class Settings:
    """Everything ``boardrules serve`` was told, checked: plain values a worker process can
    receive."""

    host: str
    port: int
    db: str
    limits: Limits
    origins: tuple[str, ...] = ()
    allowed_hosts: frozenset[str] | None = None
    proxies: tuple[str, ...] = ()
    export_dir: str | None = None
    header_seconds: float = 10.0
    max_connections: int = 1000
    log_level: str = "info"
    workers: int = 1
    #: Where ``/metrics`` is answered (``None``: nowhere).
    metrics_port: int | None = None
    metrics_host: str = "127.0.0.1"


def _logging(level: str) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(message)s"))
    handler.addFilter(NoTokens())  # on the handler: it sees every logger's lines
    logging.basicConfig(level=level.upper(), handlers=[handler], force=True)


def _config(settings: Settings, app: Any) -> uvicorn.Config:
    # Idle connections are kept longer than clients keep theirs (none is reused as it
    # closes); uvicorn logs through _logging's filter; no per-message deflate, so the sockets
    # of one view all send the one text built for it (deflate would compress it for each).
    return uvicorn.Config(
        app, host=settings.host, port=settings.port, log_level=settings.log_level,
        access_log=False, log_config=None, timeout_graceful_shutdown=10,
        timeout_keep_alive=65, ws_max_size=max(settings.limits.max_body, 4096),
        ws_per_message_deflate=False,
        http=guarded_protocol(settings.header_seconds, settings.max_connections,
                              settings.limits.client_connections, settings.proxies),
        proxy_headers=bool(settings.proxies),
        forwarded_allow_ips=list(settings.proxies) or None)


def _serve(settings: Settings, sock: socket.socket | None) -> None:
    """One server process: the store, the app, the bot pool, uvicorn."""
    _logging(settings.log_level)
    if settings.metrics_port is not None and settings.workers <= 1:
        metrics.serve(settings.metrics_host, settings.metrics_port)
    store = open_store(settings.db)
    app, server = make_app(
        store, settings.limits, allow_origins=settings.origins,
        allowed_hosts=settings.allowed_hosts,
        export_dir=None if settings.export_dir is None else Path(settings.export_dir))
    server.bots.start()
    uvicorn.Server(_config(settings, app)).run(sockets=None if sock is None else [sock])


def _worker(settings: Settings, sock: socket.socket, parent: int) -> None:
    die_with_parent(parent)
    _serve(settings, sock)


def run(settings: Settings) -> int:
    """Serve until stopped; returns the exit status."""
    if settings.workers <= 1:
        _serve(settings, None)
        return 0
    _logging(settings.log_level)
    sock = socket.create_server((settings.host, settings.port), backlog=2048, family=(
        socket.AF_INET6 if ":" in settings.host else socket.AF_INET))
    sock.set_inheritable(True)
    if settings.metrics_port is not None:  # the workers' figures, summed here
        folder = metrics.multiprocess_dir()
        metrics.serve(settings.metrics_host, settings.metrics_port)
    context = multiprocessing.get_context("spawn")
    parent = os.getpid()
    stop = threading.Event()

    def start() -> Any:
        process = context.Process(target=_worker, args=(settings, sock, parent),
                                  name="boardrules-worker")
        process.start()
        return process

    def stopping(signum: int, frame: object) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, stopping)
    signal.signal(signal.SIGINT, stopping)
    workers = [start() for _ in range(settings.workers)]
    log.info("started %d workers", len(workers))
    while not stop.wait(0.2):
        for i, process in enumerate(workers):
            if not process.is_alive():
                log.warning("worker %d exited with %s; it is restarted", process.pid,
                            process.exitcode)
                metrics.worker_died(process.pid or 0)
                time.sleep(0.5)
                workers[i] = start()
    for process in workers:
        if process.is_alive() and process.pid is not None:
            os.kill(process.pid, signal.SIGTERM)
    deadline = time.monotonic() + 20
    for process in workers:
        process.join(max(0.1, deadline - time.monotonic()))
        if process.is_alive():
            process.kill()
            process.join()
    sock.close()
    if settings.metrics_port is not None:
        shutil.rmtree(folder, ignore_errors=True)
    sys.stderr.write("boardrules serve: every worker stopped\n")
    return 0
