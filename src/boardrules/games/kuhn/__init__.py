"""Kuhn poker: three cards, two seats, one round of betting (H. W. Kuhn, 1950).

Its values (``content``), rule units (``rules``), ``Game`` facade (``game``) and words and
pictures (``render``); the how-to "Add a game" builds it step by step.

>>> from boardrules.games import kuhn
>>> game = kuhn.Game()
>>> game.legal_actions(game.new(seed=3)), game.view(game.new(seed=3), 0).cards[1]
((Check(), Bet()), None)
"""

from boardrules.games.kuhn import rules
from boardrules.games.kuhn.content import (
    DECK,
    Acted,
    Action,
    Bet,
    Call,
    Card,
    Check,
    Event,
    Fold,
    HandEnded,
    Stakes,
    State,
    catalogue,
)
from boardrules.games.kuhn.game import Game
from boardrules.games.kuhn.rules import Setup

__all__ = ["DECK", "Acted", "Action", "Bet", "Call", "Card", "Check", "Event", "Fold", "Game",
           "HandEnded", "Setup", "Stakes", "State", "catalogue", "rules"]
