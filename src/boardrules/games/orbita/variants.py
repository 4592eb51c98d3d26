"""Variants of Orbita: other readings of one rule, made by replacing its unit.

Each variant is a function of a game (its options stay) returning the game with some rule
units replaced, and a name that records keep (``GameRecord.variant``), so a record of a
variant replays only with the same rules: ``replay(record, game=variant)``, or
:func:`register` once so that ``record.game()`` finds it by name.

**Only given Territory protects the Host** (:data:`SHIELD_GIVEN_ONLY`). The rulebook says a
Host holding Territory *given for protection* cannot be shielded (ORB-15). Orbita's own
rules keep seized units among the gifts of the seizing character, so Territory seized from
Warriors protects too. In this variant ORB-12 keeps seized units among the character's
resources of this round (``Zones.current``) instead: they still count when it answers,
gives or is fed, and go at saving like any Territory, but only Territory received as a gift
protects it from the shield.

>>> from boardrules.games import orbita
>>> game = shield_given_only(orbita.Game(rounds=3))
>>> game.variant, game.rulebook.rule("ORB-12") is ORB_12_SEIZED_AS_OWN
('orbita-shield-given-only', True)
"""

from __future__ import annotations

from typing import TypeVar

import attrs

from boardrules.core.game import GameBase
from boardrules.core.registry import register_variant
from boardrules.core.rules import Rule
from boardrules.games.orbita.actions import Action
from boardrules.games.orbita.content import Context
from boardrules.games.orbita.events import Event
from boardrules.games.orbita.flow import Draft, Settlement, Setup
from boardrules.games.orbita.rules.hiring import ORB_12, settle_offer
from boardrules.games.orbita.state import State

__all__ = ["ORB_12_SEIZED_AS_OWN", "SHIELD_GIVEN_ONLY", "register", "shield_given_only"]

G = TypeVar("G", bound=GameBase[State, Action, Event, Setup])

#: The name records keep for :func:`shield_given_only`.
SHIELD_GIVEN_ONLY = "orbita-shield-given-only"


def _settle_seized_as_own(
    ctx: Context, d: Draft, step: Settlement, events: list[Event] | None
) -> Draft:
    settle_offer(ctx, d, seized_as_own=True)
    return d


ORB_12_SEIZED_AS_OWN: Rule = attrs.evolve(
    ORB_12,
    en=(
        "Answers: same resource declines, the trump over it seizes (the units become the "
        "target's own this round), own resource accepts."
    ),
    ru=(
        "Ответы: тем же ресурсом — отказ, козырем — отобрать (ресурс становится своим на этот "
        "кон), своим ресурсом — согласие."
    ),
    effects={**ORB_12.effects, Settlement: _settle_seized_as_own},
)
"""ORB-12 with seized units kept among the target's resources of this round, not its gifts."""


def shield_given_only(game: G) -> G:
    """``game`` (with its options) where only Territory received as a gift blocks a shield.

    Replaces ORB-12 by :data:`ORB_12_SEIZED_AS_OWN`; ORB-15's check (Territory among the
    Host's gifts) then sees only given Territory.
    """
    return game.with_rules(replace={"ORB-12": ORB_12_SEIZED_AS_OWN}, name=SHIELD_GIVEN_ONLY)


def register(factory: type[G]) -> tuple[str, ...]:
    """Register every Orbita variant of the game class ``factory`` (``orbita.Game``), so that
    records of them load by name (``record.game()``, ``boardrules.replay(record)``).

    Returns:
        The names registered.
    """
    return (register_variant(lambda **options: shield_given_only(factory(**options))),)
