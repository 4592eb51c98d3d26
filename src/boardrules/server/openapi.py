"""The server's OpenAPI 3.1 document (``GET /openapi.json``), built from the app's own routes
and each game's JSON Schemas.

:func:`openapi_document` walks the routes of the Starlette app: every HTTP route and method
must have its description in :data:`OPERATIONS` (else it raises, so a new route cannot be
left out), and the bodies and answers are the per-game definitions of
:func:`~boardrules.server.contract.api_schema` (under ``components.schemas`` as
``GAME.NAME``), joined across games with ``oneOf``. The WebSocket, which OpenAPI cannot
describe, is listed under ``x-websockets`` with its message schemas. Examples are computed by
the library itself (a real 7Я payload, a real Kuhn record), never typed by hand.

>>> from boardrules.server.openapi import OPERATIONS
>>> OPERATIONS["GET", "/api/games/{game}/content"].operation_id
'getContent'
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

import attrs
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute

from boardrules import serde
from boardrules.core.capabilities import HasCatalogue
from boardrules.core.record import GameRecord
from boardrules.schemas import schema
from boardrules.server.bots import AGENTS
from boardrules.server.contract import api_schema, games_document
from boardrules.server.matches import seed_commitment
from boardrules.server.payloads import seat_events, seat_payload, violation_json

__all__ = [
    "OPERATIONS", "WEBSOCKETS", "Answer", "Operation", "openapi_document",
]


_ID_PATTERN = "^[A-Za-z0-9_-]{1,64}$"
_GENERIC = ("Refusal", "Hello", "Created", "JoinRequest", "Joined", "Deal", "Label",
            "UndoRequest", "UndoAnswer")
_KINDS = ("api", "state", "view", "action", "event", "record", "setup", "options", "content")


@attrs.frozen
class Answer:
    """One status of an operation: what it means, its schema (a component name) and an
    example (a name in the examples the document computes)."""

    description: str
    schema: str | None = None
    example: str | None = None
    media: str = "application/json"


@attrs.frozen
class Operation:
    """The description of one route and method."""

    operation_id: str
    summary: str
    tag: str
    description: str = ""
    body: str | None = None
    body_example: str | None = None
    token: str = "none"  # "none", "optional" or "required"
    query: tuple[tuple[str, dict[str, Any], str], ...] = ()
    answers: Mapping[int, Answer] = attrs.field(factory=dict)
    #: The refusals (status, error code) the operation may answer, each with an example.
    refusals: tuple[tuple[int, str], ...] = ()
    cacheable: bool = False
    #: Operations whose ``match_id`` is the ``match`` of this operation's 2xx answer, with
    #: the seat's token: ``""`` none, else where it is in the answer (``/tokens/0``).
    links: tuple[tuple[str, str], ...] = ()


#: The operations of a match, and whether each takes a seat's token.
_OF_A_MATCH = (("getMatch", True), ("act", True), ("getPicture", True), ("joinMatch", False),
               ("getRecord", True), ("getMatchContent", False), ("resign", True),
               ("rematch", True), ("undo", True), ("answerUndo", True))


def _links(token: str) -> tuple[tuple[str, str], ...]:
    return tuple((name, token if seated else "") for name, seated in _OF_A_MATCH)


#: The refusals of a request that has a body (a state-changing one, so its origin is checked).
_BAD_BODY = ((400, "bad_input"), (403, "bad_origin"), (408, "slow_body"), (413, "too_large"),
             (415, "not_json"))
_TOKEN_REFUSALS = ((401, "bad_token"), (403, "wrong_token"))

#: Every HTTP route and method of the app, described.
OPERATIONS: dict[tuple[str, str], Operation] = {
    ("GET", "/"): Operation(
        "getPage", "The built-in page", "page",
        "A small front-end (plain HTML and JavaScript) over this API.",
        answers={200: Answer("The page.", media="text/html")}),
    ("GET", "/api/explorer"): Operation(
        "getExplorer", "The API explorer", "page",
        "A page that lists every operation of this document and sends requests from a form; "
        "it needs no network besides this server.",
        answers={200: Answer("The page.", media="text/html")}),
    ("GET", "/openapi.json"): Operation(
        "getOpenApi", "This document", "meta",
        answers={200: Answer("The OpenAPI 3.1 document.", "JsonObject")}, cacheable=True),
    ("GET", "/api/health"): Operation(
        "getHealth", "Whether this server process can serve", "meta",
        "The database answers and the bot workers take work (a broken bot pool is restarted "
        "and answers 503 once); with the server's version.",
        answers={200: Answer("It can serve.", "Health"), 503: Answer("It cannot.", "Health")}),
    ("GET", "/api/games"): Operation(
        "listGames", "The games and the bot agents", "games",
        answers={200: Answer("The games served, with their seat counts, and the agents a seat "
                          "may name.", "Games", "games")}),
    ("GET", "/api/games/{game}/vocabulary"): Operation(
        "getVocabulary", "Every action of a game, labelled", "games",
        answers={200: Answer("Every action the game can take in any state, in a fixed order, "
                          "with its English and Russian labels.", "Vocabulary")},
        refusals=((404, "unknown_game"),)),
    ("GET", "/api/games/{game}/schema/{kind}"): Operation(
        "getSchema", "A JSON Schema of a game's documents", "games",
        "``api``: every document this server reads or writes for the game; the other kinds "
        "are ``boardrules.schema(game, kind)``.",
        answers={200: Answer("A JSON Schema (draft 2020-12).", "JsonObject")},
        refusals=((404, "unknown_game"), (404, "unknown_kind"))),
    ("GET", "/api/games/{game}/content"): Operation(
        "getContent", "Every card, character and content item of a game", "games",
        "The game's catalogue with its default options, by the ids the views use; computed "
        "once per process, cacheable.",
        answers={200: Answer("The catalogue.", "Content", "content"),
                 304: Answer("The client's copy (``If-None-Match``) is current.", None)},
        refusals=((404, "unknown_game"),), cacheable=True),
    ("GET", "/api/lobby"): Operation(
        "getLobby", "Matches in progress with free seats", "matches",
        answers={200: Answer("The open matches, newest first.", "Lobby", "lobby")}),
    ("POST", "/api/matches"): Operation(
        "createMatch", "Make a match", "matches",
        "Each seat is ``human`` (the answer carries its token), ``open`` (listed in the "
        "lobby) or a bot agent. ``seed`` is used only when no seat is ``open``.",
        body="CreateRequest", body_example="create",
        answers={201: Answer("The match, with one token per human seat.", "Created", "created")},
        refusals=(*_BAD_BODY, (400, "unknown_game"), (429, "quota"), (429, "too_fast")),
        links=_links("/tokens/0")),
    ("GET", "/api/matches/{match_id}"): Operation(
        "getMatch", "What a seat (or a spectator) may know now", "matches",
        "Without a token, the spectator's payload. With ``since``, the events after that "
        "move as the seat may see them.",
        token="optional",
        query=(("since", {"type": "integer", "minimum": 0, "maximum": 999_999_999},
                "Also return the events after this move."),),
        answers={200: Answer("The seat's payload.", "Payload", "payload")},
        refusals=((400, "bad_input"), *_TOKEN_REFUSALS, (404, "unknown_match"))),
    ("POST", "/api/matches/{match_id}/actions"): Operation(
        "act", "Play a move", "matches",
        "The move is applied only if the match is still at ``version``, so a repeated "
        "request never plays twice.",
        body="ActionRequest", body_example="action", token="required",
        answers={200: Answer("The new payload with the move's events.", "Payload", "payload")},
        refusals=(*_BAD_BODY, (401, "no_token"), *_TOKEN_REFUSALS, (403, "not_your_turn"),
                  (404, "unknown_match"), (409, "stale_version"), (409, "match_over"),
                  (422, "illegal_action"))),
    ("GET", "/api/matches/{match_id}/picture"): Operation(
        "getPicture", "The seat's view drawn as SVG", "matches", token="optional",
        query=(("lang", {"enum": ["en", "ru"]}, "The language of the picture."),),
        answers={200: Answer("The picture and the version it shows.", "Picture")},
        refusals=((400, "bad_input"), *_TOKEN_REFUSALS, (404, "unknown_match"))),
    ("POST", "/api/matches/{match_id}/join"): Operation(
        "joinMatch", "Take a free seat", "matches", body="JoinRequest", body_example="join",
        answers={201: Answer("The seat and its token.", "Joined", "joined")},
        refusals=(*_BAD_BODY, (404, "unknown_match"), (409, "seat_taken"),
                  (409, "match_over")),
        links=_links("/token")),
    ("GET", "/api/matches/{match_id}/record"): Operation(
        "getRecord", "The match's record, replayable with ``boardrules replay``", "matches",
        "Once the match is over, the whole record with its seed (a resignation noted on the "
        "last move). Before, a seat (with its token) gets its own history instead; without "
        "a token, 409.",
        token="optional",
        answers={200: Answer("The record, or before the end the seat's history.",
                          "RecordOrHistory", "record")},
        refusals=(*_TOKEN_REFUSALS, (404, "unknown_match"), (409, "match_not_over"))),
    ("POST", "/api/matches/{match_id}/resign"): Operation(
        "resign", "Resign: the match ends, this seat last", "matches",
        "The match is over at once; the other seats keep their order among themselves. "
        "Every watcher gets an update with ``over`` and ``resigned``.",
        token="required",
        answers={200: Answer("The seat's payload, now over.", "Payload", "payload")},
        refusals=((401, "no_token"), *_TOKEN_REFUSALS, (403, "bad_origin"),
                  (404, "unknown_match"), (409, "match_over"))),
    ("POST", "/api/matches/{match_id}/undo"): Operation(
        "undo", "Ask to take back this seat's last move", "matches",
        "With the moves after it. Taken back at once when no other person plays (against "
        "bots); else the payload shows the pending ``undo`` until every other person agrees "
        "(``undo/answer``). Never past a move that showed some seat something hidden "
        "(``cannot_undo``). A move made meanwhile lets the request lapse.",
        body="UndoRequest", body_example="undo", token="required",
        answers={200: Answer("The seat's payload: taken back, or with the pending undo.",
                          "Payload", "payload")},
        refusals=(*_BAD_BODY, (401, "no_token"), *_TOKEN_REFUSALS, (404, "unknown_match"),
                  (409, "stale_version"), (409, "match_over"), (409, "cannot_undo"))),
    ("POST", "/api/matches/{match_id}/undo/answer"): Operation(
        "answerUndo", "Agree to (or decline) the pending undo", "matches",
        "Once every other person has agreed, the moves are taken back; a no forgets the "
        "request.",
        body="UndoAnswer", body_example="undo_answer", token="required",
        answers={200: Answer("The seat's payload.", "Payload", "payload")},
        refusals=(*_BAD_BODY, (401, "no_token"), *_TOKEN_REFUSALS, (404, "unknown_match"),
                  (409, "no_undo"), (409, "own_undo"))),
    ("POST", "/api/matches/{match_id}/rematch"): Operation(
        "rematch", "Play again: a new match of the same game, options and setup", "matches",
        "The first seat to ask makes the rematch: its own seat, the other people's seats "
        "open for them, the bots the same; each later seat that asks takes its own seat. "
        "Every watcher of the finished match gets an update naming the ``rematch``.",
        token="required",
        answers={201: Answer("This seat's place in the rematch.", "Joined", "joined")},
        refusals=((401, "no_token"), *_TOKEN_REFUSALS, (403, "bad_origin"),
                  (404, "unknown_match"), (409, "match_not_over"), (409, "seat_taken"),
                  (429, "too_fast"))),
    ("GET", "/api/matches/{match_id}/content"): Operation(
        "getMatchContent", "The catalogue of the game a match is played with", "matches",
        "Like ``GET /api/games/{game}/content`` with the match's own options.",
        answers={200: Answer("The catalogue.", "Content", "content"),
                 304: Answer("The client's copy (``If-None-Match``) is current.", None)},
        refusals=((404, "unknown_match"),), cacheable=True),
}

#: The WebSocket routes, which OpenAPI cannot describe: listed under ``x-websockets``.
WEBSOCKETS: dict[str, dict[str, Any]] = {
    "/api/matches/{match_id}/live": {
        "summary": "Live updates of a match",
        "description": (
            "Send a Hello first (the seat's token, or null to watch; ``since``: the version "
            "the client holds, to receive the events after it). The server then sends one "
            "Update now and one after every move. Close codes: 1001 the server is shutting "
            "down, 1012 it restarts, 4400 no Hello, 4401/4403 a bad or wrong token, 4404 no "
            "such match, 4429 too many watchers."),
        "send": {"$ref": "#/components/schemas/Hello"},
        "receive": {"$ref": "#/components/schemas/Update"},
    },
}

_REFUSAL_REASONS = {
    "bad_input": ("$.seats[1]", "a seat of semya is one of human, open, random, greedy, mcts"),
    "too_large": ("$", "the body is limited to 65536 bytes"),
    "not_json": ("$", "the body is JSON: Content-Type: application/json"),
    "unknown_game": ("$", "no game named 'chess'"),
    "unknown_kind": ("$", "kinds: api, state, view, action, event, record, setup, options, "
                          "content"),
    "quota": ("$", "you have as many live (or lately resigned) matches as one client may"),
    "too_fast": ("$", "one address makes at most 30 matches a minute"),
    "bad_origin": ("$", "a page of this origin may not do this (see --allow-origin)"),
    "slow_body": ("$", "the body did not arrive within 10 seconds"),
    "busy": ("$", "this address holds its share of the server's connections (see "
                  "--max-connections-per-client)"),
    "bad_token": ("$", "the bearer token is malformed"),
    "wrong_token": ("$", "this token is not a seat of this match"),
    "no_token": ("$", "send Authorization: Bearer TOKEN"),
    "not_your_turn": ("$", "seat 1 is to move"),
    "unknown_match": ("$", "no such match"),
    "stale_version": ("$.version", "the match is at version 3"),
    "match_over": ("$", "the match is over"),
    "match_not_over": ("$", "the record is published once the match is over; a seat may "
                            "have its own history before (send its token)"),
    "seat_taken": ("$.seat", "seat 1 is not free"),
    "cannot_undo": ("$", "move 2 showed a seat something hidden; it cannot be taken back"),
    "no_undo": ("$", "no undo is asked for now"),
    "own_undo": ("$", "the seat that asked cannot answer"),
    "illegal_action": ("$.action", ""),
}


def _rewrite(node: Any, prefix: str) -> Any:
    """``node`` with every ``#/$defs/NAME`` reference turned into a component reference."""
    if isinstance(node, dict):
        out = {}
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str) and value.startswith("#/$defs/"):
                name = value.removeprefix("#/$defs/")
                out[key] = f"#/components/schemas/{'' if name in _GENERIC else prefix}{name}"
            else:
                out[key] = _rewrite(value, prefix)
        return out
    if isinstance(node, list):
        return [_rewrite(item, prefix) for item in node]
    return node


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _merge(into: dict[str, Any], name: str, definition: dict[str, Any]) -> None:
    if name in into and into[name] != definition:
        raise ValueError(f"two different JSON Schemas are named {name!r}")
    into[name] = definition


