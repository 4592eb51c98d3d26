"""What each seat may see of «Об игре» (LY-22), and full states consistent with a view.

Hidden: the order of the piles (a view lists them in content order: which cards are left is
public), the seed, and every other seat's declaration until the end — whether one was made,
too. The drawn card is public (the host reads it aloud).

>>> from boardrules.games.lyceum.content import Tables, default_content
>>> from boardrules.games.lyceum.flow import Setup, new
>>> tables = Tables(default_content(), 3, 4)
>>> state = new(tables, 3, Setup(players=3))
>>> view(tables, state, 1).seed
0
"""

from __future__ import annotations

from typing import TypeAlias

from boardrules.core.rng import MASK, Rng
from boardrules.games.lyceum.content import Tables
from boardrules.games.lyceum.events import DeclarationMade, Event
from boardrules.games.lyceum.rules import DECLARATION_TARGETS
from boardrules.games.lyceum.state import (
    HIDDEN,
    Seat,
    Stage,
    State,
    Step,
    StepKind,
    make_state,
)

__all__ = ["determinize", "hide_declaration", "view", "view_events", "visible_piles"]

# A state after an action shares every sheet and pile that the action did not change with
# the state before it, so views remember what they made of each sheet and of each state's
# piles, by the identity of the original. An entry keeps its original alive, so the id is
# not reused while the entry exists; the memory is emptied when it fills up.
_HIDDEN_SHEETS: dict[int, tuple[Seat, Seat]] = {}
_Piles: TypeAlias = tuple[tuple[str, ...], ...]
_PILES_SHOWN: dict[int, tuple[_Piles, Tables, _Piles]] = {}
_LAST_SHOWN: list[tuple[_Piles, Tables, _Piles] | None] = [None]
_REMEMBER = 1 << 12

_OVER = Stage.OVER
_SETUP = Stage.SETUP
_DECLARE_SKILL = StepKind.DECLARE_SKILL


def hide_declaration(sheet: Seat) -> Seat:
    """``sheet`` as other seats see it before the end: its declaration :data:`HIDDEN`."""
    found = _HIDDEN_SHEETS.get(id(sheet))
    if found is not None and found[0] is sheet:
        return found[1]
    if len(_HIDDEN_SHEETS) >= _REMEMBER:
        _HIDDEN_SHEETS.clear()
    hidden = sheet.with_declaration(HIDDEN)
    _HIDDEN_SHEETS[id(sheet)] = (sheet, hidden)
    return hidden


def visible_piles(tables: Tables, piles: _Piles) -> _Piles:
    """The piles as a view shows them: each in content order (LY-22)."""
    found = _PILES_SHOWN.get(id(piles))
    if found is not None and found[0] is piles and found[1] is tables:
        _LAST_SHOWN[0] = found
        return found[2]
    if len(_PILES_SHOWN) >= _REMEMBER:
        _PILES_SHOWN.clear()
    # Usually the piles of the state viewed last, with one card drawn from one of them.
    last = _LAST_SHOWN[0]
    if last is not None and last[1] is tables and len(last[0]) == len(piles):
        before, before_shown = last[0], last[2]
        shown = [
            b_shown if b is pile else _less_top(b, b_shown, pile, tables)
            for b, b_shown, pile in zip(before, before_shown, piles, strict=True)
        ]
    else:
        shown = [tables.in_content_order(pile) for pile in piles]
    entry = _LAST_SHOWN[0] = _PILES_SHOWN[id(piles)] = (piles, tables, tuple(shown))
    return entry[2]


def _less_top(
    before: tuple[str, ...], before_shown: tuple[str, ...], pile: tuple[str, ...], tables: Tables
) -> tuple[str, ...]:
    """``pile`` in content order, from the pile it may be ``before`` a card was drawn."""
    if len(before) == len(pile) + 1 and before[1:] == pile:
        cut = before_shown.index(before[0])
        return before_shown[:cut] + before_shown[cut + 1 :]
    return tables.in_content_order(pile)


def view(tables: Tables, state: State, seat: int | None) -> State:
    """What ``seat`` may see of ``state`` (``None``: a spectator).

    Piles are shown in content order; before the end, every other seat's declaration shows
    as :data:`~boardrules.games.lyceum.state.HIDDEN` once its declaration step is over,
    whether it declared or not, and another seat's declaration step in progress shows no
    values.
    """
    piles = state.piles
    found_piles = _PILES_SHOWN.get(id(piles))  # visible_piles, inlined: views are hot
    if found_piles is not None and found_piles[0] is piles and found_piles[1] is tables:
        _LAST_SHOWN[0] = found_piles
        piles = found_piles[2]
    else:
        piles = visible_piles(tables, piles)
    seats = state.seats
    queue = state.queue
    stage = state.stage
    if stage is not _OVER:
        done = queue[0].seat if stage is _SETUP else len(seats)
        hidden: list[Seat] | None = None
        remembered = _HIDDEN_SHEETS
        for i in range(done):
            if i == seat:
                continue
            sheet = seats[i]
            found = remembered.get(id(sheet))  # hide_declaration, inlined: views are hot
            if found is not None and found[0] is sheet:
                shown = found[1]
            elif sheet.declaration == HIDDEN:
                continue
            else:
                shown = hide_declaration(sheet)
            if hidden is None:
                hidden = list(seats)
            hidden[i] = shown
        if hidden is not None:
            seats = tuple(hidden)
        if queue:
            head = queue[0]
            if head.kind is _DECLARE_SKILL and head.seat != seat:
                queue = (Step(_DECLARE_SKILL, head.seat), *queue[1:])
    return make_state(
        0, seats, state.tie_order, state.first, state.round, state.turn, stage, queue,
        piles, state.effects,
    )


def view_events(events: tuple[Event, ...], seat: int | None) -> tuple[Event, ...]:
    """The events as ``seat`` may see them: other seats' declarations hidden."""
    return tuple(
        DeclarationMade(e.seat, HIDDEN)
        if isinstance(e, DeclarationMade) and e.seat != seat
        else e
        for e in events
    )


def determinize(view: State, seat: int | None, rng: Rng) -> State:
    """A full state consistent with ``view``, for agents that look ahead.

    The piles are shuffled and the seed drawn from ``rng``; a hidden declaration of
    another seat becomes none, and a hidden declaration step in progress gets a target
    drawn from ``rng``.
    """
    piles = tuple(rng.shuffled(pile) for pile in view.piles)
    seats = tuple(
        s.with_declaration(None) if s.declaration == HIDDEN and i != seat else s
        for i, s in enumerate(view.seats)
    )
    queue = view.queue
    if queue:
        step = queue[0]
        if step.kind is StepKind.DECLARE_SKILL and step.count == 0 and not step.values:
            target = DECLARATION_TARGETS[rng.below(len(DECLARATION_TARGETS))]
            queue = (Step(StepKind.DECLARE_SKILL, step.seat, target), *queue[1:])
    return State(
        rng.next() & MASK, seats, view.tie_order, view.first, view.round, view.turn,
        view.stage, queue, piles, view.effects,
    )
