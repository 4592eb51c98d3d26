"""7Я «Со-ратники»: the two-player card game of feelings between seven symbols.

>>> from boardrules.games import semya
>>> game = semya.Game()
>>> state = game.new(seed=7, first=0)
>>> state = game.apply(state, semya.PlayCard("sun-saturn"))
>>> [str(a) for a in game.legal_actions(state)][:2]
["PlayCard(card='saturn-jupiter')", "PlayCard(card='saturn-moon')"]
"""

from typing import Any as _Any

from boardrules.core.registry import register_variant as _register_variant
from boardrules.games.semya.actions import Action, PlayCard, PlayFool, PlayLord
from boardrules.games.semya.content import (
    DECK_SIZE,
    Card,
    Suit,
    Symbol,
    default_deck,
    load_deck,
    validate_deck,
)
from boardrules.games.semya.events import CardPlayed, Event, FoolPlayed, GameEnded, LordPlayed
from boardrules.games.semya.flow import Setup
from boardrules.games.semya.game import Game
from boardrules.games.semya.state import Play, State, Trump
from boardrules.games.semya.variants import FOOL_OPTIONAL, fool_optional

__all__ = [
    "DECK_SIZE",
    "FOOL_OPTIONAL",
    "Action",
    "Card",
    "CardPlayed",
    "Event",
    "FoolPlayed",
    "Game",
    "GameEnded",
    "LordPlayed",
    "Play",
    "PlayCard",
    "PlayFool",
    "PlayLord",
    "Setup",
    "State",
    "Suit",
    "Symbol",
    "Trump",
    "default_deck",
    "fool_optional",
    "load_deck",
    "validate_deck",
]


def _fool_optional_game(**options: _Any) -> Game:
    return fool_optional(Game(**options))


# Records of the shipped variant load by name; ``boardrules simulate --variant`` finds it.
_register_variant(_fool_optional_game)
