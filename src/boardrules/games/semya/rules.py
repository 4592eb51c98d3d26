"""7Я «Со-ратники» as rule units: SEM-1..SEM-11, each the whole of its rule.

Every unit is a :class:`~boardrules.core.rules.Rule`; :data:`RULES` lists them in rulebook
order, and the core composes the game from them: the setup and the turn (SEM-4), the moves,
checks and effects of the cards and the trump (SEM-5..SEM-8), the end (SEM-9), the score
(SEM-10) and the view (SEM-11). Each function gets the deck's
:class:`~boardrules.games.semya.flow.Tables` as its context, which carries the rulebook's
named facts: SEM-6 states ``answers`` (the cards that may answer a play) and the Fool, the
Lord and the end read it as ``tables.facts.answers``, so a variant that replaces SEM-6
changes them all. A card that is not in the deck or not in the mover's hand is the core's
refusal (CORE-4, ``Game.malformed``), and any action once the game is over CORE-2's.
"""

from __future__ import annotations

import functools
from itertools import repeat
from operator import contains

from boardrules.core.frozen import builder
from boardrules.core.rng import Rng
from boardrules.core.rules import ANY_ACTION, Guard, Rule, Rulebook
from boardrules.core.standings import Standing, Standings, rank_by_points
from boardrules.core.violation import Violation
from boardrules.games.semya.actions import Action, PlayCard, PlayFool, PlayLord
from boardrules.games.semya.events import Event, FoolPlayed, GameEnded, LordPlayed
from boardrules.games.semya.flow import ANY, Demand, Setup, Tables
from boardrules.games.semya.state import Play, State, Trump, make_state

__all__ = [
    "RULES",
    "SEM_1",
    "SEM_2",
    "SEM_3",
    "SEM_4",
    "SEM_5",
    "SEM_6",
    "SEM_7",
    "SEM_8",
    "SEM_9",
    "SEM_10",
    "SEM_11",
    "TRUMP_POINTS",
    "answers",
    "black",
    "card_answers",
    "demand",
    "end_without_answer",
    "out_of_answers",
    "play_card",
    "play_fool",
    "play_lord",
]

Events = list[Event] | None
SemyaRule = Rule[Tables, State]

# Where a trump is, as module constants: under CPython 3.11 reading an enum member from its
# class (``Trump.HELD``) costs about 1k instructions, a module constant almost nothing, and
# the rules ask on every step.
_HELD, _LORD, _FOOL = Trump.HELD, Trump.LORD, Trump.FOOL


# -- SEM-1 -------------------------------------------------------------------------------------
SEM_1: SemyaRule = Rule(
    "SEM-1",
    "Two seats, each with its own 21 feeling cards and one trump.",
    "Два игрока, у каждого свои 21 карта чувств и Козырь.",
    terms=True,
)
"""Two seats, each with a whole deck and a trump: terms. A card that is not (or no longer)
in the mover's hand is not well formed, the core's refusal (CORE-4, ``card_not_in_hand``)."""


# -- SEM-2 -------------------------------------------------------------------------------------
SEM_2: SemyaRule = Rule(
    "SEM-2",
    "A feeling card goes from a start symbol to an end symbol, white or black.",
    "Карта чувства ведёт от символа начала к символу конца; масть белая или чёрная.",
    terms=True,
)
"""What a feeling card is: terms (:class:`~boardrules.games.semya.content.Card`)."""


# -- SEM-3 -------------------------------------------------------------------------------------
SEM_3: SemyaRule = Rule(
    "SEM-3",
    "A deck: from every symbol two white cards and one black card start.",
    "Колода: с каждого символа начинаются две белые карты и одна чёрная.",
    terms=True,
)
"""The deck: terms; :func:`~boardrules.games.semya.content.validate_deck` checks a custom
deck when the game is made. A card id that is not in the deck is not well formed, the
core's refusal (CORE-4, ``unknown_card``)."""


# -- SEM-4 -------------------------------------------------------------------------------------
def _deal(tables: Tables, seed: int, setup: Setup, state: State | None) -> State:
    first = setup.first
    if first is None:
        first = Rng.derive(seed, "semya", "first").below(2)
    return State(first=first, hands=(tables.full_hand, tables.full_hand))


