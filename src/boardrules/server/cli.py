"""``boardrules serve``: run the match server (registered in ``boardrules.cli``).

This module imports only typer at load time, so the rest of the command line works without
the ``server`` extra; ``serve`` itself says which extra it needs when Starlette is missing.
"""

from __future__ import annotations

import ipaddress
import sys
from pathlib import Path
from typing import Annotated

import typer

__all__ = ["serve"]


def _fail(message: str) -> typer.Exit:
    sys.stderr.write(f"boardrules serve: {message}\n")
    return typer.Exit(2)


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.", min=0, max=65535)] = 8000,
    db: Annotated[str, typer.Option(
        help="A SQLite file, or a postgresql:// URL (several servers may share one).")
    ] = "boardrules-matches.sqlite3",
    workers: Annotated[int, typer.Option(
        help="Server processes on one port (above 1 needs a postgresql:// --db).", min=1,
        max=64)] = 1,
    bot_workers: Annotated[int, typer.Option(help="Processes for bot moves (per worker).",
                                             min=1)] = 2,
    bot_seconds: Annotated[float, typer.Option(
        help="Time budget of one bot move, in seconds.", min=0.05)] = 2.0,
    bot_share: Annotated[float, typer.Option(
        help="Bot seconds per second one client's matches may use before its bots wait "
             "behind other clients'.", min=0.01)] = 1.0,
    max_body: Annotated[int, typer.Option(help="Largest request body, bytes.", min=256)
                        ] = 64 * 1024,
    body_seconds: Annotated[float, typer.Option(
        help="Seconds a request's body may take to arrive after its headers.", min=0.1)
    ] = 10.0,
    max_live: Annotated[int, typer.Option(help="Live matches on the server.", min=1)
                        ] = 10_000,
    max_live_per_client: Annotated[int, typer.Option(
        help="Live matches one address may have made (with those it resigned lately).",
        min=1)] = 200,
    create_rate: Annotated[int, typer.Option(
        help="Matches one address may make in any minute.", min=1)] = 30,
    allow_origin: Annotated[list[str] | None, typer.Option(
        help="A web origin whose pages may call the API, like http://localhost:5173 "
             "(repeat for several).")] = None,
    log_level: Annotated[str, typer.Option(help="debug, info, warning or error.")] = "info",
    max_connections: Annotated[int, typer.Option(
        help="Connections the process holds at once, HTTP and WebSocket (beyond: 503).",
        min=1)] = 1000,
    max_connections_per_client: Annotated[int | None, typer.Option(
        help="Connections, requests and WebSockets one address may hold at once (beyond: "
             "503 for it alone); default a tenth of --max-connections.", min=1)] = None,
    header_seconds: Annotated[float, typer.Option(
        help="Seconds a client has to send a request's headers.", min=0.1)] = 10.0,
    allowed_host: Annotated[list[str] | None, typer.Option(
        help="A Host name to answer besides the loopback names, like games.example.org "
             "(repeat for several; when --host is not loopback, any Host is answered unless "
             "this is given).")] = None,
    trusted_proxy: Annotated[list[str] | None, typer.Option(
        help="An address of a reverse proxy whose X-Forwarded-For is believed (repeat for "
             "several); none by default.")] = None,
    keep_finished: Annotated[float, typer.Option(
        help="Days a finished match is kept after its last move (0: forever).", min=0)
    ] = 30.0,
    keep_abandoned: Annotated[float, typer.Option(
        help="Hours a match not over is kept with no move (0: forever).", min=0)] = 24.0,
    export_finished: Annotated[str | None, typer.Option(
        help="A directory where each finished or abandoned match's record is written "
             "before it is removed.")] = None,
    metrics_port: Annotated[int | None, typer.Option(
        help="Answer Prometheus's GET /metrics on this port (off by default).", min=1,
        max=65535)] = None,
    metrics_host: Annotated[str, typer.Option(
        help="The address --metrics-port listens on.")] = "127.0.0.1",
) -> None:
    """Serve matches to front-ends: JSON over HTTP, a WebSocket per seat, and the page."""
    try:
        from boardrules.server.matches import Limits
        from boardrules.server.net import LOOPBACK_HOSTS, is_loopback
        from boardrules.server.run import Settings, run
        from boardrules.server.store import open_store
    except ImportError as missing:
        raise _fail(f"needs the server extra: pip install 'boardrules[server]' ({missing})"
                    ) from None
    if log_level not in ("debug", "info", "warning", "error"):
        raise _fail("--log-level is debug, info, warning or error")
    hosts = frozenset(h.strip().lower() for h in allowed_host or ())
    for name in hosts:
        if not name or "/" in name or " " in name:
            raise _fail(f"--allowed-host is a name like games.example.org, not {name!r:.60}")
    if is_loopback(host):
        allowed_hosts: frozenset[str] | None = LOOPBACK_HOSTS | hosts
    else:
        allowed_hosts = hosts or None
    proxies = tuple(trusted_proxy or ())
    for proxy in proxies:
        try:
            ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            raise _fail(f"--trusted-proxy is an address like 127.0.0.1, not {proxy!r:.60}"
                        ) from None
    export_dir = None if export_finished is None else Path(export_finished)
    if export_dir is not None and export_dir.exists() and not export_dir.is_dir():
        raise _fail(f"--export-finished {export_finished!r:.60} is not a directory")
    origins = tuple(allow_origin or ())
    for origin in origins:
        if not origin.startswith(("http://", "https://")) or origin.endswith("/"):
            raise _fail(f"--allow-origin is like http://localhost:5173, not {origin!r:.60}")
    if workers > 1 and not db.startswith(("postgresql://", "postgres://")):
        raise _fail("--workers above 1 needs a postgresql:// --db: a SQLite file is for one "
                    "process")
    try:
        open_store(db).close()  # here, so a database that cannot be opened is one line
    except Exception as error:  # any reason the database cannot be opened, in one line
        raise _fail(f"cannot open --db {db.split('@')[-1]!r}: {error}".splitlines()[0]
                    ) from None
    limits = Limits(max_body=max_body, body_seconds=body_seconds, max_live=max_live,
                    max_live_per_client=max_live_per_client, creations_per_minute=create_rate,
                    client_connections=max_connections_per_client or max(
                        1, max_connections // 10), keep_abandoned_hours=keep_abandoned,
                    keep_finished_days=keep_finished, bot_seconds=bot_seconds,
                    bot_workers=bot_workers, bot_share=bot_share)
    settings = Settings(
        host=host, port=port, db=db, limits=limits, origins=origins,
        allowed_hosts=allowed_hosts, proxies=proxies,
        export_dir=None if export_dir is None else str(export_dir),
        header_seconds=header_seconds, max_connections=max_connections, log_level=log_level,
        workers=workers, metrics_port=metrics_port, metrics_host=metrics_host)
    where = db.split("@")[-1]
    many = f", {workers} workers" if workers > 1 else ""
    sys.stderr.write(f"boardrules serve: http://{host}:{port}/ (matches in {where}{many})\n")
    raise typer.Exit(run(settings))
