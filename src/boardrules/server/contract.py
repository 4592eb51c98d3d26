"""JSON Schemas of the server's documents, built on each game's own schemas.

``api_schema(game)`` has one definition per document the server reads or writes — the
bodies of ``POST /api/matches``, ``POST .../actions`` and ``POST .../join``, a seat's
``Payload``, a WebSocket ``Update``, a ``Refusal`` — and takes the game's view, action and
event shapes from :func:`boardrules.schema`, so a front-end generates all its types from one
document (``GET /api/games/{game}/schema/api``).

>>> import boardrules
>>> doc = api_schema(boardrules.load("semya"))
>>> doc["$defs"]["ActionRequest"]["properties"]["action"]
{'$ref': '#/$defs/action'}
>>> sorted(k for k in doc["$defs"] if k.islower())
['action', 'content', 'event', 'options', 'setup', 'view']

``game_entry(game)`` is what ``GET /api/games`` says of a game: its title, seats, options
with their types, defaults and ranges, and the bots a seat may name.
"""

from __future__ import annotations

import html
import re
from typing import Any

import attrs

from boardrules.core.capabilities import HasCatalogue, Rendered
from boardrules.core.codec import tag_of
from boardrules.core.errors import BoardRulesError
from boardrules.core.record import SAFE_INTEGER
from boardrules.schemas import DIALECT, Kind, schema
from boardrules.server.bots import AGENTS, bots_of
from boardrules.server.inputs import MAX_TURN_SECONDS

__all__ = ["api_schema", "game_entry", "games_document"]

_LABEL = {
    "type": "object",
    "properties": {"en": {"type": "string"}, "ru": {"type": "string"}},
    "required": ["en", "ru"],
    "additionalProperties": False,
}
#: The documents the server reads or writes (the root of :func:`api_schema` is any of them).
_DOCUMENTS = ("Payload", "Update", "CreateRequest", "Created", "ActionRequest", "JoinRequest",
              "Joined", "Hello", "Refusal", "SeatHistory", "UndoRequest", "UndoAnswer")
_SEAT = {"anyOf": [{"type": "integer", "minimum": 0}, {"type": "null"}]}
#: A seed as a payload or record carries it: a number a browser holds exactly, else digits.
SEED = {"anyOf": [{"type": "integer", "minimum": 0, "maximum": SAFE_INTEGER},
                  {"type": "string", "pattern": "^[1-9][0-9]{15,19}$"}]}


def _title(game: Any, lang: str) -> str:
    """The game's title in ``lang``: what its pictures call it (their title, up to " — "),
    else its name."""
    drawn: Any = game
    if not isinstance(drawn, Rendered):
        return str(game.name)
    found = re.search(r"<title>(.*?)</title>", drawn.render_svg(game.new(0), None, lang), re.S)
    return html.unescape(found.group(1).split(" — ")[0]) if found else str(game.name)


def _accepts(game: Any, name: str, value: int) -> bool:
    try:
        type(game)(**{**game.init_options(), name: value})
    except (BoardRulesError, TypeError, ValueError):
        return False
    return True


def _farthest(game: Any, name: str, start: int, way: int) -> int:
    """The farthest value from ``start`` (accepted) in the direction ``way`` the game accepts
    for the integer option ``name``, up to a browser's safe integers: by doubling steps, then
    halving the last one."""
    good, step = start, 1
    while abs(start + way * step) < SAFE_INTEGER and _accepts(game, name, start + way * step):
        good, step = start + way * step, step * 2
    bad = start + way * step
    if abs(bad) >= SAFE_INTEGER:
        bad = way * (SAFE_INTEGER + 1)
        if _accepts(game, name, way * SAFE_INTEGER):
            return way * SAFE_INTEGER
    while abs(bad - good) > 1:
        middle = (good + bad) // 2
        good, bad = (middle, bad) if _accepts(game, name, middle) else (good, middle)
    return good


