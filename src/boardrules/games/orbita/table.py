"""Reading the table: where each character sits and which structure it belongs to.

A *structure* is what eats and what an offer is placed on (ORB-11, ORB-19): a lone character
(any character of a team that has not formed an enterprise), an enterprise (four members),
or a corporation (sixteen members). These are readings of the state, not rules: every
function here is worked out from the state it is given, each time it is asked.

>>> from boardrules.games.orbita import Game
>>> state = Game().new(seed=1, players=2)
>>> structures(0, state.seats[0])
[Structure(seat=0, size=1, name='hosts-leader-1', members=('hosts-leader-1',))]
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import NamedTuple

from boardrules.games.orbita.content import Resource
from boardrules.games.orbita.state import Corporation, Seat, State, Zones

__all__ = [
    "CORPORATION",
    "ENTERPRISE",
    "LONE",
    "Structure",
    "corporation",
    "enterprises",
    "food_of",
    "leaders",
    "owner",
    "seat_cards",
    "seat_food",
    "seated",
    "structure_of",
    "structures",
]

LONE = 1
ENTERPRISE = 4
CORPORATION = 16


class Structure(NamedTuple):
    """A structure of a seat.

    Attributes:
        seat: the seat holding it.
        size: 1 (lone character), 4 (enterprise) or 16 (corporation).
        name: the card that names it: the character, the enterprise's Leader, or the Leader
            of the corporation's first enterprise.
        members: its cards.
    """

    seat: int
    size: int
    name: str
    members: tuple[str, ...]


def seat_cards(seat: Seat) -> list[str]:
    """Every card of a seat in table order: corporations first, then teams."""
    cards: list[str] = []
    for corp in seat.corporations:
        for team in corp.enterprises:
            cards += team.members
    for team in seat.teams:
        cards += team.members
    return cards


def seated(state: State, seats: Collection[int] | None = None) -> list[str]:
    """Every card of the seats ``seats`` (all by default), seat by seat in table order (as
    :func:`seat_cards` lists each)."""
    cards: list[str] = []
    for s, seat in enumerate(state.seats):
        if seats is None or s in seats:
            for corp in seat.corporations:
                for team in corp.enterprises:
                    cards += team.members
            for team in seat.teams:
                cards += team.members
    return cards


def structures(s: int, seat: Seat) -> list[Structure]:
    """The structures of seat ``s`` (``seat``) in table order: corporations, then each team
    as an enterprise or as its lone characters."""
    out = [corporation(s, corp) for corp in seat.corporations]
    for team in seat.teams:
        if team.enterprise:
            out.append(Structure(s, ENTERPRISE, team.leader, team.members))
        else:
            for m in team.members:
                out.append(Structure(s, LONE, m, (m,)))
    return out


def corporation(s: int, corp: Corporation) -> Structure:
    """The corporation ``corp`` of seat ``s`` as a structure, named by the Leader of its
    first enterprise."""
    members = tuple(m for team in corp.enterprises for m in team.members)
    return Structure(s, CORPORATION, corp.enterprises[0].leader, members)


def owner(state: State, card: str) -> int | None:
    """The seat holding ``card``, or ``None`` for a card that is not seated."""
    for s, seat in enumerate(state.seats):
        for team in seat.teams:
            if card in team.members:
                return s
        for corp in seat.corporations:
            for team in corp.enterprises:
                if card in team.members:
                    return s
    return None


def structure_of(state: State, card: str) -> Structure:
    """The structure ``card`` belongs to; a card that is not seated (on the labour market)
    stands alone, at seat -1."""
    s = owner(state, card)
    if s is None:
        return Structure(-1, LONE, card, (card,))
    return next(st for st in structures(s, state.seats[s]) if card in st.members)


def leaders(seat: Seat) -> int:
    """How many Leaders the seat holds (one per team)."""
    return len(seat.teams) + 4 * len(seat.corporations)


def enterprises(seat: Seat) -> int:
    """How many enterprises the seat holds, inside corporations or not."""
    return sum(1 for t in seat.teams if t.enterprise) + 4 * len(seat.corporations)


def seat_food(seat: Seat, zones: Mapping[str, Zones]) -> int:
    """All the Food the seat's characters hold, meals included."""
    return sum(food_of(zones[c]) for c in seat_cards(seat))


def food_of(zones: Zones) -> int:
    """All the Food a character holds: this round's, gifts, reserve and set-aside meals."""
    return zones.holds(Resource.FOOD) + zones.meals
