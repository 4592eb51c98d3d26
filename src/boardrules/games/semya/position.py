"""Invariants of a 7Я state, and states built from a designer's description."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from boardrules.core.errors import BadInput
from boardrules.core.violation import Violation
from boardrules.games.semya.actions import Action, PlayCard, PlayFool, PlayLord
from boardrules.games.semya.flow import Tables
from boardrules.games.semya.state import Play, State, Trump

__all__ = ["build_position", "validate_state"]


def _seat(value: object, path: str) -> int:
    if type(value) is not int or value not in (0, 1):
        raise BadInput(path, "a seat is 0 or 1")
    return value


def _card_ids(order: dict[str, int], ids: object, path: str, what: str) -> tuple[str, ...]:
    """``ids`` checked as distinct card ids of the deck in deck order."""
    if not isinstance(ids, tuple) or not all(isinstance(c, str) for c in ids):
        raise BadInput(path, f"{what} is a list of card ids")
    for j, card in enumerate(ids):
        if card not in order:
            raise BadInput(f"{path}[{j}]", f"no card {card!r} in the deck")
    if list(ids) != sorted(set(ids), key=order.__getitem__):
        raise BadInput(path, f"{what} lists distinct cards in deck order")
    return ids


def _earlier_counts(state: State) -> tuple[int, int]:
    """The plays each seat made before the table, in an order not known."""
    c0, c1 = (len(state.earlier[s]) + state.trump_went_earlier(s) for s in (0, 1))
    return c0, c1


def _alternation_problem(counts: tuple[int, int], cards: tuple[int, int], first: int) -> str | None:
    """Why plays made earlier in ``counts`` (``cards`` of them feeling cards) cannot alternate
    before seat ``first``'s first play on the table, or ``None`` when they can."""
    before = 1 - first  # the seat of the last earlier play
    if counts[before] not in (counts[first], counts[first] + 1):
        return (
            f"no alternating game leads here: seat {before} played {counts[before]} times "
            f"earlier and seat {first} {counts[first]}, but seats alternate and seat {before} "
            f"made the play before seat {first}'s, so it played as often as seat {first} or "
            "once more"
        )
    opener = before if counts[before] == counts[first] + 1 else first
    if counts[opener] and not cards[opener]:
        return f"seat {opener} would have opened the game with its trump, which SEM-5 forbids"
    return None


#: The rulebook's effects that run after every action (``Rulebook.effects_for(ANY_ACTION)``):
#: a sound state is left as it is by them after its last play (7Я's SEM-9 ends the game there).
Settling = tuple[Callable[[Tables, State, Action, None], State], ...]


def _settled(tables: Tables, state: State, settle: Settling) -> State:
    """``state`` (not yet ended) after the rulebook's after-every-action effects of its last
    play: where the rules say whether the game ends there."""
    after = State(state.first, state.hands, state.trumps, state.table, None, state.earlier)
    if not state.table:
        return after
    last = state.table[-1].action
    for effect in settle:
        after = effect(tables, after, last, None)
    return after


def _prefix(state: State, length: int) -> State:
    """``state`` with only the first ``length`` plays of its table: whose turn it was then
    is the rulebook's ``turn`` of it (SEM-4)."""
    return State(state.first, state.hands, state.trumps, state.table[:length], None,
                 state.earlier)


