"""Invariants of an Orbita state, and states built from a designer's description."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from boardrules.core.errors import BadInput
from boardrules.core.frozen import FrozenMap
from boardrules.games.orbita.content import (
    RESOURCE_ORDER,
    ROLE_ORDER,
    STORES,
    Resource,
    Role,
    Spec,
)
from boardrules.games.orbita.context import Context
from boardrules.games.orbita.state import (
    EMPTY,
    Answer,
    Corporation,
    Offer,
    Phase,
    Seat,
    Stage,
    State,
    Team,
    Zones,
)
from boardrules.games.orbita.table import owner, structures

__all__ = ["build_position", "validate_state"]

_RESTING = (Phase.ATTRACTION, Phase.TRADE, Phase.HIRING, Phase.DEVELOPMENT, Phase.CONSUMPTION)


#: The largest integer serde carries: no Orbita rule caps a count or a meal tally.
_NO_CAP = (1 << 64) - 1


def _int(value: object, path: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise BadInput(path, f"expected an integer from {low} to {high}")
    return value


def _counts(value: object, path: str) -> tuple[int, int, int, int]:
    if not isinstance(value, tuple) or len(value) != 4:
        raise BadInput(path, "resource counts are four integers (Territory, Food, Way, Advice)")
    for i, v in enumerate(value):
        # No rule caps a count (gifts and boosts accumulate over any number of rounds);
        # serde bounds the integers a document may carry.
        if type(v) is not int or v < 0:
            raise BadInput(f"{path}[{i}]", "a resource count is a non-negative integer")
    return value


def _team(ctx: Context, team: object, path: str, seen: dict[str, str]) -> Team:
    if not isinstance(team, Team):
        raise BadInput(path, "expected a team")
    if not isinstance(team.members, tuple) or not team.members:
        raise BadInput(f"{path}.members", "a team has at least its Leader")
    if type(team.enterprise) is not bool:
        raise BadInput(f"{path}.enterprise", "expected true or false")
    for j, card in enumerate(team.members):
        if not isinstance(card, str) or card not in ctx.spec:
            raise BadInput(f"{path}.members[{j}]", f"no character {str(card)[:40]!r} in the deck")
        if card in seen:
            raise BadInput(f"{path}.members[{j}]", f"ORB-1: {card} is also in {seen[card]}")
        seen[card] = path
    if team.members[0] != team.leader or ctx.role[team.leader] is not Role.LEADER:
        raise BadInput(f"{path}.leader", "ORB-7: a team starts with its Leader")
    spec = ctx.spec[team.leader]
    ranks = [ROLE_ORDER.index(ctx.role[m]) for m in team.members]
    if ranks != sorted(set(ranks)):
        raise BadInput(f"{path}.members", "ORB-7: one card per role, in role order")
    if any(ctx.spec[m] is not spec for m in team.members):
        raise BadInput(f"{path}.members", "ORB-7: a team holds one specialisation")
    if team.enterprise and len(team.members) != 4:
        raise BadInput(f"{path}.enterprise", "ORB-17: an enterprise holds all four roles")
    return team


def validate_state(ctx: Context, state: State) -> None:
    """Raise ``BadInput`` (with the path of the first bad field) unless ``state`` is sound.

    Checked: each character card is in exactly one place (deck, market, a team); teams,
    enterprises and corporations are well formed; Leaders are within ORB-8 (its fact
    ``leader_room``); every table card has zones, with no negative count, reserves only of
    what its specialisation stores (none on the market); the phase, turn, pending offer and
    per-phase counters are consistent with one another and with the options.

    What holds only because a rule's check refuses the actions that would break it (an offer
    only from the seat's own characters, at most ``steps`` limited actions, no gift to the
    labour market) is not checked: a variant that drops the check reaches such states by
    legal play. What the rules' effects and facts keep is, through the rulebook.
    """
    if not isinstance(state, State):
        raise BadInput("$", f"expected an Orbita State, got {type(state).__name__}")
    if not isinstance(state.seats, tuple) or not 2 <= len(state.seats) <= 4:
        raise BadInput("$.seats", "2 to 4 seats")
    n = len(state.seats)
    _int(state.round, "$.round", 1, ctx.rounds)
    if not isinstance(state.phase, Phase):
        raise BadInput("$.phase", "expected a phase")
    if type(state.over) is not bool or type(state.drew) is not bool or type(state.took) is not bool:
        raise BadInput("$.over", "expected true or false")
    if state.over != (state.phase is Phase.SAVING):
        raise BadInput("$.phase", "ORB-22: a finished game rests in saving, a running one never")
    if not state.over and state.phase not in _RESTING:
        raise BadInput("$.phase", "ORB-6: production and saving never wait for a seat")
    _int(state.turn, "$.turn", 0, n - 1)
    seen: dict[str, str] = {}
    for k, card in enumerate(state.deck):
        if not isinstance(card, str) or card not in ctx.spec:
            raise BadInput(f"$.deck[{k}]", f"no character {str(card)[:40]!r} in the deck")
        if card in seen:
            raise BadInput(f"$.deck[{k}]", f"ORB-1: {card} is also in {seen[card]}")
        seen[card] = "$.deck"
    for k, card in enumerate(state.market):
        if not isinstance(card, str) or card not in ctx.spec:
            raise BadInput(f"$.market[{k}]", f"no character {str(card)[:40]!r} in the deck")
        if card in seen:
            raise BadInput(f"$.market[{k}]", f"ORB-1: {card} is also in {seen[card]}")
        seen[card] = "$.market"
    for s, seat in enumerate(state.seats):
        path = f"$.seats[{s}]"
        if not isinstance(seat, Seat):
            raise BadInput(path, "expected a seat")
        if not isinstance(seat.teams, tuple) or not isinstance(seat.corporations, tuple):
            raise BadInput(path, "teams and corporations are lists")
        for c, corp in enumerate(seat.corporations):
            cpath = f"{path}.corporations[{c}]"
            if not isinstance(corp, Corporation) or not isinstance(corp.enterprises, tuple):
                raise BadInput(cpath, "expected a corporation")
            if len(corp.enterprises) != 4:
                raise BadInput(f"{cpath}.enterprises", "ORB-18: four enterprises")
            for t, team in enumerate(corp.enterprises):
                _team(ctx, team, f"{cpath}.enterprises[{t}]", seen)
                if not team.enterprise:
                    raise BadInput(f"{cpath}.enterprises[{t}]", "ORB-18: enterprises only")
            specs = [ctx.spec[t.leader] for t in corp.enterprises]
            if len(set(specs)) != 4 or specs[0] is not corp.suit:
                raise BadInput(cpath, "ORB-18: four specialisations, the suit's own first")
            _int(corp.age, f"{cpath}.age", 0, ctx.rounds)
        for t, team in enumerate(seat.teams):
            _team(ctx, team, f"{path}.teams[{t}]", seen)
        if not seat.teams and not seat.corporations:
            raise BadInput(path, "ORB-19: a seat always keeps a Leader")
        if ctx.facts.leader_room(ctx, seat) < 0:
            raise BadInput(path, "ORB-8: one Leader more than the seat's enterprises at most")
        # (ORB-21 limits the steps the rules allow; a variant may allow more, so only the
        # count itself is checked here.)
        _int(seat.steps, f"{path}.steps", 0, _NO_CAP)
        if type(seat.done) is not bool:
            raise BadInput(f"{path}.done", "expected true or false")
        if not isinstance(seat.allocated, tuple):
            raise BadInput(f"{path}.allocated", "expected a list")
    missing = [c for c in ctx.cards if c not in seen]
    if missing:
        raise BadInput("$.deck", f"ORB-1: {missing[0]} is nowhere on the table or in the deck")
    _validate_zones(ctx, state, seen)
    _validate_progress(ctx, state)


def _validate_zones(ctx: Context, state: State, seen: Mapping[str, str]) -> None:
    zones = state.zones
    if not isinstance(zones, FrozenMap):
        raise BadInput("$.zones", "expected an object")
    on_table = {c for c, where in seen.items() if where != "$.deck"}
    for card in zones:
        if card not in on_table:
            raise BadInput(f"$.zones.{str(card)[:40]}", "zones belong to table cards only")
    offer = state.offer
    for card in on_table:
        path = f"$.zones.{card}"
        if card not in zones:
            raise BadInput(path, "every card on the table has zones")
        z = zones[card]
        if not isinstance(z, Zones):
            raise BadInput(path, "expected zones")
        for name in ("current", "reserve", "gifts", "influence"):
            _counts(getattr(z, name), f"{path}.{name}")
        _int(z.meals, f"{path}.meals", 0, _NO_CAP)
        spec = ctx.spec[card]
        for r in RESOURCE_ORDER:
            if z.reserve[r.index] and r not in STORES[spec]:
                raise BadInput(f"{path}.reserve", f"ORB-4: {spec.value} never store {r.value}")
        if z.influence != EMPTY and (offer is None or offer.target != card):
            raise BadInput(f"{path}.influence", "ORB-11: influence lies only under an open offer")
        if z.directed_by is not None:
            _int(z.directed_by, f"{path}.directed_by", 0, len(state.seats) - 1)
            if spec is not Spec.WARRIORS or seen[card] == "$.market":
                raise BadInput(f"{path}.directed_by", "ORB-16: only seated Warriors are directed")
            if state.phase not in (Phase.HIRING, Phase.DEVELOPMENT, Phase.CONSUMPTION):
                raise BadInput(f"{path}.directed_by", "ORB-16: directing ends with the round")
        if seen[card] == "$.market":
            if z.reserve != EMPTY:
                raise BadInput(f"{path}.reserve", "ORB-20: market characters keep no reserve")
            if z.meals:
                raise BadInput(f"{path}.meals", "ORB-12: market characters do not eat")
            if z.influence != EMPTY:
                raise BadInput(f"{path}.influence", "ORB-13: market offers settle at once")
        elif state.phase is Phase.ATTRACTION:
            start = (0, min(z.gifts[1], ctx.starting_food) if state.round == 1 else 0, 0, 0)
            if z.current != EMPTY or z.meals or z.gifts != start:
                raise BadInput(path, "ORB-20: a round starts with reserves (and starting Food)")


def _validate_progress(ctx: Context, state: State) -> None:
    phase = state.phase
    n = len(state.seats)
    if phase is not Phase.ATTRACTION and (state.drew or state.took):
        raise BadInput("$.drew", "ORB-7: drawing and taking belong to attraction")
    if state.over and (state.offer is not None or state.turn != 0):
        raise BadInput("$.offer", "ORB-22: a finished game has no pending step")
    for s, seat in enumerate(state.seats):
        path = f"$.seats[{s}]"
        if phase not in (Phase.TRADE, Phase.HIRING, Phase.CONSUMPTION) and seat.steps:
            raise BadInput(f"{path}.steps", "ORB-21: steps count in trade, hiring, consumption")
        if phase is not Phase.CONSUMPTION and seat.allocated:
            raise BadInput(f"{path}.allocated", "ORB-19: allocations belong to consumption")
        if phase in (Phase.ATTRACTION,) and seat.done:
            raise BadInput(f"{path}.done", "ORB-6: attraction goes once round the table")
        names = _structure_names(seat)
        for k, card in enumerate(seat.allocated):
            if card not in names or seat.allocated.index(card) != k:
                raise BadInput(f"{path}.allocated[{k}]", "ORB-19: distinct structures of the seat")
    if state.over:
        return
    if state.offer is None and state.seats[state.turn].done:
        raise BadInput("$.turn", "ORB-6: the seat on turn has not finished the phase")
    if phase is Phase.ATTRACTION and state.drew and state.took:
        raise BadInput("$.took", "ORB-7: a seat that drew and took has ended its turn")
    if phase is Phase.DEVELOPMENT and not ctx.facts.can_form(
        ctx, state.seats[state.turn], state.zones
    ):
        raise BadInput("$.turn", "ORB-18: development waits only on a seat that can choose")
    if state.offer is not None:
        _validate_offer(ctx, state, state.offer, n)


def _structure_names(seat: Seat) -> set[str]:
    return {st.name for st in structures(0, seat)}


def _validate_offer(ctx: Context, state: State, offer: Offer, n: int) -> None:
    if state.phase is not Phase.HIRING:
        raise BadInput("$.offer", "ORB-11: offers belong to the hiring phase")
    if not isinstance(offer, Offer) or not isinstance(offer.stage, Stage):
        raise BadInput("$.offer", "expected an offer")
    _int(offer.seat, "$.offer.seat", 0, n - 1)
    if offer.seat != state.turn:
        raise BadInput("$.offer.seat", "ORB-11: the seat on turn made the offer")
    if offer.offerer not in state.zones:
        raise BadInput("$.offer.offerer", "ORB-11: the offerer is at the table")
    if offer.responder is None or owner(state, offer.target) != offer.responder:
        raise BadInput("$.offer.responder", "ORB-13: the responder is the target's seat")
    spec = ctx.spec[offer.offerer]
    if offer.resource is not spec.resource or ctx.spec[offer.target] is not spec.next:
        raise BadInput("$.offer.resource", "ORB-11: the offerer's trump over the target")
    influence = state.zones[offer.target].influence
    if sum(influence) != offer.units:
        raise BadInput("$.offer.units", "ORB-11: the influence placed matches the offer")
    allowed = {spec.resource.index} | ({Resource.ADVICE.index} if spec is Spec.WARRIORS else set())
    if any(v and i not in allowed for i, v in enumerate(influence)):
        raise BadInput("$.offer.units", "ORB-11: only the trump resource is offered")
    _int(offer.reinforcements, "$.offer.reinforcements", 0, ctx.reinforcements)
    third = ctx.facts.supporters(ctx, n, offer.seat, offer.responder)
    waiting = offer.waiting
    if not isinstance(waiting, tuple) or tuple(s for s in third if s in waiting) != waiting:
        raise BadInput("$.offer.waiting", "ORB-14: third seats, in seat order")
    if waiting and third[-len(waiting) :] != waiting:
        raise BadInput("$.offer.waiting", "ORB-14: the support round goes in seat order")
    if (offer.stage is Stage.SUPPORT) != bool(waiting):
        raise BadInput("$.offer.stage", "ORB-14: support waits on third seats")
    if offer.stage is Stage.REINFORCE:
        if offer.answer not in (Answer.DECLINE, Answer.SEIZE):
            raise BadInput("$.offer.answer", "ORB-14: reinforcing follows a refusal")
        if offer.reinforcements >= ctx.reinforcements:
            raise BadInput("$.offer.reinforcements", "ORB-14: no reinforcement left")
    elif offer.answer is not None:
        raise BadInput("$.offer.answer", "ORB-12: the answer is still awaited")


# -- building positions --------------------------------------------------------------------------
def _to_counts(value: Mapping[Resource | str, int] | Sequence[int], path: str) -> tuple[int, ...]:
    if isinstance(value, Mapping):
        out = [0, 0, 0, 0]
        for key, amount in value.items():
            try:
                r = key if isinstance(key, Resource) else Resource(key)
            except ValueError:
                raise BadInput(path, f"unknown resource {key!r}") from None
            out[r.index] = amount
        return tuple(out)
    return tuple(value)


def _to_zones(value: Any, path: str) -> Zones:
    if isinstance(value, Zones):
        return value
    if not isinstance(value, Mapping):
        raise BadInput(path, "zones are a Zones or a mapping of zone names")
    kwargs: dict[str, Any] = {}
    for key, item in value.items():
        if key in ("current", "reserve", "gifts", "influence"):
            kwargs[key] = _to_counts(item, f"{path}.{key}")
        elif key in ("meals", "directed_by"):
            kwargs[key] = item
        else:
            raise BadInput(f"{path}.{key}", "unknown zone")
    return Zones(**kwargs)


def _make_team(ctx: Context, cards: Sequence[str], enterprise: bool, path: str) -> Team:
    if isinstance(cards, str) or not cards:
        raise BadInput(path, "a team is a non-empty list of card ids")
    for card in cards:
        if card not in ctx.spec:
            raise BadInput(path, f"no character {card!r} in the deck")
    members = tuple(sorted(cards, key=lambda c: ROLE_ORDER.index(ctx.role[c])))
    return Team(members[0], members, enterprise)


def build_position(
    ctx: Context,
    seats: Sequence[Sequence[Sequence[str]]],
    corporations: Sequence[Sequence[tuple[Spec | str, Sequence[Sequence[str]]]]],
    enterprises: Sequence[str],
    market: Sequence[str],
    zones: Mapping[str, Any] | None,
    phase: Phase | str,
    round: int,
    turn: int,
    deck: Sequence[str] | None,
) -> State:
    """See :meth:`Game.position`."""
    formed = set(enterprises)
    built: list[Seat] = []
    for s, teams in enumerate(seats):
        made = tuple(
            _make_team(ctx, team, False, f"$.seats[{s}][{t}]") for t, team in enumerate(teams)
        )
        made = tuple(Team(t.leader, t.members, t.leader in formed) for t in made)
        corps: list[Corporation] = []
        mine = corporations[s] if s < len(corporations) else ()
        for c, (suit, enterprise_lists) in enumerate(mine):
            try:
                suit_spec = suit if isinstance(suit, Spec) else Spec(suit)
            except ValueError:
                raise BadInput(f"$.corporations[{s}][{c}][0]",
                               "a suit is warriors, hosts, heroes or priests") from None
            ents = [
                _make_team(ctx, e, True, f"$.corporations[{s}][{c}][{k}]")
                for k, e in enumerate(enterprise_lists)
            ]
            ents.sort(key=lambda t: (ctx.spec[t.leader].index - suit_spec.index) % 4)
            corps.append(Corporation(suit_spec, tuple(ents)))
        built.append(Seat(made, tuple(corps)))
    leaders = {t.leader for seat in built for t in seat.teams}
    for k, leader in enumerate(enterprises):
        if leader not in leaders:
            raise BadInput(f"$.enterprises[{k}]",
                           f"no team in seats is led by {str(leader)[:40]!r}")
    placed = {m for seat in built for t in seat.teams for m in t.members}
    placed |= {
        m for seat in built for c in seat.corporations for t in c.enterprises for m in t.members
    }
    for k, card in enumerate(market):
        if card not in ctx.order:
            raise BadInput(f"$.market[{k}]", f"no character {str(card)[:40]!r} in the deck")
    placed |= set(market)
    # The deck given is its top, in order; every card placed nowhere follows in canonical
    # order (all of them when no deck is given).
    top = tuple(deck or ())
    deck = top + tuple(c for c in ctx.cards if c not in placed and c not in top)
    try:
        phase = phase if isinstance(phase, Phase) else Phase(phase)
    except ValueError:
        raise BadInput("$.phase", f"no phase {str(phase)[:40]!r}") from None
    table: dict[str, Zones] = {c: Zones() for c in sorted(placed, key=lambda c: ctx.order[c])}
    for card, value in (zones or {}).items():
        if card not in table:
            raise BadInput(f"$.zones.{card}", "zones belong to table cards only")
        table[card] = _to_zones(value, f"$.zones.{card}")
    state = State(
        round,
        phase,
        turn,
        tuple(built),
        tuple(market),
        tuple(deck),
        FrozenMap(table),
    )
    validate_state(ctx, state)
    return state
