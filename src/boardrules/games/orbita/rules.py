"""«Орбита Добра»: legality and transitions of all seven phases, as one ``Game`` reducer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import attrs

from boardrules.core.frozen import FrozenMap
from boardrules.core.game import GameBase
from boardrules.core.rng import Rng
from boardrules.core.rulebook import RuleText
from boardrules.core.standings import Standings
from boardrules.core.violation import Violation
from boardrules.display import Position
from boardrules.games.orbita import legality, notation, phases, render, scoring
from boardrules.games.orbita import messages as _messages  # registers the sentences
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
    Pass,
    Reinforce,
    Shield,
    TakeFromMarket,
)
from boardrules.games.orbita.content import (
    GIVES,
    RESOURCE_ORDER,
    ROLE_ORDER,
    SPEC_ORDER,
    Resource,
    Role,
    Spec,
    deck_cards,
    parse_card,
)
from boardrules.games.orbita.events import Event
from boardrules.games.orbita.position import build_position, validate_state
from boardrules.games.orbita.rulebook import RULES
from boardrules.games.orbita.state import Answer, Phase, Seat, Stage, State, Team, Zones
from boardrules.games.orbita.table import (
    Index,
    Structure,
    corporation_teams,
    join_slot,
    seat_food,
    seat_need,
)

__all__ = ["Game", "Setup"]

del _messages


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
    """The keyword arguments of :meth:`Game.new` (ORB-5).

    Attributes:
        players: the number of seats, 2 to 4.
        leaders: the specialisation of each seat's starting Leader, all different; by
            default drawn from the seed.
    """

    players: int = attrs.field(
        default=4,
        validator=[attrs.validators.instance_of(int), attrs.validators.in_(range(2, 5))],
    )
    leaders: tuple[Spec, ...] | None = attrs.field(
        default=None, converter=_leaders, validator=_check_leaders
    )


def _between(low: int, high: int) -> Any:
    return [attrs.validators.instance_of(int), attrs.validators.in_(range(low, high + 1))]


_KINDS: dict[type, str] = {
    DrawCharacter: "draw_character",
    TakeFromMarket: "take_from_market",
    Gift: "gift",
    Boost: "boost",
    MakeOffer: "make_offer",
    AnswerOffer: "answer_offer",
    Reinforce: "reinforce",
    Shield: "shield",
    FormCorporation: "form_corporation",
    AllocateFood: "allocate_food",
    Pass: "pass",
}

_ALLOWED: dict[Phase | Stage | None, tuple[type, ...]] = {
    Phase.ATTRACTION: (DrawCharacter, TakeFromMarket, Pass),
    Phase.TRADE: (Gift, Boost, Pass),
    Phase.HIRING: (MakeOffer, Gift, Boost, Pass),
    Stage.SUPPORT: (Gift, Shield, Pass),
    Stage.ANSWER: (AnswerOffer, Boost, Shield),
    Stage.REINFORCE: (Reinforce, Boost, Pass),
    Phase.DEVELOPMENT: (FormCorporation, Pass),
    Phase.CONSUMPTION: (AllocateFood, Gift, Boost, Pass),
}

_PASS = Pass()
_DRAW = DrawCharacter()
_ANSWERS = tuple(AnswerOffer(a) for a in Answer)


def _add(c: tuple[int, int, int, int], i: int, n: int) -> tuple[int, int, int, int]:
    if i == 0:
        return (c[0] + n, c[1], c[2], c[3])
    if i == 1:
        return (c[0], c[1] + n, c[2], c[3])
    if i == 2:
        return (c[0], c[1], c[2] + n, c[3])
    return (c[0], c[1], c[2], c[3] + n)


@attrs.frozen
class Game(GameBase[State, Action, Event, Setup]):
    """The 2–4 seat game «Орбита Добра» (rules ORB-1..ORB-24).

    The options are the init fields:

    Attributes:
        copies: copies of each of the 16 characters in the deck (ORB-1).
        rounds: the round limit (ORB-22).
        steps: limited actions (gifts, boosts, offers) per seat per phase (ORB-21).
        reinforcements: how often an offerer may reinforce one offer (ORB-14).
        starting_food: Food each starting Leader receives as a gift (ORB-5).
        goal_rounds: the game ends early once a corporation has been fed this many rounds
            in a row; 0 never ends early (ORB-22).

    >>> game = Game()
    >>> state = game.new(seed=7, players=3)
    >>> game.to_move(state), state.phase
    (0, Phase.ATTRACTION)
    """

    name: ClassVar[str] = "orbita"
    state_type: ClassVar[type] = State
    action_type: ClassVar[Any] = Action
    event_type: ClassVar[Any] = Event
    setup_type: ClassVar[type] = Setup
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    hidden_information: ClassVar[bool] = True
    rulebook: ClassVar[tuple[RuleText, ...]] = RULES

    copies: int = attrs.field(default=2, validator=_between(1, 4))
    rounds: int = attrs.field(default=24, validator=_between(1, 50))
    steps: int = attrs.field(default=4, validator=_between(0, 20))
    reinforcements: int = attrs.field(default=2, validator=_between(0, 10))
    starting_food: int = attrs.field(default=2, validator=_between(0, 100))
    goal_rounds: int = attrs.field(default=2, validator=_between(0, 50))

    _cards: tuple[str, ...] = attrs.field(init=False, eq=False, repr=False)
    _spec: dict[str, Spec] = attrs.field(init=False, eq=False, repr=False)
    _role: dict[str, Role] = attrs.field(init=False, eq=False, repr=False)
    _order: dict[str, int] = attrs.field(init=False, eq=False, repr=False)
    _role_rank: dict[Role, int] = attrs.field(init=False, eq=False, repr=False)
    _cache: list[Any] = attrs.field(init=False, eq=False, repr=False)
    _actions: dict[Any, Any] = attrs.field(init=False, eq=False, repr=False)
    _vocabulary: list[tuple[Action, ...] | None] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        setattr_ = object.__setattr__
        cards = deck_cards(self.copies)
        setattr_(self, "_cards", cards)
        parsed = {c: parse_card(c) for c in cards}
        setattr_(self, "_spec", {c: p[0] for c, p in parsed.items() if p})
        setattr_(self, "_role", {c: p[1] for c, p in parsed.items() if p})
        setattr_(self, "_order", {c: i for i, c in enumerate(cards)})
        setattr_(self, "_role_rank", {r: i for i, r in enumerate(ROLE_ORDER)})
        setattr_(self, "_cache", [None])
        setattr_(self, "_actions", {})
        setattr_(self, "_vocabulary", [None])

    # -- content ------------------------------------------------------------------------
    @property
    def cards(self) -> tuple[str, ...]:
        """Every character card of the deck, in canonical order."""
        return self._cards

    def spec_of(self, card: str) -> Spec:
        """The specialisation of a card of this deck."""
        return self._spec[card]

    def role_of(self, card: str) -> Role:
        """The role of a card of this deck."""
        return self._role[card]

    def index(self, state: State) -> Index:
        """Where every seated character is (cached for the last state asked about)."""
        # One slot holding a (state, index) pair: a single store, safe to share across threads.
        entry = self._cache[0]
        if entry is not None and entry[0] is state:
            found: Index = entry[1]
            return found
        ix = Index(state)
        self._cache[0] = (state, ix)
        return ix

    def max_moves(self) -> int:
        """A bound on actions per game from the per-phase limits (ORB-21) and the rounds.

        Per round and seat: attraction 3 (draw, take, pass); trade ``steps + 1``; hiring
        ``steps + 1`` plus, for each of at most ``steps`` offers, ``reinforcements + 1``
        exchanges of at most one action per seat, and a shield; development one corporation
        per 16 cards plus a pass; consumption one allocation per card plus ``steps + 1``.
        """
        n, s, r = self.max_players, self.steps, self.reinforcements
        cards = len(self._cards)
        per_round = (
            3 * n
            + n * (s + 1)
            + n * (s + 1)
            + n * s * ((r + 1) * n + 1)
            + n * (cards // 16 + 1)
            + n * (cards + s + 1)
        )
        return per_round * self.rounds

    # -- setup (ORB-5) --------------------------------------------------------------------
    def _new(self, seed: int, setup: Setup) -> State:
        players = setup.players
        specs = setup.leaders
        if specs is None:
            specs = Rng.derive(seed, "orbita", "leaders").shuffled(SPEC_ORDER)[:players]
        starters = [f"{spec.value}-leader-1" for spec in specs]
        rest = [c for c in self._cards if c not in starters]
        deck = Rng.derive(seed, "orbita", "deck").shuffled(rest)
        food = _add((0, 0, 0, 0), 1, self.starting_food)
        zones = FrozenMap({c: Zones(gifts=food) for c in starters})
        seats = tuple(Seat(teams=(Team(c, (c,)),)) for c in starters)
        return State(1, Phase.ATTRACTION, 0, seats, (), deck, zones)

    # -- whose move -----------------------------------------------------------------------
    def to_move(self, state: State) -> int | None:
        """The seat to decide, or ``None`` once the game is over (ORB-6, ORB-22)."""
        if state.over:
            return None
        offer = state.offer
        if offer is None:
            return state.turn
        if offer.stage is Stage.SUPPORT:
            return offer.waiting[0]
        if offer.stage is Stage.ANSWER:
            return offer.responder
        return offer.seat

    def step_name(self, state: State) -> Phase | Stage:
        """The phase, or the sub-step of the open offer, that decides what is allowed."""
        return state.offer.stage if state.offer is not None else state.phase

    # -- helpers on the table --------------------------------------------------------------
    def _has_bard(self, state: State, seat: int) -> bool:
        role = self._role
        return any(role[c] is Role.BARD for c in self.index(state).cards[seat])

    def _join_slot(self, state: State, seat: int, card: str) -> tuple[int, str | None]:
        """Where ``card`` would join ``seat``: a team index, -1 for a new team, or a reason."""
        return join_slot(state.seats[seat], card, self._spec, self._role)

    def _controls(self, state: State, seat: int, card: str) -> bool:
        owner = self.index(state).seat_of.get(card)
        if owner is None:
            return False
        directed = state.zones[card].directed_by
        return directed == seat if directed is not None else owner == seat

    def _locked(self, state: State) -> tuple[str, ...]:
        """The responder's structure: it may answer but not give while an offer is open."""
        offer = state.offer
        if offer is None or offer.responder is None:
            return ()
        return self.index(state).structure_of[offer.target].members

    def _givers(self, state: State, seat: int, resource: Resource, to: str) -> list[str]:
        """The cards a gift of ``resource`` from ``seat`` comes from, in order (ORB-4)."""
        zones = state.zones
        locked = self._locked(state)
        i = resource.index
        spec = self._spec
        out = []
        for card in self.index(state).cards[seat]:
            if card == to or card in locked or resource not in GIVES[spec[card]]:
                continue
            z = zones[card]
            if z.current[i] or z.gifts[i] or z.reserve[i]:
                out.append(card)
        return out

    def _giftable(self, state: State, seat: int, resource: Resource, to: str) -> int:
        """How much of ``resource`` ``seat`` can give to ``to``."""
        zones = state.zones
        return sum(zones[c].holds(resource) for c in self._givers(state, seat, resource, to))

    def _offer_units(self, state: State, offerer: str) -> int:
        """Units the offerer's structure can place (its trump resource; Warriors add Advice)."""
        spec = self._spec[offerer]
        i = spec.resource.index
        total = 0
        for m in self.index(state).structure_of[offerer].members:
            if self._spec[m] is spec:
                z = state.zones[m]
                total += z.current[i] + z.gifts[i] + z.reserve[i]
                if spec is Spec.WARRIORS:
                    total += z.holds(Resource.ADVICE)
        return total

    def _name_for(self, st: Structure, spec: Spec, state: State) -> str:
        """The card an offer to ``st`` by trump over ``spec`` is placed on."""
        if st.size == 16:
            corp = state.seats[st.seat].corporations[st.corporation]
            for team in corp.enterprises:
                if self._spec[team.leader] is spec:
                    return team.leader
        return st.name

    def _holds(self, state: State, members: Sequence[str], resource: Resource) -> int:
        zones = state.zones
        return sum(zones[m].holds(resource) for m in members)

    def _food(self, state: State, seat: int) -> int:
        return seat_food(state.seats[seat], state.zones)

    def _need(self, state: State, seat: int) -> int:
        return seat_need(state.seats[seat])

    def _corporation_specs(self, state: State, seat: int) -> list[int]:
        """Team indices of the first enterprise of each specialisation (free of corporations)."""
        return list(corporation_teams(state.seats[seat], self._spec).values())

    # -- legality -------------------------------------------------------------------------
    def check(self, state: State, action: object) -> Violation | None:
        """Why ``action`` is illegal in ``state`` (a rule ID and a reason), or ``None``."""
        if state.over:
            return Violation("ORB-22", "game_over", {})
        kind = type(action)
        tag = _KINDS.get(kind)
        if tag is None:
            return Violation(
                "CORE-1", "foreign_action", {"action": repr(action)[:80], "game": self.name}
            )
        step = self.step_name(state)
        if kind not in _ALLOWED[step]:
            return Violation("ORB-6", "wrong_phase", {"action": tag, "step": step.value})
        seat = self.to_move(state)
        assert seat is not None
        return legality.CHECKS[kind](self, state, seat, action)

    def legal_actions(self, state: State) -> tuple[Action, ...]:
        """Every legal action, in a stable order; empty exactly when the game is over."""
        if state.over:
            return ()
        return legality.legal_actions(self, state)

    # -- transitions ------------------------------------------------------------------------
    def _advance(self, state: State, action: Action, events: list[Event] | None) -> State:
        return phases.advance(self, state, action, events)

    # -- scoring (ORB-23) -------------------------------------------------------------------
    def score(self, state: State) -> Standings:
        """Corporations, then enterprises, then characters, then Food (ORB-23)."""
        return scoring.score(self, state)

    # -- views (ORB-24) ---------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> State:
        """The table is open; only the deck order is hidden (the deck is shown sorted)."""
        order = self._order
        deck = tuple(sorted(state.deck, key=lambda c: order.get(c, len(order))))
        if deck == state.deck:
            return state
        return attrs.evolve(state, deck=deck)

    def heuristic(self, state: State, seat: int) -> float:
        """``GreedyAgent``'s rating of ``state`` for ``seat`` (higher is better).

        The seat's points (ORB-23) minus the best other seat's, plus half a point per unit of
        Food the seat holds beyond what its structures eat this round, within ±20 (so a
        greedy player gathers Food before consumption, never at the cost of a character).
        """
        points = scoring.score(self, state).points
        others = max((p for s, p in enumerate(points) if s != seat), default=0)
        margin = self._food(state, seat) - self._need(state, seat)
        return float(points[seat] - others) + 0.5 * max(-40, min(margin, 40))

    def tally(self, state: State, events: tuple[Event, ...]) -> dict[str, int]:
        """Content statistics for balance reports: structures formed and lost, hires, fights."""
        out: dict[str, int] = {}
        for event in events:
            tag = type(event).tag
            if tag in {
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
            }:
                out[tag] = out.get(tag, 0) + 1
        return out

    def determinize(self, view: State, seat: int | None, rng: Rng) -> State:
        """A full state consistent with ``view``, for agents that look ahead (ORB-24).

        Only the deck order is hidden, so the deck is shuffled with ``rng``;
        ``game.view(result, seat) == view`` for any view.

        >>> game = Game()
        >>> view = game.view(game.new(seed=3, players=3), 1)
        >>> game.view(game.determinize(view, 1, Rng(5)), 1) == view
        True
        """
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

    # -- invariants and positions -------------------------------------------------------------
    def validate(self, state: State) -> None:
        """Raise ``BadInput`` unless ``state`` keeps the Orbita invariants (see ``position``)."""
        validate_state(self, state)

    def position(
        self,
        seats: Sequence[Sequence[Sequence[str]]],
        *,
        corporations: Sequence[Sequence[tuple[Spec | str, Sequence[Sequence[str]]]]] = (),
        enterprises: Sequence[str] = (),
        market: Sequence[str] = (),
        zones: Mapping[str, Zones | Mapping[str, Mapping[Resource | str, int]]] | None = None,
        phase: Phase | str = Phase.TRADE,
        round: int = 1,
        turn: int = 0,
        deck: Sequence[str] | None = None,
    ) -> State:
        """A state built from a readable description, for edge-case scripts.

        Args:
            seats: per seat, its teams; a team is a list of card ids with its Leader.
            corporations: per seat, its corporations as ``(suit, [four teams])``.
            enterprises: the Leaders whose teams (in ``seats``) have formed an enterprise.
            market: the labour market.
            zones: tokens per card, a :class:`Zones` or ``{"current": {"food": 2}, ...}``.
            phase: the phase to stand in (attraction, trade, hiring, development,
                consumption).
            round: the round number.
            turn: the seat on turn.
            deck: the deck, top first; by default every card not placed, in canonical order.

        Raises:
            BadInput: if the description breaks an invariant.

        >>> game = Game()
        >>> s = game.position([[["warriors-leader-1"]], [["hosts-leader-1", "hosts-bard-1"]]],
        ...                   zones={"warriors-leader-1": {"current": {"territory": 1}}},
        ...                   phase="hiring")
        >>> game.legal_actions(s)[0]
        MakeOffer(offerer='warriors-leader-1', target='hosts-leader-1')
        """
        return build_position(
            self, seats, corporations, enterprises, market, zones, phase, round, turn, deck
        )

    # -- labels, the action encoding and observations (for agents and front-ends) ------------
    def describe_action(self, action: Action, lang: str = "en") -> str:
        """A short label for an action, for buttons and logs (``"en"`` or ``"ru"``).

        >>> Game().describe_action(Gift(Resource.FOOD, "hosts-sage-1", Amount.ALL), "ru")
        'Подарить весь ресурс «Еда» персонажу «Умник Хозяев 1»'
        """
        from boardrules.games.orbita.labels import describe_action

        return describe_action(action, lang)

    def describe_event(self, event: Event, lang: str = "en") -> str:
        """A short label for an event, for logs and animations (``"en"`` or ``"ru"``).

        >>> from boardrules.games.orbita.events import CharacterDrawn
        >>> Game().describe_event(CharacterDrawn(1, "priests-bard-2", joined=False))
        "Seat 1 draws Priests' Bard 2, who goes to the labour market"
        """
        from boardrules.games.orbita.labels import describe_event

        return describe_event(event, lang)

    # -- seeing positions and writing moves (render.py, notation.py) ---------------------
    def render_text(self, state: State, seat: int | None = None, lang: str = "en") -> str:
        """The position as ``seat`` sees it, as a text table (see ``orbita.render``)."""
        return render.render_text(self, state, seat, lang)

    def render_svg(self, state: State, seat: int | None = None, lang: str = "en") -> str:
        """The position as ``seat`` sees it, as an SVG document (see ``orbita.render``)."""
        return render.render_svg(self, state, seat, lang)

    def show(self, state: State, seat: int | None = None, lang: str = "en") -> Position[State]:
        """The position, to print or to show in Jupyter (:class:`boardrules.display.Position`)."""
        return Position(self, state, seat, lang)

    def format_action(self, action: Action) -> str:
        """The notation of ``action``: ``take hob1``, ``gift all food hos2``, ``pass``."""
        return notation.format_action(action)

    def parse_action(self, text: str, state: State | None = None) -> Action:
        """The action that ``text`` writes in the notation (``BadInput`` if none)."""
        legal = None if state is None else self.legal_actions(state)
        return notation.parse_action(self._order, text, legal)

    def vocabulary(self) -> tuple[Action, ...]:
        """Every action of this deck, in a fixed order (659 with the default two copies).

        The order of the ``Action`` union, cards always in the canonical order of
        :attr:`cards`: ``DrawCharacter``; ``TakeFromMarket`` per card; ``Gift`` per resource
        (Territory, Food, Way, Advice), then receiver, then amount (one, all); ``Boost`` per
        card, then amount (one, all); ``MakeOffer`` per offerer, then each target of the next
        specialisation; ``AnswerOffer`` decline, seize, accept; ``Reinforce`` one, all;
        ``Shield`` per Hero; ``FormCorporation`` per suit (Warriors, Hosts, Heroes, Priests);
        ``AllocateFood`` per card; ``Pass``.

        Amounts are :class:`Amount` choices, never numbers (ORB-21), so every legal action
        of every state is in the vocabulary.

        >>> game = Game(copies=1)
        >>> len(game.vocabulary()), game.vocabulary()[:2]
        (271, (DrawCharacter(), TakeFromMarket(card='warriors-leader-1')))
        """
        cached = self._vocabulary[0]
        if cached is None:
            from boardrules.games.orbita.hooks import vocabulary

            cached = self._vocabulary[0] = vocabulary(self)
        return cached

    def observation_size(self) -> int:
        """The length of :meth:`observe`'s vector: 34 + 10 per seat (four) + 24 per card.

        842 with the default two copies of each character (32 cards).
        """
        from boardrules.games.orbita.hooks import observation_size

        return observation_size(self)

    def observe(self, view: State, seat: int) -> tuple[int, ...]:
        """A fixed-size vector of integers in -1..127 of what ``seat`` sees, for learning code.

        The table (round, rounds left, seats, phase, whose move, attraction flags, deck and
        market sizes, the open offer), then a block per seat in turn order from ``seat``
        (padded with -1 up to four seats: steps, done, Food, Food needed, structures), then
        a block per card in canonical order (where it is: -1 deck, 0 market, 1.. a seat
        counted from ``seat``; its structure, team Leader, corporation, allocation and every
        token zone). Seats are always counted from the observer, so the vector reads the
        same from every chair. The deck is read only as a set, so a state, the seat's view
        and any determinization of it give the same vector;
        ``boardrules.games.orbita.hooks.layout(game)`` names every position.

        >>> game = Game()
        >>> vector = game.observe(game.new(seed=1, players=3), 0)
        >>> len(vector) == game.observation_size(), -1 <= min(vector) <= max(vector) <= 127
        (True, True)
        """
        from boardrules.games.orbita.hooks import observe

        return observe(self, view, seat)

    # -- a sharper vocabulary for property tests --------------------------------------------
    def action_strategy(self) -> Any:
        """A Hypothesis strategy of actions over this deck's cards (legal or not)."""
        from hypothesis import strategies as st

        cards = st.sampled_from((*self._cards, "nobody-leader-1"))
        return st.one_of(
            st.just(_DRAW),
            st.just(_PASS),
            st.builds(TakeFromMarket, cards),
            st.builds(Gift, st.sampled_from(RESOURCE_ORDER), cards, st.sampled_from(Amount)),
            st.builds(Boost, cards, st.sampled_from(Amount)),
            st.builds(MakeOffer, cards, cards),
            st.sampled_from(_ANSWERS),
            st.builds(Reinforce, st.sampled_from(Amount)),
            st.builds(Shield, cards),
            st.builds(FormCorporation, st.sampled_from(SPEC_ORDER)),
            st.builds(AllocateFood, cards),
        )
