"""The shared core: the game contract, errors, violations, randomness, standings, records."""

from boardrules.core.capabilities import Playable
from boardrules.core.errors import (
    BadInput,
    BoardRulesError,
    IllegalAction,
    ReplayError,
    UnknownGame,
)
from boardrules.core.frozen import FrozenMap
from boardrules.core.game import Game, GameBase, Transition
from boardrules.core.match import Match
from boardrules.core.record import GameRecord, Note
from boardrules.core.registry import (
    game_names,
    load,
    load_variant,
    register,
    register_variant,
)
from boardrules.core.replay import load_game, replay
from boardrules.core.rng import Rng
from boardrules.core.standings import Standing, Standings, rank_by_points
from boardrules.core.turn import Choice, Part, Place, Result, Turn
from boardrules.core.violation import Violation, register_messages

__all__ = [
    "BadInput",
    "BoardRulesError",
    "Choice",
    "FrozenMap",
    "Game",
    "GameBase",
    "GameRecord",
    "IllegalAction",
    "Match",
    "Note",
    "Part",
    "Place",
    "Playable",
    "ReplayError",
    "Result",
    "Rng",
    "Standing",
    "Standings",
    "Transition",
    "Turn",
    "UnknownGame",
    "Violation",
    "game_names",
    "load",
    "load_game",
    "load_variant",
    "rank_by_points",
    "register",
    "register_messages",
    "register_variant",
    "replay",
]
