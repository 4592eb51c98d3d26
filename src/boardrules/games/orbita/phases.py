"""Orbita transitions: the effect of each action, and the automatic parts of the round.

Production (ORB-9), the automatic forming of enterprises (ORB-17), the feeding and break-up
of consumption (ORB-19), saving (ORB-20) and the end of the game (ORB-22) happen here, inside
the action that takes the last player decision of the phase before them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardrules.core.frozen import FrozenMap
from boardrules.games.orbita.actions import (
    Action,
    AllocateFood,
    Amount,
    AnswerOffer,
    Boost,
    DrawCharacter,
    FormCorporation,
    Gift,
    MakeOffer,
    Reinforce,
    Shield,
    TakeFromMarket,
)
from boardrules.games.orbita.content import BOOSTS, SPEC_ORDER, STORES, Resource, Role, Spec
from boardrules.games.orbita.events import (
    Boosted,
    CharacterDrawn,
    CharacterFired,
    CharacterHired,
    CorporationCollapsed,
    CorporationFormed,
    EnterpriseCollapsed,
    EnterpriseFormed,
    Event,
    GameEnded,
    GiftGiven,
    HostShielded,
    OfferAccepted,
    OfferAnswered,
    OfferDeclined,
    OfferMade,
    OfferReinforced,
    OfferSeized,
    PhaseStarted,
    StructureFed,
    WarriorDirected,
    WarriorReleased,
)
from boardrules.games.orbita.state import (
    BARE,
    EMPTY,
    Answer,
    Corporation,
    Counts,
    Offer,
    Phase,
    Seat,
    Stage,
    State,
    Team,
    Zones,
)
from boardrules.games.orbita.table import (
    corporation_teams,
    join_slot,
    seat_cards,
    seat_food,
    seat_need,
)

if TYPE_CHECKING:
    from boardrules.games.orbita.rules import Game

__all__ = ["advance"]

_FOOD = Resource.FOOD.index


def _add(c: Counts, i: int, n: int) -> Counts:
    out = list(c)
    out[i] += n
    return (out[0], out[1], out[2], out[3])


class Draft:
    """A mutable copy of a state while one action is applied; ``freeze`` makes the state."""

    __slots__ = (
        "deck",
        "drew",
        "events",
        "game",
        "market",
        "offer",
        "over",
        "phase",
        "round",
        "seats",
        "took",
        "turn",
        "zones",
    )

    def __init__(self, game: Game, state: State, events: list[Event] | None) -> None:
        self.game = game
        self.events = events
        self.round = state.round
        self.phase = state.phase
        self.turn = state.turn
        self.seats = list(state.seats)
        self.market = list(state.market)
        self.deck = state.deck
        self.zones = dict(state.zones)
        self.offer = state.offer
        self.drew = state.drew
        self.took = state.took
        self.over = state.over

    def freeze(self) -> State:
        return State(
            self.round,
            self.phase,
            self.turn,
            tuple(self.seats),
            tuple(self.market),
            self.deck,
            FrozenMap(self.zones),
            self.offer,
            self.drew,
            self.took,
            self.over,
        )

    def emit(self, event: Event) -> None:
        if self.events is not None:
            self.events.append(event)

    # -- tokens ----------------------------------------------------------------------------
    def take(self, card: str, i: int, n: int) -> int:
        """Remove up to ``n`` units of resource ``i`` (this round's, gifts, reserve)."""
        z = self.zones[card]
        cur, gif, res = z.current, z.gifts, z.reserve
        a = min(n, cur[i])
        b = min(n - a, gif[i])
        c = min(n - a - b, res[i])
        if a + b + c:
            self.zones[card] = Zones(
                _add(cur, i, -a) if a else cur,
                _add(res, i, -c) if c else res,
                _add(gif, i, -b) if b else gif,
                z.influence,
                z.meals,
                z.directed_by,
            )
        return a + b + c

    def give(self, card: str, i: int, n: int) -> None:
        """Put ``n`` units of resource ``i`` among the gifts of ``card``."""
        z = self.zones[card]
        self.zones[card] = Zones(
            z.current, z.reserve, _add(z.gifts, i, n), z.influence, z.meals, z.directed_by
        )

    def set_seat(
        self,
        s: int,
        *,
        teams: tuple[Team, ...] | None = None,
        corporations: tuple[Corporation, ...] | None = None,
        allocated: tuple[str, ...] | None = None,
        done: bool | None = None,
    ) -> None:
        """Replace some fields of seat ``s``."""
        seat = self.seats[s]
        self.seats[s] = Seat(
            seat.teams if teams is None else teams,
            seat.corporations if corporations is None else corporations,
            seat.allocated if allocated is None else allocated,
            seat.steps,
            seat.done if done is None else done,
        )

    def use_step(self, s: int) -> None:
        seat = self.seats[s]
        self.seats[s] = Seat(
            seat.teams, seat.corporations, seat.allocated, seat.steps + 1, seat.done
        )

    def first(self) -> int:
        return (self.round - 1) % len(self.seats)

    def join(self, s: int, card: str) -> bool:
        """Seat ``card`` in a team of seat ``s`` if it fits (ORB-7, ORB-8)."""
        game = self.game
        seat = self.seats[s]
        t, reason = join_slot(seat, card, game._spec, game._role)
        if reason is not None:
            return False
        teams = list(seat.teams)
        if t == -1:
            teams.append(Team(card, (card,)))
        else:
            team = teams[t]
            order = game._role_rank
            members = tuple(sorted((*team.members, card), key=lambda c: order[game._role[c]]))
            teams[t] = Team(team.leader, members, team.enterprise)
        self.set_seat(s, teams=tuple(teams))
        self.zones[card] = BARE
        return True


def advance(game: Game, state: State, action: Action, events: list[Event] | None) -> State:
    """The state after a legal ``action``."""
    seat = game.to_move(state)
    assert seat is not None
    d = Draft(game, state, events)
    if state.offer is not None:
        _offer_step(d, state, seat, action)
    elif state.phase is Phase.ATTRACTION:
        _attraction(d, seat, action)
    elif isinstance(action, Gift):
        _gift(d, state, seat, action)
        _next_turn(d, seat)
    elif isinstance(action, Boost):
        _boost(d, seat, action)
        _next_turn(d, seat)
    elif isinstance(action, MakeOffer):
        _make_offer(d, state, seat, action)
    elif isinstance(action, AllocateFood):
        name = game.index(state).structure_of[action.card].name
        d.set_seat(seat, allocated=(*d.seats[seat].allocated, name))
        _next_turn(d, seat)
    elif isinstance(action, FormCorporation):
        _form_corporation(d, seat, action.suit)
    else:  # Pass: the seat has finished this phase
        d.set_seat(seat, done=True)
        if state.phase is Phase.DEVELOPMENT:
            _next_developer(d)
        else:
            _next_turn(d, seat)
    return d.freeze()


# -- attraction (ORB-7, ORB-8) -----------------------------------------------------------------
def _attraction(d: Draft, seat: int, action: Action) -> None:
    game = d.game
    if isinstance(action, DrawCharacter):
        card = d.deck[0]
        d.deck = d.deck[1:]
        joined = d.join(seat, card)
        if not joined:
            d.market.append(card)
            d.zones[card] = BARE
        d.emit(CharacterDrawn(seat, card, joined))
        d.drew = True
    elif isinstance(action, TakeFromMarket):
        d.market.remove(action.card)
        d.join(seat, action.card)
        d.emit(CharacterHired(seat, action.card))
        d.took = True
    else:
        d.drew = d.took = True
    role = game._role
    bard = any(role[c] is Role.BARD for c in seat_cards(d.seats[seat]))
    if (d.drew and d.took) or not bard:
        d.turn = (d.turn + 1) % len(d.seats)
        d.drew = d.took = False
        if d.turn == d.first():
            _production(d)
            _enter(d, Phase.TRADE)


# -- production (ORB-9) ----------------------------------------------------------------------
def _production(d: Draft) -> None:
    game = d.game
    d.emit(PhaseStarted(d.round, Phase.PRODUCTION))
    spec_of, role_of = game._spec, game._role
    for seat in d.seats:
        for card in seat_cards(seat):
            spec = spec_of[card]
            base = (2 if spec is Spec.HOSTS else 1) + (1 if role_of[card] is Role.MASTER else 0)
            z = d.zones[card]
            i = spec.index
            if z.current[i] < base:
                d.zones[card] = Zones(
                    _add(z.current, i, base - z.current[i]),
                    z.reserve,
                    z.gifts,
                    z.influence,
                    z.meals,
                    z.directed_by,
                )
    for card in d.market:
        z = d.zones[card]
        i = spec_of[card].index
        if z.current[i] == 0:
            d.zones[card] = Zones(_add(EMPTY, i, 1))


# -- the turn order of trade, hiring and consumption (ORB-6) ----------------------------------
def _enter(d: Draft, phase: Phase) -> None:
    d.phase = phase
    d.emit(PhaseStarted(d.round, phase))
    d.seats = [Seat(s.teams, s.corporations) for s in d.seats]
    d.turn = d.first()
    d.offer = None


def _next_turn(d: Draft, after: int) -> None:
    n = len(d.seats)
    for k in range(1, n + 1):
        s = (after + k) % n
        if not d.seats[s].done:
            d.turn = s
            return
    if d.phase is Phase.TRADE:
        _enter(d, Phase.HIRING)
    elif d.phase is Phase.HIRING:
        _development(d)
    else:
        _consumption(d)


# -- gifts and boosts (ORB-3, ORB-10) ---------------------------------------------------------
def _gift(d: Draft, state: State, seat: int, action: Gift) -> None:
    i = action.resource.index
    units = 1
    if action.amount is Amount.ALL:
        units = d.game._giftable(state, seat, action.resource, action.to)
    left = units
    for giver in d.game._givers(state, seat, action.resource, action.to):
        got = d.take(giver, i, left)
        if got:
            d.emit(GiftGiven(seat, giver, action.resource, action.to, got))
        left -= got
        if not left:
            break
    d.give(action.to, i, units)
    d.use_step(seat)


def _boost(d: Draft, seat: int, action: Boost) -> None:
    game = d.game
    card = action.card
    spec = game._spec[card]
    booster, gain = BOOSTS[spec]
    if spec is Spec.HEROES and _in_enterprise(d.seats[seat], card):
        gain = 2
    units = 1 if action.amount is Amount.ONE else d.zones[card].holds(booster)
    d.take(card, booster.index, units)
    gain *= units
    z = d.zones[card]
    d.zones[card] = Zones(
        _add(z.current, spec.index, gain), z.reserve, z.gifts, z.influence, z.meals, z.directed_by
    )
    d.use_step(seat)
    d.emit(Boosted(card, booster, units, gain))


def _in_enterprise(seat: Seat, card: str) -> bool:
    if any(card in t.members for c in seat.corporations for t in c.enterprises):
        return True
    return any(t.enterprise and card in t.members for t in seat.teams)


# -- offers (ORB-11..ORB-16) -----------------------------------------------------------------
def _place(d: Draft, offerer: str, members: tuple[str, ...], target: str, units: int) -> None:
    """Move ``units`` of the offerer's trump (Warriors: then Advice) onto the target."""
    game = d.game
    spec = game._spec[offerer]
    ordered = [offerer, *(m for m in members if m != offerer and game._spec[m] is spec)]
    kinds = [spec.index] + ([Resource.ADVICE.index] if spec is Spec.WARRIORS else [])
    placed = [0, 0, 0, 0]
    left = units
    for i in kinds:
        for m in ordered:
            if left == 0:
                break
            got = d.take(m, i, left)
            placed[i] += got
            left -= got
    z = d.zones[target]
    influence = (
        z.influence[0] + placed[0],
        z.influence[1] + placed[1],
        z.influence[2] + placed[2],
        z.influence[3] + placed[3],
    )
    d.zones[target] = Zones(z.current, z.reserve, z.gifts, influence, z.meals, z.directed_by)


def _waiting(n: int, offerer_seat: int, responder: int) -> tuple[int, ...]:
    return tuple(s for s in ((offerer_seat + k) % n for k in range(1, n)) if s != responder)


def _make_offer(d: Draft, state: State, seat: int, action: MakeOffer) -> None:
    game = d.game
    ix = game.index(state)
    tgt = ix.structure_of.get(action.target)
    units = 1 if tgt is None else tgt.size
    _place(d, action.offerer, ix.structure_of[action.offerer].members, action.target, units)
    d.use_step(seat)
    resource = game._spec[action.offerer].resource
    d.emit(OfferMade(seat, action.offerer, action.target, resource, units))
    if tgt is None:
        offer = Offer(seat, action.offerer, action.target, None, resource, units, Stage.ANSWER)
        d.offer = offer
        d.emit(OfferAnswered(None, action.target, Answer.ACCEPT))
        _resolve(d, state, offer, Answer.ACCEPT)
        return
    waiting = _waiting(len(d.seats), seat, tgt.seat)
    stage = Stage.SUPPORT if waiting else Stage.ANSWER
    d.offer = Offer(
        seat, action.offerer, action.target, tgt.seat, resource, units, stage, None, 0, waiting
    )


def _offer_step(d: Draft, state: State, seat: int, action: Action) -> None:
    game = d.game
    offer = state.offer
    assert offer is not None
    if isinstance(action, Shield):
        _shield(d, state, offer, action.hero)
        return
    if isinstance(action, Boost):
        _boost(d, seat, action)
        return
    if offer.stage is Stage.SUPPORT:
        if isinstance(action, Gift):
            _gift(d, state, seat, action)
        waiting = offer.waiting[1:]
        d.offer = _with_stage(offer, Stage.SUPPORT if waiting else Stage.ANSWER, waiting)
        return
    if isinstance(action, AnswerOffer):
        answer = action.answer
        d.emit(OfferAnswered(offer.responder, offer.target, answer))
        more = (
            offer.reinforcements < game.reinforcements
            and game._offer_units(state, offer.offerer) > 0
        )
        if answer is Answer.ACCEPT or not more:
            _resolve(d, state, offer, answer)
        else:
            d.offer = Offer(
                offer.seat,
                offer.offerer,
                offer.target,
                offer.responder,
                offer.resource,
                offer.units,
                Stage.REINFORCE,
                answer,
                offer.reinforcements,
                (),
            )
        return
    if isinstance(action, Reinforce):
        units = 1
        if action.amount is Amount.ALL:
            units = game._offer_units(state, offer.offerer)
        members = game.index(state).structure_of[offer.offerer].members
        _place(d, offer.offerer, members, offer.target, units)
        assert offer.responder is not None
        waiting = _waiting(len(d.seats), offer.seat, offer.responder)
        d.offer = Offer(
            offer.seat,
            offer.offerer,
            offer.target,
            offer.responder,
            offer.resource,
            offer.units + units,
            Stage.SUPPORT if waiting else Stage.ANSWER,
            None,
            offer.reinforcements + 1,
            waiting,
        )
        d.emit(OfferReinforced(seat, units, offer.units + units))
        return
    # Pass in the reinforcement step: the last answer stands.
    assert offer.answer is not None
    _resolve(d, state, offer, offer.answer)


def _with_stage(offer: Offer, stage: Stage, waiting: tuple[int, ...]) -> Offer:
    return Offer(
        offer.seat,
        offer.offerer,
        offer.target,
        offer.responder,
        offer.resource,
        offer.units,
        stage,
        offer.answer,
        offer.reinforcements,
        waiting,
    )


def _clear_influence(d: Draft, target: str) -> Counts:
    z = d.zones[target]
    d.zones[target] = Zones(z.current, z.reserve, z.gifts, EMPTY, z.meals, z.directed_by)
    return z.influence


def _responders(d: Draft, state: State, offer: Offer) -> tuple[str, ...]:
    if offer.responder is None:
        return (offer.target,)
    return d.game.index(state).structure_of[offer.target].members


def _resolve(d: Draft, state: State, offer: Offer, answer: Answer) -> None:
    """Settle the offer by the answer (ORB-12, ORB-13, ORB-16) and pass the turn on."""
    influence = _clear_influence(d, offer.target)
    units = sum(influence)
    if answer is Answer.DECLINE:
        d.emit(OfferDeclined(offer.target, units))
    elif answer is Answer.SEIZE:
        for i in range(4):
            if influence[i]:
                d.give(offer.target, i, influence[i])
        d.emit(OfferSeized(offer.target, units))
    else:
        _accept(d, state, offer, influence)
    d.offer = None
    _next_turn(d, offer.seat)


def _accept(d: Draft, state: State, offer: Offer, influence: Counts) -> None:
    game = d.game
    t_spec = game._spec[offer.target]
    members = [m for m in _responders(d, state, offer) if game._spec[m] is t_spec]
    fed = 0
    moved = 0
    resource = t_spec.resource
    if offer.resource is Resource.ADVICE:
        # Priests do not take Territory: they direct the Warriors for the round (ORB-16).
        if offer.responder is not None:
            for m in members:
                z = d.zones[m]
                d.zones[m] = Zones(z.current, z.reserve, z.gifts, z.influence, z.meals, offer.seat)
            d.emit(WarriorDirected(offer.seat, offer.target))
    else:
        for m in members:
            moved += d.take(m, resource.index, 1 << 30)
        if moved:
            d.give(offer.offerer, resource.index, moved)
        if offer.resource is Resource.FOOD:
            fed = influence[_FOOD]
        if offer.resource is Resource.WAY and offer.responder is not None:
            _release_warriors(d, offer.responder)
    if offer.responder is None:
        if d.join(offer.seat, offer.target):
            d.market.remove(offer.target)
            d.emit(CharacterHired(offer.seat, offer.target))
        else:
            fed = 0
    if fed:
        z = d.zones[offer.target]
        d.zones[offer.target] = Zones(
            z.current, z.reserve, z.gifts, z.influence, z.meals + fed, z.directed_by
        )
    d.emit(OfferAccepted(offer.target, offer.offerer, resource, moved, fed))


def _release_warriors(d: Draft, priests_seat: int) -> None:
    """Priests that give way to Heroes also withdraw their Advice from Warriors (ORB-16)."""
    for card in sorted(d.zones, key=d.game._order.__getitem__):
        z = d.zones[card]
        if z.directed_by == priests_seat:
            d.zones[card] = Zones(z.current, z.reserve, z.gifts, z.influence, z.meals, None)
            d.emit(WarriorReleased(priests_seat, card))


def _shield(d: Draft, state: State, offer: Offer, hero: str) -> None:
    d.take(hero, Resource.WAY.index, 1)
    _clear_influence(d, offer.target)
    food = 0
    for m in _responders(d, state, offer):
        if d.game._spec[m] is Spec.HOSTS:
            food += d.take(m, _FOOD, 1 << 30)
    if food:
        d.give(hero, _FOOD, food)
    d.emit(HostShielded(hero, offer.target, food))
    d.offer = None
    _next_turn(d, offer.seat)


# -- development (ORB-17, ORB-18) ----------------------------------------------------------------
def _development(d: Draft) -> None:
    game = d.game
    d.phase = Phase.DEVELOPMENT
    d.emit(PhaseStarted(d.round, Phase.DEVELOPMENT))
    d.seats = [Seat(s.teams, s.corporations) for s in d.seats]
    d.offer = None
    for s, seat in enumerate(d.seats):
        teams = list(seat.teams)
        for t, team in enumerate(teams):
            if team.enterprise or len(team.members) < 4:
                continue
            trial = Seat(tuple(teams), seat.corporations)
            if seat_food(trial, d.zones) >= seat_need(trial) + 2:
                teams[t] = Team(team.leader, team.members, True)
                d.emit(EnterpriseFormed(s, team.leader, game._spec[team.leader]))
        d.seats[s] = Seat(tuple(teams), seat.corporations)
    _next_developer(d)


def can_incorporate(d: Draft, s: int) -> bool:
    seat = d.seats[s]
    if len(corporation_teams(seat, d.game._spec)) < 4:
        return False
    return seat_food(seat, d.zones) >= seat_need(seat) + 8


def _next_developer(d: Draft) -> None:
    n = len(d.seats)
    for k in range(n):
        s = (d.first() + k) % n
        if not d.seats[s].done and can_incorporate(d, s):
            d.turn = s
            return
    _enter(d, Phase.CONSUMPTION)


def _form_corporation(d: Draft, s: int, suit: Spec) -> None:
    seat = d.seats[s]
    found = corporation_teams(seat, d.game._spec)
    start = suit.index
    order = [SPEC_ORDER[(start + k) % 4] for k in range(4)]
    picked = [found[spec] for spec in order]
    corp = Corporation(suit, tuple(seat.teams[t] for t in picked))
    teams = tuple(t for i, t in enumerate(seat.teams) if i not in picked)
    d.set_seat(s, teams=teams, corporations=(*seat.corporations, corp))
    d.emit(CorporationFormed(s, suit))
    if not can_incorporate(d, s):
        d.set_seat(s, done=True)
    _next_developer(d)


# -- consumption (ORB-19) ------------------------------------------------------------------------
def _consumption(d: Draft) -> None:
    for s in range(len(d.seats)):
        _feed_seat(d, s)
    _saving(d)


def _feed_seat(d: Draft, s: int) -> None:
    game = d.game
    spec_of, role_of = game._spec, game._role
    seat = d.seats[s]
    cards = list(seat_cards(seat))
    pool = [c for c in cards if spec_of[c] is not Spec.PRIESTS]
    teams = list(seat.teams)
    corps = list(seat.corporations)
    # Queue entries: ("corp", index into corps) / ("team", leader) / ("char", card).
    default: list[tuple[str, str]] = [("corp", c.enterprises[0].leader) for c in corps]
    default += [("team", t.leader) for t in teams if t.enterprise]
    default += [("char", m) for t in teams if not t.enterprise for m in t.members]
    names = {name: (kind, name) for kind, name in default}
    queue = [names[n] for n in seat.allocated if n in names]
    queue += [e for e in default if e not in queue]
    fed: set[str] = set()
    alive: list[Corporation] = []
    corp_by_name = {c.enterprises[0].leader: c for c in corps}
    team_at = {t.leader: i for i, t in enumerate(teams)}

    def feed(members: tuple[str, ...], need: int, name: str) -> bool:
        zones = d.zones
        own = sum(zones[m].meals for m in members)
        own += sum(zones[m].holds(Resource.FOOD) for m in members if spec_of[m] is Spec.PRIESTS)
        shared = sum(zones[c].holds(Resource.FOOD) for c in pool)
        if own + shared < need:
            return False
        left = need
        for m in members:
            z = zones[m]
            if z.meals and left:
                used = min(z.meals, left)
                left -= used
                zones[m] = Zones(
                    z.current, z.reserve, z.gifts, z.influence, z.meals - used, z.directed_by
                )
        for m in members:
            if left and spec_of[m] is Spec.PRIESTS:
                left -= d.take(m, _FOOD, left)
        ordered = [m for m in members if m in pool] + [c for c in pool if c not in members]
        for c in ordered:
            if not left:
                break
            left -= d.take(c, _FOOD, left)
        d.emit(StructureFed(s, name, need))
        return True

    while queue:
        kind, name = queue.pop(0)
        if kind == "corp":
            corp = corp_by_name[name]
            members = tuple(m for t in corp.enterprises for m in t.members)
            if feed(members, 32, name):
                fed.update(members)
                alive.append(Corporation(corp.suit, corp.enterprises, corp.age + 1))
            else:
                d.emit(CorporationCollapsed(s, corp.suit))
                for team in corp.enterprises:
                    team_at[team.leader] = len(teams)
                    teams.append(team)
                queue[:0] = [("team", t.leader) for t in corp.enterprises]
        elif kind == "team":
            team = teams[team_at[name]]
            if feed(team.members, 6, name):
                fed.update(team.members)
            else:
                d.emit(EnterpriseCollapsed(s, team.leader))
                teams[team_at[name]] = Team(team.leader, team.members, False)
                queue[:0] = [("char", m) for m in team.members]
        elif feed((name,), 1, name):
            fed.add(name)
    alive_order = {c.enterprises[0].leader: c for c in alive}
    kept_corps = tuple(
        alive_order[c.enterprises[0].leader]
        for c in corps
        if c.enterprises[0].leader in alive_order
    )
    fired: list[str] = []
    any_leader_fed = bool(kept_corps) or any(t.leader in fed for t in teams)
    keep_last = "" if any_leader_fed else teams[0].leader
    staying: list[Team] = []
    for team in teams:
        if team.enterprise:
            staying.append(team)
            continue
        if team.leader not in fed and team.leader != keep_last:
            fired.extend(team.members)
            continue
        stay = tuple(
            m
            for m in team.members
            if m in fed or m == team.leader or (role_of[m] is Role.SAGE and team.leader in fed)
        )
        fired.extend(m for m in team.members if m not in stay)
        staying.append(Team(team.leader, stay, False))
    # ORB-8: one Leader more than enterprises; the newest extra team goes to the market.
    while True:
        n_leaders = len(staying) + 4 * len(kept_corps)
        n_enterprises = sum(1 for t in staying if t.enterprise) + 4 * len(kept_corps)
        if n_leaders <= 1 + n_enterprises:
            break
        last = max(i for i, t in enumerate(staying) if not t.enterprise)
        fired.extend(staying.pop(last).members)
    for card in fired:
        d.market.append(card)
        d.zones[card] = BARE
        d.emit(CharacterFired(s, card))
    d.seats[s] = Seat(tuple(staying), kept_corps)


# -- saving and the end of the round (ORB-20, ORB-22) -------------------------------------------
def _saving(d: Draft) -> None:
    game = d.game
    d.emit(PhaseStarted(d.round, Phase.SAVING))
    spec_of = game._spec
    for seat in d.seats:
        for card in seat_cards(seat):
            z = d.zones[card]
            stores = STORES[spec_of[card]]
            reserve = list(z.reserve)
            for r in stores:
                i = r.index
                reserve[i] += z.current[i] + z.gifts[i]
            d.zones[card] = Zones(EMPTY, (reserve[0], reserve[1], reserve[2], reserve[3]))
    for card in d.market:
        z = d.zones[card]
        if z != BARE and (z.reserve != EMPTY or z.gifts != EMPTY or z.influence != EMPTY):
            d.zones[card] = Zones(z.current)
    goal = game.goal_rounds
    reason = ""
    if goal and any(c.age >= goal for s in d.seats for c in s.corporations):
        reason = "corporation"
    elif d.round >= game.rounds:
        reason = "rounds"
    d.seats = [Seat(s.teams, s.corporations) for s in d.seats]
    d.offer = None
    if reason:
        d.over = True
        d.phase = Phase.SAVING
        d.turn = 0
        d.emit(GameEnded(d.round, reason))
        return
    d.round += 1
    d.phase = Phase.ATTRACTION
    d.turn = d.first()
    d.drew = d.took = False
    d.emit(PhaseStarted(d.round, Phase.ATTRACTION))
