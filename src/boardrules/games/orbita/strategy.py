"""A goal-seeking policy for «Орбита Добра» and an estimate of each seat's chances.

The rulebook's goal is a corporation: four enterprises of different specialisations in one
seat, fed every round (ORB-17, ORB-18). :func:`policy` plays towards it with rules of thumb
and no look-ahead, so that it is cheap enough for Monte Carlo roll-outs; :func:`evaluate`
turns a position into each seat's chance of winning, for roll-outs cut short.

The policy rates every legal action and plays the best (ties broken by the ``Rng``):

- attraction: take a fitting character from the labour market, then draw, while the seat
  can feed one more mouth this round (Food held plus its Hosts' production covers what its
  structures eat); a character that completes a team of four, and a new Leader (Heroes,
  then Priests, then Warriors, then Hosts: the boost chain that feeds a corporation), come
  first;
- trade, hiring and consumption: the boost chain of the seat's own characters, the way
  ``examples/orbita_lone_corporation.py`` plays it — Advice to a Hero and its boost, the
  Ways to a Host and its boost (Artel and Workshop members first) — and one Territory as a
  gift to each lone Host of the seat, which protects it from shields (ORB-15) and lets it
  decline a lone Warrior's offer (ORB-12);
- hiring: offers to labour-market characters that join a team of the seat (they always
  accept, ORB-13) while it can feed them; Warriors buy a market Host's unit of Food with one
  Territory while the seat is short of Food (and count on it when they recruit); offers that
  take Food from a lone Host of another seat that can neither decline nor seize, only to
  save an enterprise (or, in the last round, any character); answers seize, else decline,
  else accept; a Hero of a third seat shields a Host whose Food is worth the Ways; no
  reinforcements and no support gifts (they only move units between other seats);
- development: form a corporation as soon as it is legal (suit: Hosts);
- every gift of Food, and every gift to another seat, is never played.

It reads the table only (the deck order is hidden and never read), so it chooses the same
on a seat's view and on any state behind it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from boardrules.core.rng import Rng
from boardrules.games.orbita.actions import (
    Action,
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
from boardrules.games.orbita.content import Resource, Role, Spec
from boardrules.games.orbita.context import Context
from boardrules.games.orbita.state import Answer, Phase, State
from boardrules.games.orbita.table import (
    ENTERPRISE,
    Structure,
    food_of,
    seat_cards,
    seat_food,
    structures,
)

__all__ = ["LEADER_PREFERENCE", "SUIT", "evaluate", "policy", "rate", "strength"]

#: The order in which a seat wants new Leaders: the specialisations that feed a corporation
#: (Ways boost Hosts, Advice boosts Heroes) before the ones that only eat.
LEADER_PREFERENCE: dict[Spec, float] = {
    Spec.HEROES: 3.0,
    Spec.PRIESTS: 2.0,
    Spec.WARRIORS: 1.0,
    Spec.HOSTS: 0.5,
}

#: The corporate suit the policy chooses (ORB-18).
SUIT = Spec.HOSTS

_FOOD = Resource.FOOD.index
_WAY = Resource.WAY.index
_ADVICE = Resource.ADVICE.index
_TERRITORY = Resource.TERRITORY.index


#: Warriors buy Food from labour-market Hosts while the seat has less to spare than this.
_BUY_BELOW = 3


class _Seat:
    """What the policy needs to know of the seat to move, computed once per decision."""

    __slots__ = (
        "cards", "food", "held", "margin", "raids", "seat", "specs", "state", "structure"
    )

    def __init__(self, ctx: Context, state: State, seat: int, raids: bool = False) -> None:
        # In the last round only the standings are left to play for (ORB-23).
        self.raids = raids or state.round >= ctx.rounds
        self.state = state
        self.seat = seat
        #: Every seated character's structure.
        self.structure: dict[str, Structure] = {
            m: st for s, each in enumerate(state.seats) for st in structures(s, each)
            for m in st.members
        }
        mine = state.seats[seat]
        #: The seat's characters, in table order.
        self.cards = seat_cards(mine)
        spec_of = ctx.spec
        output = ctx.facts.output  # what each character produces (ORB-9)
        production = 0  # the Food its Hosts will produce this round
        attraction = state.phase is Phase.ATTRACTION
        zones = state.zones
        #: Units of each resource (by index) held by the seat's characters of each spec.
        self.held: dict[Spec, list[int]] = {}
        for card in self.cards:
            spec = spec_of[card]
            if attraction and spec is Spec.HOSTS:
                production += output(ctx, card)
            z = zones[card]
            row = self.held.setdefault(spec, [0, 0, 0, 0])
            for i in range(4):
                row[i] += z.current[i] + z.gifts[i] + z.reserve[i]
        if attraction:
            # Food its Warriors can buy from labour-market Hosts at hiring (one Territory each).
            territory = self.held.get(Spec.WARRIORS, [0, 0, 0, 0])[_TERRITORY] + sum(
                output(ctx, c) for c in self.cards if spec_of[c] is Spec.WARRIORS
            )
            market_hosts = sum(1 for c in state.market if spec_of[c] is Spec.HOSTS)
            production += min(territory, market_hosts, ctx.steps)
        self.food = seat_food(mine, state.zones)
        #: Food to spare this round once every structure of the seat is fed (ORB-19).
        need: int = ctx.facts.seat_need(ctx, mine)
        self.margin = self.food + production - need
        self.specs = {spec_of[t.leader] for t in mine.teams}

    def owns(self, card: str) -> bool:
        """Whether ``card`` is one of the seat's characters."""
        found = self.structure.get(card)
        return found is not None and found.seat == self.seat