def _kuhn_record(game: Any) -> dict[str, Any]:
    """A whole hand of Kuhn poker as a record: the first legal move until the end."""
    state = game.new(7)
    actions = []
    while not game.is_over(state):
        action = game.legal_actions(state)[0]
        actions.append(action)
        state = game.apply(state, action)
    out: dict[str, Any] = serde.to_dict(GameRecord(game=game.name, seed=7,
                                                   actions=tuple(actions)))
    return out


def _examples(games: Mapping[str, Any]) -> dict[str, Any]:
    """Examples computed by the library: a 7Я match at its start, and so on."""
    name = "semya" if "semya" in games else sorted(games)[0]
    game = games[name]
    state = game.new(7)
    seats = len(game.score(state))
    kinds = ("human", *(["greedy"] * (seats - 1)))
    payload = seat_payload(game, state, 0, 0, kinds)
    nonce = "0" * 32
    payload.update(match="kX2wq8VfT0pL", generation=0)
    payload["deal"] = {"seed_by": "creator", "commitment": seed_commitment(7, nonce),
                       "seed": None, "nonce": None}
    first = game.legal_actions(state)[0]
    after = game.step(state, first)
    events = seat_events(game, [(0, after.events)], 0)
    out: dict[str, Any] = {
        "games": games_document(dict(games)),
        "create": {"game": name, "seed": 7, "seats": list(kinds)},
        "created": {"match": "kX2wq8VfT0pL", "tokens": ["Zq1" + "x" * 29, *([None] * (
            seats - 1))], "seed_by": "creator", "commitment": seed_commitment(7, nonce)},
        "payload": {**payload, "events": events},
        "action": {"version": 0, "action": serde.to_dict(first)},
        "join": {"seat": 1},
        "undo": {"version": 3},
        "undo_answer": {"agree": True},
        "joined": {"match": "kX2wq8VfT0pL", "seat": 1, "token": "Yp2" + "y" * 29},
        "lobby": [{"match": "kX2wq8VfT0pL", "game": name, "seats": ["human", "open"][:seats]
                   + ["greedy"] * (seats - 2), "free": [1], "version": 0,
                   "created": 1764547200.0, "seed_by": "server"}],
    }
    if "kuhn" in games:
        out["record"] = _kuhn_record(games["kuhn"])
        kuhn = games["kuhn"]
        if isinstance(kuhn, HasCatalogue):
            out["content"] = {"game": "kuhn", **serde.to_dict(kuhn.catalogue())}
    return out


