"""Strict JSON for states, actions, events, records and options (cattrs underneath).

Everything from outside is untrusted. Nothing is coerced: ``3.9`` is not an int, ``"7"`` is
not an int, ``true`` is not ``1``, ``null`` is not ``"None"`` and ``"abc"`` is not a list.
Unknown keys are refused, unions of actions or events are tagged by a ``"type"`` field with no
default member, and sizes are bounded. Every problem is a :class:`~boardrules.BadInput` that
names the JSON path of the bad field. ``boardrules.serde`` is this module.

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

import json
import re
import sys
from collections.abc import Mapping
from typing import Any, TypeVar, overload

import attrs

from boardrules.core.codec import (
    INT_LIMIT,
    MAX_DEPTH,
    MAX_ITEMS,
    MAX_STRING,
    MAX_TEXT,
    MAX_VALUES,
    OMIT_IF_DEFAULT,
    FieldError,
    converter,
    is_tagged_union,
    kind_of,
    nested,
    structure,
    structure_json,
    structure_setup,
    tag_of,
    union_members,
    unstructure,
)
from boardrules.core.errors import BadInput, UnknownGame
from boardrules.core.record import SAFE_INTEGER, SCHEMA_VERSION, GameRecord, Note, new_game
from boardrules.core.registry import default_game, game_from_json_options, game_module, game_names

#: A seed written as its digits (a record writes a seed above ``2**53 - 1`` so, for JavaScript).
_DIGITS = re.compile(r"[0-9]{1,20}")

__all__ = [
    "CARD_FIELDS",
    "MAX_DEPTH",
    "MAX_ITEMS",
    "MAX_STRING",
    "MAX_TEXT",
    "MAX_VALUES",
    "OMIT_IF_DEFAULT",
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


# -- records: the game decides the types of options, setup and actions -----------------
def _structure_record(value: object, _: object) -> GameRecord:
    if not isinstance(value, Mapping):
        raise FieldError(f"expected an object, got {kind_of(value)}")
    known = {
        "game", "seed", "options", "setup", "actions", "notes", "schema", "variant", "revision",
        "seats",
    }
    extra = sorted(set(value) - known)
    if extra:
        raise FieldError(f"unknown key {extra[0]!r}", f".{extra[0]}")
    for key in ("game", "seed"):
        if key not in value:
            raise FieldError(f"missing required key {key!r}", f".{key}")
    schema = value.get("schema", SCHEMA_VERSION)
    if schema != SCHEMA_VERSION or type(schema) is not int:
        raise FieldError(f"this library reads record schema {SCHEMA_VERSION}", ".schema")
    name = nested(value["game"], str, ".game")
    seed_value = value["seed"]
    if type(seed_value) is str and _DIGITS.fullmatch(seed_value) \
            and int(seed_value) > SAFE_INTEGER:
        seed_value = int(seed_value)  # a seed above 2**53 - 1 is written as its digits
    seed = nested(seed_value, int, ".seed")
    if not 0 <= seed < INT_LIMIT:
        raise FieldError("a seed lies between 0 and 2**64 - 1", ".seed")
    options = value.get("options", {})
    if not isinstance(options, Mapping):
        raise FieldError(f"expected an object, got {kind_of(options)}", ".options")
    try:
        game = default_game(name) if not options else game_from_json_options(name, options)
    except UnknownGame as exc:
        raise FieldError(str(exc), ".game") from None
    except BadInput as exc:
        raise FieldError(exc.reason, ".options" + exc.path[1:]) from None
    setup = value.get("setup", {})
    if not isinstance(setup, Mapping):
        raise FieldError(f"expected an object, got {kind_of(setup)}", ".setup")
    try:
        structure_setup(game.setup_type, setup)
        new_game(game, seed, setup)  # a setup the game itself would refuse is refused here
    except BadInput as exc:
        path = exc.path if exc.path.startswith("$.setup") else "$.setup" + exc.path[1:]
        raise FieldError(exc.reason, path[1:]) from None
    action_list: Any = tuple.__class_getitem__((game.action_type, ...))
    actions = nested(value.get("actions", []), action_list, ".actions")
    notes = nested(value.get("notes", []), tuple[Note, ...], ".notes")
    variant = nested(value.get("variant"), str | None, ".variant")
    revision = nested(value.get("revision", 1), int, ".revision")
    if revision < 1:
        raise FieldError("a rules revision is a whole number from 1", ".revision")
    seats = nested(value.get("seats", []), tuple[str, ...], ".seats")
    for index, seat in enumerate(seats):
        if not seat or len(seat) > 64:
            raise FieldError("a seat is \"human\" or an agent's name", f".seats[{index}]")
    return GameRecord(
        game=name,
        seed=seed,
        options=options,
        setup=setup,
        actions=actions,
        notes=notes,
        variant=variant,
        revision=revision,
        seats=seats,
    )


converter.register_structure_hook(GameRecord, _structure_record)


# -- the public functions --------------------------------------------------------------
def to_dict(obj: object) -> Any:
    """JSON-ready data (dicts, lists, strings, numbers) for a state, action, event or record."""
    if isinstance(obj, GameRecord):
        return _record_to_dict(obj)
    return unstructure(obj)


def _record_to_dict(record: GameRecord) -> dict[str, Any]:
    out: dict[str, Any] = {
        "schema": record.schema,
        "game": record.game,
        "seed": record.seed if record.seed <= SAFE_INTEGER else str(record.seed),
        "options": to_dict(record.options),
        "setup": to_dict(record.setup),
        "actions": [to_dict(action) for action in record.actions],
    }
    if record.notes:
        out["notes"] = converter.unstructure(record.notes)
    if record.variant is not None:
        out["variant"] = record.variant
    if record.revision != 1:
        out["revision"] = record.revision
    if record.seats:
        out["seats"] = list(record.seats)
    return out


def to_json(obj: object, *, indent: int | None = None) -> str:
    """The JSON text of a state, action, event or record (UTF-8 safe, stable key order)."""
    return json.dumps(to_dict(obj), ensure_ascii=False, indent=indent)


#: Event fields that hold one seat, and those that hold several; a loaded event's seats


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
    if union not in _EVENT_GAMES:  # unions of actions are remembered as None
        _EVENT_GAMES[union] = _find_game_of_events(union)
    return _EVENT_GAMES[union]


def _find_game_of_events(union: Any) -> Any:
    """The games already imported are asked first, and a union one of them names as its
    actions or states ends the search: loading (importing) every other game, seconds under
    Pyodide, is left for a union none of them knows."""
    names = game_names()
    imported = [n for n in names if game_module(n) is None or game_module(n) in sys.modules]
    for name in [*imported, *(n for n in names if n not in imported)]:
        game = default_game(name)
        if game.event_type == union:
            return game
        if union in (game.action_type, game.state_type):
            return None
    return None


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
                _game_of_events(cls) if is_tagged_union(cls) else None
            )
        if game is not None and type(result) in union_members(game.event_type):
            _validate_event(result, game)
        return
    if game is None:
        game = default_game(validate)
    if not isinstance(result, game.state_type):
        raise BadInput("$", f"a {type(result).__name__} is not a state of the game {game.name}")
    game.validate(result)



@overload
def from_dict(data: object, cls: type[T], *, game: Any = None) -> T: ...
@overload
def from_dict(data: object, cls: Any, *, game: Any = None) -> Any: ...
def from_dict(data: object, cls: Any, *, game: Any = None) -> Any:
    """Build ``cls`` (a state, action or event class, an action union, ``GameRecord``) from data.

    A state is checked against its game's invariants before it is returned, and an event
    against its game's seats and content (when ``cls`` is the game's ``event_type`` or
    ``game`` is given); pass ``game`` when the document belongs to a game with non-default
    options (a custom deck, say).

    Raises:
        BadInput: naming the JSON path of the first bad field.
    """
    result = structure(data, cls)
    _validate_loaded(result, cls, game)
    return result



@overload
def from_json(text: str | bytes, cls: type[T], *, game: Any = None) -> T: ...
@overload
def from_json(text: str | bytes, cls: Any, *, game: Any = None) -> Any: ...
def from_json(text: str | bytes, cls: Any, *, game: Any = None) -> Any:
    """Like :func:`from_dict`, from JSON text: ``from_json(text, GameRecord)`` is a
    ``GameRecord`` to the type checker too; a union of actions (``semya.Action``) is not a
    class, so it comes back untyped.

    Raises:
        BadInput: for text that is not JSON, too large, or not a valid ``cls``.
    """
    result = structure_json(text, cls)
    _validate_loaded(result, cls, game)
    return result
