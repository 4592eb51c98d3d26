"""The Kuhn poker ``Game``: its options, and the parts the rule units do not state.

Setup, turns, legal actions, checks, effects, the end, the score and the views are composed
by the core from the units in :mod:`~boardrules.games.kuhn.rules`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import attrs

from boardrules.core.game import GameBase, kept
from boardrules.core.rng import Rng
from boardrules.core.rules import Rulebook
from boardrules.display import Position
from boardrules.games.kuhn import hooks, labels, notation, position, render, rules
from boardrules.games.kuhn import messages as _messages  # registers the sentences
from boardrules.games.kuhn.actions import Action
from boardrules.games.kuhn.catalogue import Catalogue
from boardrules.games.kuhn.catalogue import catalogue as build_catalogue
from boardrules.games.kuhn.content import Card, Stakes
from boardrules.games.kuhn.events import Event
from boardrules.games.kuhn.rules import Setup
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

    def __attrs_post_init__(self) -> None:
        Stakes(self.ante, self.bet)  # checks the options when the game is made

    # -- wiring: everything else is composed from the rule units ------------------------
    @kept
    def rule_context(self) -> Stakes:
        """The stakes and the rulebook's facts: what every Kuhn poker rule gets."""
        return Stakes(self.ante, self.bet, facts=self.rulebook.facts(State))

    def max_moves(self) -> int:
        """A hand has at most three actions: check, bet, then a call or a fold."""
        return hooks.MAX_MOVES

    def validate(self, state: State) -> None:
        """Raise ``BadInput`` unless ``state`` is a hand (or a view of one) these rules allow."""
        position.validate_state(self, state)

    def position(self, cards: Sequence[Card | str | None], moves: Sequence[Action] = ()) -> State:
        """A validated state from the two cards and the actions so far.

        >>> from boardrules.games.kuhn import Bet
        >>> Game().position(["queen", "king"], [Bet()]).moves
        (Bet(),)
        """
        return position.build_position(self, cards, moves)

    # -- for agents and front-ends ------------------------------------------------------
    def determinize(self, view: State, seat: int | None, rng: Rng) -> State:
        """A full state with the same view for ``seat``, hidden cards drawn from ``rng``."""
        return hooks.determinize(view, seat, rng)

    def heuristic(self, state: State, seat: int) -> float:
        """``GreedyAgent``'s rating of ``state`` for ``seat``: chips won or paid in."""
        return hooks.heuristic(self, state, seat)

    def catalogue(self) -> Catalogue:
        """Every content item of this game with its data, by the ids the views use
        (``boardrules.catalogue``; ``GET /api/games/kuhn/content`` on the server)."""
        return build_catalogue()

    def vocabulary(self) -> tuple[Action, ...]:
        """Every action of the game: check, bet, fold, call."""
        return hooks.vocabulary()

    def observation_size(self) -> int:
        """The length of :meth:`observe`'s vector."""
        return hooks.observation_size()

    def observe(self, view: State, seat: int) -> tuple[int, ...]:
        """A fixed-size 0/1 vector of what ``seat`` sees."""
        return hooks.observe(self, view, seat)

    def tally(self, state: State, events: tuple[Event, ...]) -> dict[str, int]:
        """Content statistics for balance reports: showdown or fold."""
        return hooks.tally(self.rule_context, state, events)

    # -- seeing positions and writing moves (render.py, notation.py) ---------------------
    #: What each part of the points counts (``Standing.breakdown``), in English and Russian.
    breakdown_labels: ClassVar[Mapping[str, tuple[str, str]]] = {
        "paid": ("chips paid into the pot", "фишки, внесённые в банк"),
        "pot": ("pot won", "выигранный банк"),
    }

    def asked(self, state: State, lang: str = "en") -> str:
        """What the seat to move is asked, or how the game ended, in one sentence."""
        return render.asked(self, state, lang)

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
        return labels.describe_action(self.rule_context, action, lang)

    def describe_event(self, event: Event, lang: str = "en") -> str:
        """A short label for an event, for logs and animations."""
        return labels.describe_event(self.rule_context, event, lang)
