"""7Я «Со-ратники» as rule units: SEM-1..SEM-11, each with its checks and its effects.

Every unit is a :class:`~boardrules.core.rules.Rule`; :data:`RULES` lists them in rulebook
order, and the core asks their checks in that order (the first refusal wins) and runs their
effects in that order. Each check and effect gets the deck's
:class:`~boardrules.games.semya.flow.Tables` as its context. The refusal of any action once
the game is over is the core's CORE-2.

Some rules have no code of their own; their docstring says where they are kept.
"""

from __future__ import annotations

import attrs

from boardrules.core.rules import ANY_ACTION, Rule, Rulebook
from boardrules.core.violation import Violation
from boardrules.games.semya.actions import Action, PlayCard, PlayFool, PlayLord
from boardrules.games.semya.events import CardPlayed, Event, FoolPlayed, GameEnded, LordPlayed
from boardrules.games.semya.flow import ANY, Tables, answer_cards, demand_after
from boardrules.games.semya.state import Play, State, Trump

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
    "card_answers",
    "end_without_answer",
    "out_of_answers",
    "play_card",
    "play_fool",
    "play_lord",
]

Events = list[Event] | None


# -- SEM-1 -------------------------------------------------------------------------------------
def _card_in_hand(tables: Tables, state: State, action: PlayCard) -> Violation | None:
    card = action.card
    # An unknown card is SEM-3's refusal, asked next.
    if card in tables.cards and card not in state.hands[(state.first + len(state.table)) & 1]:
        seat = (state.first + len(state.table)) & 1
        return Violation("SEM-1", "card_not_in_hand", {"seat": seat, "card": card})
    return None


SEM_1 = Rule(
    "SEM-1",
    "Two seats, each with its own 21 feeling cards and one trump.",
    "Два игрока, у каждого свои 21 карта чувств и Козырь.",
    checks={PlayCard: _card_in_hand},
)
"""Two seats, each with a whole deck and a trump: a card leaves its owner's hand once.

Check: a card that is not (or no longer) in the mover's hand is refused (``card_not_in_hand``).
"""


# -- SEM-2 -------------------------------------------------------------------------------------
SEM_2 = Rule(
    "SEM-2",
    "A feeling card goes from a start symbol to an end symbol, white or black.",
    "Карта чувства ведёт от символа начала к символу конца; масть белая или чёрная.",
)
"""What a feeling card is: kept by :class:`~boardrules.games.semya.content.Card`."""


# -- SEM-3 -------------------------------------------------------------------------------------
def _card_in_deck(tables: Tables, state: State, action: PlayCard) -> Violation | None:
    if action.card in tables.cards:
        return None
    return Violation("SEM-3", "unknown_card", {"card": str(action.card)[:64]})


SEM_3 = Rule(
    "SEM-3",
    "A deck: from every symbol two white cards and one black card start.",
    "Колода: с каждого символа начинаются две белые карты и одна чёрная.",
    checks={PlayCard: _card_in_deck},
)
"""The deck: :func:`~boardrules.games.semya.content.validate_deck` checks a custom deck.

Check: a card id that is not in the game's deck is refused (``unknown_card``).
"""


# -- SEM-4 -------------------------------------------------------------------------------------
SEM_4 = Rule(
    "SEM-4",
    "Hands start full; the first seat comes from the seed unless given.",
    "Вначале все карты на руках; первый ход — по жребию (из seed), если не задан.",
)
"""The setup: kept by :func:`boardrules.games.semya.flow.new`."""


# -- SEM-5 -------------------------------------------------------------------------------------
def _no_trump_to_open(tables: Tables, state: State, action: Action) -> Violation | None:
    if state.table or state.trumps[(state.first + len(state.table)) & 1] is not Trump.HELD:
        return None  # a spent trump is SEM-7's or SEM-8's refusal
    return Violation("SEM-5", "opening_trump", {})


