"""Which moves may be taken back: never past a move that told some seat something it could
not know before (a hidden card shown, a card drawn, a hand revealed), nor past a bot's move
made while the asking seat's view hid something (the bot saw its own cards, so its choice
tells of them: taken back, it could be replayed against), so an undo never lets anyone play
again with knowledge they should not have.

A move is *telling* for a seat when the seat's view after it is not fixed by its view before
it and the action. For a game that can make twin states (``determinize``: other states with
the same view for that seat), the move is played on a few twins; if the action is illegal on
one, or the seat's view after it differs, the move told the seat something. A game that
cannot make twins may take back only moves where no seat's view hides anything.

>>> import boardrules
>>> game = boardrules.load("kuhn")
>>> state = game.new(7)
>>> first = game.legal_actions(state)[0]
>>> tells(game, state, first, game.apply(state, first), 7)
False
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from boardrules.core.capabilities import Determinizable
from boardrules.core.rng import Rng

__all__ = ["TWINS", "tells", "undo_target"]

#: How many twin states each seat's view is checked on.
TWINS = 4


def tells(game: Any, before: Any, action: Any, after: Any, seed: int) -> bool:
    """Whether the move ``before`` → ``after`` by ``action`` told any seat (or a spectator)
    something its view before and the action did not fix."""
    rules: Any = game  # the whole game, past the isinstance test below
    seats = len(rules.score(before))
    if not isinstance(game, Determinizable):
        return any(game.view(state, seat) != state
                   for state in (before, after) for seat in (None, *range(seats)))
    for seat in range(seats):
        view = rules.view(before, seat)
        seen = rules.view(after, seat)
        for twin_number in range(TWINS):
            twin = game.determinize(view, seat, Rng.derive(seed, "undo", seat, twin_number))
            if rules.check(twin, action) is not None:
                return True
            if rules.view(rules.apply(twin, action), seat) != seen:
                return True
    return False


def undo_target(game: Any, states: Sequence[Any], actions: Sequence[Any], seat: int,
                seed: int, bots: Collection[int] = ()) -> tuple[int | None, str]:
    """The version an undo by ``seat`` goes back to: before its last move, taking back the
    moves after it too; ``(None, why)`` when there is none, a move on the way told a seat
    something, or one was made by a bot (a seat of ``bots``) while ``seat``'s view hid
    something. ``states`` are every state of the match (``len(actions) + 1``)."""
    version = len(actions)
    mine = [i for i in range(version) if game.to_move(states[i]) == seat]
    if not mine:
        return None, "this seat has no move to take back"
    target = mine[-1]
    for i in range(version - 1, target - 1, -1):
        if game.to_move(states[i]) in bots and game.view(states[i], seat) != states[i]:
            return None, (f"move {i} was a bot's, chosen seeing what this seat cannot; it "
                          "cannot be taken back")
        if tells(game, states[i], actions[i], states[i + 1], seed + i):
            return None, f"move {i} showed a seat something hidden; it cannot be taken back"
    return target, ""
