"""JSON Schema (draft 2020-12) for each game's states, views, actions, events and records.

The schema is derived from the same attrs classes and type hints that ``boardrules.serde``
uses, so it describes exactly the JSON that ``serde.to_json`` writes and ``serde.from_json``
reads. Front-ends generate their TypeScript or Kotlin types from it.

>>> from boardrules.games import semya
>>> doc = schema(semya.Game(), "action")
>>> sorted(doc["$defs"])
['PlayCard', 'PlayFool', 'PlayLord', 'Symbol']
>>> doc["oneOf"][0]
{'$ref': '#/$defs/PlayCard'}
"""

from __future__ import annotations

import enum
import types
from typing import Any, Literal, Union, get_args, get_origin

import attrs

from boardrules.core.catalogue import catalogue
from boardrules.core.frozen import FrozenMap
from boardrules.core.record import SAFE_INTEGER, SCHEMA_VERSION, GameRecord, Note
from boardrules.serde import tag_of

__all__ = ["DIALECT", "Kind", "schema"]

DIALECT = "https://json-schema.org/draft/2020-12/schema"
Kind = Literal["state", "view", "action", "event", "record", "setup", "options", "content"]


class _Builder:
    def __init__(self) -> None:
        self.defs: dict[str, Any] = {}

    def ref(self, cls: type) -> dict[str, Any]:
        name = cls.__name__
        if name not in self.defs:
            self.defs[name] = {}  # placeholder against recursion
            self.defs[name] = self._define(cls)
        return {"$ref": f"#/$defs/{name}"}

    def _define(self, cls: Any) -> dict[str, Any]:
        if issubclass(cls, enum.Enum):
            return {"enum": [m.value for m in cls], "title": cls.__name__}
        attrs.resolve_types(cls)
        properties: dict[str, Any] = {}
        required: list[str] = []
        tag = getattr(cls, "tag", None)
        if isinstance(tag, str):
            properties["type"] = {"const": tag_of(cls)}
            required.append("type")
        for field in attrs.fields(cls):
            if not field.init:
                continue
            properties[field.name] = self.of(field.type)
            if field.default is attrs.NOTHING:
                required.append(field.name)
        out: dict[str, Any] = {
            "type": "object",
            "title": cls.__name__,
            "properties": properties,
            "required": required,
            "additionalProperties": False,
        }
        if cls.__doc__:
            out["description"] = cls.__doc__.strip().split("\n\n")[0].replace("\n", " ")
        return out

    def of(self, tp: Any) -> dict[str, Any]:
        if tp is Any or tp is object:
            return {}
        if tp is bool:
            return {"type": "boolean"}
        if tp is int:
            return {"type": "integer"}
        if tp is float:
            return {"type": "number"}
        if tp is str:
            return {"type": "string"}
        if tp is type(None) or tp is None:
            return {"type": "null"}
        origin = get_origin(tp)
        args = get_args(tp)
        if origin in (Union, types.UnionType):
            members = [self.of(a) for a in args]
            if all(attrs.has(a) for a in args if a is not type(None)):
                return {"oneOf": members}
            return {"anyOf": members}
        if origin is Literal:
            return {"enum": list(args)}
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.of(args[0])}
            # A fixed-length tuple. Besides ``prefixItems``, ``items`` names what the members
            # may be (no member lies beyond the prefix, since ``maxItems`` is its length), so
            # generators that read only ``items`` and the bounds (json-schema-to-typescript)
            # still write a tuple of the right length.
            prefix = [self.of(a) for a in args]
            members = [m for i, m in enumerate(prefix) if m not in prefix[:i]]
            return {
                "type": "array",
                "prefixItems": prefix,
                "items": members[0] if len(members) == 1 else {"anyOf": members},
                "minItems": len(args),
                "maxItems": len(args),
            }
        if tp is FrozenMap or origin is FrozenMap:
            key, value = args if args else (str, Any)
            out: dict[str, Any] = {"type": "object", "additionalProperties": self.of(value)}
            if key is int:
                out["propertyNames"] = {"pattern": "^-?[0-9]+$"}
            return out
        if isinstance(tp, type) and (attrs.has(tp) or issubclass(tp, enum.Enum)):
            return self.ref(tp)
        raise TypeError(f"no JSON Schema for {tp!r}")


def _record(builder: _Builder, game: Any) -> dict[str, Any]:
    return {
        "type": "object",
        "title": "GameRecord",
        "description": (GameRecord.__doc__ or "").strip().split("\n\n")[0],
        "properties": {
            "schema": {"const": SCHEMA_VERSION},
            "game": {"const": game.name},
            "seed": {"anyOf": [
                {"type": "integer", "minimum": 0, "maximum": SAFE_INTEGER},
                {"type": "string", "pattern": "^[0-9]{16,20}$",
                 "description": "a seed above 2**53 - 1 (up to 2**64 - 1), as its digits, "
                                "so that JavaScript reads it exactly"},
            ]},
            "options": {"type": "object"},
            "setup": builder.of(game.setup_type),
            "actions": {"type": "array", "items": builder.of(game.action_type)},
            "notes": {"type": "array", "items": builder.of(Note)},
            "variant": {"type": ["string", "null"]},
            "revision": {"type": "integer", "minimum": 1, "maximum": game.rules_revision},
            "seats": {
                "type": "array",
                "items": {"type": "string", "minLength": 1, "maxLength": 64},
            },
        },
        "required": ["game", "seed"],
        "additionalProperties": False,
    }


def schema(game: Any, kind: Kind = "state") -> dict[str, Any]:
    """The JSON Schema of one kind of document of ``game``.

    Args:
        game: the game (its options do not change the shape).
        kind: ``"state"`` (and ``"view"``, which has the same shape), ``"action"``,
            ``"event"``, ``"record"``, ``"setup"`` (the arguments of ``new``),
            ``"options"`` (the game's own fields) or ``"content"`` (its
            :func:`~boardrules.catalogue`; a game without one raises ``MissingCapability``).

    Returns:
        A JSON-ready dict, with shared definitions under ``$defs``.
    """
    builder = _Builder()
    if kind in ("state", "view"):
        root = builder.of(game.state_type)
    elif kind == "action":
        root = builder.of(game.action_type)
    elif kind == "event":
        root = builder.of(game.event_type)
    elif kind == "record":
        root = _record(builder, game)
    elif kind == "setup":
        root = builder.of(game.setup_type)
    elif kind == "options":
        root = builder.of(type(game))
    elif kind == "content":
        root = builder.of(type(catalogue(game)))
    else:
        raise ValueError(f"unknown kind {kind!r}")
    title = f"{game.name} {kind}"
    return {"$schema": DIALECT, "$id": f"urn:boardrules:{game.name}:{kind}", "title": title,
            **root, "$defs": builder.defs}
