"""The content routes: each game's catalogue (every card, character and content item with its
data, by the ids the views use), cacheable by browsers and proxies.

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
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from boardrules import serde
from boardrules.core.capabilities import HasCatalogue
from boardrules.server.inputs import Refusal
from boardrules.server.matches import Matches
from boardrules.server.payloads import encode_json
from boardrules.server.pushes import Memo

__all__ = ["ContentRoutes", "cacheable", "content_document", "etag"]

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


class ContentRoutes:
    """The handlers of the content routes over :class:`Matches`; each raises
    :class:`Refusal` for the web layer to answer."""

    def __init__(self, matches: Matches) -> None:
        self.matches = matches
        self._bodies: Memo[tuple[bytes, str]] = Memo(256)

    def _body(self, name: str, options: str) -> tuple[bytes, str]:
        found = self._bodies.get((name, options))
        if found is None:
            body = encode_json(content_document(self.matches.game(name, options))).encode()
            found = (body, etag(body))
            self._bodies.put((name, options), found)
        return found

    async def game_content(self, request: Request) -> Response:
        """``GET /api/games/{game}/content``."""
        name = request.path_params["game"]
        if name not in self.matches.names:
            raise Refusal(404, "unknown_game", f"no game named {name!r:.40}")
        body, tag = await asyncio.to_thread(self._body, name, "{}")
        return cacheable(request, body, tag)

    async def match_content(self, request: Request) -> Response:
        """``GET /api/matches/{id}/content``: the catalogue of the match's own game."""
        row = await asyncio.to_thread(self.matches.row, request.path_params["match_id"])
        name, options = row.game, row.options
        body, tag = await asyncio.to_thread(self._body, name, options)
        return cacheable(request, body, tag)
