"""``boardrules serve``: run the match server (registered in ``boardrules.cli``).

This module imports only typer at load time, so the rest of the command line works without
the ``server`` extra; ``serve`` itself says which extra it needs when Starlette is missing.
"""

from __future__ import annotations

import logging
import sys
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
    bot_workers: Annotated[int, typer.Option(help="Processes for bot moves.", min=1)] = 2,
    bot_seconds: Annotated[float, typer.Option(
        help="Time budget of one bot move, in seconds.", min=0.05)] = 2.0,
    max_body: Annotated[int, typer.Option(help="Largest request body, bytes.", min=256)
                        ] = 64 * 1024,
    max_live: Annotated[int, typer.Option(help="Live matches on the server.", min=1)
                        ] = 10_000,
    max_live_per_client: Annotated[int, typer.Option(
        help="Live matches one address may create.", min=1)] = 200,
    allow_origin: Annotated[list[str] | None, typer.Option(
        help="A web origin whose pages may call the API, like http://localhost:5173 "
             "(repeat for several).")] = None,
    log_level: Annotated[str, typer.Option(help="debug, info, warning or error.")] = "info",
) -> None:
    """Serve matches to front-ends: JSON over HTTP, a WebSocket per seat, and the page."""
    try:
        import uvicorn

        from boardrules.server.app import make_app
        from boardrules.server.matches import Limits
        from boardrules.server.store import open_store
    except ImportError as missing:
        raise _fail(f"needs the server extra: pip install 'boardrules[server]' ({missing})"
                    ) from None
    if log_level not in ("debug", "info", "warning", "error"):
        raise _fail("--log-level is debug, info, warning or error")
    origins = tuple(allow_origin or ())
    for origin in origins:
        if not origin.startswith(("http://", "https://")) or origin.endswith("/"):
            raise _fail(f"--allow-origin is like http://localhost:5173, not {origin!r:.60}")
    try:
        store = open_store(db)
    except Exception as error:  # any reason the database cannot be opened, in one line
        raise _fail(f"cannot open --db {db.split('@')[-1]!r}: {error}".splitlines()[0]
                    ) from None
    limits = Limits(max_body=max_body, max_live=max_live,
                    max_live_per_client=max_live_per_client, bot_seconds=bot_seconds,
                    bot_workers=bot_workers)
    app, _ = make_app(store, limits, allow_origins=origins)
    logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(name)s %(message)s")
    sys.stderr.write(f"boardrules serve: http://{host}:{port}/ (matches in {db.split('@')[-1]})\n")
    # Idle connections are kept a minute, longer than browsers and client libraries keep
    # theirs, so a client never sends a request on a connection the server is closing.
    uvicorn.run(app, host=host, port=port, log_level=log_level, access_log=False,
                timeout_graceful_shutdown=10, timeout_keep_alive=65,
                ws_max_size=max(max_body, 4096))
