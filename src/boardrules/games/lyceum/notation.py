"""Lyceum move notation: one or two short words per action.

| action | notation |
| --- | --- |
| ``ChooseSkill(Skill.ENERGY)`` | ``+energy`` |
| ``Declare(40)``, ``Declare(None)`` | ``declare 40``, ``declare none`` |
| ``DeclareSkill(7)`` | ``sp 7`` |
| ``Draw(Colour.RED)`` | ``draw red`` |
| ``Rest()``, ``ShareExperience()`` | ``rest``, ``share`` |
| ``PlayCard()``, ``DiscardCard()``, ``DeferCard()`` | ``play``, ``discard``, ``defer`` |
| ``MoveSkillPoint(Skill.HEALTH, Skill.INTELLECT)`` | ``move health intellect`` |
| ``FinishMoves()`` | ``finish`` |
| ``PlayDeferred()``, ``KeepDeferred()`` | ``play-deferred``, ``keep-deferred`` |

Reading ignores case and extra spaces and takes a unique prefix of a skill or a colour
(``+en``, ``move he in``, ``draw r``); with a state, a unique prefix of a legal move.

>>> format_action(MoveSkillPoint(Skill.HEALTH, Skill.INTELLECT))
'move health intellect'
>>> parse_action("Move he IN")
MoveSkillPoint(source=Skill.HEALTH, target=Skill.INTELLECT)
"""

from __future__ import annotations

from collections.abc import Sequence

from boardrules.core.errors import BadInput
from boardrules.display import read_move, resolve_word
from boardrules.games.lyceum.actions import (
    Action,
    ChooseSkill,
    Declare,
    DeclareSkill,
    DeferCard,
    DiscardCard,
    Draw,
    FinishMoves,
    KeepDeferred,
    MoveSkillPoint,
    PlayCard,
    PlayDeferred,
    Rest,
    ShareExperience,
)
from boardrules.games.lyceum.content import Colour, Skill

__all__ = ["format_action", "parse_action"]

_WORDS: dict[str, Action] = {
    "rest": Rest(),
    "share": ShareExperience(),
    "play": PlayCard(),
    "discard": DiscardCard(),
    "defer": DeferCard(),
    "finish": FinishMoves(),
    "play-deferred": PlayDeferred(),
    "keep-deferred": KeepDeferred(),
}
_NAMES: dict[type, str] = {type(a): w for w, a in _WORDS.items()}
_SKILLS = {s.value: s for s in Skill}
_COLOURS = {c.value: c for c in Colour}
_HELP = "write a move such as '+energy', 'draw red', 'rest', 'play' or 'move health intellect'"


def format_action(action: Action) -> str:
    """The notation of ``action`` (see the module)."""
    if isinstance(action, ChooseSkill):
        return f"+{action.skill.value}"
    if isinstance(action, MoveSkillPoint):
        return f"move {action.source.value} {action.target.value}"
    if isinstance(action, Draw):
        return f"draw {action.colour.value}"
    if isinstance(action, Declare):
        return f"declare {'none' if action.target is None else action.target}"
    if isinstance(action, DeclareSkill):
        return f"sp {action.value}"
    name = _NAMES.get(type(action))
    if name is None:
        raise BadInput("$.action", f"not a Lyceum action: {type(action).__name__}")
    return name


def _number(word: str) -> int:
    if not (word.isascii() and word.isdigit()) or len(word) > 3:
        raise BadInput("$.text", f"{word[:20]!r} is not a number of SP")
    return int(word)


def _exact(text: str) -> Action:
    if not isinstance(text, str):
        raise BadInput("$.text", "a move is written as text")
    words = text.lower().split()
    if not words:
        raise BadInput("$.text", f"empty move; {_HELP}")
    head, rest = words[0], words[1:]
    if head.startswith("+") and len(head) > 1 and not rest:
        return ChooseSkill(resolve_word(head[1:], _SKILLS, "skill"))
    if head == "+" and len(rest) == 1:
        return ChooseSkill(resolve_word(rest[0], _SKILLS, "skill"))
    if head in _WORDS and not rest:
        return _WORDS[head]
    if head == "move":
        _arity(rest, 2, "move <from skill> <to skill>")
        source = resolve_word(rest[0], _SKILLS, "skill")
        return MoveSkillPoint(source, resolve_word(rest[1], _SKILLS, "skill"))
    if head == "draw":
        _arity(rest, 1, "draw <green|yellow|red>")
        return Draw(resolve_word(rest[0], _COLOURS, "colour"))
    if head == "declare":
        _arity(rest, 1, "declare <35|40|45|none>")
        return Declare(None if rest[0] == "none" else _number(rest[0]))
    if head == "sp":
        _arity(rest, 1, "sp <number>")
        return DeclareSkill(_number(rest[0]))
    raise BadInput("$.text", f"{text[:40]!r} is not a move; {_HELP}")


def _arity(rest: Sequence[str], count: int, form: str) -> None:
    if len(rest) != count:
        raise BadInput("$.text", f"write it as '{form}'")


def parse_action(text: str, legal: Sequence[Action] | None = None) -> Action:
    """The action ``text`` writes; among ``legal`` actions, a unique prefix will do.

    Raises:
        BadInput: for text that writes no Lyceum move.
    """
    return read_move(text, _exact, legal, format_action)
