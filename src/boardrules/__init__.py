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
    Choice,
    FrozenMap,
    Game,
    GameBase,
    GameRecord,
    IllegalAction,
    Match,
    Note,
    Part,
    Place,
    Playable,
    ReplayError,
    Result,
    Rng,
    Standing,
    Standings,
    Transition,
    Turn,
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
from boardrules.table import Move, NotAnAction, Table, UndoError

try:
    __version__ = version("boardrules")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.0.0"

__all__ = [
    "BadInput",
    "BoardRulesError",
    "Choice",
    "FrozenMap",
    "Game",
    "GameBase",
    "GameRecord",
    "IllegalAction",
    "Label",
    "Match",
    "Move",
    "NotAnAction",
    "Note",
    "Part",
    "Place",
    "Playable",
    "ReplayError",
    "Result",
    "Rng",
    "Standing",
    "Standings",
    "Table",
    "Transition",
    "Turn",
    "UndoError",
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
