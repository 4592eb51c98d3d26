"""``boardrules.load``: a game by its registry name, typed precisely for the bundled games.

>>> import boardrules
>>> game = boardrules.load("semya")     # a boardrules.games.semya.Game to the type checker
>>> type(game).__module__.startswith("boardrules.games.semya")
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, overload

from boardrules.core.game import GameBase
from boardrules.core.registry import load as load_registered

if TYPE_CHECKING:
    from boardrules.games import kuhn, lyceum, orbita, semya

__all__ = ["load"]


@overload
def load(name: Literal["semya"], **options: Any) -> semya.Game: ...
@overload
def load(name: Literal["lyceum"], **options: Any) -> lyceum.Game: ...
@overload
def load(name: Literal["orbita"], **options: Any) -> orbita.Game: ...
@overload
def load(name: Literal["kuhn"], **options: Any) -> kuhn.Game: ...
@overload
def load(name: str, **options: Any) -> GameBase[Any, Any, Any, Any]: ...
def load(name: str, **options: Any) -> GameBase[Any, Any, Any, Any]:
    """The game registered as ``name``, made with ``options``.

    Bundled games come back as their own ``Game`` class (to the type checker too); any
    other registered game as a :class:`~boardrules.GameBase`.

    Raises:
        UnknownGame: if no game has that name.
        BadInput: for options the game refuses.
    """
    return load_registered(name, **options)
