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
    DECLARE_SKILL_STEP as _DECLARE_SKILL,
)
from boardrules.games.lyceum.state import (
    HIDDEN,
    Seat,
    State,
    Step,
    StepKind,
    make_state,
)
from boardrules.games.lyceum.state import (
    OVER_STAGE as _OVER,
)
from boardrules.games.lyceum.state import (
    SETUP_STAGE as _SETUP,
)

__all__ = ["determinize", "view", "view_events", "visible_piles"]

_Piles: TypeAlias = tuple[tuple[str, ...], ...]
# What views made last: the piles of the state viewed last, and per seat the sheet hidden
# last. A state after an action shares every pile and sheet that the action did not change
# with the state before it, so the next view mostly finds them here (by identity; an entry
# keeps its original alive). A view of another game in between costs a recomputation.
_LAST_PILES: list[tuple[_Piles, Tables, _Piles] | None] = [None]
_LAST_HIDDEN: list[tuple[Seat, Seat] | None] = [None] * 64



def visible_piles(tables: Tables, piles: _Piles) -> _Piles:
    """The piles as a view shows them: each in content order (LY-22)."""
    last = _LAST_PILES[0]
    if last is not None and last[1] is tables:
        if last[0] is piles:
            return last[2]
        if len(piles) == 3 == len(last[0]):  # green, yellow, red: usually one was drawn from
            (green, yellow, red), (shown_green, shown_yellow, shown_red) = last[0], last[2]
            now_green, now_yellow, now_red = piles
            result: _Piles = (
                shown_green
                if now_green is green
                else _after_draw(tables, green, shown_green, now_green),
                shown_yellow
                if now_yellow is yellow
                else _after_draw(tables, yellow, shown_yellow, now_yellow),
                shown_red if now_red is red else _after_draw(tables, red, shown_red, now_red),
            )
            _LAST_PILES[0] = (piles, tables, result)
            return result
    ordered = tuple([tables.in_content_order(pile) for pile in piles])
    _LAST_PILES[0] = (piles, tables, ordered)
    return ordered


def _after_draw(
    tables: Tables, before: tuple[str, ...], before_shown: tuple[str, ...], pile: tuple[str, ...]
) -> tuple[str, ...]:
    """``pile`` in content order, from the pile it may be ``before`` its top card was drawn."""
    if len(before) == len(pile) + 1 and before[1:] == pile:
        cut = before_shown.index(before[0])
        return before_shown[:cut] + before_shown[cut + 1 :]
    return tables.in_content_order(pile)


def _no_memory(seats: int) -> list[tuple[Seat, Seat] | None]:
    return [None] * seats  # a table larger than any game seats: nothing is remembered


def view(tables: Tables, state: State, seat: int | None) -> State:
    """What ``seat`` may see of ``state`` (``None``: a spectator).

    Piles are shown in content order; before the end, every other seat's declaration shows
    as :data:`~boardrules.games.lyceum.state.HIDDEN` once its declaration step is over,
    whether it declared or not, and another seat's declaration step in progress shows no
    values.
    """
    piles = state.piles
    last_piles = _LAST_PILES[0]  # visible_piles, inlined: views are hot
    if last_piles is not None and last_piles[0] is piles and last_piles[1] is tables:
        piles = last_piles[2]
    else:
        piles = visible_piles(tables, piles)
    seats = state.seats
    queue = state.queue
    stage = state.stage
    if stage is not _OVER:
        if stage is _SETUP:
            head = queue[0]
            done = head.seat  # the seats before it have declared (or not)
            if head.kind is _DECLARE_SKILL and head.seat != seat:
                queue = (Step(_DECLARE_SKILL, head.seat), *queue[1:])
        else:
            done = len(seats)
        hidden: list[Seat] | None = None
        lasts = _LAST_HIDDEN if done <= len(_LAST_HIDDEN) else _no_memory(done)
        for i in range(done):
            if i == seat:
                continue
            sheet = seats[i]
            last = lasts[i]
            if last is not None and last[0] is sheet:
                shown = last[1]
            elif sheet.declaration == HIDDEN:
                continue
            else:
                shown = sheet.with_declaration(HIDDEN)
                lasts[i] = (sheet, shown)
            if hidden is None:
                hidden = list(seats)
            hidden[i] = shown
        if hidden is not None:
            seats = tuple(hidden)
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
