"""The machinery of an Orbita step: setup options, the automatic steps, the working copy.

A step works on a :class:`Draft`. The effects of the rules (``rules``) change the draft and
leave three marks on it: the seat whose move is over (``ended``), the answer that settles the
open offer (``settle``), and whether the phase has run out of deciders (``phase_over``).
ORB-6's effect after every action (``rules.attraction``) then moves the turn on and runs the
parts of the round that nobody decides — settling an offer, production, the forming of
enterprises, feeding, saving and the end test — by asking the rulebook for the effects of
each automatic step (:class:`AutoStep`), so a variant that replaces a rule changes those
parts too.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from boardrules.core.frozen import FrozenMap
from boardrules.games.orbita.content import Spec
from boardrules.games.orbita.context import Context
from boardrules.games.orbita.events import Event
from boardrules.games.orbita.state import (
    EMPTY,
    Answer,
    Corporation,
    Counts,
    Offer,
    State,
    Team,
    Zones,
    make_seat,
    make_state,
    make_zones,
)
from boardrules.games.orbita.table import CORPORATION

__all__ = [
    "AUTOMATIC",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "AutoStep",
    "Consumption",
    "Development",
    "Draft",
    "NextDeveloper",
    "Production",
    "RoundEnd",
    "Saving",
    "Settlement",
    "Setup",
    "add",
    "max_moves",
]


# -- setup (ORB-5) ------------------------------------------------------------------------
#: The fewest and the most seats.
MIN_PLAYERS = 2
MAX_PLAYERS = 4


def _check_leaders(instance: Setup, attribute: object, value: tuple[Spec, ...] | None) -> None:
    if value is None:
        return
    if not isinstance(value, tuple) or not all(isinstance(v, Spec) for v in value):
        raise ValueError("leaders is a list of specialisations")
    if len(value) != instance.players:
        raise ValueError(f"leaders names one specialisation per seat ({instance.players})")
    if len(set(value)) != len(value):
        raise ValueError("the starting Leaders have different specialisations")


def _leaders(value: Sequence[Spec | str] | None) -> tuple[Spec, ...] | None:
    if value is None:
        return None
    if isinstance(value, str | bytes):
        raise ValueError("leaders is a list of specialisations")
    return tuple(Spec(v) if isinstance(v, str) else v for v in value)


@attrs.frozen
class Setup:
    """The keyword arguments of ``Game.new`` (ORB-5).

    Attributes:
        players: the number of seats, 2 to 4.
        leaders: the specialisation of each seat's starting Leader, all different; by
            default drawn from the seed.
    """

    players: int = attrs.field(
        default=4,
        validator=[
            attrs.validators.instance_of(int),
            attrs.validators.in_(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
        ],
    )
    leaders: tuple[Spec, ...] | None = attrs.field(
        default=None, converter=_leaders, validator=_check_leaders
    )


def add(c: Counts, i: int, n: int) -> Counts:
    """``c`` with ``n`` more units of resource ``i``."""
    if i == 0:
        return (c[0] + n, c[1], c[2], c[3])
    if i == 1:
        return (c[0], c[1] + n, c[2], c[3])
    if i == 2:
        return (c[0], c[1], c[2] + n, c[3])
    return (c[0], c[1], c[2], c[3] + n)


def max_moves(ctx: Context, players: int) -> int:
    """A bound on actions per game from the per-phase limits (ORB-21) and the rounds.

    Per round and seat: attraction 3 (draw, take, pass); trade ``steps + 1``; hiring
    ``steps + 1`` plus, for each of at most ``steps`` offers, ``reinforcements + 1``
    exchanges of at most one action per seat, and a shield; development one corporation
    per 16 cards plus a pass; consumption one allocation per card plus ``steps + 1``.
    """
    n, s, r = players, ctx.steps, ctx.reinforcements
    cards = len(ctx.cards)
    per_round = (
        3 * n
        + n * (s + 1)
        + n * (s + 1)
        + n * s * ((r + 1) * n + 1)
        + n * (cards // CORPORATION + 1)
        + n * (cards + s + 1)
    )
    return per_round * ctx.rounds


# -- the automatic steps, which the rules carry out --------------------------------------------
class AutoStep:
    """A part of the round no seat decides; rules key their effects by its class.

    ``finish`` asks the rulebook for the effects of each such step and runs them on the
    draft, in rulebook order, with the step's single instance in the place of the action.
    """

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class Settlement(AutoStep):
    """The open offer is settled by ``Draft.settle`` (ORB-12, ORB-13, ORB-16)."""


class Production(AutoStep):
    """Attraction is over: every character produces (ORB-9)."""


class Development(AutoStep):
    """Hiring is over: enterprises form (ORB-17)."""


class NextDeveloper(AutoStep):
    """Development asks the next seat that can form a corporation (ORB-18)."""


class Consumption(AutoStep):
    """The consumption turns are over: every structure eats (ORB-19)."""


class Saving(AutoStep):
    """What may be stored goes to reserves (ORB-20)."""


class RoundEnd(AutoStep):
    """The round is over: the game ends or the next round begins (ORB-22)."""


#: Every kind of automatic step (each has one instance, below).
AUTOMATIC: tuple[type[AutoStep], ...] = (
    Settlement,
    Production,
    Development,
    NextDeveloper,
    Consumption,
    Saving,
    RoundEnd,
)
SETTLEMENT = Settlement()
PRODUCTION = Production()
DEVELOPMENT = Development()
NEXT_DEVELOPER = NextDeveloper()
CONSUMPTION = Consumption()
SAVING = Saving()
ROUND_END = RoundEnd()


# -- the working copy -----------------------------------------------------------------------
class Draft:
    """A mutable copy of a state while one action is applied; :meth:`freeze` freezes it.

    The zones map is copied into a plain ``dict`` once (one C-level copy, and every read
    after it is a plain ``dict`` lookup); :meth:`freeze` keeps the state's own map when no
    token changed.

    Attributes:
        before: the state the action is applied to (unchanged).
        events: the list events are appended to, or ``None``.
        mover: the seat whose action it is (ORB-6's fact ``mover`` of ``before``).
        ended: the seat whose move is over: the turn passes on from it.
        settle: the answer that settles the open offer (``offer``) at the end of the step.
        phase_over: development has no seat left to ask.
    """

    __slots__ = (
        "_changed",
        "before",
        "deck",
        "drew",
        "ended",
        "events",
        "market",
        "mover",
        "offer",
        "over",
        "phase",
        "phase_over",
        "round",
        "seats",
        "settle",
        "took",
        "turn",
        "zones",
    )

    def __init__(self, state: State, events: list[Event] | None, mover: int) -> None:
        self.before = state
        self.events = events
        self.mover = mover
        self.round = state.round
        self.phase = state.phase
        self.turn = state.turn
        self.seats = list(state.seats)
        self.market = list(state.market)
        self.deck = state.deck
        zones = state.zones
        self.zones: dict[str, Zones] = (
            zones.thaw() if isinstance(zones, FrozenMap) else dict(zones)
        )
        self._changed = False
        self.offer: Offer | None = state.offer
        self.drew = state.drew
        self.took = state.took
        self.over = state.over
        self.ended: int | None = None
        self.settle: Answer | None = None
        self.phase_over = False

    def freeze(self) -> State:
        """The state this draft describes."""
        return make_state(
            self.round,
            self.phase,
            self.turn,
            tuple(self.seats),
            tuple(self.market),
            self.deck,
            FrozenMap.adopt(self.zones) if self._changed else self.before.zones,
            self.offer,
            self.drew,
            self.took,
            self.over,
        )

    def emit(self, event: Event) -> None:
        """Record ``event`` if somebody listens.

        Callers test ``events is not None`` first, so that no event is built when nobody
        listens (random play and search apply steps without events).
        """
        if self.events is not None:
            self.events.append(event)

    # -- tokens ----------------------------------------------------------------------------
    def put(self, card: str, zones: Zones) -> None:
        """Set the tokens of ``card``."""
        self.zones[card] = zones
        self._changed = True

    def take(self, card: str, i: int, n: int) -> int:
        """Remove up to ``n`` units of resource ``i`` (this round's, gifts, reserve)."""
        z = self.zones[card]
        cur, gif, res = z.current, z.gifts, z.reserve
        a = cur[i]
        if a > n:
            a = n
        b = gif[i]
        if b > n - a:
            b = n - a
        c = res[i]
        if c > n - a - b:
            c = n - a - b
        if a + b + c:
            self.put(
                card,
                make_zones(
                    add(cur, i, -a) if a else cur,
                    add(res, i, -c) if c else res,
                    add(gif, i, -b) if b else gif,
                    z.influence,
                    z.meals,
                    z.directed_by,
                ),
            )
        return a + b + c

    def clear_influence(self, card: str) -> Counts:
        """Remove the influence an offer placed on ``card``; what it was."""
        z = self.zones[card]
        self.put(card, make_zones(z.current, z.reserve, z.gifts, EMPTY, z.meals, z.directed_by))
        return z.influence

    def give(self, card: str, i: int, n: int) -> None:
        """Put ``n`` units of resource ``i`` among the gifts of ``card``."""
        z = self.zones[card]
        gifts = add(z.gifts, i, n)
        self.put(card, make_zones(z.current, z.reserve, gifts, z.influence, z.meals, z.directed_by))

    # -- seats -----------------------------------------------------------------------------
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
        self.seats[s] = make_seat(
            seat.teams if teams is None else teams,
            seat.corporations if corporations is None else corporations,
            seat.allocated if allocated is None else allocated,
            seat.steps,
            seat.done if done is None else done,
        )

    def use_step(self, s: int) -> None:
        """Count one limited action of seat ``s`` (ORB-21)."""
        seat = self.seats[s]
        self.seats[s] = make_seat(
            seat.teams, seat.corporations, seat.allocated, seat.steps + 1, seat.done
        )

    def reset_seats(self) -> None:
        """Clear every seat's phase progress (steps, done, allocations)."""
        # A seat with no progress to clear is kept as it is.
        self.seats = [
            s
            if not s.steps and not s.done and not s.allocated
            else make_seat(s.teams, s.corporations, (), 0, False)
            for s in self.seats
        ]