def _alternate(tables: Tables, state: State) -> int:
    return (state.first + len(state.table)) & 1


SEM_4: SemyaRule = Rule(
    "SEM-4",
    "Hands start full; the first seat comes from the seed unless given.",
    "Вначале все карты на руках; первый ход — по жребию (из seed), если не задан.",
    setup=_deal,
    turn=_alternate,
)
"""The setup and the turn. Setup: both hands full, the first seat as given (``first=``) or
drawn from the seed. Turn: the seats alternate from the first."""


# -- SEM-5 -------------------------------------------------------------------------------------
def _no_trump_to_open(tables: Tables, state: State, action: Action) -> Violation | None:
    if state.table or state.trumps[(state.first + len(state.table)) & 1] is not _HELD:
        return None  # a spent trump is SEM-7's or SEM-8's refusal
    return Violation("SEM-5", "opening_trump", {})


def _not_opening(tables: Tables, state: State) -> bool:
    """The check without the action: it never looks at which trump play is asked."""
    return bool(state.table) or state.trumps[(state.first + len(state.table)) & 1] is not _HELD


_SEM_5 = Guard(_no_trump_to_open, when=_not_opening)

SEM_5: SemyaRule = Rule(
    "SEM-5",
    "The opening move is any feeling card, never the trump.",
    "Первым ходом кладут любую карту чувства, но не Козырь.",
    checks={PlayLord: _SEM_5, PlayFool: _SEM_5},
)
"""The opening move is a feeling card. Check: the trump may not open (``opening_trump``); it
never looks at which trump play is asked, so it states ``when`` (the core asks it once per
listing)."""


# -- SEM-6 -------------------------------------------------------------------------------------
def answers(tables: Tables, action: Action) -> tuple[str, ...] | None:
    """The fact ``answers``: the ids of the cards that may answer ``action``, in deck order,
    or ``None`` when any card may (a black card, the Fool). The Lord is answered on the
    symbol it names."""
    if type(action) is PlayCard:
        return tables.answers[action.card]
    if type(action) is PlayLord:
        return tables.by_start[action.named]
    return None


def black(tables: Tables, action: Action) -> bool:
    """The fact ``black``: whether ``action`` is a black play (a black card or the Fool),
    the only kind the Lord may answer (SEM-7)."""
    if type(action) is PlayCard:
        return tables.answer_to[action.card] is ANY
    return type(action) is PlayFool


def demand(tables: Tables, action: Action) -> Demand:
    """The fact ``demand``: what the answer to ``action`` must start on, or anything."""
    if type(action) is PlayCard:
        return tables.answer_to[action.card]
    if type(action) is PlayLord:
        return action.named
    return ANY


def _answer_the_last_play(tables: Tables, state: State, action: PlayCard) -> Violation | None:
    if not state.table:
        return None
    need = tables.facts.demand(tables, state.table[-1].action)
    card = tables.cards[action.card]
    if need is ANY or card.start is need:
        return None
    return Violation(
        "SEM-6",
        "wrong_start",
        {"needed": need.value, "card": card.id, "start": card.start.value},
    )


def _answers_the_last_play(tables: Tables, state: State, action: PlayCard) -> bool:
    if not state.table:
        return True
    need = tables.facts.demand(tables, state.table[-1].action)
    return need is ANY or tables.start[action.card] is need


def _cards_in_hand(tables: Tables, state: State) -> tuple[PlayCard, ...]:
    return tuple(map(tables.plays.__getitem__, state.hands[(state.first + len(state.table)) & 1]))


#: SEM-6's answers in the last state it was asked about: ``(tables, state, answering)``. A
#: state is a value, so the same state has the same answers; SEM-8 asks right after SEM-6
#: lists them (one entry, replaced whole: safe to share between threads and games).
_LAST_ANSWERS: list[tuple[object, object, tuple[PlayCard, ...] | None]] = [(None, None, None)]


def _answering_cards(tables: Tables, state: State) -> tuple[PlayCard, ...]:
    """Exactly the cards of the mover's hand that answer the last play (deck order); what
    ``answering`` says is kept for SEM-8, which asks next."""
    hand = state.hands[(state.first + len(state.table)) & 1]
    plays = tables.plays
    if state.table:
        candidates = tables.facts.answers(tables, state.table[-1].action)
        if candidates is not None:
            found = tuple([plays[c] for c in candidates if c in hand])
            _LAST_ANSWERS[0] = (tables, state, found)
            return found
        _LAST_ANSWERS[0] = (tables, state, None)
    return tuple(map(plays.__getitem__, hand))  # the opening, or after a black card


