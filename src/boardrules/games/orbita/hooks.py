"""What learning code and front-ends read from Orbita: the action vocabulary and observations.

The game's vocabulary (``Context.vocabulary``) lists every action in a fixed order (the
integer encoding of ``boardrules.encoding``); :func:`observe` turns a seat's view into a
fixed-length vector of small integers (``int8`` in the PettingZoo adapter). :func:`layout`
names every position of that vector.

Every amount is a choice between one unit and everything at hand (``Amount``, ORB-21),
never a number, so the vocabulary is finite and holds every legal action of every state,
however far chained boosts grow a seat's stock; see the rules page (``docs/rules/orbita.md``,
"For agents and front-ends").
"""

from __future__ import annotations

from typing import Protocol

from boardrules.core.rng import Rng
from boardrules.games.orbita.content import RESOURCE_ORDER, SPEC_ORDER
from boardrules.games.orbita.context import Context
from boardrules.games.orbita.events import Event
from boardrules.games.orbita.flow import MAX_PLAYERS
from boardrules.games.orbita.state import EMPTY, Answer, Phase, Stage, State, Zones
from boardrules.games.orbita.table import CORPORATION, ENTERPRISE, LONE, seat_food

__all__ = [
    "CARD_NAMES",
    "GLOBAL_NAMES",
    "SEAT_NAMES",
    "TALLIED",
    "HasContext",
    "determinize",
    "heuristic",
    "layout",
    "observation_size",
    "observe",
    "tally",
]


class HasContext(Protocol):
    """Anything that carries an Orbita rule context, like ``orbita.Game``."""

    @property
    def rule_context(self) -> Context: ...


def _context(source: Context | HasContext) -> Context:
    return source if isinstance(source, Context) else source.rule_context

_PHASES = tuple(Phase)
_STAGES = tuple(Stage)
_ANSWERS = tuple(Answer)
_RESOURCES = ("territory", "food", "way", "advice")

#: The table as a whole (positions 0..len-1 of the observation).
GLOBAL_NAMES: tuple[str, ...] = (
    "round",
    "rounds_left",
    "players",
    *(f"phase.{p.value}" for p in _PHASES),
    "over",
    "to_move",
    "turn",
    "drew",
    "took",
    "deck_size",
    "market_size",
    "offer.open",
    *(f"offer.stage.{s.value}" for s in _STAGES),
    "offer.seat",
    "offer.responder",
    "offer.offerer",
    "offer.target",
    *(f"offer.resource.{r}" for r in _RESOURCES),
    "offer.units",
    "offer.answer",
    "offer.reinforcements",
    "offer.waiting",
    "offer.i_may_support",
)

#: One block per seat, in turn order from the observing seat (padded to four seats).
SEAT_NAMES: tuple[str, ...] = (
    "present",
    "steps",
    "done",
    "food",
    "need",
    "corporations",
    "enterprises",
    "teams",
    "characters",
    "allocated",
)

#: One block per character card, in the deck's canonical order.
CARD_NAMES: tuple[str, ...] = (
    "where",
    "structure",
    "leader",
    "suit",
    "age",
    "allocated",
    *(f"{zone}.{r}" for zone in ("current", "reserve", "gifts", "influence") for r in _RESOURCES),
    "meals",
    "directed_by",
)


def _c(value: int) -> int:
    """Clip into the ``int8`` range the observation promises (-1..127)."""
    return -1 if value < -1 else 127 if value > 127 else value


def layout(source: Context | HasContext) -> tuple[str, ...]:
    """The name of every position of :func:`observe`'s vector for a game's deck.

    ``source`` is the game (``layout(game)``) or its ``rule_context``.
    """
    ctx = _context(source)
    seats = tuple(f"seat.{k}.{name}" for k in range(MAX_PLAYERS) for name in SEAT_NAMES)
    cards = tuple(f"card.{card}.{name}" for card in ctx.cards for name in CARD_NAMES)
    return (*GLOBAL_NAMES, *seats, *cards)


def observation_size(ctx: Context) -> int:
    """The length of :func:`observe`'s vector (see ``Game.observation_size``)."""
    return len(GLOBAL_NAMES) + MAX_PLAYERS * len(SEAT_NAMES) + len(ctx.cards) * len(CARD_NAMES)


