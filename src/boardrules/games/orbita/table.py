"""Reading the table: where each character sits and which structure it belongs to.

A *structure* is what eats and what an offer is placed on (ORB-11, ORB-19): a lone character
(any character of a team that has not formed an enterprise), an enterprise (four members),
or a corporation (sixteen members).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, TypeVar

import attrs

from boardrules.games.orbita.content import Context, Resource
from boardrules.games.orbita.state import Seat, State, Zones

__all__ = [
    "CORPORATION",
    "ENTERPRISE",
    "LONE",
    "CardRow",
    "Index",
    "Structure",
    "card_rows",
    "carry",
    "enterprises",
    "food_of",
    "index",
    "leaders",
    "play_cards",
    "reuse",
    "seat_cards",
    "seat_food",
]

T = TypeVar("T")

LONE = 1
ENTERPRISE = 4
CORPORATION = 16


@attrs.frozen
class Structure:
    """A structure of a seat.

    Attributes:
        seat: the seat holding it.
        size: 1 (lone character), 4 (enterprise) or 16 (corporation).
        name: the card that names it: the character, the enterprise's Leader, or the Leader
            of the corporation's first enterprise.
        members: its cards.
        corporation: the index of the corporation in the seat, or -1.
        team: the index of the team (in the corporation or among the seat's teams), or -1.
    """

    seat: int
    size: int
    name: str
    members: tuple[str, ...]
    corporation: int
    team: int


def seat_cards(seat: Seat) -> Iterator[str]:
    """Every card of a seat in table order: corporations first, then teams."""
    for corp in seat.corporations:
        for team in corp.enterprises:
            yield from team.members
    for team in seat.teams:
        yield from team.members


class Index:
    """Where every seated character is; it depends only on the seats' teams and corporations."""

    __slots__ = (
        "all_cards",
        "allocations",
        "card_rows",
        "cards",
        "gift_rows",
        "offer_reach",
        "offer_targets",
        "offerer_cards",
        "seat_of",
        "structure_of",
        "structures",
    )

    def __init__(self, state: State) -> None:
        self.seat_of: dict[str, int] = {}
        self.structure_of: dict[str, Structure] = {}
        self.structures: list[list[Structure]] = []
        self.cards: list[list[str]] = []
        for s, seat in enumerate(state.seats):
            mine: list[Structure] = []
            cards: list[str] = []
            for c, corp in enumerate(seat.corporations):
                members = tuple(m for team in corp.enterprises for m in team.members)
                name = corp.enterprises[0].leader if corp.enterprises else ""
                mine.append(Structure(s, CORPORATION, name, members, c, -1))
                cards.extend(members)
            for t, team in enumerate(seat.teams):
                cards.extend(team.members)
                if team.enterprise:
                    mine.append(Structure(s, ENTERPRISE, team.leader, team.members, -1, t))
                else:
                    for m in team.members:
                        key = (s, m, t)
                        lone = _LONE.get(key)
                        if lone is None:
                            lone = _LONE[key] = Structure(s, LONE, m, (m,), -1, t)
                        mine.append(lone)
            for st in mine:
                for m in st.members:
                    self.structure_of[m] = st
            for card in cards:
                self.seat_of[card] = s
            self.structures.append(mine)
            self.cards.append(cards)
        #: Every seated card, seat by seat in table order.
        self.all_cards: tuple[str, ...] = tuple(c for cards in self.cards for c in cards)
        #: Tables the rules' listings derive from this index, with the context they were
        #: built for.
        self.gift_rows: tuple[object, Any] | None = None
        self.card_rows: tuple[object, Any] | None = None
        self.offer_targets: tuple[object, Any] | None = None
        self.offer_reach: tuple[object, Any, Any] | None = None
        self.offerer_cards: tuple[object, Any] | None = None
        self.allocations: list[list[Any]] | None = None


#: Lone-character structures by (seat, card, team index), built once: teams change often in
#: attraction and consumption, the lone characters in them far less.
_LONE: dict[tuple[int, str, int], Structure] = {}

#: The last index asked for, with the state and the seats it was asked for (one slot: a
#: single store, safe to share across threads).
_LAST: list[tuple[State, tuple[Seat, ...], Index] | None] = [None]


def index(state: State) -> Index:
    """The :class:`Index` of ``state``, reused while the teams and corporations are the same.

    Most actions change tokens or counters but not who sits where, and a step keeps the
    ``teams`` and ``corporations`` tuples of every seat it does not regroup, so an identity
    test finds the previous index.
    """
    entry = _LAST[0]
    if entry is not None:
        last, old, found = entry
        if last is state:  # a step asks again for the state legal_actions just read
            return found
        seats = state.seats
        if old is seats:
            _LAST[0] = (state, seats, found)
            return found
        if len(old) == len(seats):
            for a, b in zip(old, seats, strict=True):
                if a.teams is not b.teams or a.corporations is not b.corporations:
                    break
            else:
                _LAST[0] = (state, seats, found)
                return found
    built = Index(state)
    _LAST[0] = (state, state.seats, built)
    return built


#: A seated card as the rules' listings read it: the card, the index of its own resource, of
#: its booster, the indices of the resources it may give, and its place in table order.
CardRow = tuple[str, int, int, tuple[int, ...], int]


def card_rows(ctx: Context, ix: Index) -> list[list[CardRow]]:
    """Per seat, its cards as :data:`CardRow` in table order; kept with the index.

    >>> from boardrules.games.orbita import Game
    >>> game = Game()
    >>> state = game.new(seed=1, players=2)
    >>> [row[0] for row in card_rows(game.rule_context, index(state))[0]] == (
    ...     index(state).cards[0])
    True
    """
    memo = ix.card_rows
    if memo is None or memo[0] is not ctx:
        spec_of, booster, gives_at = ctx.spec, ctx.booster, ctx.gives_at
        rows: list[list[CardRow]] = []
        k = 0
        for cards in ix.cards:
            row: list[CardRow] = []
            for c in cards:
                row.append((c, spec_of[c].index, booster[c], gives_at[c], k))
                k += 1
            rows.append(row)
        memo = ix.card_rows = (ctx, rows)
    found: list[list[CardRow]] = memo[1]
    return found


def carry(before: State, after: State) -> None:
    """Keep the index of ``before`` for ``after``, whose teams and corporations are the same.

    For a step that builds ``after`` knowing it regroups nobody: :func:`index` then finds it
    at once instead of comparing every seat's teams.
    """
    entry = _LAST[0]
    if entry is not None and entry[0] is before:
        _LAST[0] = (after, after.seats, entry[2])


def reuse(items: Sequence[T], old: tuple[T, ...]) -> tuple[T, ...]:
    """``tuple(items)``, or ``old`` itself when it holds the very same objects.

    A step that rebuilds a seat's teams without changing them keeps the old tuple, so the
    :func:`index` (and what is kept with it) is reused.
    """
    if len(items) == len(old):
        for a, b in zip(items, old, strict=True):
            if a is not b:
                return tuple(items)
        return old
    return tuple(items)


def play_cards(state: State) -> tuple[str, ...]:
    """Every card at the table: the seated ones (seat by seat, in table order), then the
    labour market's (what an action may name, ORB-1)."""
    return (*index(state).all_cards, *state.market)


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
