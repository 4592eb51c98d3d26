"""7Я's listing shortcuts say what the plain rules say: SEM-5's state-only form and SEM-6's
``answering`` fact, which SEM-8 reads (kept for the state SEM-6 last listed)."""

from __future__ import annotations

import attrs
from hypothesis import given

from boardrules.core.rules import why_of
from boardrules.games import semya
from boardrules.games.semya import PlayCard, PlayFool, PlayLord
from boardrules.games.semya import rules as semya_rules
from boardrules.testing import reachable_states

GAME = semya.Game()
SEM_5 = semya_rules.SEM_5
# SEM-5 as plain functions: asked of every candidate, with no state-only form.
PER_CANDIDATE = GAME.with_rules(
    replace={"SEM-5": attrs.evolve(SEM_5, checks={k: why_of(c) for k, c in SEM_5.checks.items()})},
    name="SEM-5 per candidate",
)


@given(reachable_states(GAME))
def test_sem5_asked_once_per_kind_lists_what_it_lists_per_candidate(
    state: semya.State,
) -> None:
    assert GAME.legal_actions(state) == PER_CANDIDATE.legal_actions(state)
    for action in (PlayFool(), PlayLord(semya.Symbol.SUN)):
        assert GAME.check(state, action) == PER_CANDIDATE.check(state, action)


@given(reachable_states(GAME))
def test_answering_is_the_hand_among_answers_whether_kept_or_not(state: semya.State) -> None:
    tables = GAME.rule_context
    seat = (state.first + len(state.table)) & 1
    candidates = (
        tables.facts.answers(tables, state.table[-1].action) if state.table else None
    )
    expected = (
        None
        if candidates is None
        else tuple(PlayCard(c) for c in candidates if c in state.hands[seat])
    )
    fresh = semya.Game().rule_context  # another game: nothing kept for it
    assert semya_rules.answering(fresh, state) == expected
    GAME.legal_actions(state)  # SEM-6 lists, and keeps its answers for this state
    assert semya_rules.answering(tables, state) == expected
