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

from itertools import repeat
from operator import contains

from boardrules.core.rng import Rng
from boardrules.core.rules import ANY_ACTION, Rule, Rulebook
from boardrules.core.standings import Standing, Standings, rank_by_points
from boardrules.core.violation import Refusal
from boardrules.games.semya.actions import Action, PlayCard, PlayFool, PlayLord
from boardrules.games.semya.events import CardPlayed, Event, FoolPlayed, GameEnded, LordPlayed
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
    return (state.first + len(state.table)) % 2


SEM_4: SemyaRule = Rule(
    "SEM-4",
    "Hands start full; the first seat comes from the seed unless given.",
    "Вначале все карты на руках; первый ход — по жребию (из seed), если не задан.",
    setup=_deal,
    turn=_alternate,
)
"""The setup and the turn. Setup: both hands full, the first seat as given (``first=``) or
drawn from the seed. Turn: the seats alternate from the first. The other rules read the seat
to move as the rulebook's ``turn`` (``tables.facts.turn``), so a variant of SEM-4 changes
them all."""


# -- SEM-5 -------------------------------------------------------------------------------------
def _no_trump_to_open(tables: Tables, state: State) -> Refusal:
    return None if state.table else "opening_trump"


SEM_5: SemyaRule = Rule(
    "SEM-5",
    "The opening move is any feeling card, never the trump.",
    "Первым ходом кладут любую карту чувства, но не Козырь.",
    checks={PlayLord: _no_trump_to_open, PlayFool: _no_trump_to_open},
)
"""The opening move is a feeling card. Check: the trump may not open (``opening_trump``)."""


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
    return answers(tables, action) is None and type(action) is not PlayLord


def demand(tables: Tables, action: Action) -> Demand:
    """The fact ``demand``: what the answer to ``action`` must start on, or anything."""
    if type(action) is PlayCard:
        return tables.answer_to[action.card]
    if type(action) is PlayLord:
        return action.named
    return ANY


def answering(tables: Tables, state: State) -> tuple[str, ...] | None:
    """The fact ``answering``: the ids of the mover's cards that answer the last play, in
    deck order, or ``None`` when any card may (the opening, or after a black play)."""
    if not state.table:
        return None
    candidates = tables.facts.answers(tables, state.table[-1].action)
    if candidates is None:
        return None
    hand = state.hands[tables.facts.turn(tables, state)]
    return tuple([card for card in candidates if card in hand])


def _answer_the_last_play(tables: Tables, state: State, action: PlayCard) -> Refusal:
    found = tables.facts.answering(tables, state)
    if found is None or action.card in found:
        return None
    need = tables.facts.demand(tables, state.table[-1].action)
    card = tables.cards[action.card]
    return "wrong_start", {"needed": need, "card": card.id, "start": card.start}


def _cards_that_answer(tables: Tables, state: State) -> list[PlayCard]:
    """The mover's cards that may answer the last play (every card when any may)."""
    found = tables.facts.answering(tables, state)
    if found is None:
        found = state.hands[tables.facts.turn(tables, state)]
    return list(map(tables.plays.__getitem__, found))


def play_card(tables: Tables, state: State, action: PlayCard, events: Events) -> State:
    """The effect of a card: it goes from the mover's hand onto the table."""
    seat = tables.facts.turn(tables, state)
    card = action.card
    hands = state.hands
    hand = hands[seat]
    i = hand.index(card)
    new_hand = hand[:i] + hand[i + 1 :]
    hands = (hands[0], new_hand) if seat else (new_hand, hands[1])
    if events is not None:
        events.append(CardPlayed(seat, card))
    play = Play(seat, action)
    return make_state(
        state.first, hands, state.trumps, (*state.table, play), state.loser, state.earlier
    )


SEM_6: SemyaRule = Rule(
    "SEM-6",
    "Answer a white card on its end symbol; a black card with anything.",
    "На белую карту отвечают картой с её символа конца; на чёрную — любой.",
    moves={PlayCard: _cards_that_answer},
    checks={PlayCard: _answer_the_last_play},
    effects={PlayCard: play_card},
    facts={"answers": answers, "answering": answering, "black": black, "demand": demand},
)
"""How a card answers the last play.

Facts: ``answers`` (the cards that may answer a play), ``answering`` (the mover's cards that
answer the last play), ``demand`` (what an answer must start on) and ``black`` (which plays
are black), which SEM-7, SEM-8 and SEM-9 read. Moves: the mover's cards that answer
(``answering``). Check: a card that does not answer is refused, saying which symbol it must
start on (``wrong_start``). Effect: the card goes from the mover's hand onto the table.
"""


