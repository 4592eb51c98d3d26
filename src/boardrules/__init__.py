"""boardrules: rules engines for card and board games.

Immutable states, one checked reducer per game, seeded randomness and replayable records.

>>> import boardrules
>>> game = boardrules.load("semya")
>>> state = game.new(seed=7)
>>> game.is_over(state)
False
"""

from importlib.metadata import PackageNotFoundError, version

from boardrules.core import (
    BadInput,
    BoardRulesError,
    FrozenMap,
    Game,
    GameBase,
    GameRecord,
    IllegalAction,
    Match,
    Note,
    ReplayError,
    Rng,
    Standing,
    Standings,
    Transition,
    UnknownGame,
    Violation,
    game_names,
    load_game,
    load_variant,
    register,
    register_messages,
    register_variant,
    replay,
)
from boardrules.core.catalogue import Label, catalogue
from boardrules.labels import describe
from boardrules.loading import load
from boardrules.schemas import schema

try:
    __version__ = version("boardrules")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.0.0"

__all__ = [
    "BadInput",
    "BoardRulesError",
    "FrozenMap",
    "Game",
    "GameBase",
    "GameRecord",
    "IllegalAction",
    "Label",
    "Match",
    "Note",
    "ReplayError",
    "Rng",
    "Standing",
    "Standings",
    "Transition",
    "UnknownGame",
    "Violation",
    "__version__",
    "catalogue",
    "describe",
    "game_names",
    "load",
    "load_game",
    "load_variant",
    "register",
    "register_messages",
    "register_variant",
    "replay",
    "schema",
]
