"""7Я «Со-ратники»: legality (SEM-5..SEM-9) and transitions, as one ``Game`` reducer."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import attrs

from boardrules.core.game import GameBase
from boardrules.core.rng import Rng
from boardrules.core.rules import Rulebook
from boardrules.core.standings import Standings
from boardrules.core.violation import Violation
from boardrules.display import Position
from boardrules.games.semya import messages as _messages  # registers the sentences
from boardrules.games.semya import notation, render
from boardrules.games.semya.actions import Action, PlayCard, PlayFool, PlayLord
from boardrules.games.semya.cards import DECK_SIZE, Card, Suit, Symbol, default_deck, validate_deck
from boardrules.games.semya.events import CardPlayed, Event, FoolPlayed, GameEnded, LordPlayed
from boardrules.games.semya.rulebook import RULES
from boardrules.games.semya.state import Play, State, Trump
from boardrules.i18n import SYMBOLS_RU

__all__ = ["Game", "Setup"]

del _messages



class _Need(enum.Enum):
    """What the seat to move must answer besides a symbol: anything, or the opening move.

    An enum, not strings: the rules compare by identity, and enum members stay singletons
    through pickling (a game sent to a worker process keeps working).
    """

    ANY = "any"
    OPENING = "opening"


_ANY = _Need.ANY
_OPENING = _Need.OPENING
#: What the seat to move must answer: a symbol to start on, anything, or the opening move.
Demand = Symbol | _Need


@attrs.frozen
class Setup:
    """The keyword arguments of :meth:`Game.new`.

    Attributes:
        first: the seat that moves first (0 or 1); ``None`` draws it from the seed (SEM-4).
    """

    first: int | None = attrs.field(
        default=None, validator=attrs.validators.optional(attrs.validators.in_((0, 1)))
    )


def _deck(value: Iterable[Card] | None) -> tuple[Card, ...]:
    return default_deck() if value is None else validate_deck(value)


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
    #: One line per rule ID, in English and Russian.
    default_rules: ClassVar[Rulebook] = RULES

    deck: tuple[Card, ...] = attrs.field(default=None, converter=_deck)

    # Lookup tables derived from the deck; not options, not compared.
    _cards: dict[str, Card] = attrs.field(init=False, eq=False, repr=False)
    _order: dict[str, int] = attrs.field(init=False, eq=False, repr=False)
    _start: dict[str, Symbol] = attrs.field(init=False, eq=False, repr=False)
    _plays: dict[str, PlayCard] = attrs.field(init=False, eq=False, repr=False)
    _lords: tuple[PlayLord, ...] = attrs.field(init=False, eq=False, repr=False)
    _fool: PlayFool = attrs.field(init=False, eq=False, repr=False)
    _full_hand: tuple[str, ...] = attrs.field(init=False, eq=False, repr=False)
    _next: dict[str, Demand] = attrs.field(init=False, eq=False, repr=False)
    _by_start: dict[Symbol, tuple[str, ...]] = attrs.field(init=False, eq=False, repr=False)
    _table_plays: tuple[dict[str, Play], dict[str, Play]] = attrs.field(
        init=False, eq=False, repr=False
    )

    def __attrs_post_init__(self) -> None:
        setattr_ = object.__setattr__
        setattr_(self, "_cards", {c.id: c for c in self.deck})
        setattr_(self, "_order", {c.id: i for i, c in enumerate(self.deck)})
        setattr_(self, "_start", {c.id: c.start for c in self.deck})
        setattr_(self, "_plays", {c.id: PlayCard(c.id) for c in self.deck})
        setattr_(self, "_lords", tuple(PlayLord(s) for s in Symbol))
        setattr_(self, "_fool", PlayFool())
        setattr_(self, "_full_hand", tuple(c.id for c in self.deck))
        setattr_(
            self, "_next", {c.id: c.end if c.suit is Suit.WHITE else _ANY for c in self.deck}
        )
        setattr_(
            self,
            "_by_start",
            {s: tuple(c.id for c in self.deck if c.start is s) for s in Symbol},
        )
        # One shared table entry per seat and card: plays are values, so sharing is safe.
        setattr_(
            self,
            "_table_plays",
            tuple({c.id: Play(seat, self._plays[c.id]) for c in self.deck} for seat in (0, 1)),
        )

    # -- content ------------------------------------------------------------------------
    def card(self, card_id: str) -> Card:
        """The card with this id.

        Raises:
            KeyError: if the deck has no such card.
        """
        return self._cards[card_id]

    def max_moves(self) -> int:
        """Every card of both decks, trumps included, can be played at most once."""
        return 2 * (DECK_SIZE + 1)

    # -- setup (SEM-1, SEM-4) -------------------------------------------------------------
    def _new(self, seed: int, setup: Setup) -> State:
        first = setup.first
        if first is None:
            first = Rng.derive(seed, "semya", "first").below(2)
        return State(first=first, hands=(self._full_hand, self._full_hand))

    # -- whose move, what it must answer ------------------------------------------------
    def to_move(self, state: State) -> int | None:
        """The seat to play, or ``None`` after SEM-9 ended the game."""
        if state.loser is not None:
            return None
        return (state.first + len(state.table)) % 2

    def is_over(self, state: State) -> bool:
        """Whether SEM-9 has ended the game."""
        return state.loser is not None

    def _demand_after(self, action: Action) -> Demand:
        """What the answer to ``action`` must be (SEM-6)."""
        if type(action) is PlayCard:
            return self._next[action.card]
        if type(action) is PlayLord:
            return action.named
        return _ANY

    def demand(self, state: State) -> Symbol | None:
        """The symbol the next card must start on, or ``None`` when any card will do.

        >>> game = Game()
        >>> state = game.apply(game.new(seed=1, first=0), PlayCard("sun-saturn"))
        >>> game.demand(state)
        Symbol.SATURN
        """
        if not state.table:
            return None
        demand = self._demand_after(state.table[-1].action)
        return demand if isinstance(demand, Symbol) else None

    def _has_answer(self, hand: tuple[str, ...], trump: Trump, demand: Demand) -> bool:
        if trump is Trump.HELD:
            return True  # the Lord after a black card, the Fool after anything else
        if demand is _ANY or demand is _OPENING:
            return bool(hand)
        return any(card in hand for card in self._by_start[demand])  # type: ignore[index]

    # -- legality (SEM-5..SEM-9) -----------------------------------------------------------
    def legal_actions(self, state: State) -> tuple[Action, ...]:
        """Every legal action: cards in deck order, then the Lord per symbol, then the Fool."""
        if state.loser is not None:
            return ()
        seat = (state.first + len(state.table)) % 2
        hand = state.hands[seat]
        plays = self._plays
        if not state.table:
            return tuple(map(plays.__getitem__, hand))
        demand = self._demand_after(state.table[-1].action)
        held = state.trumps[seat] is Trump.HELD
        if demand is _ANY:
            cards = tuple(map(plays.__getitem__, hand))
            return cards + self._lords if held else cards
        # The (three) cards that start on the demanded symbol, in deck order, if held.
        answers = tuple([plays[c] for c in self._by_start[demand] if c in hand])  # type: ignore[index]
        if not answers and held:
            return (self._fool,)
        return answers

    def check(self, state: State, action: object) -> Violation | None:
        """Why ``action`` is illegal in ``state`` (a rule ID and a reason), or ``None``."""
        if state.loser is not None:
            return Violation("SEM-9", "game_over", {"loser": state.loser})
        seat = (state.first + len(state.table)) % 2
        demand: Demand = (
            self._demand_after(state.table[-1].action) if state.table else _OPENING
        )
        kind = type(action)
        if kind is PlayCard:
            return self._check_card(state, seat, demand, action)  # type: ignore[arg-type]
        if kind is PlayLord or kind is PlayFool:
            trump = state.trumps[seat]
            rule = "SEM-7" if kind is PlayLord else "SEM-8"
            if trump is not Trump.HELD:
                return Violation(rule, "trump_spent", {"seat": seat, "used_as": trump.value})
            if demand is _OPENING:
                return Violation("SEM-5", "opening_trump", {})
            if kind is PlayLord:
                if demand is not _ANY:
                    return Violation("SEM-7", "lord_needs_black", {})
                return None
            if self._has_answer(state.hands[seat], Trump.FOOL, demand) or demand is _ANY:
                return Violation("SEM-8", "fool_has_answer", {"seat": seat})
            return None
        return Violation(
            "CORE-1", "foreign_action", {"action": repr(action)[:80], "game": self.name}
        )

    def _check_card(
        self, state: State, seat: int, demand: Demand, action: PlayCard
    ) -> Violation | None:
        card = self._cards.get(action.card) if isinstance(action.card, str) else None
        if card is None:
            return Violation("SEM-3", "unknown_card", {"card": str(action.card)[:64]})
        if action.card not in state.hands[seat]:
            return Violation("SEM-1", "card_not_in_hand", {"seat": seat, "card": card.id})
        if isinstance(demand, Symbol) and card.start is not demand:
            return Violation(
                "SEM-6",
                "wrong_start",
                {"needed": demand.value, "card": card.id, "start": card.start.value},
            )
        return None

    # -- transitions --------------------------------------------------------------------
    def apply(self, state: State, action: Action) -> State:
        """The state after ``action``; checks legality first.

        The common case, a legal feeling card, is recognised by a short test; everything
        else goes through :meth:`check` exactly like :meth:`step`.

        Raises:
            IllegalAction: with the rule and reason; ``state`` is untouched.
        """
        if type(action) is PlayCard and state.loser is None:
            table = state.table
            card = action.card
            if card in state.hands[(state.first + len(table)) & 1] and (
                not table
                or (need := self._demand_after(table[-1].action)) is _ANY
                or self._start[card] is need
            ):
                return self._advance(state, action, None)
        return super().apply(state, action)

    def _advance(self, state: State, action: Action, events: list[Event] | None) -> State:
        seat = (state.first + len(state.table)) & 1
        hands = state.hands
        trumps = state.trumps
        play: Play
        if type(action) is PlayCard:
            card = action.card
            hand = hands[seat]
            i = hand.index(card)
            new_hand = hand[:i] + hand[i + 1 :]
            hands = (hands[0], new_hand) if seat else (new_hand, hands[1])
            play = self._table_plays[seat][card]  # shared: plays are values
            demand = self._next[card]
            if events is not None:
                events.append(CardPlayed(seat, card))
        else:
            play = Play(seat, action)
            if type(action) is PlayLord:
                used, demand = Trump.LORD, action.named
                if events is not None:
                    events.append(LordPlayed(seat, action.named))
            else:
                used, demand = Trump.FOOL, _ANY
                if events is not None:
                    events.append(FoolPlayed(seat))
            trumps = (trumps[0], used) if seat else (used, trumps[1])
        other = 1 - seat
        loser = None
        if trumps[other] is not Trump.HELD and not self._has_answer(
            hands[other], Trump.FOOL, demand
        ):
            loser = other
            if events is not None:
                events.append(GameEnded(winner=seat, loser=other))
        return State(state.first, hands, trumps, (*state.table, play), loser)

    # -- scoring (SEM-10) ---------------------------------------------------------------
    def score(self, state: State) -> Standings:
        """Points: cards left in hand plus the trump (−1 as the Fool, 0 otherwise).

        The winner is whoever did not lose under SEM-9, whatever the points; before the end
        the standings are provisional and ranked by points.
        """
        from boardrules.games.semya.scoring import score

        return score(self, state)

    # -- for agents -----------------------------------------------------------------------
    def heuristic(self, state: State, seat: int) -> float:
        """``GreedyAgent``'s rating of ``state`` for ``seat`` (higher is better).

        A win is best and a loss worst; otherwise a trump still in hand is worth keeping, so
        the greedy player spends it only when no card will do. (Measured against a random
        player, this wins about nine games in ten; rating "fewer answers for the opponent"
        instead loses most games, because it hoards black cards.)
        """
        if state.loser is not None:
            return 1000.0 if state.loser != seat else -1000.0
        return 1.0 if state.trumps[seat] is Trump.HELD else 0.0

    def vocabulary(self) -> tuple[Action, ...]:
        """Every action of this game in any state: each card, the Lord per symbol, the Fool."""
        return (*self._plays.values(), *self._lords, self._fool)

    def observation_size(self) -> int:
        """The length of :meth:`observe`'s vector."""
        return 2 * DECK_SIZE + 2 * 3 + len(Symbol) + 2 + 1

    def observe(self, view: State, seat: int) -> tuple[int, ...]:
        """A fixed-size 0/1 vector of what ``seat`` sees, for learning code.

        Its own hand, the other hand (deck order), its trump and the other's (held, Lord,
        Fool), what the next card must answer (seven symbols, any card, the opening) and
        whether it is the seat to move.
        """
        out: list[int] = []
        for s in (seat, 1 - seat):
            held = set(view.hands[s])
            out.extend(1 if c in held else 0 for c in self._full_hand)
        for s in (seat, 1 - seat):
            out.extend(1 if view.trumps[s] is t else 0 for t in Trump)
        need: Demand = self._demand_after(view.table[-1].action) if view.table else _OPENING
        out.extend(1 if need is symbol else 0 for symbol in Symbol)
        out.extend((1 if need is _ANY else 0, 1 if need is _OPENING else 0))
        out.append(1 if self.to_move(view) == seat else 0)
        return tuple(out)

    def tally(self, state: State, events: tuple[Event, ...]) -> dict[str, int]:
        """Content statistics for balance reports: which play ended the game."""
        if state.loser is None or not state.table:
            return {}
        last = state.table[-1].action
        if isinstance(last, PlayCard):
            return {f"ended by {last.card}": 1}
        return {"ended by the Lord" if isinstance(last, PlayLord) else "ended by the Fool": 1}

    # -- views (SEM-11) -------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> State:
        """Everything in 7Я is public (SEM-11): the view is the state itself."""
        return state

    # -- invariants and positions -------------------------------------------------------
    def validate(self, state: State) -> None:
        """Raise ``BadInput`` unless ``state`` keeps the 7Я invariants.

        Each card is in exactly one place (its seat's hand or the table), a trump goes out
        at most once and its status matches the table, the table alternates seats from
        ``first``, hands are in deck order, and ``loser`` is set exactly when SEM-9 says.
        """
        from boardrules.games.semya.position import validate_state

        validate_state(self, state)

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
        from boardrules.games.semya.position import build_position

        return build_position(self, hands, table, trumps, to_move)

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
        ru = lang == "ru"
        if isinstance(event, CardPlayed):
            card = self._cards[event.card]
            verb = f"Игрок {event.seat} кладёт" if ru else f"Seat {event.seat} plays"
            return f"{verb} {card.describe(lang)}"
        if isinstance(event, LordPlayed):
            named = event.named
            if ru:
                return f"Игрок {event.seat}: Козырь-Владыка, назван {named.name_ru}"
            return f"Seat {event.seat} plays the trump as the Lord, naming {named.name_en}"
        if isinstance(event, FoolPlayed):
            if ru:
                return f"Игрок {event.seat}: Козырь-Дурень"
            return f"Seat {event.seat} plays the trump as the Fool"
        if ru:
            return (
                f"Игрок {event.loser} не может ответить и проигрывает; "
                f"победил игрок {event.winner} ({event.rule})"
            )
        return (
            f"Seat {event.loser} cannot answer and loses; "
            f"seat {event.winner} wins ({event.rule})"
        )

    def describe_action(self, action: Action, lang: str = "en") -> str:
        """A short label for an action, for buttons and logs."""
        if isinstance(action, PlayCard):
            card = self._cards[action.card]
            return ("Сыграть " if lang == "ru" else "Play ") + card.describe(lang)
        if isinstance(action, PlayLord):
            named = action.named
            if lang == "ru":
                symbol = SYMBOLS_RU[named.value].acc
                return f"Козырь как Владыка: назвать {symbol} ({named.role_ru})"
            return f"Trump as the Lord, naming {named.name_en} ({named.role})"
        return "Козырь как Дурень" if lang == "ru" else "Trump as the Fool"