def observe(ctx: Context, view: State, seat: int) -> tuple[int, ...]:
    """What ``seat`` sees as a vector of small integers (see ``Game.observe``).

    The deck is read only as a set (which cards are still in it), never in order, so a full
    state, the seat's view and any determinization of that view give the same vector.
    """
    n = len(view.seats)
    order = ctx.order

    def rel(s: int | None) -> int:
        return -1 if s is None else (s - seat) % n

    def card_number(card: str | None) -> int:
        return 0 if card is None else 1 + order[card]

    offer = view.offer
    out: list[int] = [
        _c(view.round),
        _c(ctx.rounds - view.round + 1),
        n,
        *(1 if view.phase is p else 0 for p in _PHASES),
        1 if view.over else 0,
        rel(ctx.facts.mover(ctx, view)),
        rel(view.turn),
        1 if view.drew else 0,
        1 if view.took else 0,
        _c(len(view.deck)),
        _c(len(view.market)),
    ]
    if offer is None:
        out += [0, *(0 for _ in _STAGES), -1, -1, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0]
    else:
        out += [
            1,
            *(1 if offer.stage is s else 0 for s in _STAGES),
            rel(offer.seat),
            rel(offer.responder),
            card_number(offer.offerer),
            card_number(offer.target),
            *(1 if offer.resource is r else 0 for r in RESOURCE_ORDER),
            _c(offer.units),
            -1 if offer.answer is None else _ANSWERS.index(offer.answer),
            _c(offer.reinforcements),
            _c(len(offer.waiting)),
            1 if offer.stage is Stage.SUPPORT and offer.waiting[:1] == (seat,) else 0,
        ]

    zones = view.zones
    for k in range(MAX_PLAYERS):
        if k >= n:
            out += [-1] * len(SEAT_NAMES)
            continue
        s = (seat + k) % n
        st = view.seats[s]
        out += [
            1,
            _c(st.steps),
            1 if st.done else 0,
            _c(seat_food(st, zones)),
            _c(ctx.facts.seat_need(ctx, st)),
            _c(len(st.corporations)),
            _c(sum(1 for t in st.teams if t.enterprise)),
            _c(len(st.teams)),
            _c(sum(len(t.members) for t in st.teams if not t.enterprise)),
            _c(len(st.allocated)),
        ]

    # Per card: where it is, its structure, its team's Leader, its corporation, its tokens.
    where: dict[str, int] = dict.fromkeys(view.market, 0)
    structure: dict[str, int] = {}
    leader: dict[str, int] = {}
    suit: dict[str, int] = {}
    age: dict[str, int] = {}
    allocated: set[str] = set()
    for s, st in enumerate(view.seats):
        place = 1 + rel(s)
        allocated.update(st.allocated)
        for corp in st.corporations:
            for team in corp.enterprises:
                for m in team.members:
                    where[m] = place
                    structure[m] = CORPORATION
                    leader[m] = card_number(team.leader)
                    suit[m] = 1 + SPEC_ORDER.index(corp.suit)
                    age[m] = corp.age
        for team in st.teams:
            for m in team.members:
                where[m] = place
                structure[m] = ENTERPRISE if team.enterprise else LONE
                leader[m] = card_number(team.leader)
    for card in ctx.cards:
        z: Zones | None = zones.get(card)
        if z is None:
            z = _NO_TOKENS
        out += [
            where.get(card, -1),
            structure.get(card, 0),
            leader.get(card, 0),
            suit.get(card, 0),
            _c(age.get(card, 0)),
            1 if card in allocated else 0,
            *(_c(v) for v in z.current),
            *(_c(v) for v in z.reserve),
            *(_c(v) for v in z.gifts),
            *(_c(v) for v in z.influence),
            _c(z.meals),
            rel(z.directed_by),
        ]
    return tuple(out)


_NO_TOKENS = Zones(EMPTY, EMPTY, EMPTY, EMPTY)


def heuristic(ctx: Context, state: State, seat: int) -> float:
    """``GreedyAgent``'s rating of ``state`` for ``seat`` (higher is better).

    The seat's points (the game's score, ORB-23) minus the best other seat's, plus half a
    point per unit of Food the seat holds beyond what its structures eat this round (ORB-19's
    fact ``seat_need``), within ±20 (so a greedy player gathers Food before consumption,
    never at the cost of a character).
    """
    points: tuple[int, ...] = ctx.facts.score(ctx, state).points
    others = max((p for s, p in enumerate(points) if s != seat), default=0)
    mine = state.seats[seat]
    need: int = ctx.facts.seat_need(ctx, mine)
    margin = seat_food(mine, state.zones) - need
    return float(points[seat] - others) + 0.5 * max(-40, min(margin, 40))


#: The events :func:`tally` counts.
TALLIED = frozenset(
    {
        "enterprise_formed",
        "corporation_formed",
        "enterprise_collapsed",
        "corporation_collapsed",
        "character_hired",
        "character_fired",
        "offer_declined",
        "offer_seized",
        "offer_accepted",
        "host_shielded",
        "warrior_directed",
    }
)


def tally(events: tuple[Event, ...]) -> dict[str, int]:
    """Content statistics for balance reports: structures formed and lost, hires, fights.

    Every tallied kind is present, with 0 when it never happened, so a report shows
    "corporations formed: 0" rather than leaving the line out.
    """
    out = dict.fromkeys(sorted(TALLIED), 0)
    for event in events:
        tag = type(event).tag
        if tag in TALLIED:
            out[tag] = out.get(tag, 0) + 1
    return out


def determinize(view: State, rng: Rng) -> State:
    """A full state consistent with ``view`` (ORB-24: only the deck order is hidden): the
    deck shuffled with ``rng``."""
    return State(
        view.round,
        view.phase,
        view.turn,
        view.seats,
        view.market,
        rng.shuffled(view.deck),
        view.zones,
        view.offer,
        view.drew,
        view.took,
        view.over,
    )