def _options(game: Any) -> dict[str, Any]:
    """The JSON Schema of the game's options, each with its default, and an integer one with
    the range the game accepts (the others at their defaults): the game's own checks are
    asked, so the range is never written twice."""
    doc = schema(game, "options")
    root = doc["$defs"][doc["$ref"].rpartition("/")[2]]
    defaults = type(game)().init_options()
    properties = {}
    for field in attrs.fields(type(game)):
        name = field.alias or field.name
        if not field.init or name not in root["properties"]:
            continue
        spec = {**root["properties"][name]}
        default = defaults[name]
        if spec.get("type") == "integer" and type(default) is int:
            spec.update(minimum=_farthest(game, name, default, -1),
                        maximum=_farthest(game, name, default, 1), default=default)
        elif type(default) in (bool, str) or spec.get("type") == "integer":
            spec["default"] = default
        properties[name] = spec
    return {**root, "title": "Options", "properties": properties,
            "$defs": {k: v for k, v in doc["$defs"].items() if v is not root}}


def game_entry(game: Any) -> dict[str, Any]:
    """What ``GET /api/games`` says of ``game``: its name, its title in English and Russian,
    its seats, its options (:func:`_options`: each one's JSON type, default and range; the
    shape of a structured one is in the game's API schema) and the bots a seat may name.

    >>> import boardrules
    >>> entry = game_entry(boardrules.load("kuhn"))
    >>> entry["title"], entry["bots"], entry["options"]["ante"]
    ({'en': 'Kuhn poker', 'ru': 'Покер Куна'}, ['random', 'greedy', 'mcts'], \
{'type': 'integer', 'minimum': 1, 'maximum': 1000000, 'default': 1})
    """
    options = {name: {"type": spec.get("type", "object"), **{
        k: v for k, v in spec.items() if k in ("minimum", "maximum", "default")}}
        for name, spec in _options(game)["properties"].items()}
    return {"game": game.name, "title": {lang: _title(game, lang) for lang in ("en", "ru")},
            "min_players": game.min_players, "max_players": game.max_players,
            "options": options, "bots": list(bots_of(game))}


