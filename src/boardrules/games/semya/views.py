"""7Я views (SEM-11): nothing is hidden, so every seat sees the whole state."""

from __future__ import annotations

from boardrules.games.semya.events import Event
from boardrules.games.semya.state import State

__all__ = ["view", "view_events"]


def view(state: State, seat: int | None) -> State:
    """Everything in 7Я is public (SEM-11): the view is the state itself."""
    return state


def view_events(events: tuple[Event, ...], seat: int | None) -> tuple[Event, ...]:
    """Every event is public (SEM-11): the events themselves."""
    return events
