"""The 7Я ``Game``: its deck option, CORE-4, and the parts the rule units do not state.

Setup, turns, legal actions, checks, effects, the end, the score and the view are composed by
the core from the units in :mod:`~boardrules.games.semya.rules`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

import attrs

from boardrules.core.game import GameBase, kept
from boardrules.core.rules import ANY_ACTION, Rulebook
from boardrules.core.violation import Violation
from boardrules.display import Position
from boardrules.games.semya import flow, hooks, labels, notation, position, render, rules
from boardrules.games.semya import messages as _messages  # registers the sentences
from boardrules.games.semya.actions import Action, PlayCard, PlayLord
from boardrules.games.semya.catalogue import Catalogue
from boardrules.games.semya.catalogue import catalogue as build_catalogue
from boardrules.games.semya.content import Card, Symbol
from boardrules.games.semya.events import Event
from boardrules.games.semya.flow import Setup, Tables
from boardrules.games.semya.state import Play, State, Trump

__all__ = ["Game"]

del _messages


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

    # -- wiring: everything else is composed from the rule units ------------------------
    @kept
    def rule_context(self) -> Tables:
        """The deck's lookup tables with the rulebook's facts: what every 7Я rule gets."""
        return attrs.evolve(self.tables, facts=self.rulebook.facts(State))

    def card(self, card_id: str) -> Card:
        """The card with this id.

        Raises:
            KeyError: if the deck has no such card.
        """
        return self.tables.cards[card_id]

    def max_moves(self) -> int:
        """Every card of both decks, trumps included, can be played at most once."""
        return flow.max_moves()

    def malformed(self, state: State, action: object) -> Violation | None:
        """CORE-4: a card that is not in the deck or not in the mover's hand, or a trump
        play once the mover's trump is spent (each seat has one trump, SEM-1). A spent
        trump's refusal names the trump's rule the play was made under, as it always has
        (SEM-7 for the Lord, SEM-8 for the Fool), though no variant of those rules can
        remove it."""
        tables = self.rule_context
        if type(action) is PlayCard:
            card = action.card
            if card not in tables.cards:
                return Violation("CORE-4", "unknown_card", {"card": str(card)[:64]})
            seat = tables.facts.turn(tables, state)
            if card not in state.hands[seat]:
                return Violation("CORE-4", "card_not_in_hand", {"seat": seat, "card": card})
            return None
        seat = tables.facts.turn(tables, state)
        trump = state.trumps[seat]
        if trump is not Trump.HELD:
            rule = "SEM-7" if type(action) is PlayLord else "SEM-8"
            return Violation(rule, "trump_spent", {"seat": seat, "used_as": trump})
        return None

    def demand(self, state: State) -> Symbol | None:
        """The symbol the next card must start on, or ``None`` when any card will do.

        >>> game = Game()
        >>> state = game.apply(game.new(seed=1, first=0), PlayCard("sun-saturn"))
        >>> game.demand(state)
        Symbol.SATURN
        """
        if not state.table:
            return None
        tables = self.rule_context
        need = tables.facts.demand(tables, state.table[-1].action)
        return need if isinstance(need, Symbol) else None

    def validate(self, state: State) -> None:
        """Raise ``BadInput`` unless ``state`` keeps the 7Я invariants.

        Each card is in exactly one place (its seat's hand, the table or the ``earlier``
        cards), a trump goes out at most once and its status matches the table (or it went
        out among the earlier plays), the table alternates seats from ``first``, hands are
        in deck order, and ``loser`` is set exactly when SEM-9 says. Plays made earlier
        (``State.earlier``) need a table after them, and their counts must allow seats to
        alternate before the table's first play; their order is not known, so the first
        play on the table is not checked against what it answered.
        """
        position.validate_state(self.rule_context, state, self.rulebook.effects_for(ANY_ACTION))

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

        Every other card was played before ``table``, in an order the description does not
        give, and the state says so rather than invent one: those cards are in
        ``State.earlier`` (per seat, in deck order), never on the table, and a spent trump
        that ``table`` does not show went out among them (as ``trumps`` says). The table
        holds exactly the given plays; the text view and the picture say how many plays
        came earlier and that their order is not known, and number the moves after them.
        Each given play is checked by the rules where it stands (SEM-5 to SEM-8), the first
        one only when nothing was played before it. From the result, play goes on as from
        any state. The result is validated like a loaded state.

        Raises:
            BadInput: with the path of the argument at fault: an unknown card or seat, a
                given play that breaks a rule where it stands (``$.table[i]``), counts of
                earlier plays that seats could not have made in turn (``$.hands``), or
                earlier plays without a given last play to answer (``$.table``).

        >>> game = Game()
        >>> s = game.position(hands=[["mars-sun"], ["sun-venus"]],
        ...                   table=[PlayCard("jupiter-mars")], to_move=0)
        >>> game.legal_actions(s)
        (PlayCard(card='mars-sun'),)
        >>> s.table
        (Play(seat=1, action=PlayCard(card='jupiter-mars')),)
        >>> len(s.earlier[0]), len(s.earlier[1]), s.earlier_plays
        (20, 19, 39)
        """
        return position.build_position(
            self.rule_context, hands, table, trumps, to_move, self.check,
            self.rulebook.effects_for(ANY_ACTION),
        )

    # -- for agents and front-ends ------------------------------------------------------
    def heuristic(self, state: State, seat: int) -> float:
        """``GreedyAgent``'s rating of ``state`` for ``seat`` (see :func:`hooks.heuristic`)."""
        return hooks.heuristic(self.score(state), state, seat)

    def catalogue(self) -> Catalogue:
        """Every content item of this game with its data, by the ids the views use
        (``boardrules.catalogue``; ``GET /api/games/semya/content`` on the server)."""
        return build_catalogue(self.deck)

    def vocabulary(self) -> tuple[Action, ...]:
        """Every action of this game in any state: each card, the Lord per symbol, the Fool."""
        return hooks.vocabulary(self.tables)

    def observation_size(self) -> int:
        """The length of :meth:`observe`'s vector."""
        return hooks.observation_size()

    def observe(self, view: State, seat: int) -> tuple[int, ...]:
        """A fixed-size 0/1 vector of what ``seat`` sees (see :func:`hooks.observe`)."""
        return hooks.observe(self.rule_context, view, seat, self.to_move(view))

    def tally(self, state: State, events: tuple[Event, ...]) -> dict[str, int]:
        """Content statistics for balance reports: which play ended the game."""
        return hooks.tally(self.is_over(state), state)

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

    #: What each part of the points counts (``Standing.breakdown``), in English and Russian.
    breakdown_labels: ClassVar[Mapping[str, tuple[str, str]]] = {
        "cards": ("cards in hand (black ones too)", "карты на руке (чёрные тоже)"),
        "trump": ("trump (the Fool −1)", "Козырь (Дурень −1)"),
    }

    def step_name(self, state: State) -> str:
        """``"lead"`` for the first card, ``"answer"`` after it, ``"over"`` at the end."""
        return render.step_name(self, state)

    def asked(self, state: State, lang: str = "en") -> str:
        """What the seat to move is asked (the card it must answer with), or how the game
        ended and why the winner wins whatever the points."""
        return render.asked(self, state, lang)

    def result_sentence(self, state: State, lang: str = "en") -> str:
        """How the game ended, in one sentence: who had no answer, and why that decides
        the game even when the winner holds fewer points (SEM-9, SEM-10)."""
        return render.result_sentence(self, state, lang)

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
