"""What the server reads from its clients, read strictly (``serde.from_json``: no duplicate or
unknown keys, no ``NaN``, nothing coerced, sizes bounded), and how it refuses: a
:class:`Refusal` with the HTTP status, a machine code, the JSON path and a sentence.

>>> bearer("Bearer abc")
'abc'
>>> bearer(None) is None
True
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from typing import Any

import attrs

from boardrules import serde
from boardrules.core.codec import INT_LIMIT
from boardrules.core.errors import BadInput
from boardrules.core.frozen import FrozenMap
from boardrules.server.store import Timer

__all__ = [
    "MAX_TURN_SECONDS", "ActionRequest", "CreateRequest", "Hello", "JoinRequest", "Refusal",
    "UndoAnswer", "UndoRequest", "bearer", "hash_token", "parse",
    "parse_action_request"
]

#: The longest turn timer, in seconds (a day).
MAX_TURN_SECONDS = 86_400


class Refusal(Exception):
    """A request the server refuses: status, code, JSON path, a reason, more fields for the
    answer's body and headers for the answer."""

    def __init__(self, status: int, code: str, reason: str, path: str = "$",
                 extra: dict[str, Any] | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(f"{status} {code}: {reason}")
        self.status = status
        self.code = code
        self.reason = reason
        self.path = path
        self.extra = extra or {}
        self.headers = headers or {}

    def body(self) -> dict[str, Any]:
        """The JSON answer."""
        return {"error": self.code, "path": self.path, "reason": self.reason, **self.extra}


@attrs.frozen
class CreateRequest:
    """The body of ``POST /api/matches``."""

    game: str
    seats: tuple[str, ...]
    seed: int | None = None
    setup: FrozenMap[str, Any] = attrs.field(factory=FrozenMap)
    options: FrozenMap[str, Any] = attrs.field(factory=FrozenMap)
    timer: Timer | None = None


@attrs.frozen
class ActionRequest:
    """The body of ``POST /api/matches/{id}/actions``: the version the client saw and a move."""

    version: int
    action: Any


@attrs.frozen
class UndoRequest:
    """The body of ``POST /api/matches/{id}/undo``: the version the seat saw."""

    version: int


@attrs.frozen
class UndoAnswer:
    """The body of ``POST /api/matches/{id}/undo/answer``: yes or no."""

    agree: bool


@attrs.frozen
class JoinRequest:
    """The body of ``POST /api/matches/{id}/join``."""

    seat: int


@attrs.frozen
class Hello:
    """The first WebSocket message: the seat's token (none for a spectator) and, optionally,
    the version the client already holds, to receive the events after it."""

    token: str | None = None
    since: int | None = None


def hash_token(token: str) -> str:
    """The stored digest of a seat token (tokens are random, so a plain SHA-256 suffices)."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def bearer(header: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header (``None`` without one)."""
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Refusal(401, "bad_token", "the Authorization header is 'Bearer TOKEN'")
    return token.strip()


def parse(body: bytes, cls: Any) -> Any:
    """Strictly parse a request body into ``cls``; a bad body is a 400 naming the field."""
    try:
        return serde.from_json(body, cls)
    except BadInput as error:
        raise Refusal(400, "bad_input", error.reason, error.path) from None


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise ValueError("a duplicate key")  # the strict reading names it
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")  # the strict reading names it


#: The quick path's JSON reader, made once: it refuses what the strict reading
#: (:func:`boardrules.core.codec.parse_json`) refuses, duplicate keys and NaN included.
_QUICK_JSON = json.JSONDecoder(object_pairs_hook=_pairs, parse_constant=_no_constant)


def parse_action_request(body: bytes) -> ActionRequest:
    """``parse(body, ActionRequest)``, quicker for a usual body: a short UTF-8 JSON object
    with exactly ``version`` (an int) and ``action``; its action is read (strictly, bounds
    included) by the game afterwards. Any other body, and any the quick reader refuses, is
    read by :func:`parse`, whose refusal names the field.

    >>> parse_action_request(b'{"version": 3, "action": {"type": "pass"}}')
    ActionRequest(version=3, action={'type': 'pass'})
    >>> parse_action_request(b'{"version": true, "action": {}}')
    Traceback (most recent call last):
    ...
    boardrules.server.inputs.Refusal: 400 bad_input: expected an integer, got boolean
    """
    data = None
    if len(body) <= 1024:  # far below the strict reading's bounds on size and values
        with contextlib.suppress(ValueError, RecursionError):  # decoding errors included
            data = _QUICK_JSON.decode(body.decode("utf-8"))
    if type(data) is dict and data.keys() == {"version", "action"}:
        version = data["version"]
        if type(version) is int and -INT_LIMIT < version < INT_LIMIT:
            return ActionRequest(version, data["action"])
    request: ActionRequest = parse(body, ActionRequest)
    return request
