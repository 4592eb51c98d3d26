"""Short labels for actions and events, for buttons and log lines, in English and Russian.

>>> from boardrules.games import semya
>>> describe(semya.Game(), semya.PlayCard("sun-saturn"))
'Play excitement, inspiration (Sun → Saturn, white, 2)'
>>> describe(semya.Game(), semya.GameEnded(winner=1, loser=0), "ru")
'Игрок 0 не может ответить и проигрывает; победил игрок 1 (SEM-9)'

Optional per-game hooks (for balance reports and front-ends) are found by one lookup,
[game_hook][boardrules.labels.game_hook]: a method of the game object of that name, else a
function of that name in the ``labels`` module next to the game's class (our games keep
theirs in ``boardrules.games.<name>.labels``).
"""

from __future__ import annotations

import functools
import importlib
import sys
from collections.abc import Callable
from typing import Any, get_args

from boardrules.core.violation import Lang

__all__ = ["HOOKS", "describe", "event_rule", "game_hook"]

#: The optional hooks a game may provide, as :func:`game_hook` returns them (a function of
#: the ``labels`` module takes the game first), with what each one answers.
HOOKS: dict[str, str] = {
    "vocabulary": "vocabulary() -> tuple of actions: every action of the game, for probing",
    "tally": "tally(state, events) -> dict[str, int]: content counted in one finished game",
    "event_rule": "event_rule(event) -> str | None: the rule ID behind an event",
    "event_rules": (
        "event_rules() -> dict[type, str | None]: for each event class whose events all "
        "have the same rule behind them, that rule ID (None: no rule); a study asks "
        "event_rule only of the other classes' events"
    ),
    "seat_groups": (
        "seat_groups(state) -> dict[str, tuple[str, ...]]: for each grouping "
        "(character, starting specialisation ...), each seat's label at the start"
    ),
    "content_label": "content_label(key, lang) -> str: a tally key with ids replaced by labels",
    "setups": (
        "setups() -> list[dict]: every start the game has, as setups of game.new, when there "
        "are few and the setup decides every chance: boardrules.explore then searches "
        "exhaustively"
    ),
    "group_label": (
        "group_label(grouping, label, lang) -> str: a grouping of seat_groups (label \"\") "
        "or one of its labels in the language lang"
    ),
}


@functools.lru_cache(maxsize=64)
def _labels_module(module_name: str) -> Any:
    """The ``labels`` module of the package of ``module_name`` (looked up once each)."""
    module = sys.modules.get(module_name)
    if module is None:
        return None
    package = module_name if hasattr(module, "__path__") else module_name.rpartition(".")[0]
    if not package:
        return None
    try:
        return importlib.import_module(f"{package}.labels")
    except ModuleNotFoundError as error:
        if error.name != f"{package}.labels":
            raise
        return None


def game_hook(game: Any, name: str) -> Callable[..., Any] | None:
    """The game's optional hook ``name`` (one of :data:`HOOKS`), or ``None``.

    A method of the game object wins; else a function of that name in the ``labels``
    module of the game class's package, which takes the game as its first argument. Either
    way the hook returned is called as :data:`HOOKS` shows, without the game.

    >>> from boardrules.games import lyceum
    >>> game = lyceum.Game()
    >>> game_hook(game, "seat_groups")(game.new(seed=1))
    {'character': ('Timur', 'Gleb', 'Ildar', 'Eva')}
    >>> game_hook(game, "no_such_hook") is None
    True
    """
    own: object = getattr(game, name, None)
    if callable(own):
        return own
    module = _labels_module(type(game).__module__)
    found: object = getattr(module, name, None) if module is not None else None
    return functools.partial(found, game) if callable(found) else None


def event_rule(game: Any, event: object) -> str | None:
    """The rule ID behind ``event``: its own ``rule`` field, else the game's ``event_rule`` hook.

    >>> from boardrules.games import semya
    >>> event_rule(semya.Game(), semya.GameEnded(winner=1, loser=0))
    'SEM-9'
    """
    rule = getattr(event, "rule", None)
    if isinstance(rule, str):
        return rule
    hook = game_hook(game, "event_rule")
    found = hook(event) if hook is not None else None
    return found if isinstance(found, str) else None


def _members(union: Any) -> tuple[type, ...]:
    return get_args(union) or (union,)


def describe(game: Any, item: object, lang: Lang | str = "en") -> str:
    """A short label for an action or an event of ``game``.

    Args:
        game: the game the item belongs to.
        item: an action (``game.action_type``) or an event (``game.event_type``).
        lang: ``"en"`` or ``"ru"``.

    Raises:
        TypeError: if ``item`` is neither an action nor an event of this game.
    """
    if isinstance(item, _members(game.action_type)):
        return str(game.describe_action(item, lang))
    if isinstance(item, _members(game.event_type)):
        return str(game.describe_event(item, lang))
    raise TypeError(f"{item!r} is not an action or event of {game.name}")