def _object(properties: dict[str, Any], required: list[str] | None = None,
            description: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {
        "type": "object",
        "properties": properties,
        "required": list(properties) if required is None else required,
        "additionalProperties": False,
    }
    if description:
        out["description"] = description
    return out


def games_document(games: dict[str, Any]) -> dict[str, Any]:
    """The answer of ``GET /api/games``: each game's :func:`game_entry`, by name, and every
    agent a seat may name."""
    return {"games": [game_entry(games[name]) for name in sorted(games)], "agents": list(AGENTS)}


def api_schema(game: Any) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of every server document for ``game``."""
    defs: dict[str, Any] = {}
    kinds: tuple[Kind, ...] = ("view", "action", "event", "setup")
    for kind in kinds:  # the game's own shapes, under lower-case names (classes are CamelCase)
        doc = schema(game, kind)
        defs.update(doc["$defs"])
        defs[kind] = {k: v for k, v in doc.items() if k not in ("$schema", "$id", "$defs")}
    options = _options(game)
    defs.update(options.pop("$defs"))
    defs["options"] = options
    name: str = game.name
    if isinstance(game, HasCatalogue):  # GET /api/games/{game}/content: {"game", ...}
        doc = schema(game, "content")
        defs.update(doc["$defs"])
        catalogue = doc["$defs"][doc["$ref"].rpartition("/")[2]]
        defs["content"] = {**catalogue, "title": "Content",
                           "properties": {"game": {"const": name},
                                          **catalogue["properties"]},
                           "required": ["game", *catalogue["required"]]}
    labelled_action = _object({"action": {"$ref": "#/$defs/action"}, "label": _LABEL})
    labelled_event = _object({"move": {"type": "integer", "minimum": 0},
                              "event": {"$ref": "#/$defs/event"}, "label": _LABEL})
    result = _object({
        "game": {"const": name}, "final": {"type": "boolean"},
        "winners": {"type": "array", "items": {"type": "integer", "minimum": 0}},
        "places": {"type": "array", "items": _object({
            "seat": {"type": "integer", "minimum": 0}, "rank": {"type": "integer", "minimum": 1},
            "points": {"type": "integer"}, "winner": {"type": "boolean"},
            "parts": {"type": "array", "items": _object({
                "key": {"type": "string"}, "label": {"type": "string"},
                "points": {"type": "integer"}})}})},
        "sentence": {"type": "string"}, "lang": {"enum": ["en", "ru"]},
    }, description="How the match ended (boardrules.core.turn.Result, as Table.result() gives "
                   "it): every seat's place, points with labelled parts, and a sentence.")
    defs["Result"] = result
    payload_properties: dict[str, Any] = {
        "match": {"type": "string"},
        "game": {"const": game.name},
        "seat": _SEAT,
        "seats": {"type": "array", "items": {"type": "string"}},
        "version": {"type": "integer", "minimum": 0},
        "generation": {"type": "integer", "minimum": 0, "description": (
            "Moves on at every change but a move (a take-back, a resignation, an undo asked "
            "or answered, a seat joined, a rematch): (generation, version) only grows.")},
        "to_move": _SEAT,
        "over": {"type": "boolean"},
        "view": {"$ref": "#/$defs/view"},
        "legal": {"type": "array", "items": labelled_action},
        "standings": _object({
            "final": {"type": "boolean"},
            "winners": {"type": "array", "items": {"type": "integer"}},
            "points": {"type": "array", "items": {"type": "integer"}},
            "ranks": {"type": "array", "items": {"type": "integer"}},
        }),
        "turn": _object({"en": {"$ref": "#/$defs/Turn"}, "ru": {"$ref": "#/$defs/Turn"}}),
        "deal": {"$ref": "#/$defs/Deal"},
        "events": {"type": "array", "items": labelled_event},
        "result": _object({"en": {"$ref": "#/$defs/Result"}, "ru": {"$ref": "#/$defs/Result"}},
                          description="Once the match is over: how it ended, in each "
                                      "language."),
        "resigned": {"type": "integer", "minimum": 0,
                     "description": "The seat whose resignation (or time-out) ended the "
                                    "match."},
        "rematch": {"type": "string", "description": "The ID of the match that follows."},
        "undo": _object({"by": {"type": "integer", "minimum": 0},
                         "agreed": {"type": "array", "items": {"type": "integer"}},
                         "waiting": {"type": "array", "items": {"type": "integer"}}},
                        description="A pending request to take back a seat's last move: "
                                    "who asked, who agreed, who must still agree."),
        "timer": _object({"seconds": {"type": "integer", "minimum": 1},
                          "then": {"enum": ["resign", "bot"]},
                          "deadline": {"type": "number"}},
                         description="The turn timer, and when the seat to move runs out "
                                     "of time (Unix time)."),
    }
    defs["Turn"] = _object({
        "game": {"const": game.name},
        "seat": _SEAT,
        "seats": {"type": "integer", "minimum": 1},
        "step": {"type": "string"},
        "kinds": {"type": "array", "items": {"enum": [
            tag_of(kind) for kind in game.action_classes]}},
        "moves": {"type": "array", "items": _object({
            "action": {"$ref": "#/$defs/action"},
            "label": {"type": "string"},
            "notation": {"anyOf": [{"type": "string"}, {"type": "null"}]},
        })},
        "asked": {"type": "string"},
        "lang": {"enum": ["en", "ru"]},
    }, description="What is asked now (boardrules.core.turn.Turn, as Table.turn() gives it): "
                   "the moves only for the seat that must act.")
    defs["Deal"] = _object({
        "seed_by": {"enum": ["server", "creator", "unknown"]},
        "commitment": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
        "seed": {"anyOf": [*SEED["anyOf"], {"type": "null"}]},
        "nonce": {"anyOf": [{"type": "string"}, {"type": "null"}]},
    }, description="Who chose the seed; sha256('boardrules-seed-v1:NONCE:SEED') in hex; the "
                   "seed and nonce once the match is over (null before).")
    required = [k for k in payload_properties
                if k not in ("events", "result", "resigned", "rematch", "timer", "undo")]
    defs["Payload"] = _object(payload_properties, required,
                              "What one seat (or a spectator, seat null) may know now.")
    defs["Update"] = _object({"type": {"const": "update"}, **payload_properties},
                             ["type", *required], "One WebSocket message: a Payload.")
    defs["CreateRequest"] = _object({
        "game": {"const": game.name},
        "seats": {"type": "array", "items": {"enum": ["human", "open", *bots_of(game)]},
                  "minItems": game.min_players, "maxItems": game.max_players},
        "seed": {"type": "integer", "minimum": 0, "maximum": SAFE_INTEGER},
        "setup": {"$ref": "#/$defs/setup"},
        "options": {"$ref": "#/$defs/options"},
        "timer": _object({"seconds": {"type": "integer", "minimum": 1,
                                      "maximum": MAX_TURN_SECONDS},
                          "then": {"enum": ["resign", "bot"]}}, ["seconds"],
                         "A turn timer: seconds per move; at time-out the seat resigns "
                         "(the default) or a random legal move is played for it."),
    }, ["game", "seats"], "The body of POST /api/matches.")
    defs["Created"] = _object({
        "match": {"type": "string"},
        "tokens": {"type": "array", "items": {"anyOf": [{"type": "string"},
                                                        {"type": "null"}]}},
        "seed_by": {"enum": ["server", "creator"]},
        "commitment": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
    })
    defs["ActionRequest"] = _object({"version": {"type": "integer", "minimum": 0},
                                     "action": {"$ref": "#/$defs/action"}},
                                    description="The body of POST /api/matches/{id}/actions.")
    defs["UndoRequest"] = _object({"version": {"type": "integer", "minimum": 0}},
                                  description="The body of POST /api/matches/{id}/undo.")
    defs["UndoAnswer"] = _object({"agree": {"type": "boolean"}},
                                 description="The body of POST /api/matches/{id}/undo/answer.")
    defs["JoinRequest"] = _object({"seat": {"type": "integer", "minimum": 0}},
                                  description="The body of POST /api/matches/{id}/join.")
    defs["Joined"] = _object({"match": {"type": "string"}, "seat": {"type": "integer"},
                              "token": {"type": "string"}})
    defs["SeatHistory"] = _object({
        "match": {"type": "string"}, "game": {"const": game.name},
        "seat": {"type": "integer", "minimum": 0}, "version": {"type": "integer", "minimum": 0},
        "over": {"const": False}, "view": {"$ref": "#/$defs/view"},
        "events": {"type": "array", "items": labelled_event},
    }, description="GET /api/matches/{id}/record before the end, with a seat's token: what "
                   "that seat has seen (its view, the events of the last moves as it saw "
                   "them); the record itself is published once the match is over.")
    defs["Hello"] = _object({"token": {"anyOf": [{"type": "string"}, {"type": "null"}]},
                             "since": {"type": "integer", "minimum": 0}}, [],
                            "The first WebSocket message from the client.")
    defs["Refusal"] = {
        "type": "object",
        "description": "Every 4xx answer.",
        "properties": {
            "error": {"type": "string"}, "path": {"type": "string"},
            "reason": {"type": "string"}, "version": {"type": "integer"},
            "violation": _object({
                "rule": {"type": "string"}, "code": {"type": "string"},
                "params": {"type": "object", "additionalProperties": {
                    "type": ["string", "integer", "null"]}}, "message": _LABEL,
            }),
        },
        "required": ["error", "path", "reason"],
        "additionalProperties": False,
    }
    # The root is any one of the documents, so a generator given only this file (like
    # json-schema-to-typescript without flags) writes every one of them.
    documents = [k for k in defs if k in _DOCUMENTS or k in ("content",)]
    return {"$schema": DIALECT, "$id": f"urn:boardrules:{game.name}:api",
            "title": f"{game.name} server documents",
            "anyOf": [{"$ref": f"#/$defs/{k}"} for k in documents], "$defs": defs}
