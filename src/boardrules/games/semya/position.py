"""Invariants of a 7Я state, and states built from a designer's description."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from boardrules.core.errors import BadInput
from boardrules.games.semya.actions import Action, PlayCard, PlayFool, PlayLord
from boardrules.games.semya.content import Symbol
from boardrules.games.semya.flow import Tables
from boardrules.games.semya.rules import RULES, out_of_answers
from boardrules.games.semya.state import Play, State, Trump

__all__ = ["build_position", "validate_state"]


def _seat(value: object, path: str) -> int:
    if type(value) is not int or value not in (0, 1):
        raise BadInput(path, "a seat is 0 or 1")
    return value


def validate_state(tables: Tables, state: State) -> None:
    """Raise ``BadInput`` (with the path of the first bad field) unless ``state`` is sound."""
    if not isinstance(state, State):
        raise BadInput("$", f"expected a 7Я State, got {type(state).__name__}")
    first = _seat(state.first, "$.first")
    if not isinstance(state.hands, tuple) or len(state.hands) != 2:
        raise BadInput("$.hands", "two hands, one per seat")
    if not isinstance(state.trumps, tuple) or len(state.trumps) != 2:
        raise BadInput("$.trumps", "two trumps, one per seat")
    order = {c.id: i for i, c in enumerate(tables.deck)}
    played: tuple[list[str], list[str]] = ([], [])
    spent: list[list[Action]] = [[], []]
    for i, play in enumerate(state.table):
        if not isinstance(play, Play):
            raise BadInput(f"$.table[{i}]", "expected a play")
        if play.seat != (first + i) % 2:
            raise BadInput(f"$.table[{i}].seat", "the table alternates seats from the first")
        action = play.action
        if isinstance(action, PlayCard):
            if action.card not in order:
                raise BadInput(f"$.table[{i}].action.card", f"no card {action.card!r} in the deck")
            played[play.seat].append(action.card)
        elif isinstance(action, PlayLord | PlayFool):
            spent[play.seat].append(action)
        else:
            raise BadInput(f"$.table[{i}].action", "not a 7Я action")
    for seat in (0, 1):
        hand = state.hands[seat]
        path = f"$.hands[{seat}]"
        if not isinstance(hand, tuple) or not all(isinstance(c, str) for c in hand):
            raise BadInput(path, "a hand is a list of card ids")
        for j, card in enumerate(hand):
            if card not in order:
                raise BadInput(f"{path}[{j}]", f"no card {card!r} in the deck")
        if list(hand) != sorted(set(hand), key=order.__getitem__):
            raise BadInput(path, "a hand lists distinct cards in deck order")
        everywhere = sorted([*hand, *played[seat]], key=order.__getitem__)
        if everywhere != list(order):
            missing = set(order) - set(everywhere)
            doubled = {c for c in everywhere if everywhere.count(c) > 1}
            detail = sorted(doubled) or sorted(missing)
            raise BadInput(
                path,
                f"each card of seat {seat} is in its hand or on the table exactly once "
                f"(look at {detail[0]!r})",
            )
        trump = state.trumps[seat]
        if not isinstance(trump, Trump):
            raise BadInput(f"$.trumps[{seat}]", "a trump is held, lord or fool")
        if len(spent[seat]) > 1:
            raise BadInput("$.table", f"seat {seat} played its trump more than once")
        shown = (
            Trump.HELD
            if not spent[seat]
            else Trump.LORD
            if isinstance(spent[seat][0], PlayLord)
            else Trump.FOOL
        )
        if trump is not shown:
            raise BadInput(f"$.trumps[{seat}]", f"the table shows the trump {shown.value}")
    expected = None
    if state.table:
        mover = (first + len(state.table)) % 2
        candidates = tables.facts.answers(tables, state.table[-1].action)
        if out_of_answers(state.hands[mover], state.trumps[mover], candidates):
            expected = mover
    if state.loser != expected:
        raise BadInput(
            "$.loser",
            "the game is not over here" if expected is None else f"seat {expected} has lost here",
        )


def build_position(
    tables: Tables,
    hands: Sequence[Iterable[str]],
    table: Sequence[Action | Play],
    trumps: Sequence[Trump | str] | None,
    to_move: int,
) -> State:
    """See :meth:`Game.position <boardrules.games.semya.Game.position>`."""
    to_move = _seat(to_move, "$.to_move")
    if isinstance(hands, str | bytes) or len(hands) != 2:
        raise BadInput("$.hands", "two hands, one per seat")
    order = {c.id: i for i, c in enumerate(tables.deck)}
    held: list[tuple[str, ...]] = []
    for seat, hand in enumerate(hands):
        ids = list(hand) if not isinstance(hand, str) else [hand]
        for j, card in enumerate(ids):
            if card not in order:
                raise BadInput(f"$.hands[{seat}][{j}]", f"no card {card!r} in the deck")
        if len(set(ids)) != len(ids):
            raise BadInput(f"$.hands[{seat}]", "a card is listed twice")
        held.append(tuple(sorted(ids, key=order.__getitem__)))
    # Seats of the recent plays follow by alternation back from the seat to move.
    tail: list[Play] = []
    n = len(table)
    for i, given_play in enumerate(table):
        seat = (to_move - (n - i)) % 2
        action = given_play.action if isinstance(given_play, Play) else given_play
        path = f"$.table[{i}].action" if isinstance(given_play, Play) else f"$.table[{i}]"
        if not isinstance(action, PlayCard | PlayLord | PlayFool):
            raise BadInput(path, "a play is a PlayCard, PlayLord or PlayFool")
        if isinstance(action, PlayCard) and action.card not in order:
            raise BadInput(f"{path}.card", f"no card {action.card!r} in the deck")
        if isinstance(given_play, Play):
            if given_play.seat != seat:
                raise BadInput(f"$.table[{i}].seat", f"by alternation this play is seat {seat}'s")
            tail.append(given_play)
        else:
            tail.append(Play(seat, given_play))
    shown: list[Trump] = [Trump.HELD, Trump.HELD]
    for play in tail:
        if isinstance(play.action, PlayLord):
            shown[play.seat] = Trump.LORD
        elif isinstance(play.action, PlayFool):
            shown[play.seat] = Trump.FOOL
    if trumps is None:
        final = shown
    else:
        if len(trumps) != 2:
            raise BadInput("$.trumps", "two trumps, one per seat")
        final = []
        for seat, value in enumerate(trumps):
            try:
                final.append(value if isinstance(value, Trump) else Trump(value))
            except ValueError:
                raise BadInput(f"$.trumps[{seat}]", "a trump is held, lord or fool") from None
    # What is neither held nor in the recent plays was played earlier.
    earlier: list[list[Action]] = [[], []]
    for seat in (0, 1):
        recent = {p.action.card for p in tail if p.seat == seat and isinstance(p.action, PlayCard)}
        for entry in tables.deck:
            if entry.id not in held[seat] and entry.id not in recent:
                earlier[seat].append(tables.plays[entry.id])
        if final[seat] is not Trump.HELD and shown[seat] is Trump.HELD:
            earlier[seat].append(
                PlayLord(Symbol.SUN) if final[seat] is Trump.LORD else PlayFool()
            )
    last = (tail[0].seat if tail else to_move) ^ 1
    a, b = len(earlier[last]), len(earlier[1 - last])
    if a not in (b, b + 1):
        raise BadInput(
            "$.hands",
            f"no alternating game leads here: seat {last} played {a} cards earlier "
            f"and seat {1 - last} played {b}",
        )
    start = last if a == b + 1 else 1 - last
    prefix: list[Play] = []
    queues = {0: list(earlier[0]), 1: list(earlier[1])}
    seat = start
    while queues[0] or queues[1]:
        prefix.append(Play(seat, queues[seat].pop(0)))
        seat ^= 1
    plays = (*prefix, *tail)
    first = plays[0].seat if plays else to_move
    loser = None
    if plays:
        mover = (first + len(plays)) % 2
        candidates = tables.facts.answers(tables, plays[-1].action)
        if out_of_answers(held[mover], final[mover], candidates):
            loser = mover
    state = State(first, (held[0], held[1]), (final[0], final[1]), plays, loser)
    validate_state(tables, state)
    _check_recent_plays(tables, state, len(prefix), table)
    return state


def _check_recent_plays(
    tables: Tables, state: State, start: int, table: Sequence[Action | Play]
) -> None:
    """Each play the designer gave must be legal where it stands, by the rules' own checks
    (SEM-5 to SEM-8): the state before it is the position with that play and the later
    ones taken back. The first given play is checked only when nothing was played before
    it (it answers a play the description does not give)."""
    for k in range(start + 1 if start else 0, len(state.table)):
        play = state.table[k]
        before = _taken_back(state, k)
        for check in RULES.checks_for(type(play.action)):
            violation = check(tables, before, play.action)
            if violation is not None:
                i = k - start
                path = f"$.table[{i}]" + (".action" if isinstance(table[i], Play) else "")
                raise BadInput(path, f"{violation.rule}: {violation.message('en')}")


def _taken_back(state: State, k: int) -> State:
    """``state`` with plays ``k`` onwards taken back into their seats' hands and trumps."""
    hands = [list(state.hands[0]), list(state.hands[1])]
    trumps = list(state.trumps)
    for play in state.table[k:]:
        if isinstance(play.action, PlayCard):
            hands[play.seat].append(play.action.card)
        else:
            trumps[play.seat] = Trump.HELD
    return State(state.first, (tuple(hands[0]), tuple(hands[1])), (trumps[0], trumps[1]),
                 state.table[:k], None)
