"""Orbita move notation: a verb, then short card codes and resource names.

A character card is written by a code of its specialisation (``wa`` Warriors, ``ho`` Hosts,
``he`` Heroes, ``pr`` Priests), its role (``l`` Leader, ``m`` Master, ``s`` Sage, ``b`` Bard)
and its copy: ``hos2`` is ``hosts-sage-2``. Reading also takes the full card id.

| action | notation |
| --- | --- |
| ``DrawCharacter()`` | ``draw`` |
| ``TakeFromMarket("hosts-bard-1")`` | ``take hob1`` |
| ``Gift(Resource.FOOD, "hosts-sage-2")`` | ``gift food hos2`` |
| ``Gift(Resource.FOOD, "hosts-sage-2", Amount.ALL)`` | ``gift all food hos2`` |
| ``Boost("warriors-leader-1")``, with ``Amount.ALL`` | ``boost wal1``, ``boost all wal1`` |
| ``MakeOffer("warriors-leader-1", "hosts-sage-2")`` | ``offer wal1 hos2`` |
| ``AnswerOffer(Answer.SEIZE)`` | ``decline``, ``seize``, ``accept`` |
| ``Reinforce()``, with ``Amount.ALL`` | ``reinforce``, ``reinforce all`` |
| ``Shield("heroes-leader-1")`` | ``shield hel1`` |
| ``FormCorporation(Spec.HOSTS)`` | ``corporation hosts`` |
| ``AllocateFood("priests-leader-1")`` | ``feed prl1`` |
| ``Pass()`` | ``pass`` |

Reading ignores case and extra spaces and takes a unique prefix of a resource or a
specialisation (``gift f hos2``); with a state, a unique prefix of a legal move.

>>> from boardrules.games import orbita
>>> format_action(orbita.Gift(orbita.Resource.FOOD, "hosts-sage-2", orbita.Amount.ALL))
'gift all food hos2'
>>> parse_action(("hosts-sage-2",), "Gift F hos2")
Gift(resource=Resource.FOOD, to='hosts-sage-2', amount=Amount.ONE)
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from boardrules.core.errors import BadInput
from boardrules.display import read_move, resolve_word
from boardrules.games.orbita.actions import (
    Action,
    AllocateFood,
    Amount,
    AnswerOffer,
    Boost,
    DrawCharacter,
    FormCorporation,
    Gift,
    MakeOffer,
    Pass,
    Reinforce,
    Shield,
    TakeFromMarket,
)
from boardrules.games.orbita.content import Resource, Role, Spec, card_id, parse_card
from boardrules.games.orbita.state import Answer

__all__ = ["card_code", "format_action", "parse_action"]

_SPEC_CODE = {Spec.WARRIORS: "wa", Spec.HOSTS: "ho", Spec.HEROES: "he", Spec.PRIESTS: "pr"}
_ROLE_CODE = {Role.LEADER: "l", Role.MASTER: "m", Role.SAGE: "s", Role.BARD: "b"}
_CODE = re.compile(r"^(wa|ho|he|pr)([lmsb])([1-9][0-9]{0,2})$")
_SPECS = {s.value: s for s in Spec}
_RESOURCES = {r.value: r for r in Resource}
_ANSWERS = {a.value: a for a in Answer}
_HELP = "write a move such as 'draw', 'take hob1', 'gift food hos2', 'offer wal1 hos2', 'pass'"


def card_code(card: str) -> str:
    """The short code of a character card (``hosts-sage-2`` → ``hos2``); other ids as they are.

    >>> card_code("priests-bard-3")
    'prb3'
    """
    parsed = parse_card(card)
    if parsed is None:
        return card
    spec, role, copy = parsed
    return f"{_SPEC_CODE[spec]}{_ROLE_CODE[role]}{copy}"


_FROM_SPEC = {v: k for k, v in _SPEC_CODE.items()}
_FROM_ROLE = {v: k for k, v in _ROLE_CODE.items()}


def _card(word: str, cards: Collection[str]) -> str:
    match = _CODE.match(word.lower())
    if match is not None:
        spec, role, copy = match.groups()
        card = card_id(_FROM_SPEC[spec], _FROM_ROLE[role], int(copy))
    else:
        card = word.lower()
    if card not in cards:
        raise BadInput("$.text", f"{word[:40]!r} is no card of this deck (write it like hos2)")
    return card


def _amount(words: list[str]) -> Amount:
    if words and words[0] == "all":
        del words[0]
        return Amount.ALL
    return Amount.ONE


def format_action(action: Action) -> str:
    """The notation of ``action`` (see the module)."""
    if isinstance(action, DrawCharacter):
        return "draw"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, TakeFromMarket):
        return f"take {card_code(action.card)}"
    if isinstance(action, Gift):
        every = "all " if action.amount is Amount.ALL else ""
        return f"gift {every}{action.resource.value} {card_code(action.to)}"
    if isinstance(action, Boost):
        every = "all " if action.amount is Amount.ALL else ""
        return f"boost {every}{card_code(action.card)}"
    if isinstance(action, MakeOffer):
        return f"offer {card_code(action.offerer)} {card_code(action.target)}"
    if isinstance(action, AnswerOffer):
        return action.answer.value
    if isinstance(action, Reinforce):
        return "reinforce all" if action.amount is Amount.ALL else "reinforce"
    if isinstance(action, Shield):
        return f"shield {card_code(action.hero)}"
    if isinstance(action, FormCorporation):
        return f"corporation {action.suit.value}"
    if isinstance(action, AllocateFood):
        return f"feed {card_code(action.card)}"
    raise BadInput("$.action", f"not an Orbita action: {type(action).__name__}")


def _exact(cards: Collection[str], text: str) -> Action:
    if not isinstance(text, str):
        raise BadInput("$.text", "a move is written as text")
    words = text.lower().split()
    if not words:
        raise BadInput("$.text", f"empty move; {_HELP}")
    verb, rest = words[0], words[1:]

    def arity(count: int, form: str) -> None:
        if len(rest) != count:
            raise BadInput("$.text", f"write it as '{form}'")

    if verb in ("draw", "pass"):
        arity(0, verb)
        return DrawCharacter() if verb == "draw" else Pass()
    if verb in _ANSWERS:
        arity(0, verb)
        return AnswerOffer(_ANSWERS[verb])
    if verb == "take":
        arity(1, "take <card>")
        return TakeFromMarket(_card(rest[0], cards))
    if verb == "gift":
        amount = _amount(rest)
        arity(2, "gift [all] <resource> <card>")
        resource = resolve_word(rest[0], _RESOURCES, "resource")
        return Gift(resource, _card(rest[1], cards), amount)
    if verb == "boost":
        amount = _amount(rest)
        arity(1, "boost [all] <card>")
        return Boost(_card(rest[0], cards), amount)
    if verb == "offer":
        arity(2, "offer <offerer> <target>")
        return MakeOffer(_card(rest[0], cards), _card(rest[1], cards))
    if verb == "reinforce":
        amount = _amount(rest)
        arity(0, "reinforce [all]")
        return Reinforce(amount)
    if verb == "shield":
        arity(1, "shield <hero>")
        return Shield(_card(rest[0], cards))
    if verb == "corporation":
        arity(1, "corporation <suit>")
        return FormCorporation(resolve_word(rest[0], _SPECS, "specialisation"))
    if verb == "feed":
        arity(1, "feed <card>")
        return AllocateFood(_card(rest[0], cards))
    raise BadInput("$.text", f"{text[:40]!r} is not a move; {_HELP}")


def parse_action(
    cards: Collection[str], text: str, legal: Sequence[Action] | None = None
) -> Action:
    """The action ``text`` writes, naming only ``cards``; among ``legal``, a prefix will do.

    Raises:
        BadInput: for text that writes no Orbita move of this deck.
    """
    return read_move(text, lambda written: _exact(cards, written), legal, format_action)
