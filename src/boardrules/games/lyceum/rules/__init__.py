"""The «Об игре» rules as units: one :class:`~boardrules.core.rules.Rule` per rule ID.

Each unit holds the whole rule: its sentence (what ``boardrules rules lyceum`` prints), the
actions it makes possible (move generators), its legality checks and effects, and where the
rule states them its part of the setup, the turn and the steps (LY-7), the end and the score
(LY-20) and what a seat may see (LY-22), with the functions right above it and its numbers
as named constants; :data:`RULES` is the rulebook in order, and the core composes the game
from it. Rules read each other through named facts (``ctx.facts.eligible`` ...), each stated
by one unit, so a variant that replaces the unit changes every reader (validation, pictures,
text and hooks read the rules through the same facts). The units, their facts and their
numbers live in one module per part of the rulebook:
:mod:`~boardrules.games.lyceum.rules.setup` (LY-1..LY-5),
:mod:`~boardrules.games.lyceum.rules.turn` (LY-6..LY-13),
:mod:`~boardrules.games.lyceum.rules.abilities` (LY-14..LY-19) and
:mod:`~boardrules.games.lyceum.rules.end` (LY-20..LY-24).

Every function gets the game's :class:`~boardrules.games.lyceum.content.Tables` first; an
effect changes the :class:`~boardrules.games.lyceum.state.Work` copy of the state. Besides
the player's actions, three moments of a turn carry effects (LY-7 runs them when the
pending steps run out): :class:`~boardrules.games.lyceum.state.SetupOver` (LY-5 sets the
turn order), :class:`~boardrules.games.lyceum.state.MainTurnOver` (LY-13 offers or discards
a deferred card) and :class:`~boardrules.games.lyceum.state.TurnOver` (LY-6 moves play on,
LY-20 ends the game).

>>> [rule.id for rule in RULES][:3]
['LY-1', 'LY-2', 'LY-3']
>>> sorted(RULES.rule("LY-13").facts)
['deferral_turns']
"""

from __future__ import annotations

from boardrules.core.rules import Rulebook
from boardrules.games.lyceum import messages as _messages  # registers the sentences
from boardrules.games.lyceum.rules.abilities import (
    LY_14,
    LY_15,
    LY_16,
    LY_17,
    LY_18,
    LY_19,
    REST_MOVES,
    share,
    share_amount,
)
from boardrules.games.lyceum.rules.end import LY_20, LY_21, LY_22, LY_23, LY_24, declaration_bonus
from boardrules.games.lyceum.rules.setup import (
    DECLARATION_BONUS,
    DECLARATION_TARGETS,
    DECLARE_VALUES,
    DECLARES,
    LY_1,
    LY_2,
    LY_3,
    LY_4,
    LY_5,
    Setup,
)
from boardrules.games.lyceum.rules.turn import (
    LY_6,
    LY_7,
    LY_8,
    LY_9,
    LY_10,
    LY_11,
    LY_12,
    LY_13,
    MOMENTS,
)

__all__ = [
    "DECLARATION_BONUS",
    "DECLARATION_TARGETS",
    "DECLARES",
    "DECLARE_VALUES",
    "LY_1",
    "LY_2",
    "LY_3",
    "LY_4",
    "LY_5",
    "LY_6",
    "LY_7",
    "LY_8",
    "LY_9",
    "LY_10",
    "LY_11",
    "LY_12",
    "LY_13",
    "LY_14",
    "LY_15",
    "LY_16",
    "LY_17",
    "LY_18",
    "LY_19",
    "LY_20",
    "LY_21",
    "LY_22",
    "LY_23",
    "LY_24",
    "MOMENTS",
    "REST_MOVES",
    "RULES",
    "Setup",
    "declaration_bonus",
    "share",
    "share_amount",
]

del _messages

#: The «Об игре» rules in rulebook order.
RULES = Rulebook(
    (
        LY_1, LY_2, LY_3, LY_4, LY_5, LY_6, LY_7, LY_8, LY_9, LY_10, LY_11, LY_12,
        LY_13, LY_14, LY_15, LY_16, LY_17, LY_18, LY_19, LY_20, LY_21, LY_22, LY_23, LY_24,
    )
)
