"""Find games by name: ours, and third-party ones through the ``boardrules.games`` entry points."""

from __future__ import annotations

import functools
import importlib
import importlib.util
import os
import sys
from collections.abc import Callable, Mapping
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import attrs

from boardrules.core import codec
from boardrules.core.errors import BadInput, BoardRulesError, UnknownGame
from boardrules.core.game import GameBase

__all__ = [
    "ENTRY_POINT_GROUP",
    "RULEBOOK",
    "default_game",
    "game_from_json_options",
    "game_module",
    "game_names",
    "load",
    "load_variant",
    "made_by",
    "register",
    "register_variant",
    "unregister",
    "variant_names",
]

ENTRY_POINT_GROUP = "boardrules.games"

_BUILTIN: dict[str, str] = {
    "kuhn": "boardrules.games.kuhn:Game",
    "lyceum": "boardrules.games.lyceum:Game",
    "orbita": "boardrules.games.orbita:Game",
    "semya": "boardrules.games.semya:Game",
}


def _builtin() -> dict[str, str]:
    """Our games whose package is present in this installation."""
    return {
        name: target
        for name, target in _BUILTIN.items()
        if importlib.util.find_spec(target.partition(":")[0]) is not None
    }
_REGISTERED: dict[str, Callable[..., Any]] = {}
_VARIANTS: dict[tuple[str, str], Callable[..., Any]] = {}
#: Each name's game with its default options, made once (:func:`default_game`).
_MADE: dict[str, GameBase[Any, Any, Any, Any]] = {}


def register(name: str, factory: Callable[..., Any]) -> None:
    """Register a game factory under ``name`` for this process (tests, notebooks).

    Installed packages should declare an entry point in the ``boardrules.games`` group
    instead, so every process finds the game.
    """
    _REGISTERED[name] = factory
    _MADE.pop(name, None)


def unregister(name: str) -> None:
    """Forget a game :func:`register` registered in this process (and its variants)."""
    _REGISTERED.pop(name, None)
    _MADE.pop(name, None)
    for key in [k for k in _VARIANTS if k[0] == name]:
        del _VARIANTS[key]


def register_variant(factory: Callable[..., Any]) -> str:
    """Register a rules variant so that records of it load by name in this process.

    ``factory`` takes the game's options as keyword arguments and returns the variant game
    (for example ``lambda **o: semya.Game(**o).with_rules(...)``). It is called once with no
    arguments to learn the game's name and the variant's name, which this returns.

    Raises:
        BadInput: if the factory does not make a variant (its rules are the game's own).
    """
    sample = factory()
    variant = getattr(sample, "variant", None)
    if not isinstance(variant, str):
        raise BadInput("$", "the factory makes a game with its own rules, not a variant")
    _VARIANTS[(sample.name, variant)] = factory
    return variant


def variant_names(name: str) -> tuple[str, ...]:
    """The registered variants of the game ``name``, sorted."""
    return tuple(sorted(v for g, v in _VARIANTS if g == name))


def _entry_points() -> dict[str, str]:
    return {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}


def game_names() -> tuple[str, ...]:
    """The names of every game that :func:`load` can make, sorted.

    >>> "semya" in game_names()
    True
    """
    return tuple(sorted({*_builtin(), *_entry_points(), *_REGISTERED}))


def game_module(name: str) -> str | None:
    """The module the game ``name`` is made from (``"boardrules.games.semya"``), or ``None``
    for a game :func:`register` registered in this process (its factory is in memory).

    Finding it imports nothing, so a caller can tell the games already imported from those
    that loading would import.

    >>> game_module("kuhn")
    'boardrules.games.kuhn'

    Raises:
        UnknownGame: if no game has that name.
    """
    if name in _REGISTERED:
        return None
    target = _builtin().get(name) or _entry_points().get(name)
    if target is None:
        known = ", ".join(game_names())
        raise UnknownGame(f"no game named {name!r}; known games: {known}")
    return target.partition(":")[0]


def _factory(name: str) -> Callable[..., Any]:
    if name in _REGISTERED:
        return _REGISTERED[name]
    target = _builtin().get(name) or _entry_points().get(name)
    if target is None:
        known = ", ".join(game_names())
        raise UnknownGame(f"no game named {name!r}; known games: {known}")
    module_name, _, attr = target.partition(":")
    factory: Callable[..., Any] = getattr(importlib.import_module(module_name), attr)
    return factory


def load(name: str, **options: Any) -> GameBase[Any, Any, Any, Any]:
    """The game registered as ``name``, made with ``options``.

    ``boardrules.load`` is the same function with precise types for the bundled games.

    >>> load("semya").name
    'semya'

    Raises:
        UnknownGame: if no game has that name.
        BadInput: for options the game refuses.
        TypeError: if what is registered under ``name`` does not make a ``GameBase``.
    """
    factory = _factory(name)
    if isinstance(factory, type) and attrs.has(factory):
        known = [a.alias or a.name for a in attrs.fields(factory) if a.init]
        for option in options:
            if option not in known:
                raise BadInput(
                    f"$.options.{option}",
                    f"{name} has no option {option!r:.40}; its options: {', '.join(known)}",
                )
    try:
        made = factory(**options)
    except (TypeError, ValueError) as error:
        raise _refused(error) from None
    return _checked(name, made)