def _refusal_example(status: int, code: str, games: Mapping[str, Any]) -> dict[str, Any]:
    path, reason = _REFUSAL_REASONS.get(code, ("$", code.replace("_", " ")))
    body: dict[str, Any] = {"error": code, "path": path, "reason": reason}
    if code == "stale_version":
        body["version"] = 3
    if code == "illegal_action":
        violation = _a_violation(games)
        if violation is not None:
            body["reason"] = violation["message"]["en"]
            body["violation"] = violation
    return body


def _a_violation(games: Mapping[str, Any]) -> dict[str, Any] | None:
    """A real refusal of the rules: the first action of the vocabulary some state refuses."""
    for name in sorted(games):
        game = games[name]
        state = game.new(7)
        vocabulary = getattr(game, "vocabulary", None)
        if vocabulary is None:
            continue
        for action in vocabulary():
            found = game.check(state, action)
            if found is not None:
                out: dict[str, Any] = violation_json(found)
                return out
    return None


def _components(games: Mapping[str, Any]) -> dict[str, Any]:
    schemas: dict[str, Any] = {}
    for name, game in sorted(games.items()):
        doc = api_schema(game)
        for key, definition in doc["$defs"].items():
            if key in _GENERIC:
                _merge(schemas, key, _rewrite(definition, ""))
            else:
                schemas[f"{name}.{key}"] = _rewrite(definition, f"{name}.")
        record = schema(game, "record")
        for key, definition in record["$defs"].items():
            _merge(schemas, f"{name}.{key}", _rewrite(definition, f"{name}."))
        schemas[f"{name}.record"] = _rewrite(
            {k: v for k, v in record.items() if k not in ("$schema", "$id", "$defs")},
            f"{name}.")
    names = sorted(games)

    def each(key: str, discriminated: bool = True) -> dict[str, Any]:
        members = [_ref(f"{n}.{key}") for n in names if f"{n}.{key}" in schemas]
        out: dict[str, Any] = {"oneOf" if discriminated else "anyOf": members}
        if discriminated:
            out["discriminator"] = {"propertyName": "game", "mapping": {
                n: f"#/components/schemas/{n}.{key}" for n in names
                if f"{n}.{key}" in schemas}}
        return out

    label = {"type": "object", "properties": {"en": {"type": "string"},
                                              "ru": {"type": "string"}},
             "required": ["en", "ru"], "additionalProperties": False}
    schemas.setdefault("Label", label)
    schemas.update({
        "JsonObject": {"type": "object", "description": "Any JSON object."},
        "Payload": each("Payload"),
        "Update": each("Update"),
        "CreateRequest": each("CreateRequest"),
        "ActionRequest": each("ActionRequest", discriminated=False),
        "Content": each("content"),
        "Record": each("record"),
        "SeatHistory": each("SeatHistory"),
        "RecordOrHistory": {"anyOf": [_ref("Record"), _ref("SeatHistory")]},
        "Vocabulary": {"anyOf": [
            {"type": "array", "items": {
                "type": "object", "properties": {"action": _ref(f"{n}.action"),
                                                 "label": _ref("Label")},
                "required": ["action", "label"], "additionalProperties": False}}
            for n in names]},
        "Games": {"type": "object", "properties": {
            "games": {"type": "array", "items": {
                "type": "object", "properties": {
                    "game": {"enum": names}, "title": _ref("Label"),
                    "min_players": {"type": "integer"}, "max_players": {"type": "integer"},
                    "options": {"type": "object", "additionalProperties": {
                        "type": "object", "properties": {
                            "type": {"enum": ["integer", "boolean", "string", "array",
                                              "object", "number"]},
                            "minimum": {"type": "integer"}, "maximum": {"type": "integer"},
                            "default": {}},
                        "required": ["type"], "additionalProperties": False}},
                    "bots": {"type": "array", "items": {"enum": list(AGENTS)}}},
                "required": ["game", "title", "min_players", "max_players", "options",
                             "bots"],
                "additionalProperties": False}},
            "agents": {"type": "array", "items": {"enum": list(AGENTS)}}},
            "required": ["games", "agents"], "additionalProperties": False},
        "Lobby": {"type": "array", "items": {
            "type": "object", "properties": {
                "match": {"type": "string"}, "game": {"enum": names},
                "seats": {"type": "array", "items": {"type": "string"}},
                "free": {"type": "array", "items": {"type": "integer", "minimum": 0}},
                "version": {"type": "integer", "minimum": 0}, "created": {"type": "number"},
                "seed_by": {"enum": ["server", "creator", "unknown"]}},
            "required": ["match", "game", "seats", "free", "version", "created", "seed_by"],
            "additionalProperties": False}},
        "Health": {"type": "object", "properties": {
            "status": {"enum": ["ok", "failing"]}, "database": {"type": "string"},
            "bots": {"type": "string"}, "version": {"type": "string"}},
            "required": ["status", "database", "bots", "version"],
            "additionalProperties": False},
        "Picture": {"type": "object", "properties": {
            "match": {"type": "string"}, "generation": {"type": "integer", "minimum": 0},
            "version": {"type": "integer", "minimum": 0},
            "seat": {"anyOf": [{"type": "integer", "minimum": 0}, {"type": "null"}]},
            "lang": {"enum": ["en", "ru"]}, "svg": {"type": "string"}},
            "required": ["match", "generation", "version", "seat", "lang", "svg"],
            "additionalProperties": False},
    })
    return schemas


