"""«Об игре»: the HSE Lyceum life-path game, ages 16 to 25 in ten rounds.

>>> from boardrules.games import lyceum
>>> game = lyceum.Game()
>>> state = game.new(seed=7, players=3)
>>> game.legal_actions(state)[0]
ChooseSkill(skill=Skill.HEALTH)
"""

from typing import Any as _Any

from boardrules.core.registry import register_variant as _register_variant
from boardrules.games.lyceum.actions import (
    Action,
    ChooseSkill,
    Declare,
    DeclareSkill,
    DeferCard,
    DiscardCard,
    Draw,
    FinishMoves,
    KeepDeferred,
    MoveSkillPoint,
    PlayCard,
    PlayDeferred,
    Rest,
    ShareExperience,
)
from boardrules.games.lyceum.content import (
    COLOUR_XP,
    SKILLS,
    Card,
    Character,
    Colour,
    Content,
    Epoch,
    Skill,
    Special,
    SpecialKind,
    Target,
    default_content,
    epoch_of_round,
    load_content,
    validate_content,
)
from boardrules.games.lyceum.events import (
    CardDeferred,
    CardDiscarded,
    CardDrawn,
    CardPlayed,
    DeclarationMade,
    DeferredExpired,
    EffectStarted,
    Event,
    ExperienceShared,
    GameEnded,
    LevelReached,
    PointChosen,
    PointMoved,
    Rested,
    RoundStarted,
    TurnOrderSet,
)
from boardrules.games.lyceum.game import Game
from boardrules.games.lyceum.rules import (
    DECLARATION_BONUS,
    REST_MOVES,
    Setup,
    declaration_bonus,
    share_amount,
)
from boardrules.games.lyceum.scoring import (
    PROTOCOL_FIELDS,
    ProtocolRow,
    TeamStanding,
    protocol,
    protocol_csv,
    team_standings,
)
from boardrules.games.lyceum.state import HIDDEN, Effect, Seat, Stage, State, Step, StepKind
from boardrules.games.lyceum.variants import share_rounded_down

__all__ = [
    "COLOUR_XP",
    "DECLARATION_BONUS",
    "HIDDEN",
    "PROTOCOL_FIELDS",
    "REST_MOVES",
    "SKILLS",
    "Action",
    "Card",
    "CardDeferred",
    "CardDiscarded",
    "CardDrawn",
    "CardPlayed",
    "Character",
    "ChooseSkill",
    "Colour",
    "Content",
    "DeclarationMade",
    "Declare",
    "DeclareSkill",
    "DeferCard",
    "DeferredExpired",
    "DiscardCard",
    "Draw",
    "Effect",
    "EffectStarted",
    "Epoch",
    "Event",
    "ExperienceShared",
    "FinishMoves",
    "Game",
    "GameEnded",
    "KeepDeferred",
    "LevelReached",
    "MoveSkillPoint",
    "PlayCard",
    "PlayDeferred",
    "PointChosen",
    "PointMoved",
    "ProtocolRow",
    "Rest",
    "Rested",
    "RoundStarted",
    "Seat",
    "Setup",
    "ShareExperience",
    "Skill",
    "Special",
    "SpecialKind",
    "Stage",
    "State",
    "Step",
    "StepKind",
    "Target",
    "TeamStanding",
    "TurnOrderSet",
    "declaration_bonus",
    "default_content",
    "epoch_of_round",
    "load_content",
    "protocol",
    "protocol_csv",
    "share_amount",
    "share_rounded_down",
    "team_standings",
    "validate_content",
]


def _share_rounded_down_game(**options: _Any) -> Game:
    return share_rounded_down(Game(**options))


# Records of the shipped variant load by name; ``boardrules simulate --variant`` finds it.
_register_variant(_share_rounded_down_game)