SEM_5 = Rule(
    "SEM-5",
    "The opening move is any feeling card, never the trump.",
    "Первым ходом кладут любую карту чувства, но не Козырь.",
    checks={PlayLord: _no_trump_to_open, PlayFool: _no_trump_to_open},
)
"""The opening move is a feeling card. Check: the trump may not open (``opening_trump``)."""


# -- SEM-6 -------------------------------------------------------------------------------------
def _answer_the_last_play(tables: Tables, state: State, action: PlayCard) -> Violation | None:
    if not state.table:
        return None
    need = demand_after(tables, state.table[-1].action)
    card = tables.cards[action.card]
    if need is ANY or card.start is need:
        return None
    return Violation(
        "SEM-6",
        "wrong_start",
        {"needed": need.value, "card": card.id, "start": card.start.value},
    )


def play_card(tables: Tables, state: State, action: PlayCard, events: Events) -> State:
    """The effect of a card: it goes from the mover's hand onto the table."""
    seat = (state.first + len(state.table)) & 1
    card = action.card
    hands = state.hands
    hand = hands[seat]
    i = hand.index(card)
    new_hand = hand[:i] + hand[i + 1 :]
    hands = (hands[0], new_hand) if seat else (new_hand, hands[1])
    if events is not None:
        events.append(CardPlayed(seat, card))
    # The table entry is shared between states: plays are values.
    play = tables.table_plays[seat][card]
    return State(state.first, hands, state.trumps, (*state.table, play), state.loser)


SEM_6 = Rule(
    "SEM-6",
    "Answer a white card on its end symbol; a black card with anything.",
    "На белую карту отвечают картой с её символа конца; на чёрную — любой.",
    checks={PlayCard: _answer_the_last_play},
    effects={PlayCard: play_card},
)
"""How a card answers the last play.

Check: after a white card (or a Lord) the card must start on the demanded symbol
(``wrong_start``). Effect: the card goes from the mover's hand onto the table.
"""


# -- SEM-7 -------------------------------------------------------------------------------------
def _lord_answers_black(tables: Tables, state: State, action: PlayLord) -> Violation | None:
    seat = (state.first + len(state.table)) & 1
    trump = state.trumps[seat]
    if trump is not Trump.HELD:
        return Violation("SEM-7", "trump_spent", {"seat": seat, "used_as": trump.value})
    if state.table and demand_after(tables, state.table[-1].action) is not ANY:
        return Violation("SEM-7", "lord_needs_black", {})
    return None


def play_lord(tables: Tables, state: State, action: PlayLord, events: Events) -> State:
    """The effect of the Lord: the trump goes out as the Lord, naming a symbol."""
    seat = (state.first + len(state.table)) & 1
    if events is not None:
        events.append(LordPlayed(seat, action.named))
    return _spend_trump(state, seat, Trump.LORD, action)


SEM_7 = Rule(
    "SEM-7",
    "The trump as the Lord answers only a black card and names a symbol.",
    "Козырь-Владыка — только в ответ на чёрную карту; он называет символ.",
    checks={PlayLord: _lord_answers_black},
    effects={PlayLord: play_lord},
)
"""The trump as the Lord.

Check: the trump must still be held (``trump_spent``) and the last play black
(``lord_needs_black``). Effect: the trump goes out as the Lord; the answer must start on
the named symbol.
"""


# -- SEM-8 -------------------------------------------------------------------------------------
def card_answers(hand: tuple[str, ...], candidates: tuple[str, ...] | None) -> bool:
    """Whether ``hand`` holds one of ``candidates`` (``None``: any card answers).

    ``candidates`` comes from :func:`~boardrules.games.semya.flow.answer_cards`.
    """
    if candidates is None:
        return bool(hand)
    return any(map(hand.__contains__, candidates))


def _fool_without_answer(tables: Tables, state: State, action: PlayFool) -> Violation | None:
    seat = (state.first + len(state.table)) & 1
    trump = state.trumps[seat]
    if trump is not Trump.HELD:
        return Violation("SEM-8", "trump_spent", {"seat": seat, "used_as": trump.value})
    if not state.table:
        return None  # SEM-5 refuses the opening
    candidates = answer_cards(tables, state.table[-1].action)
    if candidates is None or card_answers(state.hands[seat], candidates):
        return Violation("SEM-8", "fool_has_answer", {"seat": seat})
    return None


