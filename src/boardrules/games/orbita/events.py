"""Orbita events: what happened, for animations and the game log."""

from __future__ import annotations

from typing import ClassVar, TypeAlias

import attrs

from boardrules.games.orbita.content import Resource, Spec
from boardrules.games.orbita.state import Answer, Phase

__all__ = [
    "Boosted",
    "CharacterDrawn",
    "CharacterFired",
    "CharacterHired",
    "CorporationCollapsed",
    "CorporationFormed",
    "EnterpriseCollapsed",
    "EnterpriseFormed",
    "Event",
    "GameEnded",
    "GiftGiven",
    "HostShielded",
    "OfferAccepted",
    "OfferAnswered",
    "OfferDeclined",
    "OfferMade",
    "OfferReinforced",
    "OfferSeized",
    "PhaseStarted",
    "StructureFed",
    "WarriorDirected",
    "WarriorReleased",
]


@attrs.frozen
class PhaseStarted:
    """Round ``round`` entered ``phase`` (production and saving are reported too)."""

    tag: ClassVar[str] = "phase_started"
    round: int
    phase: Phase


@attrs.frozen
class CharacterDrawn:
    """``seat`` drew ``card``; it joined a team (``joined``) or went to the labour market."""

    tag: ClassVar[str] = "character_drawn"
    seat: int
    card: str
    joined: bool


@attrs.frozen
class CharacterHired:
    """``card`` left the labour market for a team of ``seat`` (attraction or an offer)."""

    tag: ClassVar[str] = "character_hired"
    seat: int
    card: str


@attrs.frozen
class GiftGiven:
    """``amount`` units of ``resource`` went from ``giver`` (of ``seat``) to ``to``.

    A gift of everything (``Amount.ALL``) emits one event per giving character, each with
    the number of units it actually gave.
    """

    tag: ClassVar[str] = "gift_given"
    seat: int
    giver: str
    resource: Resource
    to: str
    amount: int


@attrs.frozen
class Boosted:
    """``card`` spent ``amount`` units of ``spent`` and gained ``gained`` of its own resource."""

    tag: ClassVar[str] = "boosted"
    card: str
    spent: Resource
    amount: int
    gained: int


@attrs.frozen
class OfferMade:
    """``seat`` offered ``units`` of ``resource`` through ``offerer`` to ``target``."""

    tag: ClassVar[str] = "offer_made"
    seat: int
    offerer: str
    target: str
    resource: Resource
    units: int


@attrs.frozen
class OfferAnswered:
    """The responder (``seat``, ``None`` for the labour market) answered ``answer``."""

    tag: ClassVar[str] = "offer_answered"
    seat: int | None
    target: str
    answer: Answer


@attrs.frozen
class OfferReinforced:
    """The offerer added ``units`` (the number actually placed); the offer stands at ``total``."""

    tag: ClassVar[str] = "offer_reinforced"
    seat: int
    units: int
    total: int


@attrs.frozen
class OfferDeclined:
    """The offer on ``target`` was declined: its ``units`` were discarded."""

    tag: ClassVar[str] = "offer_declined"
    target: str
    units: int


@attrs.frozen
class OfferSeized:
    """``target`` seized the offer: it took the ``units`` placed on it."""

    tag: ClassVar[str] = "offer_seized"
    target: str
    units: int


@attrs.frozen
class OfferAccepted:
    """``target`` accepted: ``units`` of ``resource`` went to ``offerer``; ``fed`` Food fed it."""

    tag: ClassVar[str] = "offer_accepted"
    target: str
    offerer: str
    resource: Resource
    units: int
    fed: int


@attrs.frozen
class WarriorDirected:
    """Priests of ``seat`` won ``card``: its structure's offers are theirs this round."""

    tag: ClassVar[str] = "warrior_directed"
    seat: int
    card: str


@attrs.frozen
class WarriorReleased:
    """Priests of ``seat`` gave way to Heroes: ``card`` is no longer directed by them."""

    tag: ClassVar[str] = "warrior_released"
    seat: int
    card: str


@attrs.frozen
class HostShielded:
    """``hero`` shielded ``host`` with a Way and took ``food`` Food instead of the Warrior."""

    tag: ClassVar[str] = "host_shielded"
    hero: str
    host: str
    food: int


@attrs.frozen
class EnterpriseFormed:
    """The team of ``leader`` in ``seat`` became an enterprise of ``spec``."""

    tag: ClassVar[str] = "enterprise_formed"
    seat: int
    leader: str
    spec: Spec


@attrs.frozen
class CorporationFormed:
    """``seat`` joined four enterprises into a corporation of suit ``suit``."""

    tag: ClassVar[str] = "corporation_formed"
    seat: int
    suit: Spec


@attrs.frozen
class StructureFed:
    """``seat`` spent ``food`` Food on the structure named by ``card`` (ORB-19)."""

    tag: ClassVar[str] = "structure_fed"
    seat: int
    card: str
    food: int


@attrs.frozen
class EnterpriseCollapsed:
    """The enterprise of ``leader`` in ``seat`` went unfed and broke into characters."""

    tag: ClassVar[str] = "enterprise_collapsed"
    seat: int
    leader: str


@attrs.frozen
class CorporationCollapsed:
    """The corporation of suit ``suit`` in ``seat`` went unfed and broke into enterprises."""

    tag: ClassVar[str] = "corporation_collapsed"
    seat: int
    suit: Spec


@attrs.frozen
class CharacterFired:
    """``card`` left ``seat`` for the labour market (unfed, or its team's Leader left)."""

    tag: ClassVar[str] = "character_fired"
    seat: int
    card: str


@attrs.frozen
class GameEnded:
    """The game ended after ``round``: ``reason`` is ``"rounds"`` or ``"corporation"``."""

    tag: ClassVar[str] = "game_ended"
    round: int
    reason: str


#: Any Orbita event.
Event: TypeAlias = (
    PhaseStarted
    | CharacterDrawn
    | CharacterHired
    | GiftGiven
    | Boosted
    | OfferMade
    | OfferAnswered
    | OfferReinforced
    | OfferDeclined
    | OfferSeized
    | OfferAccepted
    | WarriorDirected
    | WarriorReleased
    | HostShielded
    | EnterpriseFormed
    | CorporationFormed
    | StructureFed
    | EnterpriseCollapsed
    | CorporationCollapsed
    | CharacterFired
    | GameEnded
)
