"""``boardrules serve``: a match server for front-ends (extra ``server``).

Matches are stored in a SQLite file (the default) or PostgreSQL, as records plus snapshots,
in transactions: a restarted server continues every match. Seats are people (each with a
secret token, stored hashed) or bots (computed in a process pool with a time budget per
move); spectators see what no seat hides. Every answer and every WebSocket push for a seat is
built from ``game.view`` and ``game.view_events`` only.

See the how-to "Serve matches to front-ends" and the reference page "boardrules.server".
"""

from __future__ import annotations

import importlib
from typing import Any

_HOMES = {
    "Server": "app", "make_app": "app",
    "Limits": "matches", "Matches": "matches", "Refusal": "inputs",
    "MatchRow": "store", "PostgresStore": "store", "SQLiteStore": "store", "Store": "store",
    "open_store": "store",
}

__all__ = [
    "Limits", "MatchRow", "Matches", "PostgresStore", "Refusal", "SQLiteStore", "Server", "Store",
    "make_app", "open_store"
]


def __getattr__(name: str) -> Any:
    """Import the submodules lazily, so ``boardrules serve --help`` needs no Starlette."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'boardrules.server' has no attribute {name!r}")
    return getattr(importlib.import_module(f"boardrules.server.{home}"), name)
