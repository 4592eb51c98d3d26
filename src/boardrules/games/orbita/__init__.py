"""«Орбита Добра»: the 2–4 seat game of social specialisation (rules ORB-1..ORB-24).

>>> from boardrules.games import orbita
>>> game = orbita.Game()
>>> state = game.new(seed=7, players=2)
>>> state = game.apply(state, orbita.DrawCharacter())
>>> state.phase
Phase.ATTRACTION
"""

from boardrules.games.orbita import variants as _variants
from boardrules.games.orbita.actions import (
    Action,
    AllocateFood,
    Amount,
    AnswerOffer,
    Boost,
    DrawCharacter,
    FormCorporation,
    Gift,
    MakeOffer,
    Pass,
    Reinforce,
    Shield,
    TakeFromMarket,
)
from boardrules.games.orbita.content import Resource, Role, Spec
from boardrules.games.orbita.events import (
    Boosted,
    CharacterDrawn,
    CharacterFired,
    CharacterHired,
    CorporationCollapsed,
    CorporationFormed,
    EnterpriseCollapsed,
    EnterpriseFormed,
    Event,
    GameEnded,
    GiftGiven,
    HostShielded,
    OfferAccepted,
    OfferAnswered,
    OfferDeclined,
    OfferMade,
    OfferReinforced,
    OfferSeized,
    PhaseStarted,
    StructureFed,
    WarriorDirected,
    WarriorReleased,
)
from boardrules.games.orbita.game import Game, Setup
from boardrules.games.orbita.state import (
    Answer,
    Corporation,
    Offer,
    Phase,
    Seat,
    Stage,
    State,
    Team,
    Zones,
)

# Records of Orbita's variants load by name (see ``orbita.variants``).
_variants.register(Game)
del _variants

__all__ = [
    "Action",
    "AllocateFood",
    "Amount",
    "Answer",
    "AnswerOffer",
    "Boost",
    "Boosted",
    "CharacterDrawn",
    "CharacterFired",
    "CharacterHired",
    "Corporation",
    "CorporationCollapsed",
    "CorporationFormed",
    "DrawCharacter",
    "EnterpriseCollapsed",
    "EnterpriseFormed",
    "Event",
    "FormCorporation",
    "Game",
    "GameEnded",
    "Gift",
    "GiftGiven",
    "HostShielded",
    "MakeOffer",
    "Offer",
    "OfferAccepted",
    "OfferAnswered",
    "OfferDeclined",
    "OfferMade",
    "OfferReinforced",
    "OfferSeized",
    "Pass",
    "Phase",
    "PhaseStarted",
    "Reinforce",
    "Resource",
    "Role",
    "Seat",
    "Setup",
    "Shield",
    "Spec",
    "Stage",
    "State",
    "StructureFed",
    "TakeFromMarket",
    "Team",
    "WarriorDirected",
    "WarriorReleased",
    "Zones",
]
