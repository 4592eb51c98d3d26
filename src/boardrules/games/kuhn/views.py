"""Kuhn poker views (KUHN-8): a seat sees its own card and every action; both cards are
shown at a showdown, none after a fold."""

from __future__ import annotations

from boardrules.games.kuhn.events import Event
from boardrules.games.kuhn.flow import showdown
from boardrules.games.kuhn.state import State

__all__ = ["view", "view_events"]


def view(state: State, seat: int | None) -> State:
    """``state`` with every card ``seat`` may not see replaced by ``None``.

    ``seat=None`` is a spectator: it sees the cards only at a showdown.
    """
    if showdown(state):
        return state
    first, second = state.cards
    cards = (first if seat == 0 else None, second if seat == 1 else None)
    return state if cards == state.cards else State(cards, state.moves)


def view_events(events: tuple[Event, ...], seat: int | None) -> tuple[Event, ...]:
    """Events are public: an action's kind, and the cards only when a showdown shows them."""
    return events
