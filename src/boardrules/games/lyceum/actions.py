"""Lyceum actions: every decision of a seat is one of these (LY-3..LY-19).

The main action of a turn is :class:`Draw`, :class:`Rest` or :class:`ShareExperience`;
every other action answers a pending step (a drawn card, a point of choice, a rest move,
a deferred card on offer, a setup step).
"""

from __future__ import annotations

from typing import ClassVar, TypeAlias

import attrs

from boardrules.games.lyceum.content import SKILLS, Colour, Skill

__all__ = [
    "CHOICES",
    "DRAWS",
    "MOVES",
    "Action",
    "ChooseSkill",
    "Declare",
    "DeclareSkill",
    "DeferCard",
    "DiscardCard",
    "Draw",
    "FinishMoves",
    "KeepDeferred",
    "MoveSkillPoint",
    "PlayCard",
    "PlayDeferred",
    "Rest",
    "ShareExperience",
]


def _optional_int(instance: object, attribute: attrs.Attribute[int | None], value: object) -> None:
    if value is not None and type(value) is not int:
        raise TypeError(f"{attribute.name} is an integer or None")


@attrs.frozen
class ChooseSkill:
    """Put one pending SP of choice into ``skill`` (extra SP, rest, share, level, special).

    >>> ChooseSkill(Skill.ENERGY)
    ChooseSkill(skill=Skill.ENERGY)
    """

    tag: ClassVar[str] = "choose_skill"
    skill: Skill = attrs.field(validator=attrs.validators.instance_of(Skill))


@attrs.frozen
class Declare:
    """Declare a target of 35, 40 or 45 SP (LY-4), or ``None`` for no declaration.

    After a target, the seat sets the SP of each skill but energy in turn
    (:class:`DeclareSkill`); energy takes what is left of the target.

    >>> Declare(40)
    Declare(target=40)
    """

    tag: ClassVar[str] = "declare"
    target: int | None = attrs.field(default=None, validator=_optional_int)


@attrs.frozen
class DeclareSkill:
    """Declare ``value`` SP for the next skill of the declaration being made (LY-4).

    >>> DeclareSkill(7)
    DeclareSkill(value=7)
    """

    tag: ClassVar[str] = "declare_skill"
    value: int = attrs.field(validator=attrs.validators.instance_of(int))


@attrs.frozen
class Draw:
    """Main action: draw the top card of this epoch's pile of ``colour`` (LY-8).

    >>> Draw(Colour.RED)
    Draw(colour=Colour.RED)
    """

    tag: ClassVar[str] = "draw"
    colour: Colour = attrs.field(validator=attrs.validators.instance_of(Colour))


@attrs.frozen
class Rest:
    """Main action: rest («Отдых», LY-17)."""

    tag: ClassVar[str] = "rest"


@attrs.frozen
class ShareExperience:
    """Main action: share experience («Поделиться опытом», LY-18)."""

    tag: ClassVar[str] = "share_experience"


@attrs.frozen
class PlayCard:
    """Play the drawn card, which the character must be eligible for (LY-11)."""

    tag: ClassVar[str] = "play_card"


@attrs.frozen
class DiscardCard:
    """Discard the drawn card: decline an eligible one or drop an ineligible one (LY-11)."""

    tag: ClassVar[str] = "discard_card"


@attrs.frozen
class DeferCard:
    """Defer the drawn card, which must be ineligible, holding no deferred card (LY-12)."""

    tag: ClassVar[str] = "defer_card"


@attrs.frozen
class MoveSkillPoint:
    """Move one existing SP from ``source`` to ``target`` during a rest or a special (LY-17).

    >>> MoveSkillPoint(Skill.HEALTH, Skill.INTELLECT)
    MoveSkillPoint(source=Skill.HEALTH, target=Skill.INTELLECT)
    """

    tag: ClassVar[str] = "move_skill_point"
    source: Skill = attrs.field(validator=attrs.validators.instance_of(Skill))
    target: Skill = attrs.field(validator=attrs.validators.instance_of(Skill))


@attrs.frozen
class FinishMoves:
    """Stop moving SP before the allowance is used up (LY-17)."""

    tag: ClassVar[str] = "finish_moves"


@attrs.frozen
class PlayDeferred:
    """Play the deferred card now offered after the main turn (LY-13)."""

    tag: ClassVar[str] = "play_deferred"


@attrs.frozen
class KeepDeferred:
    """Leave the deferred card on offer unplayed this turn (LY-13)."""

    tag: ClassVar[str] = "keep_deferred"


#: Any Lyceum action; ``serde.from_json(text, Action)`` reads one by its ``"type"``.
Action: TypeAlias = (
    ChooseSkill
    | Declare
    | DeclareSkill
    | Draw
    | Rest
    | ShareExperience
    | PlayCard
    | DiscardCard
    | DeferCard
    | MoveSkillPoint
    | FinishMoves
    | PlayDeferred
    | KeepDeferred
)


#: Every action of a kind, made once, in the vocabulary's order (the rules' move generators
#: list these objects): a point of choice per skill, a draw per colour, and per source skill
#: the moves of one of its SP to every other skill.
CHOICES: tuple[ChooseSkill, ...] = tuple(ChooseSkill(s) for s in SKILLS)
DRAWS: tuple[Draw, ...] = tuple(Draw(k) for k in Colour)
MOVES: tuple[tuple[MoveSkillPoint, ...], ...] = tuple(
    tuple(MoveSkillPoint(a, b) for b in SKILLS if b is not a) for a in SKILLS
)