def validate_state(tables: Tables, state: State, settle: Settling) -> None:
    """Raise ``BadInput`` (with the path of the first bad field) unless ``state`` is sound:
    the rulebook's turn (SEM-4's, or a variant's) names each play's seat, and its
    after-every-action effects leave the state as it is (SEM-9's end is set exactly where the
    rules set it)."""
    if not isinstance(state, State):
        raise BadInput("$", f"expected a 7Я State, got {type(state).__name__}")
    first = _seat(state.first, "$.first")
    if not isinstance(state.hands, tuple) or len(state.hands) != 2:
        raise BadInput("$.hands", "two hands, one per seat")
    if not isinstance(state.trumps, tuple) or len(state.trumps) != 2:
        raise BadInput("$.trumps", "two trumps, one per seat")
    if not isinstance(state.earlier, tuple) or len(state.earlier) != 2:
        raise BadInput("$.earlier", "two lists of card ids, one per seat")
    if not isinstance(state.table, tuple):
        raise BadInput("$.table", "a table is a list of plays")
    order = tables.order
    earlier = [_card_ids(order, state.earlier[s], f"$.earlier[{s}]", "a seat's earlier cards")
               for s in (0, 1)]
    played: tuple[list[str], list[str]] = ([], [])
    spent: list[list[Action]] = [[], []]
    for i, play in enumerate(state.table):
        if not isinstance(play, Play):
            raise BadInput(f"$.table[{i}]", "expected a play")
        if play.seat != tables.facts.turn(tables, _prefix(state, i)):
            raise BadInput(f"$.table[{i}].seat", "the rules' turn gives this play another seat")
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
        path = f"$.hands[{seat}]"
        hand = _card_ids(order, state.hands[seat], path, "a hand")
        everywhere = sorted([*hand, *played[seat], *earlier[seat]], key=order.__getitem__)
        if everywhere != list(order):
            missing = set(order) - set(everywhere)
            doubled = {c for c in everywhere if everywhere.count(c) > 1}
            detail = sorted(doubled) or sorted(missing)
            raise BadInput(
                path,
                f"each card of seat {seat} is in its hand, on the table or among the earlier "
                f"cards exactly once (look at {detail[0]!r})",
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
        if trump is not shown and not state.trump_went_earlier(seat):
            raise BadInput(f"$.trumps[{seat}]", f"the table shows the trump {shown.value}")
    if earlier[0] or earlier[1]:
        if not state.table:
            raise BadInput(
                "$.table",
                "after plays made earlier the table shows at least the last play (the one "
                "the seat to move answers)",
            )
        cards = (len(earlier[0]), len(earlier[1]))
        problem = _alternation_problem(_earlier_counts(state), cards, first)
        if problem is not None:
            raise BadInput("$.earlier", problem)
    expected = _settled(tables, state, settle).loser
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
    check: Callable[[State, object], Violation | None],
    settle: Settling,
) -> State:
    """See :meth:`Game.position <boardrules.games.semya.Game.position>`; ``check`` and
    ``settle`` are the game's (a variant's position is built and checked by its rules)."""
    to_move = _seat(to_move, "$.to_move")
    if isinstance(hands, str | bytes) or len(hands) != 2:
        raise BadInput("$.hands", "two hands, one per seat")
    order = tables.order
    held: list[tuple[str, ...]] = []
    for seat, hand in enumerate(hands):
        ids = list(hand) if not isinstance(hand, str) else [hand]
        for j, card in enumerate(ids):
            if card not in order:
                raise BadInput(f"$.hands[{seat}][{j}]", f"no card {card!r} in the deck")
        if len(set(ids)) != len(ids):
            raise BadInput(f"$.hands[{seat}]", "a card is listed twice")
        held.append(tuple(sorted(ids, key=order.__getitem__)))
    # Seats of the recent plays: whose turn the rules give at each, from the one seat to
    # start with (``first``) that leaves ``to_move`` to move after them.
    actions: list[Action] = []
    for i, given_play in enumerate(table):
        action = given_play.action if isinstance(given_play, Play) else given_play
        path = f"$.table[{i}].action" if isinstance(given_play, Play) else f"$.table[{i}]"
        if not isinstance(action, PlayCard | PlayLord | PlayFool):
            raise BadInput(path, "a play is a PlayCard, PlayLord or PlayFool")
        if isinstance(action, PlayCard) and action.card not in order:
            raise BadInput(f"{path}.card", f"no card {action.card!r} in the deck")
        actions.append(action)
    first, tail = _seated(tables, held, actions, to_move)
    for i, given_play in enumerate(table):
        if isinstance(given_play, Play) and given_play.seat != tail[i].seat:
            raise BadInput(f"$.table[{i}].seat", f"by the turn this play is seat {tail[i].seat}'s")
    shown: list[Trump] = [Trump.HELD, Trump.HELD]
    for play in tail:
        if isinstance(play.action, PlayLord):
            shown[play.seat] = Trump.LORD
        elif isinstance(play.action, PlayFool):
            shown[play.seat] = Trump.FOOL
    if trumps is None:
        final = shown
    else:
        if isinstance(trumps, str | bytes) or len(trumps) != 2:
            raise BadInput("$.trumps", "two trumps, one per seat")
        final = []
        for seat, value in enumerate(trumps):
            try:
                final.append(value if isinstance(value, Trump) else Trump(value))
            except ValueError:
                raise BadInput(f"$.trumps[{seat}]", "a trump is held, lord or fool") from None
    # What is neither held nor among the given plays was played earlier, in an order
    # nobody gave: it is kept as such (``State.earlier``), never put on the table.
    earlier: list[tuple[str, ...]] = []
    for seat in (0, 1):
        gone = {p.action.card for p in tail if p.seat == seat and isinstance(p.action, PlayCard)}
        gone.update(held[seat])
        earlier.append(tuple(c for c in tables.full_hand if c not in gone))
    if earlier[0] or earlier[1]:
        counts = (
            len(earlier[0]) + (final[0] is not Trump.HELD and shown[0] is Trump.HELD),
            len(earlier[1]) + (final[1] is not Trump.HELD and shown[1] is Trump.HELD),
        )
        cards = (len(earlier[0]), len(earlier[1]))
        problem = _alternation_problem(counts, cards, first)
        if problem is not None:
            raise BadInput("$.hands", problem)
        if not tail:
            count = len(earlier[0]) + len(earlier[1])
            raise BadInput(
                "$.table",
                f"{count} cards are neither in a hand nor on the table, so they were played "
                "earlier; give at least the last play, the one the seat to move answers",
            )
    state = _settled(
        tables,
        State(first, (held[0], held[1]), (final[0], final[1]), tuple(tail), None,
              (earlier[0], earlier[1])),
        settle,
    )
    validate_state(tables, state, settle)
    _check_recent_plays(check, state, table)
    return state