def answering(tables: Tables, state: State) -> tuple[PlayCard, ...] | None:
    """The fact ``answering``: the cards of the mover's hand that answer the last play, in
    deck order, or ``None`` when any card may (after a black play) or nothing is on the
    table yet. Read from ``answers``; kept for the state SEM-6 last listed."""
    last = _LAST_ANSWERS[0]
    if last[1] is state and last[0] is tables:
        return last[2]
    if not state.table:
        return None
    candidates = tables.facts.answers(tables, state.table[-1].action)
    if candidates is None:
        return None
    hand = state.hands[(state.first + len(state.table)) & 1]
    plays = tables.plays
    return tuple([plays[c] for c in candidates if c in hand])


#: The events of a trump played, made without a call per field (a card's own are made once
#: per deck, in the tables: ``Tables.played``).
_lord_played = builder(LordPlayed)
_fool_played = builder(FoolPlayed)


def play_card(tables: Tables, state: State, action: PlayCard, events: Events) -> State:
    """The effect of a card: it goes from the mover's hand onto the table."""
    seat = (state.first + len(state.table)) & 1
    card = action.card
    hands = state.hands
    hand = hands[seat]
    i = hand.index(card)
    new_hand = hand[:i] + hand[i + 1 :]
    hands = (hands[0], new_hand) if seat else (new_hand, hands[1])
    if events is not None:  # events are values: each card's is made once, with the tables
        events.append(tables.played[seat][card])
    # The table entry is shared between states: plays are values.
    play = tables.table_plays[seat][card]
    return make_state(
        state.first, hands, state.trumps, (*state.table, play), state.loser, state.earlier
    )


SEM_6: SemyaRule = Rule(
    "SEM-6",
    "Answer a white card on its end symbol; a black card with anything.",
    "На белую карту отвечают картой с её символа конца; на чёрную — любой.",
    moves={PlayCard: _cards_in_hand},
    checks={
        PlayCard: Guard(
            _answer_the_last_play, allows=_answers_the_last_play, select=_answering_cards
        )
    },
    effects={PlayCard: play_card},
    facts={"answers": answers, "answering": answering, "black": black, "demand": demand},
)
"""How a card answers the last play.

Moves: every card of the mover's hand. Check: after a white card (or a Lord) the card must
start on the demanded symbol (``wrong_start``). Effect: the card goes from the mover's hand
onto the table. Facts: ``answers`` and ``demand`` (what answers a play), ``answering`` (the
mover's cards that answer the last play) and ``black`` (which plays are black), which SEM-7,
SEM-8 and SEM-9 read.
"""


# -- SEM-7 -------------------------------------------------------------------------------------
def _lord_answers_black(tables: Tables, state: State, action: PlayLord) -> Violation | None:
    seat = (state.first + len(state.table)) & 1
    trump = state.trumps[seat]
    if trump is not _HELD:
        return Violation("SEM-7", "trump_spent", {"seat": seat, "used_as": trump.value})
    if state.table and not tables.facts.black(tables, state.table[-1].action):
        return Violation("SEM-7", "lord_needs_black", {})
    return None


def _lords_if_allowed(tables: Tables, state: State) -> tuple[PlayLord, ...]:
    """Exactly the Lords SEM-7 allows: all seven, or none."""
    if state.trumps[(state.first + len(state.table)) & 1] is not _HELD:
        return ()
    if state.table and not tables.facts.black(tables, state.table[-1].action):
        return ()
    return tables.lords


def _lords(tables: Tables, state: State) -> tuple[PlayLord, ...]:
    return tables.lords


def play_lord(tables: Tables, state: State, action: PlayLord, events: Events) -> State:
    """The effect of the Lord: the trump goes out as the Lord, naming a symbol."""
    seat = (state.first + len(state.table)) & 1
    if events is not None:
        events.append(_lord_played(seat, action.named))
    return _spend_trump(state, seat, _LORD, action)