def default_game(name: str) -> GameBase[Any, Any, Any, Any]:
    """The game ``name`` with its default options, made once per process and shared: what
    ``serde.from_json`` reads a document of that game with when no ``game=`` is given
    (games are immutable, so one object serves every reader). :func:`register` and
    :func:`unregister` forget it.

    >>> default_game("kuhn") is default_game("kuhn")
    True

    Raises:
        UnknownGame: if no game has that name.
    """
    made = _MADE.get(name)
    if made is None:
        made = _MADE[name] = load(name)
    return made


#: The name :func:`load_variant` gives the game's own rules.
RULEBOOK = "rulebook"


def _import(module: str) -> Any:
    """The module ``module`` (a dotted name, or a ``.py`` file's path): a file's folder,
    or else the current folder, is put on ``sys.path`` first when that is what finds it, so
    worker processes import it too."""
    path = Path(module)
    if module.endswith(".py") or os.sep in module or "/" in module:
        if not path.is_file():
            raise BadInput("$.variant", f"no file {module!r:.80}")
        folder, module = str(path.resolve().parent), path.stem
        if folder not in sys.path:
            sys.path.insert(0, folder)
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as error:
        if error.name != module.partition(".")[0] or os.getcwd() in sys.path:
            raise BadInput("$.variant", f"cannot import {module!r:.80}: {error}") from None
    sys.path.insert(0, os.getcwd())  # as ``python -m`` does
    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise BadInput("$.variant", f"cannot import {module!r:.80}: {error}") from None


def made_by(name: str, target: str, **options: Any) -> GameBase[Any, Any, Any, Any]:
    """The variant ``target`` (``MODULE:FUNCTION``) makes of the game ``name`` with
    ``options``: ``FUNCTION(game)`` returns the game with its rules changed.

    Raises:
        BadInput: at ``$.variant`` when the module or the function cannot be found, the
            function fails, or it returns something other than a variant of the game.
    """
    module, _, function = target.rpartition(":")
    if not module or not function.isidentifier():
        raise BadInput("$.variant", f"MODULE:FUNCTION names a function, not {target!r:.80}")
    make = getattr(_import(module), function, None)
    if not callable(make):
        raise BadInput("$.variant", f"{module} has no function {function!r:.40}")
    game = load(name, **options)
    try:
        made = make(game)
    except BoardRulesError as error:
        raise BadInput("$.variant", f"{target}: {error}") from None
    if not isinstance(made, GameBase) or made.name != name or made.variant is None:
        raise BadInput("$.variant", f"{target} must return a variant of {name} (made with "
                       f"game.with_rules), not {type(made).__name__}")
    return made


def load_variant(
    name: str, variant: str | None = None, **options: Any
) -> GameBase[Any, Any, Any, Any]:
    """The game ``name`` with ``options``, played by the rules variant ``variant``:
    ``"rulebook"`` (or ``None``) for the game's own rules, a variant registered with
    :func:`register_variant` (our games register theirs when imported), or
    ``"MODULE:FUNCTION"``: a function of the game that returns the variant, in a module
    (or a ``.py`` file, ``"my_rules.py:short_games"``); that variant is then registered
    for this process, so its records load by name.

    >>> load_variant("semya", "fool-optional").variant
    'fool-optional'
    >>> load_variant("semya", "rulebook").variant is None
    True

    Raises:
        UnknownGame: if no game has that name.
        BadInput: for an unknown variant (``$.variant``, naming the known ones) or options
            the game refuses (``$.options.NAME``).
    """
    if variant is not None and ":" in variant:
        made_here = made_by(name, variant, **options)
        register_variant(functools.partial(made_by, name, variant))
        return made_here
    game = load(name, **options)
    if variant is None or variant == RULEBOOK:
        return game
    made = _VARIANTS.get((name, variant))
    if made is None:
        known = ", ".join((RULEBOOK, *variant_names(name)))
        raise BadInput("$.variant", f"{name} has no variant {variant!r:.60}; its variants: {known}")
    return _checked(name, made(**game.init_options()))


def _refused(error: TypeError | ValueError) -> BadInput:
    """An option's refusal as ``BadInput``: attrs' validators put the message first and
    the field second in ``args``."""
    args = error.args
    field = args[1] if len(args) > 1 and isinstance(args[1], attrs.Attribute) else None
    reason = args[0] if args and isinstance(args[0], str) else str(error)
    return BadInput(f"$.options.{field.name}" if field is not None else "$.options", reason)


def _checked(name: str, game: object) -> GameBase[Any, Any, Any, Any]:
    if not isinstance(game, GameBase):
        raise TypeError(
            f"the game registered as {name!r} made a {type(game).__name__}, "
            "not a boardrules GameBase"
        )
    return game


def game_from_json_options(
    name: str, options: Mapping[str, Any], variant: str | None = None
) -> GameBase[Any, Any, Any, Any]:
    """The game ``name`` with options given as JSON values (as a record stores them).

    Args:
        name: the game's registry name.
        options: its options as JSON values.
        variant: a registered variant's name (:func:`register_variant`), or ``None``.

    Raises:
        UnknownGame: if no game, or no such variant of it, is registered.
        BadInput: if the options are not this game's or have the wrong shape.
    """
    factory = _factory(name)
    if variant is not None:
        made = _VARIANTS.get((name, variant))
        if made is None:
            raise UnknownGame(
                f"the variant {variant!r:.60} of {name} is not registered here; register it "
                "with boardrules.register_variant or pass the variant game to replay"
            )
        base = codec.structure(dict(options), factory) if isinstance(factory, type) else None
        opts = base.init_options() if base is not None else dict(options)
        return _checked(name, made(**opts))
    if isinstance(factory, type):
        return _checked(name, codec.structure(dict(options), factory))
    return _checked(name, factory(**options))
