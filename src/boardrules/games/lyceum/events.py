"""Lyceum events: what happened, for animations, the game log and the protocol."""

from __future__ import annotations

from typing import ClassVar, TypeAlias

import attrs

from boardrules.games.lyceum.content import Colour, Epoch, Skill, SpecialKind, Target

__all__ = [
    "CardDeferred",
    "CardDiscarded",
    "CardDrawn",
    "CardPlayed",
    "DeclarationMade",
    "DeferredExpired",
    "EffectStarted",
    "Event",
    "ExperienceShared",
    "GameEnded",
    "LevelReached",
    "PointChosen",
    "PointMoved",
    "Rested",
    "RoundStarted",
    "TurnOrderSet",
]


@attrs.frozen
class PointChosen:
    """``seat`` put one SP of choice into ``skill``."""

    tag: ClassVar[str] = "point_chosen"
    seat: int
    skill: Skill


@attrs.frozen
class DeclarationMade:
    """``seat`` finished its declaration step (LY-4); hidden from other seats' views."""

    tag: ClassVar[str] = "declaration_made"
    seat: int
    declaration: tuple[int, ...] | None


@attrs.frozen
class TurnOrderSet:
    """The setup is over; ``first`` moves first in every round (LY-5)."""

    tag: ClassVar[str] = "turn_order_set"
    first: int
    order: tuple[int, ...]


@attrs.frozen
class RoundStarted:
    """A round (a year of life) begins; ``epoch`` is its stage of life (LY-6)."""

    tag: ClassVar[str] = "round_started"
    round: int
    age: int
    epoch: Epoch


@attrs.frozen
class CardDrawn:
    """``seat`` drew ``card`` from the ``colour`` pile (LY-8)."""

    tag: ClassVar[str] = "card_drawn"
    seat: int
    colour: Colour
    card: str


@attrs.frozen
class CardPlayed:
    """``seat`` played ``card`` (``deferred``: the one it had deferred) and gained ``xp``."""

    tag: ClassVar[str] = "card_played"
    seat: int
    card: str
    xp: int
    deferred: bool = False


@attrs.frozen
class CardDiscarded:
    """``seat`` discarded the drawn ``card`` (LY-11)."""

    tag: ClassVar[str] = "card_discarded"
    seat: int
    card: str


@attrs.frozen
class CardDeferred:
    """``seat`` deferred ``card`` (LY-12)."""

    tag: ClassVar[str] = "card_deferred"
    seat: int
    card: str


@attrs.frozen
class DeferredExpired:
    """``seat``'s deferred ``card`` went to the discard pile unplayed (LY-13)."""

    tag: ClassVar[str] = "deferred_expired"
    seat: int
    card: str


@attrs.frozen
class Rested:
    """``seat`` rested and may move up to ``moves`` SP (LY-17)."""

    tag: ClassVar[str] = "rested"
    seat: int
    moves: int


@attrs.frozen
class PointMoved:
    """``seat`` moved one SP from ``source`` to ``target``."""

    tag: ClassVar[str] = "point_moved"
    seat: int
    source: Skill
    target: Skill


@attrs.frozen
class ExperienceShared:
    """``seat`` shared experience; every other seat gained ``amount`` XP (LY-18)."""

    tag: ClassVar[str] = "experience_shared"
    seat: int
    amount: int


@attrs.frozen
class LevelReached:
    """``seat`` reached ``level`` (LY-19)."""

    tag: ClassVar[str] = "level_reached"
    seat: int
    level: int


@attrs.frozen
class EffectStarted:
    """A lasting special ability of ``card`` is in force until the end of the epoch (LY-15)."""

    tag: ClassVar[str] = "effect_started"
    seat: int
    card: str
    kind: SpecialKind
    amount: int
    target: Target


@attrs.frozen
class GameEnded:
    """Round 10 is over (LY-20); ``winners`` have the most XP."""

    tag: ClassVar[str] = "game_ended"
    winners: tuple[int, ...]


#: Any Lyceum event.
Event: TypeAlias = (
    PointChosen
    | DeclarationMade
    | TurnOrderSet
    | RoundStarted
    | CardDrawn
    | CardPlayed
    | CardDiscarded
    | CardDeferred
    | DeferredExpired
    | Rested
    | PointMoved
    | ExperienceShared
    | LevelReached
    | EffectStarted
    | GameEnded
)
