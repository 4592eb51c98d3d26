"""Strict JSON for states, actions, events, records and options (cattrs underneath).

Everything from outside is untrusted. Nothing is coerced: ``3.9`` is not an int, ``"7"`` is
not an int, ``true`` is not ``1``, ``null`` is not ``"None"`` and ``"abc"`` is not a list.
Unknown keys are refused, unions of actions or events are tagged by a ``"type"`` field with no
default member, and sizes are bounded. Every problem is a :class:`~boardrules.BadInput` that
names the JSON path of the bad field.

>>> from boardrules.games import semya
>>> to_json(semya.PlayCard("sun-saturn"))
'{"type": "play_card", "card": "sun-saturn"}'
>>> from_json('{"type": "play_lord", "named": "venus"}', semya.Action)
PlayLord(named=Symbol.VENUS)
>>> from_json('{"type": "play_card", "card": 7}', semya.Action)
Traceback (most recent call last):
...
boardrules.core.errors.BadInput: $.card: expected a string, got int
"""

from __future__ import annotations

import enum
import json
import re
import types
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, Union, get_args, get_origin

import attrs
from cattrs import BaseValidationError, ClassValidationError, IterableValidationError
from cattrs.errors import ForbiddenExtraKeysError, IterableValidationNote
from cattrs.preconf.json import make_converter

from boardrules.core.errors import BadInput
from boardrules.core.frozen import FrozenMap
from boardrules.core.record import GameRecord, Note, freeze_json, new_game
from boardrules.core.text import text_problem

__all__ = [
    "CARD_FIELDS",
    "MAX_DEPTH",
    "MAX_ITEMS",
    "MAX_STRING",
    "MAX_TEXT",
    "MAX_VALUES",
    "SEATS_FIELDS",
    "SEAT_FIELDS",
    "converter",
    "from_dict",
    "from_json",
    "structure_setup",
    "tag_of",
    "to_dict",
    "to_json",
]

T = TypeVar("T")

#: Limits on untrusted input.
MAX_TEXT = 16 * 1024 * 1024
MAX_DEPTH = 64
MAX_ITEMS = 100_000
MAX_STRING = 100_000
_INT_LIMIT = 1 << 64
#: The most JSON values one document may hold.
MAX_VALUES = 4 * MAX_ITEMS