def _team_sizes(ctx: Context, state: State, seat: int, spec: Spec) -> int:
    """The size of the largest team of ``spec`` of ``seat`` that is no enterprise."""
    spec_of = ctx.spec
    return max(
        (
            len(t.members)
            for t in state.seats[seat].teams
            if not t.enterprise and spec_of[t.leader] is spec
        ),
        default=0,
    )


def _take(ctx: Context, me: _Seat, card: str) -> float:
    if me.margin < 1:
        return -1.0
    spec = ctx.spec[card]
    if ctx.role[card] is Role.LEADER:
        if me.margin < 3 or spec in me.specs:
            return -1.0
        return 6.0 + LEADER_PREFERENCE[spec]
    size = _team_sizes(ctx, me.state, me.seat, spec)
    return 5.0 + size + (3.0 if size == ENTERPRISE - 1 else 0.0)


def _receiver_weight(me: _Seat, card: str) -> float:
    """Enterprise members first: an Artel's Hero turns one Advice into two Ways."""
    return 0.25 if me.structure[card].size >= ENTERPRISE else 0.0


def _outside(me: _Seat, spec: Spec, resource: int) -> bool:
    """Whether characters of the seat of another specialisation than ``spec`` hold some
    ``resource`` (a gift among characters of one specialisation only moves it around)."""
    return any(row[resource] for s, row in me.held.items() if s is not spec)


def _gift(ctx: Context, me: _Seat, action: Gift) -> float:
    to = action.to
    if not me.owns(to) or me.state.offer is not None:
        return -1.0
    spec = ctx.spec[to]
    resource = action.resource
    bonus = (0.1 if action.amount is Amount.ALL else 0.0) + _receiver_weight(me, to)
    if resource is Resource.ADVICE and spec is Spec.HEROES:
        return 10.0 + bonus if _outside(me, Spec.HEROES, _ADVICE) else -1.0
    if resource is Resource.WAY and spec is Spec.HOSTS:
        if me.state.zones[to].current[_FOOD] < 1 or not _outside(me, Spec.HOSTS, _WAY):
            return -1.0
        return 9.0 + bonus
    if resource is Resource.TERRITORY and spec is Spec.HOSTS:
        if not me.held.get(Spec.WARRIORS, (0, 0, 0, 0))[_TERRITORY]:
            return -1.0
        zones = me.state.zones[to]
        lone = me.structure[to].size == 1
        if lone and zones.gifts[_TERRITORY] == 0 and action.amount is Amount.ONE:
            return 6.0
    return -1.0


def _boost(ctx: Context, me: _Seat, action: Boost) -> float:
    card = action.card
    if not me.owns(card):
        return -1.0
    spec = ctx.spec[card]
    bonus = (0.1 if action.amount is Amount.ALL else 0.0) + _receiver_weight(me, card)
    if spec is Spec.HEROES:
        return 9.5 + bonus
    if spec is Spec.HOSTS:
        return 8.5 + bonus
    if spec is Spec.PRIESTS and Spec.HEROES in me.specs and me.margin > 8:
        return 4.0
    return -1.0


def _offer(ctx: Context, me: _Seat, action: MakeOffer) -> float:
    target = action.target
    found = me.structure.get(target)
    owner = None if found is None else found.seat
    state = me.state
    if found is None:
        # A labour-market character accepts; it is hired if it fits a team of the seat.
        spec = ctx.spec[target]
        if ctx.role[target] is not Role.LEADER and spec in me.specs and me.margin >= 2:
            size = _team_sizes(ctx, state, me.seat, spec)
            if size and not any(
                ctx.role[m] is ctx.role[target]
                for t in state.seats[me.seat].teams
                if not t.enterprise and ctx.spec[t.leader] is spec
                for m in t.members
            ):
                return 7.0 + size
        if spec is Spec.HOSTS and me.margin < _BUY_BELOW:
            # Warriors buy a market Host's unit of Food with one Territory (ORB-9, ORB-13).
            return 6.0 - me.margin
        return -1.0
    if owner == me.seat or ctx.spec[target] is not Spec.HOSTS or not _hungry(me):
        return -1.0
    # Take the Food of a lone Host that can neither decline nor seize a one-unit offer.
    if found.size != 1:
        return -1.0
    zones = state.zones[target]
    if zones.holds(Resource.TERRITORY) or zones.holds(Resource.ADVICE):
        return -1.0
    gain = food_of(zones)
    return 3.0 + gain if gain >= 2 else -1.0


