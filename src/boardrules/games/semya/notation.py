"""7Я move notation: a feeling card by its id, ``lord <symbol>``, ``fool``.

| action | notation |
| --- | --- |
| ``PlayCard("sun-saturn")`` | ``sun-saturn`` |
| ``PlayLord(Symbol.MARS)`` | ``lord mars`` |
| ``PlayFool()`` | ``fool`` |

A card id that could be mistaken for another move (``fool``, one that starts with
``lord``/``card`` or holds spaces) is written ``card <id>``. Reading ignores case and spaces
around words and takes a unique prefix of a symbol (``lord ma``); with a state, a unique
prefix of a legal move (``sun-sa``).

>>> from boardrules.games import semya
>>> game = semya.Game()
>>> format_action(game, semya.PlayLord(semya.Symbol.MARS))
'lord mars'
>>> parse_action(game, "Lord Ma")
PlayLord(named=Symbol.MARS)
"""

from __future__ import annotations

from typing import Protocol

from boardrules.core.errors import BadInput
from boardrules.display import read_move, resolve_word
from boardrules.games.semya.actions import Action, PlayCard, PlayFool, PlayLord
from boardrules.games.semya.content import Card, Symbol
from boardrules.games.semya.state import State

__all__ = ["Rules", "format_action", "parse_action"]


class Rules(Protocol):
    """What the notation reads of a 7Я game (``semya.Game`` offers it)."""

    @property
    def deck(self) -> tuple[Card, ...]: ...
    def card(self, card_id: str) -> Card: ...
    def legal_actions(self, state: State) -> tuple[Action, ...]: ...

_SYMBOLS = {s.value: s for s in Symbol}


def _bare(card: str) -> bool:
    """Whether a card id can be written as it is."""
    low = card.lower()
    return (
        low != "fool"
        and not low.startswith(("lord", "card"))
        and card == card.strip()
        and len(card.split()) == 1
    )


def format_action(game: Rules, action: Action) -> str:
    """The notation of ``action`` (see the module)."""
    if isinstance(action, PlayCard):
        return action.card if _bare(action.card) else f"card {action.card}"
    if isinstance(action, PlayLord):
        return f"lord {action.named.value}"
    if isinstance(action, PlayFool):
        return "fool"
    raise BadInput("$.action", f"not a 7Я action: {type(action).__name__}")


def _exact(game: Rules, text: str) -> Action:
    if not isinstance(text, str):
        raise BadInput("$.text", "a move is written as text")
    words = text.split()
    if not words:
        raise BadInput("$.text", "empty move; write a card id, 'lord <symbol>' or 'fool'")
    head = words[0].lower()
    if text[:5].lower() == "card ":
        card = text[5:]
        try:
            game.card(card)
        except KeyError:
            raise BadInput("$.text", f"no card {card[:64]!r} in this deck") from None
        return PlayCard(card)
    if head == "fool" and len(words) == 1:
        return PlayFool()
    if head == "lord":
        if len(words) != 2:
            raise BadInput("$.text", "the Lord names one symbol: 'lord mars'")
        return PlayLord(resolve_word(words[1], _SYMBOLS, "symbol"))
    card = text.strip()
    try:
        game.card(card)
    except KeyError:
        matches = [c.id for c in game.deck if c.id.lower() == card.lower()]
        if len(matches) != 1:
            raise BadInput(
                "$.text",
                f"{text[:40]!r} is not a move: write a card id (sun-saturn), "
                "'lord <symbol>' or 'fool'",
            ) from None
        card = matches[0]
    return PlayCard(card)


def parse_action(game: Rules, text: str, state: State | None = None) -> Action:
    """The action ``text`` writes; with ``state``, a unique prefix of a legal move will do.

    Raises:
        BadInput: for text that writes no move of this game.
    """
    legal = None if state is None else game.legal_actions(state)
    return read_move(
        text, lambda written: _exact(game, written), legal, lambda a: format_action(game, a)
    )
