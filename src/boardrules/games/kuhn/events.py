"""Kuhn poker events: what happened, for logs and animations."""

from __future__ import annotations

from typing import ClassVar, TypeAlias

import attrs

from boardrules.games.kuhn.content import Card

__all__ = ["Acted", "Event", "HandEnded"]


@attrs.frozen(weakref_slot=False)  # made on every step: see core.frozen.builder
class Acted:
    """``seat`` took ``action`` (its tag: ``"check"``, ``"bet"``, ``"call"``, ``"fold"``)."""

    tag: ClassVar[str] = "acted"
    seat: int
    action: str


@attrs.frozen(weakref_slot=False)
class HandEnded:
    """The hand is over: ``winner`` takes the pot and gains ``won`` chips (KUHN-6, KUHN-7).

    ``shown`` holds both cards after a showdown, and is ``None`` after a fold (then no card
    is shown).
    """

    tag: ClassVar[str] = "hand_ended"
    winner: int
    won: int
    shown: tuple[Card, Card] | None = None


#: Any Kuhn poker event.
Event: TypeAlias = Acted | HandEnded
