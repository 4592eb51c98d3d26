"""Orbita actions: one small decision of the seat to move (ORB-6..ORB-21).

>>> MakeOffer("warriors-leader-1", "hosts-sage-2")
MakeOffer(offerer='warriors-leader-1', target='hosts-sage-2')
>>> Gift(Resource.FOOD, "hosts-sage-2", Amount.ALL)
Gift(resource=Resource.FOOD, to='hosts-sage-2', amount=Amount.ALL)
"""

from __future__ import annotations

import enum
from typing import ClassVar, TypeAlias

import attrs

from boardrules.games.orbita.content import Resource, Spec
from boardrules.games.orbita.state import Answer

__all__ = [
    "Action",
    "AllocateFood",
    "Amount",
    "AnswerOffer",
    "Boost",
    "DrawCharacter",
    "FormCorporation",
    "Gift",
    "MakeOffer",
    "Pass",
    "Reinforce",
    "Shield",
    "TakeFromMarket",
]

_str = attrs.validators.instance_of(str)


class Amount(enum.Enum):
    """How much a gift, a boost or a reinforcement moves (ORB-21): one unit, or everything.

    "Everything" is counted when the action is applied: all the seat can give, all the
    booster the card holds, all the trump the offerer can still add. It is a choice of its
    own only when that is more than one unit; otherwise only :attr:`ONE` is legal.
    """

    ONE = "one"
    ALL = "all"

    # Members are singletons compared by identity; ``Enum``'s own hash is a Python call.
    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return f"Amount.{self.name}"


_amount = attrs.validators.instance_of(Amount)


@attrs.frozen
class DrawCharacter:
    """Attraction (ORB-7): draw the top character of the deck."""

    tag: ClassVar[str] = "draw_character"


@attrs.frozen
class TakeFromMarket:
    """Attraction (ORB-7): take ``card`` from the labour market into a team."""

    tag: ClassVar[str] = "take_from_market"
    card: str = attrs.field(validator=_str)


@attrs.frozen
class Gift:
    """Give ``resource`` from the mover's seat to the character ``to`` (ORB-10).

    ``amount`` is one unit or everything the seat can give of the resource (ORB-21). The
    units come from the seat's characters that hold the resource and may give it (ORB-4),
    in table order, taking this round's resources before gifts before reserves.
    """

    tag: ClassVar[str] = "gift"
    resource: Resource = attrs.field(validator=attrs.validators.instance_of(Resource))
    to: str = attrs.field(validator=_str)
    amount: Amount = attrs.field(default=Amount.ONE, validator=_amount)


@attrs.frozen
class Boost:
    """Turn the booster ``card`` holds into its own resource (ORB-3).

    ``amount`` spends one unit or every unit of the booster the card holds (ORB-21).
    """

    tag: ClassVar[str] = "boost"
    card: str = attrs.field(validator=_str)
    amount: Amount = attrs.field(default=Amount.ONE, validator=_amount)


@attrs.frozen
class MakeOffer:
    """Hiring (ORB-11): offer the trump resource of ``offerer`` to ``target``.

    The smallest offer is placed: 1 unit on a lone character, 4 on an enterprise, 16 on a
    corporation; :class:`Reinforce` adds more.
    """

    tag: ClassVar[str] = "make_offer"
    offerer: str = attrs.field(validator=_str)
    target: str = attrs.field(validator=_str)


@attrs.frozen
class AnswerOffer:
    """The responder's answer to the open offer (ORB-12)."""

    tag: ClassVar[str] = "answer_offer"
    answer: Answer = attrs.field(validator=attrs.validators.instance_of(Answer))


@attrs.frozen
class Reinforce:
    """The offerer adds more of its trump resource to the open offer (ORB-14).

    ``amount`` adds one more unit, or every unit the offerer's structure can still add
    (ORB-21).
    """

    tag: ClassVar[str] = "reinforce"
    amount: Amount = attrs.field(default=Amount.ONE, validator=_amount)


@attrs.frozen
class Shield:
    """A Hero shields the Host under a Warriors' offer with one Way (ORB-15)."""

    tag: ClassVar[str] = "shield"
    hero: str = attrs.field(validator=_str)


@attrs.frozen
class FormCorporation:
    """Development (ORB-18): join four enterprises into a corporation of suit ``suit``."""

    tag: ClassVar[str] = "form_corporation"
    suit: Spec = attrs.field(validator=attrs.validators.instance_of(Spec))


@attrs.frozen
class AllocateFood:
    """Consumption (ORB-19): feed the structure holding ``card`` before the default order."""

    tag: ClassVar[str] = "allocate_food"
    card: str = attrs.field(validator=_str)


@attrs.frozen
class Pass:
    """End the mover's part of this phase, close an offer, or let a support turn go (ORB-6)."""

    tag: ClassVar[str] = "pass"


#: Any Orbita action; ``serde.from_json(text, Action)`` reads one by its ``"type"``.
Action: TypeAlias = (
    DrawCharacter
    | TakeFromMarket
    | Gift
    | Boost
    | MakeOffer
    | AnswerOffer
    | Reinforce
    | Shield
    | FormCorporation
    | AllocateFood
    | Pass
)
