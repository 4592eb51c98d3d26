"""``boardrules.load``: a game by its registry name, typed precisely for the bundled games.

>>> import boardrules
>>> game = boardrules.load("semya")     # a boardrules.games.semya.Game to the type checker
>>> type(game).__module__.startswith("boardrules.games.semya")
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, overload

from boardrules.core.capabilities import Playable
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
def load(name: str, **options: Any) -> Playable[Any, Any, Any]: ...
def load(name: str, **options: Any) -> Any:
    """The game registered as ``name``, made with ``options``.

    Bundled games come back as their own ``Game`` class (to the type checker too); a name
    known only at run time (a command-line argument, a menu) as a
    :class:`~boardrules.Playable`: the contract with turns, results, the position as text
    and SVG, labels and notation, which every bundled game has. A third-party game is
    typed so too; test ``isinstance(game, boardrules.Playable)`` before showing one that
    may lack the display and notation members (the core needs only the contract).

    Raises:
        UnknownGame: if no game has that name.
        BadInput: for options the game refuses.
    """
    return load_registered(name, **options)
