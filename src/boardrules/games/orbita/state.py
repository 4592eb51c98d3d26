"""The Orbita state: the table as the rulebook lays it out, plus the phase and pending steps.

Every character on the table (in a seat or on the labour market) has four named zones of
resource counts, as the rulebook places tokens around a card: this round's resources on the
right (``current``), reserves on the left (``reserve``), gifts received below (``gifts``) and
influence placed on it by an open offer above (``influence``). Counts are in the order
Territory, Food, Way, Advice.
"""

from __future__ import annotations

import enum
from typing import ClassVar

import attrs

from boardrules.core.frozen import FrozenMap
from boardrules.games.orbita.content import Resource, Spec

__all__ = [
    "EMPTY",
    "Answer",
    "Corporation",
    "Counts",
    "Offer",
    "Phase",
    "Seat",
    "Stage",
    "State",
    "Team",
    "Zones",
    "make_seat",
    "make_state",
    "make_zones",
]

#: Resource counts in the order Territory, Food, Way, Advice.
Counts = tuple[int, int, int, int]
EMPTY: Counts = (0, 0, 0, 0)


class Phase(enum.Enum):
    """The phase a round stands in (ORB-6). Production and saving never wait for a seat."""

    ATTRACTION = "attraction"
    PRODUCTION = "production"
    TRADE = "trade"
    HIRING = "hiring"
    DEVELOPMENT = "development"
    CONSUMPTION = "consumption"
    SAVING = "saving"

    # Members are singletons compared by identity; ``Enum``'s own hash is a Python call.
    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


class Stage(enum.Enum):
    """The sub-step of an open offer (ORB-12, ORB-14)."""

    SUPPORT = "support"
    ANSWER = "answer"
    REINFORCE = "reinforce"

    # Members are singletons compared by identity; ``Enum``'s own hash is a Python call.
    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return f"Stage.{self.name}"


class Answer(enum.Enum):
    """The three answers to an offer (ORB-12)."""

    DECLINE = "decline"
    SEIZE = "seize"
    ACCEPT = "accept"

    # Members are singletons compared by identity; ``Enum``'s own hash is a Python call.
    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return f"Answer.{self.name}"


@attrs.frozen
class Zones:
    """The tokens around one character card.

    Attributes:
        current: this round's resources (right of the card).
        reserve: stored resources (left of the card), kept between rounds (ORB-4).
        gifts: resources received this round (below the card).
        influence: resources an open offer placed on the card (above it).
        meals: Food an accepted Food offer set aside to feed this card's structure (ORB-12).
        directed_by: the seat whose Priests won this Warrior and direct its offers (ORB-16).
    """

    current: Counts = EMPTY
    reserve: Counts = EMPTY
    gifts: Counts = EMPTY
    influence: Counts = EMPTY
    meals: int = 0
    directed_by: int | None = None

    def holds(self, resource: Resource) -> int:
        """Units of ``resource`` in this round's resources, gifts and reserve together."""
        i = resource.index
        return self.current[i] + self.gifts[i] + self.reserve[i]


#: A character that has no tokens at all.
BARE = Zones()


@attrs.frozen
class Team:
    """The characters gathered around one Leader; an enterprise once formed (ORB-7, ORB-17).

    Attributes:
        leader: the Leader's card id; the team's specialisation is the Leader's.
        members: every card of the team, the Leader first, then in role order.
        enterprise: whether the four roles have formed an enterprise.
    """

    leader: str
    members: tuple[str, ...]
    enterprise: bool = False


@attrs.frozen
class Corporation:
    """Four enterprises of different specialisations under one corporate suit (ORB-18).

    Attributes:
        suit: the corporate suit the seat chose.
        enterprises: the four enterprises, the suit's own first.
        age: how many consumption phases the corporation has been fed in a row (ORB-22).
    """

    suit: Spec
    enterprises: tuple[Team, ...]
    age: int = 0


@attrs.frozen
class Seat:
    """One player's hand of characters and what it did in this phase.

    Attributes:
        teams: teams and enterprises that are not in a corporation, oldest first.
        corporations: the seat's corporations, oldest first.
        allocated: structures (by a member card) the seat chose to feed first (ORB-19).
        steps: limited actions taken in this phase (ORB-21).
        done: whether the seat has finished this phase.
    """

    teams: tuple[Team, ...]
    corporations: tuple[Corporation, ...] = ()
    allocated: tuple[str, ...] = ()
    steps: int = 0
    done: bool = False


@attrs.frozen
class Offer:
    """An open offer in the hiring phase and where its negotiation stands (ORB-11..ORB-15).

    Attributes:
        seat: the seat that made the offer (the owner of the offerer or the seat directing it).
        offerer: the card whose trump resource was offered.
        target: the card the offer is placed on (for a structure, the card named).
        responder: the seat answering, or ``None`` for a labour-market character.
        resource: the offerer's trump resource.
        units: the units placed so far (the target's influence zone holds them).
        stage: whose sub-step it is.
        answer: the responder's latest answer.
        reinforcements: how many times the offerer reinforced.
        waiting: the third seats that still may support a side in this support round.
    """

    seat: int
    offerer: str
    target: str
    responder: int | None
    resource: Resource
    units: int
    stage: Stage
    answer: Answer | None = None
    reinforcements: int = 0
    waiting: tuple[int, ...] = ()


