"""The Kuhn poker ``Game``: its options, and what is not a rule (a state's invariants,
positions, notation, the hooks of agents and reports); the rest comes from the rule units."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import attrs

from boardrules.core.errors import BadInput
from boardrules.core.game import GameBase, kept
from boardrules.core.rng import Rng
from boardrules.core.rules import Rulebook
from boardrules.display import Position, read_move, resolve_word
from boardrules.games.kuhn import render, rules
from boardrules.games.kuhn.content import (
    DECK,
    Action,
    Bet,
    Call,
    Card,
    Catalogue,
    Check,
    Event,
    Fold,
    Stakes,
    State,
    catalogue,
)
from boardrules.games.kuhn.rules import Setup

__all__ = ["Game"]

#: The kinds of action in the order the observation uses; the longest hand's length.
_KINDS: tuple[type[Action], ...] = (Check, Bet, Call, Fold)
MAX_MOVES = 3


@attrs.frozen
class Game(GameBase[State, Action, Event, Setup]):
    """Kuhn poker (H. W. Kuhn, 1950): three cards, two seats, one round of betting.

    Attributes:
        ante: the chips each seat puts in before the deal (KUHN-1).
        bet: the chips a bet or a call adds (KUHN-4, KUHN-5).

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
    default_rules: ClassVar[Rulebook] = rules.RULES
    breakdown_labels: ClassVar[Mapping[str, tuple[str, str]]] = {
        "paid": ("chips paid into the pot", "фишки, внесённые в банк"),
        "pot": ("pot won", "выигранный банк"),
    }

    ante: int = 1
    bet: int = 1

    def __attrs_post_init__(self) -> None:
        Stakes(self.ante, self.bet)  # checks the options when the game is made

    @kept
    def rule_context(self) -> Stakes:
        """The stakes and the rulebook's facts: what every Kuhn poker rule gets."""
        return Stakes(self.ante, self.bet, facts=self.rulebook.facts(State))

    def max_moves(self) -> int:
        """Check, bet, then a call or a fold: three actions at most."""
        return MAX_MOVES

    def validate(self, state: State) -> None:
        """``BadInput`` (at the first bad field) unless ``state`` is a hand these rules allow:
        two different cards or hidden ones, each action allowed where it stands, both cards
        known at a showdown."""
        if not isinstance(state, State):
            raise BadInput("$", f"expected a Kuhn poker State, got {type(state).__name__}")
        cards = state.cards
        if not isinstance(cards, tuple) or len(cards) != 2:
            raise BadInput("$.cards", "two cards, one per seat")
        for seat, card in enumerate(cards):
            if card is not None and not isinstance(card, Card):
                raise BadInput(f"$.cards[{seat}]", "a card is jack, queen, king or hidden (null)")
        if cards[0] is not None and cards[0] is cards[1]:
            raise BadInput("$.cards", "the two seats hold different cards")
        if not isinstance(state.moves, tuple):
            raise BadInput("$.moves", "the moves are a list of actions")
        for i, move in enumerate(state.moves):
            refused = self.check(State(cards, state.moves[:i]), move)
            if refused is not None:  # by the rules the game is played by
                raise BadInput(f"$.moves[{i}]", str(refused))
        stakes = self.rule_context
        if stakes.facts.showdown(stakes, state) and None in cards:
            raise BadInput("$.cards", "at a showdown both cards are shown")

    def position(self, cards: Sequence[Card | str | None], moves: Sequence[Action] = ()) -> State:
        """A validated state from two cards (``"king"``, ``Card.KING``, ``None`` hidden)
        and the actions so far.

        >>> Game().position(["queen", "king"], [Bet()]).moves
        (Bet(),)
        """
        if isinstance(cards, str) or len(cards) != 2:
            raise BadInput("$.cards", "two cards, one per seat")
        parsed: list[Card | None] = []
        for seat, card in enumerate(cards):
            try:
                parsed.append(card if card is None or isinstance(card, Card) else Card(card))
            except ValueError:
                raise BadInput(f"$.cards[{seat}]", "a card is jack, queen or king") from None
        state = State((parsed[0], parsed[1]), tuple(moves))
        self.validate(state)
        return state

    def determinize(self, view: State, seat: int | None, rng: Rng) -> State:
        """A full state with the same view: each hidden card drawn from ``rng``."""
        unseen = list(rng.shuffled(c for c in DECK if c not in view.cards))
        first, second = view.cards
        return State((first or unseen.pop(), second or unseen.pop()), view.moves)

    def setups(self) -> list[dict[str, Any]]:
        """Every start of a hand, the six deals (``boardrules.explore`` then searches every
        hand there is)."""
        return [{"deal": (a, b)} for a in DECK for b in DECK if a is not b]

    def heuristic(self, state: State, seat: int) -> float:
        """``GreedyAgent``'s rating: ``seat``'s points (before the end, what it paid in)."""
        return float(self.score(state)[seat].points)

    def catalogue(self) -> Catalogue:
        """Every card with its data (``GET /api/games/kuhn/content`` on the server)."""
        return catalogue()

    def vocabulary(self) -> tuple[Action, ...]:
        """Every action of the game: check, bet, fold, call."""
        return (Check(), Bet(), Fold(), Call())

    def observation_size(self) -> int:
        """The length of :meth:`observe`'s vector."""
        return 2 * len(DECK) + len(_KINDS) * MAX_MOVES + 1

    def observe(self, view: State, seat: int) -> tuple[int, ...]:
        """0/1 of ``seat``'s card, the other's when shown, each move and whether it moves."""
        own, other = view.cards[seat], view.cards[1 - seat]
        out = [1 if own is c else 0 for c in DECK] + [1 if other is c else 0 for c in DECK]
        for i in range(MAX_MOVES):
            move = view.moves[i] if i < len(view.moves) else None
            out += [1 if type(move) is kind else 0 for kind in _KINDS]
        return (*out, 1 if self.to_move(view) == seat else 0)

    def tally(self, state: State, events: tuple[Event, ...]) -> dict[str, int]:
        """Content statistics for balance reports: showdown or fold."""
        stakes = self.rule_context
        if not self.is_over(state):
            return {}
        return {"showdown" if stakes.facts.showdown(stakes, state) else "fold": 1}

    def asked(self, state: State, lang: str = "en") -> str:
        """What the seat to move is asked, or how the hand ended, in one sentence."""
        return render.asked(self, state, lang)

    def render_text(self, state: State, seat: int | None = None, lang: str = "en") -> str:
        """The position as ``seat`` sees it, as text (see ``kuhn.render``)."""
        return render.render_text(self, state, seat, lang)

    def render_svg(self, state: State, seat: int | None = None, lang: str = "en") -> str:
        """The position as ``seat`` sees it, as an SVG document."""
        return render.render_svg(self, state, seat, lang)

    def show(self, state: State, seat: int | None = None, lang: str = "en") -> Position[State]:
        """The position, to print or to show in Jupyter (:class:`boardrules.display.Position`)."""
        return Position(self, state, seat, lang)

    def format_action(self, action: Action) -> str:
        """The notation of ``action``: its own word, ``check``, ``bet``, ``call``, ``fold``."""
        return action.tag

    def parse_action(self, text: str, state: State | None = None) -> Action:
        """The action ``text`` writes (case and spaces ignored; in a state, a unique prefix
        of a legal action will do: ``ch`` is ``check``). ``BadInput`` if none.

        >>> Game().parse_action("FOLD")
        Fold()
        """
        words = {action.tag: action for action in self.vocabulary()}
        legal = None if state is None else self.legal_actions(state)
        return read_move(text, lambda w: resolve_word(w, words, "move"), legal, self.format_action)

    def describe_action(self, action: Action, lang: str = "en") -> str:
        """A short label for an action, for buttons and logs: ``"Bet 1 chip"``."""
        return render.label(self.rule_context, action.tag, lang == "ru")

    def describe_event(self, event: Event, lang: str = "en") -> str:
        """A short label for an event, for logs and animations."""
        return render.describe_event(self.rule_context, event, lang == "ru")
