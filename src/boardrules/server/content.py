"""Documents that do not change: each game's catalogue (every card, character and content
item with its data, by the ids the views use), cacheable by browsers and proxies, and the
others the server computes once (the games, vocabularies, schemas, the OpenAPI document).

``GET /api/games/{game}/content`` is the catalogue of the game with its default options,
``GET /api/matches/{id}/content`` the catalogue of the game a match is played with (a custom
7Я deck or Lyceum content gives its own). Both are computed once per process and carry an
``ETag``; a request whose ``If-None-Match`` names it gets ``304 Not Modified`` with no body.

>>> etag(b"{}")
'"44136fa355b3678a1146ad16f7e8649e"'
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from boardrules import serde
from boardrules.core.capabilities import HasCatalogue
from boardrules.server.inputs import Refusal
from boardrules.server.payloads import encode_json
from boardrules.server.pushes import Memo

__all__ = ["Documents", "cacheable", "content_document", "etag"]

#: How long a browser may reuse a catalogue without asking (it changes only with a new
#: version of the server or of a game's content).
MAX_AGE = 3600


def etag(body: bytes) -> str:
    """The strong entity tag of ``body``: a quoted prefix of its SHA-256."""
    return '"' + hashlib.sha256(body).hexdigest()[:32] + '"'


def cacheable(request: Request, body: bytes, tag: str) -> Response:
    """``body`` as a cacheable JSON answer, or ``304`` when the client holds ``tag``."""
    headers = {"etag": tag, "cache-control": f"public, max-age={MAX_AGE}"}
    wanted = request.headers.get("if-none-match", "")
    if tag in (t.strip() for t in wanted.split(",")) or wanted.strip() == "*":
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


def content_document(game: Any) -> dict[str, Any]:
    """The content answer for ``game``: its name and its catalogue as JSON."""
    name: str = game.name
    if not isinstance(game, HasCatalogue):
        raise Refusal(404, "no_content", f"{name} has no content catalogue")
    return {"game": name, **serde.to_dict(game.catalogue())}


class Documents:
    """Answers computed once per process (up to a bound), then sent as they are; with an
    ``ETag`` (and ``304`` when the client holds it) where they may be cached."""

    def __init__(self) -> None:
        self._kept: Memo[tuple[bytes, str]] = Memo(256)

    async def answer(self, request: Request, key: tuple[str, ...], make: Callable[[], Any],
                     cached: bool = True) -> Response:
        """The answer under ``key``, made by ``make()`` (in a worker thread) the first time."""
        found = self._kept.get(key)
        if found is None:
            body = await asyncio.to_thread(lambda: encode_json(make()).encode("utf-8"))
            found = (body, etag(body))
            self._kept.put(key, found)
        if cached:
            return cacheable(request, *found)
        return Response(found[0], media_type="application/json")
