"""7Я events: what happened, for animations and the game log."""

from __future__ import annotations

from typing import ClassVar, TypeAlias

import attrs

from boardrules.games.semya.content import Symbol

__all__ = ["CardPlayed", "Event", "FoolPlayed", "GameEnded", "LordPlayed"]


@attrs.frozen(weakref_slot=False)  # made on every step: see core.frozen.builder
class CardPlayed:
    """``seat`` played the feeling card ``card``."""

    tag: ClassVar[str] = "card_played"
    seat: int
    card: str


@attrs.frozen(weakref_slot=False)  # made on every step: see core.frozen.builder
class LordPlayed:
    """``seat`` played its trump as the Lord, naming ``named``."""

    tag: ClassVar[str] = "lord_played"
    seat: int
    named: Symbol


@attrs.frozen(weakref_slot=False)  # made on every step: see core.frozen.builder
class FoolPlayed:
    """``seat`` played its trump as the Fool."""

    tag: ClassVar[str] = "fool_played"
    seat: int


@attrs.frozen
class GameEnded:
    """``loser`` had no answer and no trump (SEM-9); ``winner`` wins."""

    tag: ClassVar[str] = "game_ended"
    winner: int
    loser: int
    rule: str = "SEM-9"


#: Any 7Я event.
Event: TypeAlias = CardPlayed | LordPlayed | FoolPlayed | GameEnded