SEM_7: SemyaRule = Rule(
    "SEM-7",
    "The trump as the Lord answers only a black card and names a symbol.",
    "Козырь-Владыка — только в ответ на чёрную карту; он называет символ.",
    moves={PlayLord: _lords},
    checks={PlayLord: Guard(_lord_answers_black, select=_lords_if_allowed)},
    effects={PlayLord: play_lord},
)
"""The trump as the Lord.

Moves: the Lord naming each symbol. Check: the trump must still be held (``trump_spent``)
and the last play black (SEM-6's fact ``black``; ``lord_needs_black``). Effect: the trump
goes out as the Lord; the answer must start on the named symbol (SEM-6's ``answers``).
"""


# -- SEM-8 -------------------------------------------------------------------------------------
def card_answers(hand: tuple[str, ...], candidates: tuple[str, ...] | None) -> bool:
    """Whether ``hand`` holds one of ``candidates`` (``None``: any card answers).

    ``candidates`` comes from SEM-6's fact ``answers``.
    """
    if candidates is None:
        return bool(hand)
    # operator.contains is called without a tuple of arguments (hand.__contains__ is not).
    return any(map(contains, repeat(hand), candidates))


def _fool_without_answer(tables: Tables, state: State, action: PlayFool) -> Violation | None:
    seat = (state.first + len(state.table)) & 1
    trump = state.trumps[seat]
    if trump is not _HELD:
        return Violation("SEM-8", "trump_spent", {"seat": seat, "used_as": trump.value})
    if not state.table:
        return None  # SEM-5 refuses the opening
    found = tables.facts.answering(tables, state)
    if found is None or found:
        # After a black card the trump answers as the Lord, so the Fool is never needed.
        return Violation("SEM-8", "fool_has_answer", {"seat": seat})
    return None


def _fool(tables: Tables, state: State) -> tuple[PlayFool]:
    return (tables.fool,)


def _fool_if_allowed(tables: Tables, state: State) -> tuple[PlayFool, ...]:
    """Exactly the Fool SEM-8 allows: the Fool, or nothing."""
    if state.trumps[(state.first + len(state.table)) & 1] is not _HELD:
        return ()
    if state.table:
        found = tables.facts.answering(tables, state)
        if found is None or found:
            return ()
    return (tables.fool,)


def play_fool(tables: Tables, state: State, action: PlayFool, events: Events) -> State:
    """The effect of the Fool: the trump goes out as the Fool, a black card."""
    seat = (state.first + len(state.table)) & 1
    if events is not None:
        events.append(_fool_played(seat))
    return _spend_trump(state, seat, _FOOL, action)


def _spend_trump(state: State, seat: int, used: Trump, action: PlayLord | PlayFool) -> State:
    trumps = state.trumps
    trumps = (trumps[0], used) if seat else (used, trumps[1])
    table = (*state.table, Play(seat, action))
    return make_state(state.first, state.hands, trumps, table, state.loser, state.earlier)


SEM_8: SemyaRule = Rule(
    "SEM-8",
    "The trump as the Fool is played only when there is no answer; it is black.",
    "Козырь-Дурень — только когда нечем ответить; его масть чёрная.",
    moves={PlayFool: _fool},
    checks={PlayFool: Guard(_fool_without_answer, select=_fool_if_allowed)},
    effects={PlayFool: play_fool},
)
"""The trump as the Fool.

Moves: the Fool. Check: the trump must still be held (``trump_spent``), and no card of the
hand may answer the last play (SEM-6's fact ``answering``; ``fool_has_answer``; after a black
card every card answers).
Effect: the trump goes out as the Fool, which counts as a black card. The variant
:data:`~boardrules.games.semya.variants.FOOL_OPTIONAL` replaces this unit.
"""


# -- SEM-9 -------------------------------------------------------------------------------------
def out_of_answers(
    hand: tuple[str, ...], trump: Trump, candidates: tuple[str, ...] | None
) -> bool:
    """Whether a seat with ``hand`` and ``trump`` cannot answer (SEM-9).

    ``candidates`` are the cards that would answer the last play (SEM-6's fact ``answers``).
    """
    return trump is not _HELD and not card_answers(hand, candidates)


