"""What a seat sees of an Orbita state (ORB-24): the table is open, the deck order hidden."""

from __future__ import annotations

import attrs

from boardrules.core.rng import Rng
from boardrules.games.orbita.content import Context
from boardrules.games.orbita.state import State

__all__ = ["determinize", "view"]


def view(ctx: Context, state: State, seat: int | None) -> State:
    """``state`` with the deck shown sorted in the canonical order (the same for every seat)."""
    order = ctx.order
    deck = tuple(sorted(state.deck, key=lambda c: order.get(c, len(order))))
    if deck == state.deck:
        return state
    return attrs.evolve(state, deck=deck)


def determinize(view: State, rng: Rng) -> State:
    """A full state consistent with ``view``: the deck shuffled with ``rng``."""
    return State(
        view.round,
        view.phase,
        view.turn,
        view.seats,
        view.market,
        rng.shuffled(view.deck),
        view.zones,
        view.offer,
        view.drew,
        view.took,
        view.over,
    )
