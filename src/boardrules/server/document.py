"""Print the OpenAPI document that ``boardrules serve`` answers, without starting a server:
``python -m boardrules.server.document > openapi.json`` (the TypeScript client's build runs
it).
"""

from __future__ import annotations

import json
import sys
from typing import Any

import boardrules
from boardrules.server.app import make_app
from boardrules.server.openapi import openapi_document
from boardrules.server.store import open_store

__all__ = ["served_document"]


def served_document() -> dict[str, Any]:
    """The document ``boardrules serve`` answers (its routes, every registered game)."""
    store = open_store(":memory:")  # the routes need a store, never its matches
    try:
        app, server = make_app(store)
        games = {n: server.matches.game(n) for n in sorted(server.matches.names)}
        return openapi_document(app.routes, games, boardrules.__version__)
    finally:
        store.close()


if __name__ == "__main__":
    sys.stdout.write(json.dumps(served_document(), ensure_ascii=False, indent=1) + "\n")
