"""7Я variants: other readings of a rule, as rule units a designer swaps in.

"Fool optional": the trump may go out as the Fool whenever its seat still holds it (after
the opening move), not only when no card answers. It drops SEM-8's check; the Fool's moves
and effect (a black card, −1 point at the end) stay.

>>> from boardrules.games import semya
>>> game = semya.fool_optional(semya.Game())
>>> game.variant
'fool-optional'
>>> state = game.apply(game.new(seed=1, first=0), semya.PlayCard("sun-saturn"))
>>> semya.PlayFool() in game.legal_actions(state)
True
"""

from __future__ import annotations

from typing import TypeVar

import attrs

from boardrules.core.game import GameBase
from boardrules.core.rules import Rule
from boardrules.games.semya.actions import Action
from boardrules.games.semya.events import Event
from boardrules.games.semya.flow import Setup, Tables
from boardrules.games.semya.rules import SEM_8
from boardrules.games.semya.state import State

__all__ = ["FOOL_OPTIONAL", "FOOL_OPTIONAL_NAME", "fool_optional"]

#: The name records keep for the "fool optional" variant.
FOOL_OPTIONAL_NAME = "fool-optional"

G = TypeVar("G", bound=GameBase[State, Action, Event, Setup])


FOOL_OPTIONAL: Rule[Tables, State] = attrs.evolve(
    SEM_8,
    en="The trump as the Fool may be played whenever it is held; it is black.",
    ru="Козырь-Дурень можно сыграть в любой ход, пока он на руке; его масть чёрная.",
    checks={},
)
"""SEM-8 read as "the Fool is optional": playable whenever the trump is held (SEM-5 still
refuses the opening; a spent trump is CORE-4's refusal). Moves and effect: SEM-8's."""


def fool_optional(game: G) -> G:
    """``game`` (7Я) with SEM-8 replaced by :data:`FOOL_OPTIONAL`, named ``fool-optional``."""
    return game.with_rules(replace={"SEM-8": FOOL_OPTIONAL}, name=FOOL_OPTIONAL_NAME)