# -- SEM-7 -------------------------------------------------------------------------------------
def _lord_answers_black(tables: Tables, state: State) -> Refusal:
    if state.table and not tables.facts.black(tables, state.table[-1].action):
        return "lord_needs_black"
    return None


def _lords(tables: Tables, state: State) -> tuple[PlayLord, ...]:
    """The Lord naming each symbol, while the mover still holds its trump (once it is
    spent, a trump play names nothing: CORE-4)."""
    return tables.lords if state.trumps[tables.facts.turn(tables, state)] is _HELD else ()


def play_lord(tables: Tables, state: State, action: PlayLord, events: Events) -> State:
    """The effect of the Lord: the trump goes out as the Lord, naming a symbol."""
    seat = tables.facts.turn(tables, state)
    if events is not None:
        events.append(LordPlayed(seat, action.named))
    return _spend_trump(state, seat, _LORD, action)


SEM_7: SemyaRule = Rule(
    "SEM-7",
    "The trump as the Lord answers only a black card and names a symbol.",
    "Козырь-Владыка — только в ответ на чёрную карту; он называет символ.",
    moves={PlayLord: _lords},
    checks={PlayLord: _lord_answers_black},
    effects={PlayLord: play_lord},
)
"""The trump as the Lord.

Moves: the Lord naming each symbol, while the trump is held (a spent trump is CORE-4's
``trump_spent``). Check: the last play must be black (SEM-6's fact ``black``;
``lord_needs_black``). Effect: the trump goes out as the Lord; the answer must start on the
named symbol (SEM-6's ``answers``).
"""


# -- SEM-8 -------------------------------------------------------------------------------------
def card_answers(hand: tuple[str, ...], candidates: tuple[str, ...] | None) -> bool:
    """Whether ``hand`` holds one of ``candidates`` (``None``: any card answers).

    ``candidates`` comes from SEM-6's fact ``answers``.
    """
    if candidates is None:
        return bool(hand)
    return any(map(contains, repeat(hand), candidates))


def _fool_without_answer(tables: Tables, state: State) -> Refusal:
    if not state.table:
        return None  # SEM-5 refuses the opening
    found = tables.facts.answering(tables, state)
    if found is None or found:
        # After a black card the trump answers as the Lord, so the Fool is never needed.
        return "fool_has_answer", {"seat": tables.facts.turn(tables, state)}
    return None


def _fool(tables: Tables, state: State) -> tuple[PlayFool, ...]:
    """The Fool, while the mover still holds its trump (CORE-4 otherwise)."""
    return (tables.fool,) if state.trumps[tables.facts.turn(tables, state)] is _HELD else ()


def play_fool(tables: Tables, state: State, action: PlayFool, events: Events) -> State:
    """The effect of the Fool: the trump goes out as the Fool, a black card."""
    seat = tables.facts.turn(tables, state)
    if events is not None:
        events.append(FoolPlayed(seat))
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
    checks={PlayFool: _fool_without_answer},
    effects={PlayFool: play_fool},
)
"""The trump as the Fool.

Moves: the Fool, while the trump is held (a spent trump is CORE-4's ``trump_spent``).
Check: no card of the hand may answer the last play (SEM-6's fact ``answering``;
``fool_has_answer``; after a black card every card answers).
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
    seat = tables.facts.turn(tables, state)  # the seat that must answer ``action``
    trump = state.trumps[seat]
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
    cards = [sum(map(tables.points.__getitem__, hand)) for hand in state.hands]
    trumps = [TRUMP_POINTS[trump] for trump in state.trumps]
    points = [c + t for c, t in zip(cards, trumps, strict=True)]
    loser = state.loser
    ranks = rank_by_points(points) if loser is None else [2 if s == loser else 1 for s in (0, 1)]
    seats = tuple(
        Standing(s, points[s], ranks[s], {"cards": cards[s], "trump": trumps[s]}) for s in (0, 1)
    )
    if loser is None:
        return Standings(seats, winners=(), final=False)
    return Standings(seats, winners=(1 - loser,), final=True)


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
