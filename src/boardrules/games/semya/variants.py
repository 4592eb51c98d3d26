"""7Я variants: other readings of a rule, as rule units a designer swaps in.

"Fool optional": the trump may go out as the Fool whenever its seat still holds it (after
the opening move), not only when no card answers. It replaces SEM-8's check; the Fool's
effect (a black card, −1 point at the end) stays.

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
from boardrules.core.violation import Refusal
from boardrules.games.semya.actions import Action, PlayFool
from boardrules.games.semya.events import Event
from boardrules.games.semya.flow import Setup, Tables
from boardrules.games.semya.rules import SEM_8
from boardrules.games.semya.state import State, Trump

__all__ = ["FOOL_OPTIONAL", "FOOL_OPTIONAL_NAME", "fool_optional"]

#: The name records keep for the "fool optional" variant.
FOOL_OPTIONAL_NAME = "fool-optional"

G = TypeVar("G", bound=GameBase[State, Action, Event, Setup])


def fool_while_held(tables: Tables, state: State) -> Refusal:
    """The Fool is refused only when the trump is spent (SEM-5 still refuses the opening)."""
    seat = tables.facts.turn(tables, state)
    trump = state.trumps[seat]
    if trump is not Trump.HELD:
        return "trump_spent", {"seat": seat, "used_as": trump}
    return None


FOOL_OPTIONAL: Rule[Tables, State] = attrs.evolve(
    SEM_8,
    en="The trump as the Fool may be played whenever it is held; it is black.",
    ru="Козырь-Дурень можно сыграть в любой ход, пока он на руке; его масть чёрная.",
    checks={PlayFool: fool_while_held},
)
"""SEM-8 read as "the Fool is optional": playable whenever the trump is held.

Check: only a spent trump is refused (``trump_spent``). Moves and effect: SEM-8's, unchanged.
"""


def fool_optional(game: G) -> G:
    """``game`` (7Я) with SEM-8 replaced by :data:`FOOL_OPTIONAL`, named ``fool-optional``."""
    return game.with_rules(replace={"SEM-8": FOOL_OPTIONAL}, name=FOOL_OPTIONAL_NAME)
