"""The Kuhn poker ``Game``: a thin facade that wires content, flow, rules, scoring, views."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, ClassVar

import attrs

from boardrules.core.game import GameBase
from boardrules.core.rng import Rng
from boardrules.core.rules import Rulebook
from boardrules.core.standings import Standings
from boardrules.display import Position
from boardrules.games.kuhn import (
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
from boardrules.games.kuhn import messages as _messages  # registers the sentences
from boardrules.games.kuhn.actions import Action
from boardrules.games.kuhn.content import Card, Stakes
from boardrules.games.kuhn.events import Event
from boardrules.games.kuhn.flow import Setup
from boardrules.games.kuhn.state import State

__all__ = ["Game"]

del _messages


@attrs.frozen
class Game(GameBase[State, Action, Event, Setup]):
    """Kuhn poker (H. W. Kuhn, 1950): three cards, two seats, one round of betting.

    Attributes:
        ante: the chips each seat puts in before the deal (KUHN-1).
        bet: the chips a bet or a call adds (KUHN-4, KUHN-5).

    >>> from boardrules.games.kuhn import Bet, Fold
    >>> game = Game()
    >>> state = game.new(seed=7, deal=(Card.KING, Card.JACK))
    >>> game.legal_actions(state)
    (Check(), Bet())
    >>> game.score(game.apply(game.apply(state, Bet()), Fold())).points
    (1, -1)
    """

    name: ClassVar[str] = "kuhn"
    state_type: ClassVar[type] = State
    action_type: ClassVar[Any] = Action
    event_type: ClassVar[Any] = Event
    setup_type: ClassVar[type] = Setup
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    hidden_information: ClassVar[bool] = True
    #: The rules as units (:mod:`boardrules.games.kuhn.rules`), in rulebook order.
    default_rules: ClassVar[Rulebook] = rules.RULES

    ante: int = 1
    bet: int = 1

    # The options as the rules' context; checked when the game is made.
    stakes: Stakes = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "stakes", Stakes(self.ante, self.bet))

    # -- wiring -------------------------------------------------------------------------
    @property
    def rule_context(self) -> Stakes:
        """The stakes: what every Kuhn poker rule gets as its context."""
        return self.stakes

    def max_moves(self) -> int:
        """A hand has at most three actions: check, bet, then a call or a fold."""
        return flow.MAX_MOVES

    def _new(self, seed: int, setup: Setup) -> State:
        return flow.new(seed, setup)

    def to_move(self, state: State) -> int | None:
        """Seat 0 acts first, then the seats alternate; ``None`` once the hand is over."""
        return flow.to_move(state)

    def is_over(self, state: State) -> bool:
        """Whether the hand has ended: two checks, a call or a fold."""
        return flow.is_over(state)

    def accepts(self, state: State) -> Collection[type]:
        """Check or bet; facing a bet, call or fold."""
        return flow.accepts(state)

    def legal_actions(self, state: State) -> tuple[Action, ...]:
        """The actions every rule accepts: check and bet, or fold and call; none at the end."""
        return tuple(a for a in hooks.vocabulary() if self.check(state, a) is None)

    def score(self, state: State) -> Standings:
        """Chips won or lost; provisional (what each seat paid in) before the end."""
        return scoring.score(self.stakes, state)

    def view(self, state: State, seat: int | None) -> State:
        """The state with the cards ``seat`` may not see hidden (KUHN-8)."""
        return views.view(state, seat)

    def view_events(self, events: tuple[Event, ...], seat: int | None) -> tuple[Event, ...]:
        """Events show no hidden card (KUHN-8)."""
        return views.view_events(events, seat)

    def validate(self, state: State) -> None:
        """Raise ``BadInput`` unless ``state`` is a hand (or a view of one) Kuhn poker allows."""
        position.validate_state(state)

    def position(self, cards: Sequence[Card | str | None], moves: Sequence[Action] = ()) -> State:
        """A validated state from the two cards and the actions so far.

        >>> from boardrules.games.kuhn import Bet
        >>> Game().position(["queen", "king"], [Bet()]).moves
        (Bet(),)
        """
        return position.build_position(cards, moves)

    # -- for agents and front-ends ------------------------------------------------------
    def determinize(self, view: State, seat: int | None, rng: Rng) -> State:
        """A full state with the same view for ``seat``, hidden cards drawn from ``rng``."""
        return hooks.determinize(view, seat, rng)

    def heuristic(self, state: State, seat: int) -> float:
        """``GreedyAgent``'s rating of ``state`` for ``seat``: chips won or paid in."""
        return hooks.heuristic(self.stakes, state, seat)

    def vocabulary(self) -> tuple[Action, ...]:
        """Every action of the game: check, bet, fold, call."""
        return hooks.vocabulary()

    def observation_size(self) -> int:
        """The length of :meth:`observe`'s vector."""
        return hooks.observation_size()

    def observe(self, view: State, seat: int) -> tuple[int, ...]:
        """A fixed-size 0/1 vector of what ``seat`` sees."""
        return hooks.observe(view, seat)

    def tally(self, state: State, events: tuple[Event, ...]) -> dict[str, int]:
        """Content statistics for balance reports: showdown or fold."""
        return hooks.tally(state, events)

    # -- seeing positions and writing moves (render.py, notation.py) ---------------------
    def render_text(self, state: State, seat: int | None = None, lang: str = "en") -> str:
        """The position as ``seat`` sees it, as text (see ``kuhn.render``)."""
        return render.render_text(self, state, seat, lang)

    def render_svg(self, state: State, seat: int | None = None, lang: str = "en") -> str:
        """The position as ``seat`` sees it, as an SVG document (see ``kuhn.render``)."""
        return render.render_svg(self, state, seat, lang)

    def show(self, state: State, seat: int | None = None, lang: str = "en") -> Position[State]:
        """The position, to print or to show in Jupyter (:class:`boardrules.display.Position`)."""
        return Position(self, state, seat, lang)

    def format_action(self, action: Action) -> str:
        """The notation of ``action``: ``check``, ``bet``, ``call``, ``fold``."""
        return notation.format_action(action)

    def parse_action(self, text: str, state: State | None = None) -> Action:
        """The action that ``text`` writes in the notation (``BadInput`` if none)."""
        legal = None if state is None else self.legal_actions(state)
        return notation.parse_action(text, legal)

    def describe_action(self, action: Action, lang: str = "en") -> str:
        """A short label for an action, for buttons and logs."""
        return labels.describe_action(self.stakes, action, lang)

    def describe_event(self, event: Event, lang: str = "en") -> str:
        """A short label for an event, for logs and animations."""
        return labels.describe_event(self.stakes, event, lang)
