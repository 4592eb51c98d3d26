"""Optional Kuhn poker capabilities for agents, learning code and balance reports."""

from __future__ import annotations

from typing import Protocol

from boardrules.core.rng import Rng
from boardrules.core.standings import Standings
from boardrules.games.kuhn.actions import Action, Bet, Call, Check, Fold
from boardrules.games.kuhn.content import DECK, Stakes
from boardrules.games.kuhn.events import Event
from boardrules.games.kuhn.state import State

__all__ = ["determinize", "heuristic", "observation_size", "observe", "tally", "vocabulary"]

class Game(Protocol):
    """What the hooks read of a Kuhn poker game (``kuhn.Game`` offers it)."""

    def to_move(self, state: State) -> int | None: ...
    def score(self, state: State) -> Standings: ...


_KINDS = (Check, Bet, Call, Fold)
#: The longest hand: check, bet, then a call or a fold.
MAX_MOVES = 3


def determinize(view: State, seat: int | None, rng: Rng) -> State:
    """A full state with the same view for ``seat``: each hidden card drawn from ``rng``
    among the cards the view does not show."""
    known = [c for c in view.cards if c is not None]
    unseen = list(rng.shuffled(c for c in DECK if c not in known))
    first, second = view.cards
    if first is None:
        first = unseen.pop()
    if second is None:
        second = unseen.pop()
    return State((first, second), view.moves)


def heuristic(game: Game, state: State, seat: int) -> float:
    """``GreedyAgent``'s rating of ``state`` for ``seat``: the chips it has won or lost once
    the hand is over, and before that minus what it has paid in (so it never bets)."""
    return float(game.score(state)[seat].points)


def observation_size() -> int:
    """The length of :func:`observe`'s vector."""
    return 2 * len(DECK) + len(_KINDS) * MAX_MOVES + 1


def observe(game: Game, view: State, seat: int) -> tuple[int, ...]:
    """A fixed-size 0/1 vector of what ``seat`` sees: its card, the other card when shown
    (one-hot, deck order), each action so far (one-hot per move) and whether it is to move."""
    own, other = view.cards[seat], view.cards[1 - seat]
    out = [1 if own is c else 0 for c in DECK]
    out += [1 if other is c else 0 for c in DECK]
    for i in range(MAX_MOVES):
        move = view.moves[i] if i < len(view.moves) else None
        out += [1 if type(move) is kind else 0 for kind in _KINDS]
    out.append(1 if game.to_move(view) == seat else 0)
    return tuple(out)


def tally(stakes: Stakes, state: State, events: tuple[Event, ...]) -> dict[str, int]:
    """Content statistics for balance reports: how the hand ended."""
    if not stakes.facts.over(stakes, state):
        return {}
    return {"showdown" if stakes.facts.showdown(stakes, state) else "fold": 1}


def vocabulary() -> tuple[Action, ...]:
    """Every action of the game: check, bet, fold, call."""
    return (Check(), Bet(), Fold(), Call())
