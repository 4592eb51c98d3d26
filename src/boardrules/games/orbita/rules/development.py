"""ORB-17, ORB-18: enterprises form by themselves; corporations by a seat's choice."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from boardrules.core.rules import Rule
from boardrules.core.violation import Refusal
from boardrules.games.orbita.actions import FormCorporation
from boardrules.games.orbita.content import SPEC_ORDER, Spec
from boardrules.games.orbita.context import Context
from boardrules.games.orbita.events import CorporationFormed, EnterpriseFormed, Event
from boardrules.games.orbita.flow import Development, Draft, NextDeveloper
from boardrules.games.orbita.state import Corporation, Seat, State, Team, Zones, make_seat
from boardrules.games.orbita.table import CORPORATION, ENTERPRISE, seat_food

__all__ = [
    "ORB_17",
    "ORB_17_0_1_0",
    "ORB_18",
    "can_form",
    "corporation_need",
    "corporation_teams",
]


# -- ORB-17: enterprises ------------------------------------------------------------------------
def _form_enterprises(
    ctx: Context, d: Draft, step: Development, events: list[Event] | None
) -> Draft:
    eats = ctx.facts.eats(ctx, ENTERPRISE)
    for s, seat in enumerate(d.seats):
        teams = list(seat.teams)
        for t, team in enumerate(teams):
            if team.enterprise or len(team.members) < ENTERPRISE:
                continue
            formed = Team(team.leader, team.members, True)
            trial = Seat((*teams[:t], formed, *teams[t + 1 :]), seat.corporations)
            # The Food the new enterprise may eat this round must cover it.
            if ctx.facts.food_for(ctx, trial, d.zones, formed.members) >= eats:
                teams[t] = formed
                if d.events is not None:
                    d.emit(EnterpriseFormed(s, team.leader, ctx.spec[team.leader]))
        # As ``Seat(teams, corporations)``: development starts with every seat's progress
        # cleared, so only the teams can differ.
        d.seats[s] = make_seat(tuple(teams), seat.corporations, (), 0, False)
    return d


ORB_17 = Rule(
    "ORB-17",
    "Four roles of one specialisation form an enterprise if the Food it may eat covers it.",
    "Четыре роли одной специализации образуют предприятие, если ему хватит его Еды.",
    effects={Development: _form_enterprises},
)
"""ORB-17: at development a team of all four roles becomes an enterprise if the Food it may
eat this round covers what it eats (ORB-19's facts ``food_for``: its own meals and Priests'
Food, and the seat's shared Food less what the seat's other structures need beyond their
own; and ``eats``)."""


def _form_enterprises_0_1_0(
    ctx: Context, d: Draft, step: Development, events: list[Event] | None
) -> Draft:
    for s, seat in enumerate(d.seats):
        teams = list(seat.teams)
        for t, team in enumerate(teams):
            if team.enterprise or len(team.members) < ENTERPRISE:
                continue
            formed = Team(team.leader, team.members, True)
            trial = Seat((*teams[:t], formed, *teams[t + 1 :]), seat.corporations)
            if seat_food(trial, d.zones) >= ctx.facts.seat_need(ctx, trial):
                teams[t] = formed
                if d.events is not None:
                    d.emit(EnterpriseFormed(s, team.leader, ctx.spec[team.leader]))
        # As ``Seat(teams, corporations)``: development starts with every seat's progress
        # cleared, so only the teams can differ.
        d.seats[s] = make_seat(tuple(teams), seat.corporations, (), 0, False)
    return d


ORB_17_0_1_0: Rule = attrs.evolve(
    ORB_17,
    en="Four roles of one specialisation that can be fed form an enterprise.",
    ru="Четыре роли одной специализации, которым хватает Еды, образуют предприятие.",
    effects={Development: _form_enterprises_0_1_0},
)
"""ORB-17 as 0.1.0 read it: all the Food the seat holds (the Priests' and every meal too)
covers what all its structures eat with the new enterprise."""


# -- ORB-18: corporations -----------------------------------------------------------------------
def corporation_teams(ctx: Context, seat: Seat) -> dict[Spec, int]:
    """The team index of the first enterprise of each specialisation outside corporations."""
    found: dict[Spec, int] = {}
    spec_of = ctx.spec
    for t, team in enumerate(seat.teams):
        if team.enterprise:
            found.setdefault(spec_of[team.leader], t)
    return found


def corporation_need(ctx: Context, seat: Seat) -> int:
    """What the seat's structures would eat with four of its enterprises made a corporation
    (from ORB-19's fact ``seat_need``)."""
    eats = ctx.facts.eats
    need: int = ctx.facts.seat_need(ctx, seat)
    formed: int = eats(ctx, CORPORATION) - len(SPEC_ORDER) * eats(ctx, ENTERPRISE)
    return need + formed


def can_form(ctx: Context, seat: Seat, zones: Mapping[str, Zones]) -> bool:
    """The fact ``can_form``: whether ``seat`` can form a corporation: four enterprises of
    different specialisations, and Food for what it would eat then."""
    return _why_not(ctx, seat, zones) is None


def _why_not(ctx: Context, seat: Seat, zones: Mapping[str, Zones]) -> str | None:
    if len(corporation_teams(ctx, seat)) < len(SPEC_ORDER):
        return "no_corporation"
    if seat_food(seat, zones) < corporation_need(ctx, seat):
        return "cannot_feed"
    return None


def _corporation_refused(ctx: Context, state: State, action: FormCorporation) -> Refusal:
    seat = ctx.facts.mover(ctx, state)
    mine = state.seats[seat]
    why = _why_not(ctx, mine, state.zones)
    if why == "no_corporation":
        return why, {"seat": seat, "suit": action.suit.value}
    if why is not None:
        food, need = seat_food(mine, state.zones), corporation_need(ctx, mine)
        return why, {"seat": seat, "food": food, "need": need}
    return None


def _forms(ctx: Context, state: State) -> tuple[FormCorporation, ...]:
    """A corporation of each suit, when the seat can form one (``can_form``)."""
    mine = state.seats[ctx.facts.mover(ctx, state)]
    return ctx.form if _why_not(ctx, mine, state.zones) is None else ()


def _form(ctx: Context, d: Draft, action: FormCorporation, events: list[Event] | None) -> Draft:
    s = d.mover
    seat = d.seats[s]
    found = corporation_teams(ctx, seat)
    if len(found) < len(SPEC_ORDER):
        return d  # (no corporation to form, where a variant lets one try)
    start = action.suit.index
    order = [SPEC_ORDER[(start + k) % 4] for k in range(4)]
    picked = [found[spec] for spec in order]
    corp = Corporation(action.suit, tuple(seat.teams[t] for t in picked))
    teams = tuple(t for i, t in enumerate(seat.teams) if i not in picked)
    d.set_seat(s, teams=teams, corporations=(*seat.corporations, corp))
    if d.events is not None:
        d.emit(CorporationFormed(s, action.suit))
    if not ctx.facts.can_form(ctx, d.seats[s], d.zones):
        d.set_seat(s, done=True)
    return d


def _next_developer(
    ctx: Context, d: Draft, step: NextDeveloper, events: list[Event] | None
) -> Draft:
    n = len(d.seats)
    first = ctx.facts.first(ctx, d.round, n)
    can = ctx.facts.can_form
    for k in range(n):
        s = (first + k) % n
        if not d.seats[s].done and can(ctx, d.seats[s], d.zones):
            d.turn = s
            return d
    d.phase_over = True
    return d


ORB_18 = Rule(
    "ORB-18",
    "Four enterprises of different specialisations form a corporation of a chosen suit.",
    "Четыре предприятия разной специализации образуют корпорацию выбранной масти.",
    moves={FormCorporation: _forms},
    checks={FormCorporation: _corporation_refused},
    effects={FormCorporation: _form, NextDeveloper: _next_developer},
    facts={"can_form": can_form},
)
"""ORB-18: the fact ``can_form`` (four enterprises of different specialisations, and Food
for all the seat eats then, ORB-19's fact ``seat_need``); development asks, in turn order
from the round's first seat (ORB-6's fact ``first``), each seat that can
(``FormCorporation(suit)`` or ``Pass``); the suit's own enterprise comes first."""