def play_fool(tables: Tables, state: State, action: PlayFool, events: Events) -> State:
    """The effect of the Fool: the trump goes out as the Fool, a black card."""
    seat = (state.first + len(state.table)) & 1
    if events is not None:
        events.append(FoolPlayed(seat))
    return _spend_trump(state, seat, Trump.FOOL, action)


def _spend_trump(state: State, seat: int, used: Trump, action: PlayLord | PlayFool) -> State:
    trumps = state.trumps
    trumps = (trumps[0], used) if seat else (used, trumps[1])
    table = (*state.table, Play(seat, action))
    return State(state.first, state.hands, trumps, table, state.loser)


SEM_8 = Rule(
    "SEM-8",
    "The trump as the Fool is played only when there is no answer; it is black.",
    "Козырь-Дурень — только когда нечем ответить; его масть чёрная.",
    checks={PlayFool: _fool_without_answer},
    effects={PlayFool: play_fool},
)
"""The trump as the Fool.

Check: the trump must still be held (``trump_spent``), and no card of the hand may answer
the last play (``fool_has_answer``; after a black card every card answers). Effect: the
trump goes out as the Fool, which counts as a black card. The variant
:data:`~boardrules.games.semya.variants.FOOL_OPTIONAL` replaces this unit.
"""


# -- SEM-9 -------------------------------------------------------------------------------------
def out_of_answers(
    hand: tuple[str, ...], trump: Trump, candidates: tuple[str, ...] | None
) -> bool:
    """Whether a seat with ``hand`` and ``trump`` cannot answer (SEM-9).

    ``candidates`` are the cards that would answer the last play
    (:func:`~boardrules.games.semya.flow.answer_cards`).
    """
    return trump is not Trump.HELD and not card_answers(hand, candidates)


def end_without_answer(tables: Tables, state: State, action: Action, events: Events) -> State:
    """The effect after every play: the seat that cannot answer ``action`` loses."""
    seat = (state.first + len(state.table)) & 1  # the seat that must answer ``action``
    trump = state.trumps[seat]
    if trump is Trump.HELD:  # the common case, decided without looking at the hand
        return state
    if not out_of_answers(state.hands[seat], trump, answer_cards(tables, action)):
        return state
    if events is not None:
        events.append(GameEnded(winner=1 - seat, loser=seat))
    return attrs.evolve(state, loser=seat)


SEM_9 = Rule(
    "SEM-9",
    "No answer and no trump: that seat loses and the game ends.",
    "Нечем ответить и нет Козыря — этот игрок проиграл, игра окончена.",
    effects={ANY_ACTION: end_without_answer},
)
"""The end of the game.

Effect, after every play: if the seat that must answer has no card that answers and no
trump, it loses and the game is over (then the core refuses every action, CORE-2).
"""


# -- SEM-10 ------------------------------------------------------------------------------------
SEM_10 = Rule(
    "SEM-10",
    "Points: cards in hand plus the trump (Fool −1); the winner ranks first.",
    "Очки: карты на руке плюс Козырь (Дурень −1); победитель — первый.",
)
"""The standings: kept by :func:`boardrules.games.semya.scoring.score`."""


# -- SEM-11 ------------------------------------------------------------------------------------
SEM_11 = Rule(
    "SEM-11",
    "Everything is public: a seat's view is the whole state.",
    "Скрытого нет: каждый видит всё состояние игры.",
)
"""Nothing is hidden: kept by :func:`boardrules.games.semya.views.view`."""


#: The 7Я rules in rulebook order; ``boardrules rules semya`` prints their sentences.
RULES = Rulebook((SEM_1, SEM_2, SEM_3, SEM_4, SEM_5, SEM_6, SEM_7, SEM_8, SEM_9, SEM_10, SEM_11))