@attrs.frozen
class State:
    """Everything that changes in a game of Orbita.

    Attributes:
        round: the round being played, from 1.
        phase: the phase of the round (ORB-6).
        turn: the seat whose turn it is in this phase (an open offer may ask another seat).
        seats: every seat's characters and phase progress.
        market: the labour market, oldest arrival first.
        deck: the character cards not yet drawn, top first (hidden from views).
        zones: the tokens around every character on the table, by card id.
        offer: the open offer of the hiring phase, if any.
        drew: in attraction, whether the seat on turn has drawn from the deck.
        took: in attraction, whether the seat on turn has taken from the market.
        over: whether the game has ended (ORB-22).
    """

    __boardrules_game__: ClassVar[str] = "orbita"

    @property
    def seat_count(self) -> int:
        """The number of seats at the table (``game.seat_count(state)`` says the same)."""
        return len(self.seats)

    round: int
    phase: Phase
    turn: int
    seats: tuple[Seat, ...]
    market: tuple[str, ...]
    deck: tuple[str, ...]
    zones: FrozenMap[str, Zones]
    offer: Offer | None = None
    drew: bool = False
    took: bool = False
    over: bool = False


# -- building states on the engine's own paths ------------------------------------------------
# The classes above have no validators or converters, so their attrs ``__init__`` only sets
# each slot, through a bound ``object.__setattr__`` per field. The engine's own steps, which
# build a new ``State`` and a few ``Zones`` and ``Seat`` objects per action, set the slots
# through their descriptors instead (about a third faster); the objects are the same in every
# respect (equality, hash, repr, serialisation). Untrusted input never comes this way: the
# position builder, ``serde`` and ``position.validate_state`` use the classes themselves.
_new = object.__new__
_ZONES_SLOTS = tuple(Zones.__dict__[a.name].__set__ for a in attrs.fields(Zones))
_SEAT_SLOTS = tuple(Seat.__dict__[a.name].__set__ for a in attrs.fields(Seat))
_STATE_SLOTS = tuple(State.__dict__[a.name].__set__ for a in attrs.fields(State))
(_Z_CURRENT, _Z_RESERVE, _Z_GIFTS, _Z_INFLUENCE, _Z_MEALS, _Z_DIRECTED) = _ZONES_SLOTS
(_SEAT_TEAMS, _SEAT_CORPS, _SEAT_ALLOCATED, _SEAT_STEPS, _SEAT_DONE) = _SEAT_SLOTS
(
    _S_ROUND,
    _S_PHASE,
    _S_TURN,
    _S_SEATS,
    _S_MARKET,
    _S_DECK,
    _S_ZONES,
    _S_OFFER,
    _S_DREW,
    _S_TOOK,
    _S_OVER,
) = _STATE_SLOTS


def make_zones(
    current: Counts,
    reserve: Counts,
    gifts: Counts,
    influence: Counts,
    meals: int,
    directed_by: int | None,
) -> Zones:
    """``Zones(current, reserve, gifts, influence, meals, directed_by)``, built faster.

    >>> make_zones(EMPTY, EMPTY, (0, 2, 0, 0), EMPTY, 0, None) == Zones(gifts=(0, 2, 0, 0))
    True
    """
    z: Zones = _new(Zones)
    _Z_CURRENT(z, current)
    _Z_RESERVE(z, reserve)
    _Z_GIFTS(z, gifts)
    _Z_INFLUENCE(z, influence)
    _Z_MEALS(z, meals)
    _Z_DIRECTED(z, directed_by)
    return z


def make_seat(
    teams: tuple[Team, ...],
    corporations: tuple[Corporation, ...],
    allocated: tuple[str, ...],
    steps: int,
    done: bool,
) -> Seat:
    """``Seat(teams, corporations, allocated, steps, done)``, built faster.

    >>> make_seat((), (), (), 1, False) == Seat((), steps=1)
    True
    """
    seat: Seat = _new(Seat)
    _SEAT_TEAMS(seat, teams)
    _SEAT_CORPS(seat, corporations)
    _SEAT_ALLOCATED(seat, allocated)
    _SEAT_STEPS(seat, steps)
    _SEAT_DONE(seat, done)
    return seat


def make_state(
    round: int,
    phase: Phase,
    turn: int,
    seats: tuple[Seat, ...],
    market: tuple[str, ...],
    deck: tuple[str, ...],
    zones: FrozenMap[str, Zones],
    offer: Offer | None,
    drew: bool,
    took: bool,
    over: bool,
) -> State:
    """``State(...)`` with every field given in order, built faster."""
    state: State = _new(State)
    _S_ROUND(state, round)
    _S_PHASE(state, phase)
    _S_TURN(state, turn)
    _S_SEATS(state, seats)
    _S_MARKET(state, market)
    _S_DECK(state, deck)
    _S_ZONES(state, zones)
    _S_OFFER(state, offer)
    _S_DREW(state, drew)
    _S_TOOK(state, took)
    _S_OVER(state, over)
    return state
