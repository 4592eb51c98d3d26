"""«Орбита Добра»: the ``Game`` facade: its options, CORE-4, and the display and agent hooks.

Setup, turns, legal actions, checks, effects, the end, the score and the view are composed by
the core from the units in :mod:`~boardrules.games.orbita.rules`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import attrs

from boardrules.core.game import GameBase, kept
from boardrules.core.rng import Rng
from boardrules.core.rules import Rulebook
from boardrules.core.violation import Violation
from boardrules.display import Position
from boardrules.games.orbita import flow, hooks, labels, notation, render, strategy
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
from boardrules.games.orbita.catalogue import Catalogue
from boardrules.games.orbita.catalogue import catalogue as build_catalogue
from boardrules.games.orbita.content import RESOURCE_ORDER, SPEC_ORDER, Resource, Role, Spec
from boardrules.games.orbita.context import Context
from boardrules.games.orbita.events import Event
from boardrules.games.orbita.flow import AUTOMATIC, Draft, Setup
from boardrules.games.orbita.position import build_position, validate_state
from boardrules.games.orbita.rules import RULES
from boardrules.games.orbita.state import Answer, Phase, State, Zones
from boardrules.games.orbita.variants import (
    SHIELD_GIVEN_ONLY,
    advice_alone,
    shield_given_only_0_2,
    v0_1_0,
)

__all__ = ["Game", "Setup"]

del _messages


def _between(low: int, high: int) -> Any:
    return [attrs.validators.instance_of(int), attrs.validators.in_(range(low, high + 1))]


_ANSWERS = tuple(AnswerOffer(a) for a in Answer)


def _unknown(card: str) -> Violation:
    return Violation("CORE-4", "unknown_character", {"card": card[:64]})


def _absent(state: State, card: str) -> Violation | None:
    """CORE-4 unless ``card`` is at the table: seated (it has tokens) or on the market."""
    if card in state.zones:
        return None
    return _unknown(card)


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
        all_at_once: a gift, boost or reinforcement moves one unit or everything at hand
            (``Amount.ALL``); ``False``: one unit only (ORB-21).
        hosts_seated: with fewer than four seats, a Hosts Leader is always among the dealt
            starting Leaders (ORB-5): only Hosts produce Food every round, and a table
            without them never forms an enterprise. ``False`` (the default) deals the
            Leaders at random. A setup that names its ``leaders`` is played as named.

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
    min_players: ClassVar[int] = flow.MIN_PLAYERS
    max_players: ClassVar[int] = flow.MAX_PLAYERS
    hidden_information: ClassVar[bool] = True
    default_rules: ClassVar[Rulebook] = RULES
    #: Revision 2 read the rulebook anew (ORB-11/14/21, ORB-12, ORB-15, ORB-17); revision 3
    #: reads ORB-11's Advice as adding to Territory only. Records of revision 1 (0.1.0's,
    #: which name no revision) replay by the variant ``orbita-0.1.0``, of revision 2 by
    #: ``orbita-advice-alone``; ``orbita-shield-given-only`` was built on 0.1.0's rules
    #: before revision 3, and its records of then replay that way.
    rules_revision: ClassVar[int] = 3
    earlier_rules: ClassVar[Mapping[int, Callable[[Any], Any]]] = {
        1: v0_1_0,
        2: advice_alone,
    }
    earlier_variants: ClassVar[Mapping[str, Mapping[int, Callable[[Any], Any]]]] = {
        SHIELD_GIVEN_ONLY: {1: shield_given_only_0_2, 2: shield_given_only_0_2},
    }

    copies: int = attrs.field(default=2, validator=_between(1, 4))
    rounds: int = attrs.field(default=24, validator=_between(1, 50))
    steps: int = attrs.field(default=4, validator=_between(0, 20))
    reinforcements: int = attrs.field(default=2, validator=_between(0, 10))
    starting_food: int = attrs.field(default=2, validator=_between(0, 100))
    goal_rounds: int = attrs.field(default=2, validator=_between(0, 50))
    all_at_once: bool = attrs.field(default=True, validator=attrs.validators.instance_of(bool))
    hosts_seated: bool = attrs.field(
        default=False, validator=attrs.validators.instance_of(bool)
    )

    _context: Context = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        context = Context.build(
            self.copies,
            self.rounds,
            self.steps,
            self.reinforcements,
            self.starting_food,
            self.goal_rounds,
            self.all_at_once,
        )
        object.__setattr__(self, "_context", context)

    # -- wiring: everything else is composed from the rule units ------------------------
    @kept
    def rule_context(self) -> Context:
        """The deck's lookup tables, the options and the rulebook's facts: what every rule
        gets.
        Made once per game object (:class:`~boardrules.core.game.kept`)."""
        return self._make_rule_context()

    def _make_rule_context(self) -> Context:
        book = self.rulebook
        # The effects of each automatic step of the round, in rulebook order (ORB-6 runs
        # them), composed once per game like the engine's own tables.
        automatic = {
            kind: tuple(rule.effects[kind] for rule in book if kind in rule.effects)
            for kind in AUTOMATIC
        }
        return attrs.evolve(
            self._context,
            hosts_seated=self.hosts_seated,
            facts=book.facts(State),
            rules=book,
            automatic=automatic,
        )

    def malformed(self, state: State, action: object) -> Violation | None:
        """CORE-4: an action naming a character that is not at the table (seated or on the
        labour market); a take names one on the market."""
        if isinstance(action, Gift):
            return _absent(state, action.to)
        if isinstance(action, Boost):
            return _absent(state, action.card)
        if isinstance(action, MakeOffer):
            return _absent(state, action.offerer) or _absent(state, action.target)
        if isinstance(action, TakeFromMarket):
            card = action.card
            if card in state.market:
                return None
            if card not in self._context.spec:
                return _unknown(card)
            return Violation("CORE-4", "not_on_market", {"card": card})
        if isinstance(action, Shield):
            return _absent(state, action.hero)
        if isinstance(action, AllocateFood):
            return _absent(state, action.card)
        return None

    @property
    def cards(self) -> tuple[str, ...]:
        """Every character card of the deck, in canonical order."""
        return self._context.cards

    def spec_of(self, card: str) -> Spec:
        """The specialisation of a card of this deck."""
        return self._context.spec[card]

    def role_of(self, card: str) -> Role:
        """The role of a card of this deck."""
        return self._context.role[card]

    def max_moves(self) -> int:
        """A bound on actions per game (see ``flow.max_moves``)."""
        return flow.max_moves(self._context, self.max_players)

    def draft(self, state: State, events: list[Event] | None) -> Draft:
        """The effects change a working copy that knows the events list (ORB-6's effect after
        every action runs the automatic steps, which emit too), frozen once at the end."""
        ctx = self.rule_context
        return Draft(state, events, ctx.facts.mover(ctx, state))

    def freeze(self, work: Draft) -> State:
        """The next state from the working copy."""
        return work.freeze()

    # -- hidden information (ORB-24) ----------------------------------------------------------
    def determinize(self, view: State, seat: int | None, rng: Rng) -> State:
        """A full state consistent with ``view``, for agents that look ahead (ORB-24).

        Only the deck order is hidden, so the deck is shuffled with ``rng``;
        ``game.view(result, seat) == view`` for any view.

        >>> game = Game()
        >>> view = game.view(game.new(seed=3, players=3), 1)
        >>> game.view(game.determinize(view, 1, Rng(5)), 1) == view
        True
        """
        return hooks.determinize(view, rng)

    # -- hooks for agents, balance reports and front-ends -------------------------------------
    def heuristic(self, state: State, seat: int) -> float:
        """``GreedyAgent``'s rating of ``state`` for ``seat`` (see ``hooks.heuristic``)."""
        return hooks.heuristic(self.rule_context, state, seat)

    def tally(self, state: State, events: tuple[Event, ...]) -> dict[str, int]:
        """Content statistics for balance reports: structures formed and lost, hires, fights."""
        return hooks.tally(events)

    # -- invariants and positions -------------------------------------------------------------
    def validate(self, state: State) -> None:
        """Raise ``BadInput`` unless ``state`` keeps the Orbita invariants (see ``position``)."""
        validate_state(self.rule_context, state)

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
            self.rule_context, seats, corporations, enterprises, market, zones, phase, round, turn,
            deck
        )

    # -- labels, the action encoding and observations (for agents and front-ends) ------------
    def describe_action(self, action: Action, lang: str = "en") -> str:
        """A short label for an action, for buttons and logs (``"en"`` or ``"ru"``).

        >>> Game().describe_action(Gift(Resource.FOOD, "hosts-sage-1", Amount.ALL), "ru")
        'Подарить все единицы Еды персонажу «Умник Хозяев 1»'
        """
        return labels.describe_action(self.rule_context, action, lang)

    def describe_event(self, event: Event, lang: str = "en") -> str:
        """A short label for an event, for logs and animations (``"en"`` or ``"ru"``).

        >>> from boardrules.games.orbita.events import CharacterDrawn
        >>> Game().describe_event(CharacterDrawn(1, "priests-bard-2", joined=False))
        "Seat 1 draws Priests' Bard 2, who goes to the labour market"
        """
        return labels.describe_event(self.rule_context, event, lang)

    # -- seeing positions and writing moves (render.py, notation.py) ---------------------
    #: What each part of the points counts (``Standing.breakdown``), in English and Russian.
    breakdown_labels: ClassVar[Mapping[str, tuple[str, str]]] = {
        "corporations": ("corporations (1 000 000 each)", "корпорации (по 1 000 000)"),
        "enterprises": (
            "enterprises outside corporations (10 000 each)",
            "предприятия вне корпораций (по 10 000)",
        ),
        "characters": ("characters in teams (100 each)", "персонажи в командах (по 100)"),
        "food": ("Food held (1 each, at most 99)", "Еда в запасе (по 1, не больше 99)"),
    }

    def asked(self, state: State, lang: str = "en") -> str:
        """What the seat to move is asked, or how the game ended, in one sentence."""
        return render.asked(self, state, lang)

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
        return notation.parse_action(self.cards, text, legal)

    def catalogue(self) -> Catalogue:
        """Every content item of this game with its data, by the ids the views use
        (``boardrules.catalogue``; ``GET /api/games/orbita/content`` on the server)."""
        return build_catalogue(self.cards)

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
        return self._context.vocabulary

    def observation_size(self) -> int:
        """The length of :meth:`observe`'s vector: 34 + 10 per seat (four) + 24 per card.

        842 with the default two copies of each character (32 cards).
        """
        return hooks.observation_size(self._context)

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
        return hooks.observe(self.rule_context, view, seat)

    # -- a sharper vocabulary for property tests --------------------------------------------
    def action_strategy(self) -> Any:
        """A Hypothesis strategy of actions over this deck's cards (legal or not)."""
        from hypothesis import strategies as st

        cards = st.sampled_from((*self._context.cards, "nobody-leader-1"))
        return st.one_of(
            st.just(DrawCharacter()),
            st.just(Pass()),
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

    # -- the goal-seeking policy (strategy.py), for GoalAgent and MCTS roll-outs -----------
    def policy(self, state: State, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
        """The goal-seeking policy's action for ``seat`` among ``legal`` (``strategy.policy``).

        It builds enterprises, feeds them with the boost chain and forms a corporation;
        it reads only the open table, so a view and any state behind it get the same choice.

        >>> game = Game()
        >>> state = game.new(seed=7, players=4)
        >>> game.policy(state, 0, game.legal_actions(state), Rng(1))
        DrawCharacter()
        """
        return strategy.policy(self.rule_context, state, seat, legal, rng)

    def evaluate(self, state: State) -> tuple[float, ...]:
        """Each seat's estimated chance of winning (``strategy.evaluate``); sums to 1."""
        return strategy.evaluate(self.rule_context, state)