def _hungry(me: _Seat) -> bool:
    """Whether the seat would lose an enterprise, or a team of four that could form one,
    for want of Food this round: only then does it take another seat's Food.

    Food taken for lone characters of Warriors or Heroes (who never store it, ORB-4) feeds
    them for one round and brings no enterprise closer. With ``raids`` (see :func:`policy`)
    the seat takes Food whenever it would lose any character but its last Leader.
    """
    if me.raids:
        return me.margin < 0 and len(me.cards) > 1
    return me.margin < 0 and any(
        len(t.members) == ENTERPRISE for t in me.state.seats[me.seat].teams
    )


def _answer(action: AnswerOffer) -> float:
    if action.answer is Answer.SEIZE:
        return 3.0
    if action.answer is Answer.DECLINE:
        return 2.0
    return 1.0


def _shield(ctx: Context, me: _Seat, action: Shield) -> float:
    offer = me.state.offer
    if offer is None or not _hungry(me):
        return -1.0
    structure = me.structure.get(offer.target)
    if structure is None:
        return -1.0
    food = sum(food_of(me.state.zones[m]) for m in structure.members)
    return 5.0 + food if food > structure.size else -1.0


def rate(ctx: Context, state: State, seat: int, action: Action, me: object = None) -> float:
    """How much the policy wants ``action`` for ``seat`` (higher first; ``Pass`` is 0)."""
    here = me if isinstance(me, _Seat) else _Seat(ctx, state, seat)
    if isinstance(action, Pass):
        return 0.0
    if isinstance(action, TakeFromMarket):
        return _take(ctx, here, action.card)
    if isinstance(action, DrawCharacter):
        return 2.0 if here.margin >= 1 else 1.0
    if isinstance(action, Gift):
        return _gift(ctx, here, action)
    if isinstance(action, Boost):
        return _boost(ctx, here, action)
    if isinstance(action, MakeOffer):
        return _offer(ctx, here, action)
    if isinstance(action, AnswerOffer):
        return _answer(action)
    if isinstance(action, Shield):
        return _shield(ctx, here, action)
    if isinstance(action, FormCorporation):
        return 100.0 + (1.0 if action.suit is SUIT else 0.0)
    if isinstance(action, Reinforce):
        return -1.0
    return -1.0  # AllocateFood: the default order feeds corporations first (ORB-19)


def policy(
    ctx: Context,
    state: State,
    seat: int,
    legal: Sequence[Action],
    rng: Rng,
    *,
    raids: bool = False,
) -> Action:
    """The action the goal-seeking policy plays for ``seat`` among ``legal``.

    Every legal action is rated by :func:`rate`; the best is played, ties broken by
    ``rng``.

    ``raids=True`` is the policy of a seat that takes another seat's Food (a Warrior's offer
    to a lone Host, a Hero's shield) whenever it cannot feed all its characters, not only to
    save an enterprise; ``benchmarks/agents.py --corporations`` measures what that does to
    the corporation rate. ``Game.policy`` never raids so.
    """
    if len(legal) == 1:
        return legal[0]
    me = _Seat(ctx, state, seat, raids)
    best: list[Action] = []
    top = -math.inf
    for action in legal:
        value = rate(ctx, state, seat, action, me)
        if value > top:
            best, top = [action], value
        elif value == top:
            best.append(action)
    if len(best) == 1:
        return best[0]
    return best[rng.below(len(best))]


def strength(ctx: Context, state: State, seat: int) -> float:
    """A seat's standing towards a corporation, in enterprise-sized units.

    A corporation counts 8 (a corporation fed for ``goal_rounds`` ends the game), an
    enterprise 1.5, a team one tenth per member, and Food to spare up to one point.
    """
    mine = state.seats[seat]
    value = 8.0 * len(mine.corporations)
    for team in mine.teams:
        value += 1.5 if team.enterprise else 0.1 * len(team.members) ** 1.5
    need: int = ctx.facts.seat_need(ctx, mine)
    spare = seat_food(mine, state.zones) - need
    return value + max(-1.0, min(spare, 20)) / 20.0


def evaluate(ctx: Context, state: State) -> tuple[float, ...]:
    """Each seat's estimated chance of winning from ``state`` (they sum to 1).

    A finished game gives its outcome (1 for a sole winner, shares for a tied win); before
    the end, a softmax of :func:`strength`.
    """
    seats = range(len(state.seats))
    if state.over:
        winners = ctx.facts.score(ctx, state).winners
        return tuple(1.0 / len(winners) if s in winners else 0.0 for s in seats)
    values = [strength(ctx, state, s) for s in seats]
    top = max(values)
    weights = [math.exp(2.0 * (v - top)) for v in values]
    total = sum(weights)
    return tuple(w / total for w in weights)