def _seated(
    tables: Tables, held: list[tuple[str, ...]], actions: list[Action], to_move: int
) -> tuple[int, list[Play]]:
    """The first seat that leaves ``to_move`` to move after ``actions``, and the plays of
    ``actions`` with the seats the rules' turn gives them from it."""
    hands = (held[0], held[1])
    for first in (0, 1):
        plays: list[Play] = []
        for action in actions:
            seat = tables.facts.turn(tables, State(first, hands, table=tuple(plays)))
            plays.append(Play(seat, action))
        if tables.facts.turn(tables, State(first, hands, table=tuple(plays))) == to_move:
            return first, plays
    raise BadInput("$.to_move", f"by the rules' turn, seat {to_move} cannot be to move here")


def _check_recent_plays(
    check: Callable[[State, object], Violation | None],
    state: State,
    table: Sequence[Action | Play],
) -> None:
    """Each play the designer gave must be legal where it stands, by the game's own rules
    (SEM-5 to SEM-8): the state before it is the position with that play and the later
    ones taken back. After plays made earlier the first given play is not checked: it
    answers a play nobody gave."""
    for k in range(1 if state.earlier_plays else 0, len(state.table)):
        play = state.table[k]
        violation = check(_taken_back(state, k), play.action)
        if violation is not None:
            path = f"$.table[{k}]" + (".action" if isinstance(table[k], Play) else "")
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
                 state.table[:k], None, state.earlier)
