"""Orbita's rules as units, one per rule ID, in rulebook order (:data:`RULES`).

Each part of the rulebook is a module: :mod:`.basics` (ORB-1..ORB-5), :mod:`.attraction`
(ORB-6..ORB-9), :mod:`.trade` (ORB-10), :mod:`.hiring` (ORB-11..ORB-14, ORB-16),
:mod:`.shield` (ORB-15), :mod:`.development`
(ORB-17, ORB-18), :mod:`.consumption` (ORB-19, ORB-20) and :mod:`.limits` (ORB-21..ORB-24).
A unit holds its rule's checks (by action class) and effects (by action class, or by an
automatic step of the round, ``flow.AutoStep``).

>>> from boardrules.games.orbita.actions import Shield
>>> RULES.ids[:3], RULES.rule("ORB-15").checks.keys() == {Shield}
(('ORB-1', 'ORB-2', 'ORB-3'), True)
"""

from __future__ import annotations

from boardrules.core.rules import Rulebook
from boardrules.games.orbita.rules.attraction import ORB_6, ORB_7, ORB_8, ORB_9
from boardrules.games.orbita.rules.basics import ORB_1, ORB_2, ORB_3, ORB_4, ORB_5
from boardrules.games.orbita.rules.consumption import ORB_19, ORB_20
from boardrules.games.orbita.rules.development import ORB_17, ORB_18
from boardrules.games.orbita.rules.hiring import ORB_11, ORB_12, ORB_13, ORB_14, ORB_16
from boardrules.games.orbita.rules.limits import ORB_21, ORB_22, ORB_23, ORB_24
from boardrules.games.orbita.rules.shield import ORB_15
from boardrules.games.orbita.rules.trade import ORB_10

__all__ = ["RULES"]

#: The rules of «Орбита Добра» in rulebook order.
RULES = Rulebook(
    (
        ORB_1,
        ORB_2,
        ORB_3,
        ORB_4,
        ORB_5,
        ORB_6,
        ORB_7,
        ORB_8,
        ORB_9,
        ORB_10,
        ORB_11,
        ORB_12,
        ORB_13,
        ORB_14,
        ORB_15,
        ORB_16,
        ORB_17,
        ORB_18,
        ORB_19,
        ORB_20,
        ORB_21,
        ORB_22,
        ORB_23,
        ORB_24,
    )
)
