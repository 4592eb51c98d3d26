"""Kuhn poker against OpenSpiel's ``kuhn_poker``: the same legal actions, returns and
information sets over every deal and every betting sequence.

OpenSpiel numbers the cards 0 (Jack), 1 (Queen), 2 (King) and has two actions, 0 "pass"
and 1 "bet": our check and fold are its pass, our bet and call its bet. Runs when
``open_spiel`` is installed (the ``test`` extra installs it on Linux x86-64).
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from boardrules.games import kuhn
from boardrules.games.kuhn import Bet, Call, Check, Fold

pyspiel = pytest.importorskip("pyspiel")

GAME = kuhn.Game()
#: Our actions as OpenSpiel's: 0 is pass, 1 is bet.
AS_SPIEL = {Check(): 0, Fold(): 0, Bet(): 1, Call(): 1}
DEALS = list(itertools.permutations(kuhn.DECK, 2))


def _walk(ours: Any, theirs: Any, seen: list[tuple[Any, Any]]) -> int:
    """Compare the two games at every node below; return the number of hands ended."""
    seen.append((ours, theirs))
    assert GAME.is_over(ours) == theirs.is_terminal()
    if theirs.is_terminal():
        assert GAME.score(ours).points == tuple(int(r) for r in theirs.returns())
        return 1
    assert GAME.to_move(ours) == theirs.current_player()
    legal = GAME.legal_actions(ours)
    assert [AS_SPIEL[a] for a in legal] == theirs.legal_actions()
    ended = 0
    for action in legal:
        ended += _walk(GAME.apply(ours, action), theirs.child(AS_SPIEL[action]), seen)
    return ended


def test_every_deal_and_betting_sequence_agrees_with_openspiel() -> None:
    spiel = pyspiel.load_game("kuhn_poker")
    seen: list[tuple[Any, Any]] = []
    ended = 0
    for first, second in DEALS:
        theirs = spiel.new_initial_state()
        theirs.apply_action(first.rank)
        theirs.apply_action(second.rank)
        ended += _walk(GAME.new(0, deal=(first, second)), theirs, seen)
    assert ended == 6 * 5  # five betting sequences per deal
    # A seat's view tells apart exactly the states OpenSpiel's information sets do (before
    # the end; OpenSpiel's information state never shows the other card).
    for seat in (0, 1):
        for (a, a_spiel), (b, b_spiel) in itertools.combinations(seen, 2):
            if a_spiel.is_terminal() or b_spiel.is_terminal():
                continue
            same_view = GAME.view(a, seat) == GAME.view(b, seat)
            same_infoset = (
                a_spiel.information_state_string(seat) == b_spiel.information_state_string(seat)
            )
            assert same_view == same_infoset


def test_the_seeded_deal_covers_openspiels_chance_outcomes() -> None:
    spiel = pyspiel.load_game("kuhn_poker")
    outcomes = {card for card, _ in spiel.new_initial_state().chance_outcomes()}
    assert outcomes == {card.rank for card in kuhn.DECK}
    assert {GAME.new(seed).cards for seed in range(200)} == set(DEALS)
