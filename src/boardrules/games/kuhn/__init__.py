"""Kuhn poker: three cards, two seats, one round of betting (H. W. Kuhn, 1950).

The smallest poker with hidden information and chance, built in the same layout as every
bundled game; see the how-to "Add a game", which builds it step by step.

>>> from boardrules.games import kuhn
>>> game = kuhn.Game()
>>> state = game.new(seed=3)
>>> game.legal_actions(state)
(Check(), Bet())
>>> game.view(state, 0).cards[1] is None
True
"""

from boardrules.games.kuhn.actions import Action, Bet, Call, Check, Fold
from boardrules.games.kuhn.content import DECK, Card, Stakes
from boardrules.games.kuhn.events import Acted, Event, HandEnded
from boardrules.games.kuhn.game import Game
from boardrules.games.kuhn.rules import Setup
from boardrules.games.kuhn.state import State

__all__ = [
    "DECK",
    "Acted",
    "Action",
    "Bet",
    "Call",
    "Card",
    "Check",
    "Event",
    "Fold",
    "Game",
    "HandEnded",
    "Setup",
    "Stakes",
    "State",
]
