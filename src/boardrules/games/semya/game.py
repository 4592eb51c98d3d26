"""The 7Я ``Game``: a thin facade that wires content, flow, rules, scoring, views and hooks."""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any, ClassVar

import attrs

from boardrules.core.errors import IllegalAction
from boardrules.core.game import GameBase
from boardrules.core.rules import Check, Effect, Rulebook
from boardrules.core.standings import Standings
from boardrules.display import Position
from boardrules.games.semya import (
    flow,
    hooks,
    labels,
    notation,
    position,
    render,
    rules,
    scoring,
    views,
)
from boardrules.games.semya import messages as _messages  # registers the sentences
from boardrules.games.semya.actions import Action, PlayCard, PlayLord
from boardrules.games.semya.content import Card, Symbol
from boardrules.games.semya.events import Event
from boardrules.games.semya.flow import Setup, Tables
from boardrules.games.semya.state import Play, State, Trump

__all__ = ["Game"]

del _messages

#: For each kind of action, the checks and effects of the game's own rule units.
OWN_UNITS: dict[type, tuple[tuple[Check, ...], tuple[Effect, ...]]] = {
    kind: (rules.RULES.checks_for(kind), rules.RULES.effects_for(kind))
    for kind in flow.ACTION_CLASSES
}


@attrs.frozen
class Game(GameBase[State, Action, Event, Setup]):
    """The two-seat card game 7Я «Со-ратники» (rules SEM-1..SEM-11).

    Attributes:
        deck: the 21 feeling cards each seat holds (the only option); by default our
            reconstruction (``default_deck()``). A custom deck is checked against SEM-3.

    >>> game = Game()
    >>> state = game.new(seed=7)
    >>> game.to_move(state), len(game.legal_actions(state))
    (0, 21)
    """

    name: ClassVar[str] = "semya"
    state_type: ClassVar[type] = State
    action_type: ClassVar[Any] = Action
    event_type: ClassVar[Any] = Event
    setup_type: ClassVar[type] = Setup
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    hidden_information: ClassVar[bool] = False
    #: The rules as units (:mod:`boardrules.games.semya.rules`), in rulebook order.
    default_rules: ClassVar[Rulebook] = rules.RULES

    deck: tuple[Card, ...] = attrs.field(default=None, converter=flow.to_deck)

    # Lookups derived from the deck; not an option, not compared.
    tables: Tables = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "tables", Tables.build(self.deck))

    # -- wiring -------------------------------------------------------------------------
    @property
    def rule_context(self) -> Tables:
        """The deck's lookup tables: what every 7Я rule gets as its context."""
        return self.tables

    def card(self, card_id: str) -> Card:
        """The card with this id.

        Raises:
            KeyError: if the deck has no such card.
        """
        return self.tables.cards[card_id]

    def max_moves(self) -> int:
        """Every card of both decks, trumps included, can be played at most once."""
        return flow.max_moves()

    def _new(self, seed: int, setup: Setup) -> State:
        return flow.new(self.tables, seed, setup)

    def to_move(self, state: State) -> int | None:
        """The seat to play, or ``None`` after SEM-9 ended the game."""
        return flow.to_move(state)

    def is_over(self, state: State) -> bool:
        """Whether SEM-9 has ended the game."""
        return flow.is_over(state)

    def accepts(self, state: State) -> Collection[type]:
        """Every step takes every kind of 7Я action; the rules say which one is legal."""
        return flow.accepts(state)

    def demand(self, state: State) -> Symbol | None:
        """The symbol the next card must start on, or ``None`` when any card will do.

        >>> game = Game()
        >>> state = game.apply(game.new(seed=1, first=0), PlayCard("sun-saturn"))
        >>> game.demand(state)
        Symbol.SATURN
        """
        need = flow.demand(self.tables, state)
        return need if isinstance(need, Symbol) else None

    @functools.cached_property
    def legal_actions(self) -> Callable[[State], tuple[Action, ...]]:
        """Every legal action: cards in deck order, then the Lord per symbol, then the Fool.

        Bound once per game object: the hand-tuned list of
        :func:`~boardrules.games.semya.flow.legal_actions` for the game's own rules (no test
        per call), or :meth:`legal_by_rules` for a variant.
        """
        if self.variant is None:
            return functools.partial(flow.legal_actions, self.tables)
        return self.legal_by_rules

    def legal_by_rules(self, state: State) -> tuple[Action, ...]:
        """The actions of :meth:`vocabulary` that every rule unit accepts, in that order."""
        return tuple(a for a in hooks.vocabulary(self.tables) if self.check(state, a) is None)

    @functools.cached_property
    def apply(self) -> Callable[[State, Action], State]:
        """The state after an action; checks legality first.

        Bound once per game object: :meth:`apply_own_rules` for the game's own rules,
        the core's checked ``apply`` for a variant (every action through the rule units).

        Raises:
            IllegalAction: with the rule and reason; ``state`` is untouched.
        """
        if self.variant is None:
            return self.apply_own_rules
        return super().apply

    def apply_own_rules(self, state: State, action: Action) -> State:
        """``apply`` under the game's own rules, with a hand-tuned path for the common case.

        A legal feeling card is recognised by a short test (SEM-1, SEM-3, SEM-6) and played
        by SEM-6's effect and SEM-9's test; any other action meets the checks and effects of
        the rule units that govern its kind, in rulebook order, as in :meth:`check` and
        :meth:`step`, without the generic dispatch.

        Raises:
            IllegalAction: with the rule and reason; ``state`` is untouched.
        """
        if type(action) is PlayCard and state.loser is None:
            tables = self.tables
            table = state.table
            card = action.card
            seat = (state.first + len(table)) & 1
            if card in state.hands[seat]:  # SEM-1 and SEM-3
                if table:  # SEM-6: what the last play demands, inlined
                    last = table[-1].action
                    need: flow.Demand = flow.ANY
                    if type(last) is PlayCard:
                        need = tables.answer_to[last.card]
                    elif type(last) is PlayLord:
                        need = last.named
                if not table or need is flow.ANY or tables.start[card] is need:
                    # SEM-6's effect, then SEM-9's test and effect, minus the dispatch.
                    after = rules.play_card(tables, state, action, None)
                    trump = after.trumps[seat ^ 1]
                    if trump is Trump.HELD or not rules.out_of_answers(
                        after.hands[seat ^ 1], trump, tables.answers[card]
                    ):
                        return after
                    return rules.end_without_answer(tables, after, action, None)
        units = OWN_UNITS.get(type(action))
        if units is None or state.loser is not None:
            return GameBase.apply(self, state, action)  # the core refuses: CORE-1, CORE-2
        # Every step takes every kind of action (no CORE-3): the units' checks and effects
        # for this kind, in rulebook order, what ``check`` and ``step`` run, minus the dispatch.
        checks, effects = units
        tables = self.tables
        for rule_check in checks:
            violation = rule_check(tables, state, action)
            if violation is not None:
                raise IllegalAction(violation)
        for effect in effects:
            state = effect(tables, state, action, None)
        return state

    # -- scoring, views, invariants -----------------------------------------------------
    def score(self, state: State) -> Standings:
        """Points: cards left in hand plus the trump (−1 as the Fool, 0 otherwise).

        The winner is whoever did not lose under SEM-9, whatever the points; before the end
        the standings are provisional and ranked by points.
        """
        return scoring.score(self.tables, state)

    def view(self, state: State, seat: int | None) -> State:
        """Everything in 7Я is public (SEM-11): the view is the state itself."""
        return views.view(state, seat)

    def view_events(self, events: tuple[Event, ...], seat: int | None) -> tuple[Event, ...]:
        """Every event is public (SEM-11)."""
        return views.view_events(events, seat)

    def validate(self, state: State) -> None:
        """Raise ``BadInput`` unless ``state`` keeps the 7Я invariants.

        Each card is in exactly one place (its seat's hand or the table), a trump goes out
        at most once and its status matches the table, the table alternates seats from
        ``first``, hands are in deck order, and ``loser`` is set exactly when SEM-9 says.
        """
        position.validate_state(self.tables, state)

    def position(
        self,
        hands: Sequence[Iterable[str]],
        table: Sequence[Action | Play] = (),
        trumps: Sequence[Trump | str] | None = None,
        to_move: int = 0,
    ) -> State:
        """A state built from a readable description, for edge-case scripts.

        Args:
            hands: the card ids each seat still holds (any order).
            table: the most recent plays, oldest first: actions (their seats follow from
                ``to_move`` by alternation) or :class:`Play` entries.
            trumps: where each trump is (``"held"``, ``"lord"``, ``"fool"``); by default
                held unless ``table`` shows it played.
            to_move: the seat whose move it is.

        Every other card is taken as played earlier, in deck order, alternating seats (a
        spent trump that ``table`` does not show goes among them, as the Fool or as a Lord
        naming the Sun). The result is validated like a loaded state.

        Raises:
            BadInput: if no alternating game leads to this description.

        >>> game = Game()
        >>> s = game.position(hands=[["mars-sun"], ["sun-venus"]],
        ...                   table=[PlayCard("jupiter-mars")], to_move=0)
        >>> game.legal_actions(s)
        (PlayCard(card='mars-sun'),)
        """
        return position.build_position(self.tables, hands, table, trumps, to_move)

    # -- for agents and front-ends ------------------------------------------------------
    def heuristic(self, state: State, seat: int) -> float:
        """``GreedyAgent``'s rating of ``state`` for ``seat`` (see :func:`hooks.heuristic`)."""
        return hooks.heuristic(state, seat)

    def vocabulary(self) -> tuple[Action, ...]:
        """Every action of this game in any state: each card, the Lord per symbol, the Fool."""
        return hooks.vocabulary(self.tables)

    def observation_size(self) -> int:
        """The length of :meth:`observe`'s vector."""
        return hooks.observation_size()

    def observe(self, view: State, seat: int) -> tuple[int, ...]:
        """A fixed-size 0/1 vector of what ``seat`` sees (see :func:`hooks.observe`)."""
        return hooks.observe(self.tables, view, seat)

    def tally(self, state: State, events: tuple[Event, ...]) -> dict[str, int]:
        """Content statistics for balance reports: which play ended the game."""
        return hooks.tally(state, events)

    # -- seeing positions and writing moves (render.py, notation.py) ---------------------
    def render_text(self, state: State, seat: int | None = None, lang: str = "en") -> str:
        """The position as ``seat`` sees it, as a text table (see ``semya.render``)."""
        return render.render_text(self, state, seat, lang)

    def render_svg(self, state: State, seat: int | None = None, lang: str = "en") -> str:
        """The position as ``seat`` sees it, as an SVG document (see ``semya.render``)."""
        return render.render_svg(self, state, seat, lang)

    def show(self, state: State, seat: int | None = None, lang: str = "en") -> Position[State]:
        """The position, to print or to show in Jupyter (:class:`boardrules.display.Position`)."""
        return Position(self, state, seat, lang)

    def format_action(self, action: Action) -> str:
        """The notation of ``action``: ``sun-saturn``, ``lord mars``, ``fool``."""
        return notation.format_action(self, action)

    def parse_action(self, text: str, state: State | None = None) -> Action:
        """The action that ``text`` writes in the notation (``BadInput`` if none)."""
        return notation.parse_action(self, text, state)

    def describe_event(self, event: Event, lang: str = "en") -> str:
        """A short label for an event, for logs and animations."""
        return labels.describe_event(self.tables, event, lang)

    def describe_action(self, action: Action, lang: str = "en") -> str:
        """A short label for an action, for buttons and logs."""
        return labels.describe_action(self.tables, action, lang)