def _parameters(path: str, operation: Operation, names: list[str]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if "{game}" in path:
        out.append({"name": "game", "in": "path", "required": True,
                    "schema": {"type": "string", "enum": names}, "example": names[0],
                    "description": "A game's registry name."})
    if "{kind}" in path:
        out.append({"name": "kind", "in": "path", "required": True,
                    "schema": {"type": "string", "enum": list(_KINDS)}, "example": "api"})
    if "{match_id}" in path:
        out.append({"name": "match_id", "in": "path", "required": True,
                    "schema": {"type": "string", "pattern": _ID_PATTERN},
                    "example": "kX2wq8VfT0pL", "description": "The match's ID."})
    for name, spec, description in operation.query:
        out.append({"name": name, "in": "query", "required": False, "schema": spec,
                    "description": description})
    if operation.cacheable:
        out.append({"name": "If-None-Match", "in": "header", "required": False,
                    "schema": {"type": "string"},
                    "description": "The ETag of the copy the client holds."})
    return out


def _operation(path: str, operation: Operation, names: list[str],
               examples: Mapping[str, Any], games: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"operationId": operation.operation_id,
                           "summary": operation.summary, "tags": [operation.tag]}
    if operation.description:
        out["description"] = operation.description
    parameters = _parameters(path, operation, names)
    if parameters:
        out["parameters"] = parameters
    if operation.token == "required":
        out["security"] = [{"seatToken": []}]
    elif operation.token == "optional":
        out["security"] = [{}, {"seatToken": []}]
    if operation.body is not None:
        media: dict[str, Any] = {"schema": _ref(operation.body)}
        if operation.body_example is not None and operation.body_example in examples:
            media["example"] = examples[operation.body_example]
        out["requestBody"] = {"required": True, "content": {"application/json": media}}
    responses: dict[str, Any] = {}
    for status, answer in operation.answers.items():
        response: dict[str, Any] = {"description": answer.description}
        if answer.schema is not None or answer.media != "application/json":
            content: dict[str, Any] = {}
            if answer.schema is not None:
                content["schema"] = _ref(answer.schema)
            else:
                content["schema"] = {"type": "string"}
            if answer.example is not None and answer.example in examples:
                content["example"] = examples[answer.example]
            response["content"] = {answer.media: content}
        if operation.links and 200 <= status < 300:
            response["links"] = {target: _link(target, token) for target, token in operation.links}
        if operation.cacheable:
            response["headers"] = {
                "ETag": {"schema": {"type": "string"}, "description": "The answer's tag."},
                "Cache-Control": {"schema": {"type": "string"}}}
        responses[str(status)] = response
    by_status: dict[int, list[str]] = {}
    for status, code in operation.refusals:
        by_status.setdefault(status, []).append(code)
    by_status.setdefault(404, ["http"])  # an unknown path or route
    by_status.setdefault(405, ["http"])
    if 503 not in operation.answers:  # one client over its share, on any route
        by_status.setdefault(503, ["busy"])
    for status, codes in sorted(by_status.items()):
        responses[str(status)] = {
            "description": "Refused: " + ", ".join(f"``{c}``" for c in codes) + ".",
            "content": {"application/json": {
                "schema": _ref("Refusal"),
                "examples": {code: {"value": _refusal_example(status, code, games)}
                             for code in codes}}}}
    out["responses"] = responses
    return out


def _link(target: str, token: str) -> dict[str, Any]:
    """A link to ``target`` with the match of the answer and, where ``token`` points in the
    answer (``"/tokens/0"``; ``""``: nowhere), the seat's token as ``Authorization``."""
    parameters = {"match_id": "$response.body#/match"}
    if token:
        parameters["header.Authorization"] = f"Bearer {{$response.body#{token}}}"
    return {"operationId": target, "parameters": parameters}


def _routes(routes: Iterable[BaseRoute]) -> tuple[list[tuple[str, str]], list[str]]:
    http: list[tuple[str, str]] = []
    sockets: list[str] = []
    for route in routes:
        if isinstance(route, Route):
            for method in sorted(route.methods or ()):
                if method != "HEAD":
                    http.append((method, route.path))
        elif isinstance(route, WebSocketRoute):
            sockets.append(route.path)
        elif isinstance(route, Mount):
            continue  # the page's static files
        else:
            raise ValueError(f"no OpenAPI description for the route {route!r}")
    return http, sockets


def openapi_document(routes: Iterable[BaseRoute], games: Mapping[str, Any],
                     version: str) -> dict[str, Any]:
    """The OpenAPI 3.1 document of an app with ``routes`` serving ``games`` (each with its
    default options) at release ``version``.

    Raises:
        ValueError: a route has no description in :data:`OPERATIONS` or :data:`WEBSOCKETS`.
    """
    http, sockets = _routes(routes)
    names = sorted(games)
    examples = _examples(games)
    paths: dict[str, Any] = {}
    for method, path in http:
        operation = OPERATIONS.get((method, path))
        if operation is None:
            raise ValueError(f"no OpenAPI description for {method} {path}")
        paths.setdefault(path, {})[method.lower()] = _operation(path, operation, names,
                                                                examples, games)
    websockets = {}
    for path in sockets:
        if path not in WEBSOCKETS:
            raise ValueError(f"no description for the WebSocket {path}")
        websockets[path] = copy.deepcopy(WEBSOCKETS[path])
    return {
        "openapi": "3.1.0",
        "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
        "info": {
            "title": "boardrules match server",
            "version": version,
            "description": (
                "Matches of card and board games for front-ends: people and bots, each seat "
                "answered with only what it may see, every move pushed over a WebSocket "
                "(see x-websockets). Every refusal is a Refusal with a status 4xx."),
            "license": {"name": "MIT", "identifier": "MIT"},
        },
        "servers": [{"url": "/"}],
        "tags": [{"name": "games", "description": "What the server plays."},
                 {"name": "matches", "description": "Making, joining and playing matches."},
                 {"name": "page", "description": "Pages for people."},
                 {"name": "meta", "description": "This document."}],
        "paths": paths,
        "components": {
            "schemas": _components(games),
            "securitySchemes": {"seatToken": {
                "type": "http", "scheme": "bearer",
                "description": "A seat's token, from POST /api/matches or a join."}},
        },
        "x-websockets": websockets,
    }