def end_without_answer(tables: Tables, state: State, action: Action, events: Events) -> State:
    """The effect after every play: the seat that cannot answer ``action`` loses."""
    seat = (state.first + len(state.table)) & 1  # the seat that must answer ``action``
    trump = state.trumps[seat]
    if trump is _HELD:  # the common case, decided without looking at the hand
        return state
    if not out_of_answers(state.hands[seat], trump, tables.facts.answers(tables, action)):
        return state
    if events is not None:
        events.append(GameEnded(winner=1 - seat, loser=seat))
    return make_state(state.first, state.hands, state.trumps, state.table, seat, state.earlier)


def _someone_lost(tables: Tables, state: State) -> bool:
    return state.loser is not None


SEM_9: SemyaRule = Rule(
    "SEM-9",
    "No answer and no trump: that seat loses and the game ends.",
    "Нечем ответить и нет Козыря — этот игрок проиграл, игра окончена.",
    effects={ANY_ACTION: end_without_answer},
    end=_someone_lost,
)
"""The end of the game.

Effect, after every play: if the seat that must answer has no card that answers and no
trump, it loses. End: once a seat has lost (then the core refuses every action, CORE-2).
"""


# -- SEM-10 ------------------------------------------------------------------------------------
#: What a trump adds to its seat's points: −1 as the Fool, 0 as the Lord or still held.
TRUMP_POINTS = {Trump.HELD: 0, Trump.LORD: 0, Trump.FOOL: -1}


def _points(tables: Tables, state: State) -> Standings:
    """Cards left in hand (black ones included) plus the trump (−1 as the Fool, 0 otherwise).
    The winner is whoever did not lose under SEM-9, whatever the points; before the end the
    standings are provisional and ranked by points."""
    points = tables.points.__getitem__
    hands, trumps = state.hands, state.trumps
    return _standings(
        sum(map(points, hands[0])), TRUMP_POINTS[trumps[0]],
        sum(map(points, hands[1])), TRUMP_POINTS[trumps[1]], state.loser,
    )


@functools.lru_cache(maxsize=1024)
def _standings(cards0: int, trump0: int, cards1: int, trump1: int, loser: int | None
               ) -> Standings:
    """The standings of seats with these points for cards and trump, ``loser`` having lost
    (``None``: not yet). Games end in a few hundred ways, so each is made once and kept
    (standings are immutable), from the seats' standings, each also made once
    (:func:`_standing`)."""
    if loser is None:
        first, second = rank_by_points((cards0 + trump0, cards1 + trump1))
        seats = (_standing(0, cards0, trump0, first), _standing(1, cards1, trump1, second))
        return Standings(seats, winners=(), final=False)
    seats = (_standing(0, cards0, trump0, 2 if loser == 0 else 1),
             _standing(1, cards1, trump1, 2 if loser == 1 else 1))
    return Standings(seats, winners=(1 - loser,), final=True)


@functools.lru_cache(maxsize=1024)
def _standing(seat: int, cards: int, trump: int, rank: int) -> Standing:
    """One seat's standing: far fewer than the ways a game ends, so each is made once."""
    return Standing(seat, cards + trump, rank, {"cards": cards, "trump": trump})


SEM_10: SemyaRule = Rule(
    "SEM-10",
    "Points: cards in hand plus the trump (Fool −1); the winner ranks first.",
    "Очки: карты на руке плюс Козырь (Дурень −1); победитель — первый.",
    score=_points,
)
"""The standings. Score: each seat's cards still in hand (unplayed black cards count too)
plus its trump (−1 as the Fool); the seat that did not lose (SEM-9) ranks first, whatever
the points."""


# -- SEM-11 ------------------------------------------------------------------------------------
def _everything(tables: Tables, state: State, seat: int | None) -> State:
    return state


SEM_11: SemyaRule = Rule(
    "SEM-11",
    "Everything is public: a seat's view is the whole state.",
    "Скрытого нет: каждый видит всё состояние игры.",
    view=_everything,
)
"""Nothing is hidden. View: the whole state, for every seat (events are public too)."""


#: The 7Я rules in rulebook order; ``boardrules rules semya`` prints their sentences.
RULES = Rulebook((SEM_1, SEM_2, SEM_3, SEM_4, SEM_5, SEM_6, SEM_7, SEM_8, SEM_9, SEM_10, SEM_11))
