"""Variants of «Об игре»: another reading of a rule, made by replacing its unit.

The rulebook says that sharing experience gives every other seat 30 % of the sharer's XP
"rounded to 100" without saying which way; our rules round to the nearest 100, half up
(LY-18, :func:`~boardrules.games.lyceum.rules.share_amount`). A designer who reads it as
"rounded down" plays :func:`share_rounded_down`: the same game with LY-18 replaced by
:data:`LY_18_ROUNDED_DOWN`. Its records name the variant, so they replay only with it.

>>> from boardrules.games import lyceum
>>> game = share_rounded_down(lyceum.Game())
>>> game.variant
'share-rounded-down'
>>> share_amount_rounded_down(1500), lyceum.share_amount(1500)
(400, 500)
"""

from __future__ import annotations

from typing import Any, TypeVar

import attrs

from boardrules.core.game import GameBase
from boardrules.core.rules import Rule
from boardrules.games.lyceum.actions import ShareExperience
from boardrules.games.lyceum.content import Tables
from boardrules.games.lyceum.rules import LY_18, share
from boardrules.games.lyceum.rules.common import Events
from boardrules.games.lyceum.state import Work

__all__ = [
    "LY_18_ROUNDED_DOWN",
    "SHARE_ROUNDED_DOWN",
    "share_amount_rounded_down",
    "share_rounded_down",
]

G = TypeVar("G", bound=GameBase[Any, Any, Any, Any])

#: The name records keep for the variant of :func:`share_rounded_down`.
SHARE_ROUNDED_DOWN = "share-rounded-down"


def share_amount_rounded_down(xp: int) -> int:
    """30 % of ``xp``, rounded down to a multiple of 100.

    >>> share_amount_rounded_down(1300), share_amount_rounded_down(1400)
    (300, 400)
    """
    return 3 * xp // 1000 * 100


def _share_rounded_down(
    ctx: Tables, work: Work, action: ShareExperience, events: Events
) -> Work:
    sheet = work.seats[work.step.seat]
    return share(ctx, work, share_amount_rounded_down(sheet.played_xp + sheet.shared_xp), events)


LY_18_ROUNDED_DOWN: Rule = attrs.evolve(
    LY_18,
    en="Share once, from level 3, paying 1 energy: others get 30% of your XP, rounded down.",
    ru="Делиться опытом — раз за игру, с 3 уровня, за 1 энергию: другим 30 % вашего опыта "
    "с округлением вниз.",
    effects={ShareExperience: _share_rounded_down},
)
"""LY-18 read with the share rounded down to the hundred (the rest of the rule unchanged)."""


def share_rounded_down(game: G) -> G:
    """``game`` (a Lyceum game, any options) with the share of experience rounded down.

    Raises:
        BadInput: if ``game`` has no rule LY-18 (it is not a Lyceum game).
    """
    return game.with_rules(replace={"LY-18": LY_18_ROUNDED_DOWN}, name=SHARE_ROUNDED_DOWN)
