"""Variants of Orbita: other readings of some rules, made by replacing their units.

Each variant is a function of a game (its options stay) returning the game with some rule
units replaced, and a name that records keep (``GameRecord.variant``), so a record of a
variant replays only with the same rules: ``replay(record, game=variant)``, or
:func:`register` once so that ``record.game()`` finds it by name.

**The readings of 0.1.0** (:func:`v0_1_0`, name :data:`V0_1_0`). Since 0.1.0 the default
game follows the rulebook more closely (see the rules page); this variant puts back every
unit that changed (:data:`UNITS_0_1_0`), so a game made with it plays exactly as 0.1.0 did.
Records written by 0.1.0 carry no variant name; replay them with
``replay(record, game=v0_1_0(load_game(record)))``.

**Advice alone reaches a Workshop** (:func:`advice_alone`, name :data:`ADVICE_ALONE`):
the default rules with ORB-11 as revision 2 read it (:data:`ORB_11_ADVICE_ALONE`): a lone
Warrior with 4 Advice and no Territory may make an offer to a Workshop. It is also how
records of revision 2 replay (``Game.earlier_rules[2]``), with no variant named.

**Only given Territory protects the Host** (:func:`shield_given_only`, name
:data:`SHIELD_GIVEN_ONLY`): the default rules with ORB-12 keeping seized units among the
character's resources of this round (``Zones.current``), so only Territory received as a
gift protects a Host from the shield (ORB-15). The default game reads ORB-12 this way too,
so today the variant plays as the default game. Before revision 3 it was 0.1.0's rules with
that ORB-12 (:func:`shield_given_only_0_2`); its records of revisions 1 and 2 replay by that
construction (``Game.earlier_variants``).

>>> from boardrules.games import orbita
>>> game = shield_given_only(orbita.Game(rounds=3))
>>> game.variant, game.rulebook.rule("ORB-12") is ORB_12_SEIZED_AS_OWN
('orbita-shield-given-only', True)
>>> [r.id for r in game.rulebook if r is not orbita.Game().rulebook.rule(r.id)]
[]
>>> v0_1_0(orbita.Game()).rulebook.rule("ORB-12") is UNITS_0_1_0["ORB-12"]
True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TypeVar

from boardrules.core.game import GameBase
from boardrules.core.registry import register_variant
from boardrules.core.rules import Rule
from boardrules.games.orbita.actions import Action
from boardrules.games.orbita.events import Event
from boardrules.games.orbita.flow import Setup
from boardrules.games.orbita.rules.development import ORB_17_0_1_0
from boardrules.games.orbita.rules.hiring import (
    ORB_11_0_1_0,
    ORB_11_ADVICE_ALONE,
    ORB_12_0_1_0,
    ORB_12_SEIZED_AS_OWN,
)
from boardrules.games.orbita.rules.shield import ORB_15_0_1_0
from boardrules.games.orbita.state import State

__all__ = [
    "ADVICE_ALONE",
    "ORB_11_ADVICE_ALONE",
    "ORB_12_SEIZED_AS_OWN",
    "SHIELD_GIVEN_ONLY",
    "UNITS_0_1_0",
    "V0_1_0",
    "advice_alone",
    "register",
    "shield_given_only",
    "shield_given_only_0_2",
    "v0_1_0",
]

G = TypeVar("G", bound=GameBase[State, Action, Event, Setup])

#: The name records keep for :func:`v0_1_0`.
V0_1_0 = "orbita-0.1.0"
#: The name records keep for :func:`shield_given_only`.
SHIELD_GIVEN_ONLY = "orbita-shield-given-only"
#: The name records keep for :func:`advice_alone`.
ADVICE_ALONE = "orbita-advice-alone"

#: The units 0.1.0 had where the default game now reads the rulebook differently, by rule ID.
#: (0.1.0's reading of Advice in reinforcements, ORB-14 and ORB-21, is ORB-11's facts
#: ``advice`` and ``stake``, which those units read.)
UNITS_0_1_0: Mapping[str, Rule] = MappingProxyType(
    {
        "ORB-11": ORB_11_0_1_0,
        "ORB-12": ORB_12_0_1_0,
        "ORB-15": ORB_15_0_1_0,
        "ORB-17": ORB_17_0_1_0,
    }
)


def v0_1_0(game: G) -> G:
    """``game`` (with its options) played by the rules of boardrules 0.1.0."""
    return game.with_rules(replace=dict(UNITS_0_1_0), name=V0_1_0)


def advice_alone(game: G) -> G:
    """``game`` (with its options) with ORB-11 as revision 2 read it: against a Workshop a
    lone Warrior's Advice counts even without Territory (:data:`ORB_11_ADVICE_ALONE`)."""
    return game.with_rules(replace={"ORB-11": ORB_11_ADVICE_ALONE}, name=ADVICE_ALONE)


def shield_given_only(game: G) -> G:
    """``game`` (with its options) with ORB-12 keeping seized units as the target's own, so
    that only Territory received as a gift blocks a shield (:data:`ORB_12_SEIZED_AS_OWN`)."""
    return game.with_rules(replace={"ORB-12": ORB_12_SEIZED_AS_OWN}, name=SHIELD_GIVEN_ONLY)


def shield_given_only_0_2(game: G) -> G:
    """The variant ``orbita-shield-given-only`` as revisions 1 and 2 built it: the rules of
    0.1.0 with ORB-12 as :data:`ORB_12_SEIZED_AS_OWN` (its records of then replay by it)."""
    units = {**UNITS_0_1_0, "ORB-12": ORB_12_SEIZED_AS_OWN}
    return game.with_rules(replace=units, name=SHIELD_GIVEN_ONLY)


def register(factory: type[G]) -> tuple[str, ...]:
    """Register every Orbita variant of the game class ``factory`` (``orbita.Game``), so that
    records of them load by name (``record.game()``, ``boardrules.replay(record)``).

    Returns:
        The names registered.
    """
    return (
        register_variant(lambda **options: v0_1_0(factory(**options))),
        register_variant(lambda **options: shield_given_only(factory(**options))),
        register_variant(lambda **options: advice_alone(factory(**options))),
    )
