"""Invariants of a Kuhn poker state, and states built from a readable description."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from boardrules.core.errors import BadInput
from boardrules.core.violation import Violation
from boardrules.games.kuhn.actions import Action, Bet, Call, Check, Fold
from boardrules.games.kuhn.content import Card, Stakes
from boardrules.games.kuhn.state import State

__all__ = ["build_position", "validate_state"]

_ACTIONS = (Check, Bet, Call, Fold)


class Rules(Protocol):
    """What a position is checked against (``kuhn.Game`` offers it)."""

    @property
    def rule_context(self) -> Stakes: ...
    def check(self, state: State, action: object) -> Violation | None: ...


def validate_state(game: Rules, state: State) -> None:
    """Raise ``BadInput`` (with the path of the first bad field) unless ``state`` is sound.

    Two cards, each a card or hidden (``None``, in a view), never the same card twice; every
    action of the kind its step takes (KUHN-4, KUHN-5), none after the end (KUHN-6); at a
    showdown both cards are known.
    """
    if not isinstance(state, State):
        raise BadInput("$", f"expected a Kuhn poker State, got {type(state).__name__}")
    cards = state.cards
    if not isinstance(cards, tuple) or len(cards) != 2:
        raise BadInput("$.cards", "two cards, one per seat")
    for seat, card in enumerate(cards):
        if card is not None and not isinstance(card, Card):
            raise BadInput(f"$.cards[{seat}]", "a card is jack, queen, king or hidden (null)")
    if cards[0] is not None and cards[0] is cards[1]:
        raise BadInput("$.cards", "the two seats hold different cards")
    if not isinstance(state.moves, tuple):
        raise BadInput("$.moves", "the moves are a list of actions")
    for i, move in enumerate(state.moves):
        if type(move) not in _ACTIONS:
            raise BadInput(f"$.moves[{i}]", "not a Kuhn poker action")
        refused = game.check(State(cards, state.moves[:i]), move)
        if refused is not None:  # the rules the game is played by say so
            raise BadInput(f"$.moves[{i}]", str(refused))
    stakes = game.rule_context
    if stakes.facts.showdown(stakes, state) and None in cards:
        raise BadInput("$.cards", "at a showdown both cards are shown")


def build_position(
    game: Rules, cards: Sequence[Card | str | None], moves: Sequence[Action] = ()
) -> State:
    """A validated state from two cards (``"king"`` or ``Card.KING``; ``None`` hidden) and
    the actions so far.

    Raises:
        BadInput: for an unknown card or a betting sequence no hand can have.
    """
    if isinstance(cards, str) or len(cards) != 2:
        raise BadInput("$.cards", "two cards, one per seat")
    parsed: list[Card | None] = []
    for seat, card in enumerate(cards):
        try:
            parsed.append(card if card is None or isinstance(card, Card) else Card(card))
        except ValueError:
            raise BadInput(f"$.cards[{seat}]", "a card is jack, queen or king") from None
    state = State((parsed[0], parsed[1]), tuple(moves))
    validate_state(game, state)
    return state