class _Bad(ValueError):
    """A leaf error with a path relative to the value being structured."""

    def __init__(self, reason: str, subpath: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.subpath = subpath


def _kind(value: object) -> str:
    names = {dict: "object", list: "array", str: "string", bool: "boolean", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def tag_of(cls: type) -> str:
    """The ``"type"`` tag of an action or event class: ``cls.tag`` or its name in snake_case.

    >>> class PlayCard: ...
    >>> tag_of(PlayCard)
    'play_card'
    """
    tag = getattr(cls, "tag", None)
    if isinstance(tag, str):
        return tag
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


# -- the converter ---------------------------------------------------------------------
converter = make_converter(
    forbid_extra_keys=True,
    detailed_validation=True,
    unstruct_collection_overrides={tuple: list},
)


def _structure_int(value: object, _: object) -> int:
    if type(value) is not int:
        raise _Bad(f"expected an integer, got {_kind(value)}")
    if not -_INT_LIMIT < value < _INT_LIMIT:
        raise _Bad("integer out of range")
    return value


def _structure_str(value: object, _: object) -> str:
    if type(value) is not str:
        raise _Bad(f"expected a string, got {_kind(value)}")
    if len(value) > MAX_STRING:
        raise _Bad(f"string longer than {MAX_STRING} characters")
    problem = text_problem(value)
    if problem is not None:
        raise _Bad(problem)
    return value


def _structure_bool(value: object, _: object) -> bool:
    if type(value) is not bool:
        raise _Bad(f"expected true or false, got {_kind(value)}")
    return value


def _structure_float(value: object, _: object) -> float:
    if type(value) not in (int, float):
        raise _Bad(f"expected a number, got {_kind(value)}")
    return float(value)  # type: ignore[arg-type]


converter.register_structure_hook(int, _structure_int)
converter.register_structure_hook(str, _structure_str)
converter.register_structure_hook(bool, _structure_bool)
converter.register_structure_hook(float, _structure_float)


def _is_enum(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, enum.Enum)


def _enum_hook(tp: type[enum.Enum]) -> Callable[[object, object], enum.Enum]:
    by_value = {member.value: member for member in tp}
    allowed = ", ".join(repr(v) for v in by_value)

    def hook(value: object, _: object) -> enum.Enum:
        if isinstance(value, tp):
            return value
        if type(value) is not str or value not in by_value:
            raise _Bad(f"expected one of {allowed}, got {value!r:.40}")
        return by_value[value]

    return hook


converter.register_structure_hook_factory(_is_enum, _enum_hook)
converter.register_unstructure_hook_factory(_is_enum, lambda tp: lambda member: member.value)


def _is_var_tuple(tp: Any) -> bool:
    args = get_args(tp)
    return get_origin(tp) is tuple and len(args) == 2 and args[1] is Ellipsis


def _at_index(exc: Exception, tp: Any, index: int, item_type: Any) -> IterableValidationError:
    """``exc`` (raised by item ``index``) wrapped as cattrs does, so its path is kept."""
    exc.__notes__ = [
        *getattr(exc, "__notes__", []),
        IterableValidationNote(f"Structuring {tp} @ index {index}", index, item_type),
    ]
    return IterableValidationError(f"While structuring {tp!r}", [exc], tp)


def _structure_items(
    value: object, item_type: Any, tp: Any, hook: Callable[[Any, Any], Any]
) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise _Bad(f"expected an array, got {_kind(value)}")
    if len(value) > MAX_ITEMS:
        raise _Bad(f"more than {MAX_ITEMS} items")
    out: list[Any] = []
    for index, item in enumerate(value):
        try:
            out.append(hook(item, item_type))
        except Exception as exc:  # the first bad item is reported, with its index
            raise _at_index(exc, tp, index, item_type) from None
    return out


def _var_tuple_hook(tp: Any) -> Callable[[object, object], tuple[Any, ...]]:
    item_type = get_args(tp)[0]

    def hook(value: object, _: object) -> tuple[Any, ...]:
        item_hook = converter.get_structure_hook(item_type)
        return tuple(_structure_items(value, item_type, tp, item_hook))

    return hook


converter.register_structure_hook_factory(_is_var_tuple, _var_tuple_hook)


def _is_fixed_tuple(tp: Any) -> bool:
    args = get_args(tp)
    return get_origin(tp) is tuple and bool(args) and Ellipsis not in args


def _fixed_tuple_hook(tp: Any) -> Callable[[object, object], tuple[Any, ...]]:
    item_types = get_args(tp)

    def hook(value: object, _: object) -> tuple[Any, ...]:
        if not isinstance(value, list | tuple):
            raise _Bad(f"expected an array, got {_kind(value)}")
        if len(value) != len(item_types):
            raise _Bad(f"expected {len(item_types)} items, got {len(value)}")
        out = []
        for index, (item, item_type) in enumerate(zip(value, item_types, strict=True)):
            try:
                out.append(converter.get_structure_hook(item_type)(item, item_type))
            except Exception as exc:
                raise _at_index(exc, tp, index, item_type) from None
        return tuple(out)

    return hook


converter.register_structure_hook_factory(_is_fixed_tuple, _fixed_tuple_hook)


def _is_frozen_map(tp: Any) -> bool:
    return tp is FrozenMap or get_origin(tp) is FrozenMap


def _frozen_map_hook(tp: Any) -> Callable[[object, object], FrozenMap[Any, Any]]:
    args = get_args(tp)
    key_type, value_type = args if args else (str, Any)

    def hook(value: object, _: object) -> FrozenMap[Any, Any]:
        if not isinstance(value, Mapping):
            raise _Bad(f"expected an object, got {_kind(value)}")
        if len(value) > MAX_ITEMS:
            raise _Bad(f"more than {MAX_ITEMS} keys")
        out = {}
        for key, item in value.items():
            if type(key) is not str:
                raise _Bad("object keys are strings")
            if key_type is int:
                if not re.fullmatch(r"-?[0-9]{1,20}", key):
                    raise _Bad(f"expected an integer key, got {key!r:.40}")
                struct_key: Any = int(key)
            else:
                struct_key = key
            if value_type is Any:
                out[struct_key] = freeze_json(item)
            else:
                try:
                    out[struct_key] = converter.get_structure_hook(value_type)(item, value_type)
                except _Bad as exc:
                    raise _Bad(exc.reason, f"[{key!r}]{exc.subpath}") from None
        return FrozenMap(out)

    return hook


converter.register_structure_hook_factory(_is_frozen_map, _frozen_map_hook)
def _frozen_map_to_dict(m: FrozenMap[Any, Any]) -> dict[str, Any]:
    # Keys in sorted order: equal maps (equality ignores order) give the same JSON text.
    return {str(k): to_dict(v) for k, v in sorted(m.items(), key=lambda kv: str(kv[0]))}


converter.register_unstructure_hook_factory(_is_frozen_map, lambda tp: _frozen_map_to_dict)
converter.register_unstructure_hook(FrozenMap, _frozen_map_to_dict)


def _union_members(tp: Any) -> tuple[Any, ...]:
    if get_origin(tp) in (Union, types.UnionType):
        return get_args(tp)
    return ()


def _is_tagged_union(tp: Any) -> bool:
    members = [m for m in _union_members(tp) if m is not type(None)]
    return len(members) >= 2 and all(attrs.has(m) for m in members)


def _tagged_union_hook(tp: Any) -> Callable[[object, object], Any]:
    members = _union_members(tp)
    optional = type(None) in members
    by_tag = {tag_of(m): m for m in members if m is not type(None)}
    allowed = ", ".join(sorted(by_tag))

    def hook(value: object, _: object) -> Any:
        if value is None and optional:
            return None
        if not isinstance(value, Mapping):
            raise _Bad(f"expected an object with a 'type', got {_kind(value)}")
        if "type" not in value:
            raise _Bad(f"missing 'type' (one of {allowed})")
        tag = value["type"]
        if type(tag) is not str or tag not in by_tag:
            raise _Bad(f"unknown type {tag!r:.40}; expected one of {allowed}", ".type")
        cls = by_tag[tag]
        return converter.get_structure_hook(cls)(value, cls)

    return hook


def _tagged_union_unhook(tp: Any) -> Callable[[Any], Any]:
    def unhook(value: Any) -> Any:
        if value is None:
            return None
        return converter.unstructure(value, unstructure_as=type(value))

    return unhook


def _is_tagged_class(tp: Any) -> bool:
    return isinstance(tp, type) and attrs.has(tp) and isinstance(getattr(tp, "tag", None), str)


def _tagged_class_unhook(tp: Any) -> Callable[[Any], Any]:
    body = converter.gen_unstructure_attrs_fromdict(tp)
    tag = tag_of(tp)

    def unhook(value: Any) -> Any:
        return {"type": tag, **body(value)}

    return unhook


def _tagged_class_hook(tp: Any) -> Callable[[object, object], Any]:
    body = converter.gen_structure_attrs_fromdict(tp)
    tag = tag_of(tp)

    def hook(value: object, _: object) -> Any:
        if not isinstance(value, Mapping):
            raise _Bad(f"expected an object, got {_kind(value)}")
        if "type" in value:
            if value["type"] != tag:
                raise _Bad(f"expected type {tag!r}, got {value['type']!r:.40}", ".type")
            value = {k: v for k, v in value.items() if k != "type"}
        return body(value, tp)

    return hook


converter.register_structure_hook_factory(_is_tagged_class, _tagged_class_hook)
converter.register_unstructure_hook_factory(_is_tagged_class, _tagged_class_unhook)


converter.register_structure_hook_factory(_is_tagged_union, _tagged_union_hook)
converter.register_unstructure_hook_factory(_is_tagged_union, _tagged_union_unhook)


def _is_any(tp: Any) -> bool:
    return tp is Any


converter.register_structure_hook_factory(_is_any, lambda tp: lambda v, _: freeze_json(v))


# -- records: the game decides the types of options, setup and actions -----------------
def _structure_record(value: object, _: object) -> GameRecord:
    from boardrules.core.errors import UnknownGame
    from boardrules.core.record import SCHEMA_VERSION
    from boardrules.core.registry import game_from_json_options

    if not isinstance(value, Mapping):
        raise _Bad(f"expected an object, got {_kind(value)}")
    known = {"game", "seed", "options", "setup", "actions", "notes", "schema", "variant"}
    extra = sorted(set(value) - known)
    if extra:
        raise _Bad(f"unknown key {extra[0]!r}", f".{extra[0]}")
    for key in ("game", "seed"):
        if key not in value:
            raise _Bad(f"missing required key {key!r}", f".{key}")
    schema = value.get("schema", SCHEMA_VERSION)
    if schema != SCHEMA_VERSION or type(schema) is not int:
        raise _Bad(f"this library reads record schema {SCHEMA_VERSION}", ".schema")
    name = _nested(value["game"], str, ".game")
    seed = _nested(value["seed"], int, ".seed")
    if not 0 <= seed < _INT_LIMIT:
        raise _Bad("a seed lies between 0 and 2**64 - 1", ".seed")
    options = value.get("options", {})
    if not isinstance(options, Mapping):
        raise _Bad(f"expected an object, got {_kind(options)}", ".options")
    try:
        game = game_from_json_options(name, options)
    except UnknownGame as exc:
        raise _Bad(str(exc), ".game") from None
    except BadInput as exc:
        raise _Bad(exc.reason, ".options" + exc.path[1:]) from None
    setup = value.get("setup", {})
    if not isinstance(setup, Mapping):
        raise _Bad(f"expected an object, got {_kind(setup)}", ".setup")
    try:
        structure_setup(game.setup_type, setup)
        new_game(game, seed, setup)  # a setup the game itself would refuse is refused here
    except BadInput as exc:
        path = exc.path if exc.path.startswith("$.setup") else "$.setup" + exc.path[1:]
        raise _Bad(exc.reason, path[1:]) from None
    action_list: Any = tuple.__class_getitem__((game.action_type, ...))
    actions = _nested(value.get("actions", []), action_list, ".actions")
    notes = _nested(value.get("notes", []), tuple[Note, ...], ".notes")
    variant = _nested(value.get("variant"), str | None, ".variant")
    return GameRecord(
        game=name,
        seed=seed,
        options=options,
        setup=setup,
        actions=actions,
        notes=notes,
        variant=variant,
    )


def _nested(value: object, tp: Any, path: str) -> Any:
    try:
        return converter.structure(value, tp)
    except Exception as exc:  # re-rooted below the record's field
        sub, reason = _first_error(exc)
        raise _Bad(reason, path + sub) from None


converter.register_structure_hook(GameRecord, _structure_record)


# -- error paths ---------------------------------------------------------------------
def _first_error(exc: BaseException) -> tuple[str, str]:
    """The relative path and sentence of the first leaf error inside a cattrs error tree."""
    path = ""
    while True:
        if isinstance(exc, ForbiddenExtraKeysError):
            extra = sorted(exc.extra_fields)[0]
            return f"{path}.{extra}", f"unknown key {extra!r}"
        if isinstance(exc, ClassValidationError | IterableValidationError):
            inner = exc.exceptions[0]
            for note in getattr(inner, "__notes__", []):
                if isinstance(note, IterableValidationNote):
                    path += f"[{note.index}]"
                    break
                name = getattr(note, "name", None)
                if isinstance(name, str):
                    path += f".{name}"
                    break
            exc = inner
            continue
        if isinstance(exc, _Bad):
            return path + exc.subpath, exc.reason
        if isinstance(exc, BadInput):
            return path + exc.path[1:], exc.reason
        if (
            isinstance(exc, ValueError | TypeError)
            and len(exc.args) >= 2
            and isinstance(exc.args[1], attrs.Attribute)
        ):  # raised by an attrs validator: args are (message, attribute, ...)
            return f"{path}.{exc.args[1].name}", str(exc.args[0])
        if isinstance(exc, KeyError):
            return path, f"missing required key {exc.args[0]!r}" if exc.args else "missing key"
        if isinstance(exc, RecursionError):
            return path, "nested too deeply"
        if isinstance(exc, TypeError | AttributeError):
            return path, "wrong shape for this field"
        if isinstance(exc, ValueError):
            return path, str(exc) or "impossible value"
        return path, f"{type(exc).__name__}: {exc}"


def _precheck(data: object) -> None:
    """Bound depth, sizes and types of raw JSON-shaped data before structuring it."""
    stack: list[tuple[object, str, int]] = [(data, "$", 0)]
    seen = 0
    while stack:
        value, path, depth = stack.pop()
        seen += 1
        if seen > MAX_VALUES:
            raise BadInput("$", f"the document has more than {MAX_VALUES} values")
        if depth > MAX_DEPTH:
            raise BadInput(path, f"nested deeper than {MAX_DEPTH} levels")
        if isinstance(value, Mapping):
            if len(value) > MAX_ITEMS:
                raise BadInput(path, f"more than {MAX_ITEMS} keys")
            for key, item in value.items():
                if type(key) is not str:
                    raise BadInput(path, "object keys are strings")
                problem = text_problem(key)
                if problem is not None:
                    raise BadInput(path, f"a key {problem}")
                stack.append((item, f"{path}.{key}", depth + 1))
        elif isinstance(value, list | tuple):
            if len(value) > MAX_ITEMS:
                raise BadInput(path, f"more than {MAX_ITEMS} items")
            stack.extend((item, f"{path}[{i}]", depth + 1) for i, item in enumerate(value))
        elif isinstance(value, str):
            if len(value) > MAX_STRING:
                raise BadInput(path, f"string longer than {MAX_STRING} characters")
            problem = text_problem(value)
            if problem is not None:
                raise BadInput(path, problem)
        elif type(value) is int:
            if not -_INT_LIMIT < value < _INT_LIMIT:
                raise BadInput(path, "integer out of range")
        elif value is None or isinstance(value, bool | float | enum.Enum) or attrs.has(type(value)):
            pass
        else:
            raise BadInput(path, f"not a JSON value: {type(value).__name__}")


# -- the public functions --------------------------------------------------------------
def to_dict(obj: object) -> Any:
    """JSON-ready data (dicts, lists, strings, numbers) for a state, action, event or record."""
    if isinstance(obj, GameRecord):
        return _record_to_dict(obj)
    return converter.unstructure(obj)


def _record_to_dict(record: GameRecord) -> dict[str, Any]:
    out: dict[str, Any] = {
        "schema": record.schema,
        "game": record.game,
        "seed": record.seed,
        "options": to_dict(record.options),
        "setup": to_dict(record.setup),
        "actions": [to_dict(action) for action in record.actions],
    }
    if record.notes:
        out["notes"] = converter.unstructure(record.notes)
    if record.variant is not None:
        out["variant"] = record.variant
    return out


def to_json(obj: object, *, indent: int | None = None) -> str:
    """The JSON text of a state, action, event or record (UTF-8 safe, stable key order)."""
    return json.dumps(to_dict(obj), ensure_ascii=False, indent=indent)


#: Event fields that hold one seat, and those that hold several; a loaded event's seats
#: must exist in the game.
SEAT_FIELDS = frozenset({"seat", "winner", "loser", "first"})
SEATS_FIELDS = frozenset({"winners", "order"})
#: Event fields that hold the ID of one of the game's cards.
CARD_FIELDS = frozenset({"card"})

_EVENT_GAMES: dict[Any, Any] = {}


def _game_of_events(union: Any) -> Any:
    """The registered game (default options) whose ``event_type`` is ``union``, or ``None``.

    Looked up once per union and kept (games are immutable, so the default one is shared;
    a union that is no game's events, such as an action union, is kept as ``None``).
    """
    from boardrules.core.registry import game_names, load

    if union not in _EVENT_GAMES:  # unions of actions are remembered as None
        games = (load(name) for name in game_names())
        _EVENT_GAMES[union] = next((g for g in games if g.event_type == union), None)
    return _EVENT_GAMES[union]


def _has_card(game: Any, card_id: str) -> bool:
    lookup = getattr(game, "card", None)
    if callable(lookup):
        try:
            lookup(card_id)
        except KeyError:
            return False
        return True
    every = getattr(game, "cards", None)  # a method or a property
    ids = every() if callable(every) else every
    return not isinstance(ids, tuple | list | set | frozenset) or card_id in ids


def _validate_event(event: Any, game: Any) -> None:
    """Refuse an event that names a seat or a piece of content the game does not have.

    A game may define ``validate_event(event)``; otherwise every seat field must name a
    seat (``0 .. max_players - 1``) and the game must be able to describe the event in
    English and Russian; a card field must name a card the game has (``game.card(id)``
    finds it, or it is among ``game.cards``).
    """
    own = getattr(game, "validate_event", None)
    if own is not None:
        own(event)
        return
    for field in attrs.fields(type(event)):
        value = getattr(event, field.name)
        if field.name in CARD_FIELDS and isinstance(value, str) and not _has_card(game, value):
            raise BadInput(f"$.{field.name}", f"no card {value!r:.60} in {game.name}")
        if field.name in SEAT_FIELDS:
            seats: tuple[Any, ...] = () if value is None else (value,)
        elif field.name in SEATS_FIELDS and isinstance(value, tuple):
            seats = value
        else:
            continue
        for seat in seats:
            if type(seat) is int and not 0 <= seat < game.max_players:
                top = game.max_players - 1
                raise BadInput(f"$.{field.name}", f"no seat {seat} in {game.name} (0 to {top})")
    describe = getattr(game, "describe_event", None)
    if describe is None:
        return
    for lang in ("en", "ru"):
        try:
            describe(event, lang)
        except (KeyError, IndexError, ValueError) as exc:
            raise BadInput("$", f"names something {game.name} does not have ({exc})") from None


def _validate_loaded(result: Any, cls: Any, game: Any) -> None:
    validate = getattr(result, "__boardrules_game__", None)
    if validate is None:
        if game is None:
            game = _EVENT_GAMES[cls] if cls in _EVENT_GAMES else (
                _game_of_events(cls) if _is_tagged_union(cls) else None
            )
        if game is not None and type(result) in _union_members(game.event_type):
            _validate_event(result, game)
        return
    if game is None:
        from boardrules.core.registry import load

        game = load(validate)
    if not isinstance(result, game.state_type):
        raise BadInput("$", f"a {type(result).__name__} is not a state of the game {game.name}")
    game.validate(result)


def from_dict(data: object, cls: Any, *, game: Any = None) -> Any:
    """Build ``cls`` (a state, action or event class, an action union, ``GameRecord``) from data.

    A state is checked against its game's invariants before it is returned, and an event
    against its game's seats and content (when ``cls`` is the game's ``event_type`` or
    ``game`` is given); pass ``game`` when the document belongs to a game with non-default
    options (a custom deck, say).

    Raises:
        BadInput: naming the JSON path of the first bad field.
    """
    _precheck(data)
    if (attrs.has(cls) or _is_tagged_union(cls)) and not isinstance(data, Mapping):
        raise BadInput("$", f"expected an object, got {_kind(data)}")
    try:
        result = converter.structure(data, cls)
    except (BaseValidationError, _Bad, BadInput, KeyError, AttributeError, TypeError,
            ValueError, RecursionError) as exc:
        sub, reason = _first_error(exc)
        raise BadInput("$" + sub, reason) from None
    _validate_loaded(result, cls, game)
    return result


def _reject_constant(name: str) -> Any:
    raise BadInput("$", f"{name} is not valid JSON")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise BadInput("$", f"duplicate key {key!r:.40}")
        out[key] = value
    return out


def from_json(text: str | bytes, cls: Any, *, game: Any = None) -> Any:
    """Like :func:`from_dict`, from JSON text.

    Raises:
        BadInput: for text that is not JSON, too large, or not a valid ``cls``.
    """
    if not isinstance(text, str | bytes):
        raise BadInput("$", f"expected JSON text, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise BadInput("$", f"JSON text longer than {MAX_TEXT} bytes")
    # Bound the work before parsing: every value after the first in an array or object
    # follows a comma, and every array or object opens with a bracket, so this count bounds
    # the values the parser would build (commas inside strings only make it larger).
    marks: Any = (b",", b"[", b"{") if isinstance(text, bytes) else (",", "[", "{")
    if sum(text.count(mark) for mark in marks) > MAX_VALUES:
        raise BadInput("$", f"the document has more than {MAX_VALUES} values")
    try:
        data = json.loads(
            text, parse_constant=_reject_constant, object_pairs_hook=_no_duplicates
        )
    except BadInput:
        raise
    except (ValueError, RecursionError, UnicodeDecodeError) as exc:
        raise BadInput("$", f"not valid JSON: {exc}"[:200]) from None
    return from_dict(data, cls, game=game)


def structure_setup(setup_type: type[T], setup: Mapping[str, object]) -> T:
    """Parse the keyword arguments of ``Game.new`` strictly into ``setup_type``.

    Raises:
        BadInput: for an unknown, mistyped or impossible setup value.
    """
    if isinstance(setup, setup_type):
        return setup
    result: T = from_dict(dict(setup), setup_type)
    return result
