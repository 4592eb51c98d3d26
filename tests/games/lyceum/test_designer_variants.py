"""Variants a designer writes in the one form: a longer deferral window (LY-13's fact
``deferral_turns``) and rules removed (LY-18's sharing, LY-17's rest ...). Everything outside
the units follows them: states the variants reach by legal play pass ``validate``, the JSON
round trip, the pictures, the labels, the prompt and every seat's view; a removed rule's
actions are never legal, and every legal action changes the state."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardrules import BadInput, serde
from boardrules.core.rng import Rng
from boardrules.games import lyceum
from boardrules.games.lyceum import DeferredExpired, ShareExperience, State
from boardrules.games.lyceum.rules import LY_13
from boardrules.testing import seeds

from .support import GAME, setups


def five_turns(tables: Any) -> int:
    """A deferred card waits for five of the seat's turns instead of three."""
    return 5


FIVE = GAME.with_rules(
    replace={"LY-13": attrs.evolve(LY_13, facts={"deferral_turns": five_turns})},
    name="deferral-5",
)


def _deferring(game: lyceum.Game, seed: int, setup: dict[str, Any]) -> list[tuple[State, Any]]:
    """A whole game of random legal actions that defers a card whenever it may and keeps a
    deferred card whenever it is offered, so every deferred card waits out the window: each
    state with the events of the action taken in it."""
    rng = Rng.derive(seed, "test-deferring")
    state = game.new(seed, **setup)
    played = []
    while not game.is_over(state):
        legal = game.legal_actions(state)
        wanted = [a for a in legal if isinstance(a, lyceum.DeferCard | lyceum.KeepDeferred)]
        transition = game.step(state, wanted[0] if wanted else legal[rng.below(len(legal))])
        played.append((state, transition.events))
        state = transition.state
    return [*played, (state, ())]


def _seen_everywhere(game: lyceum.Game, state: State) -> None:
    """``state`` passes what the kit asks of every state a variant reaches."""
    game.validate(state)
    assert serde.from_json(serde.to_json(state), State, game=game) == state
    prompt = game.prompt(state)
    assert prompt.seat == game.to_move(state)
    assert (prompt.seat is None) == game.is_over(state)
    for seat in (*range(len(state.seats)), None):
        view = game.view(state, seat)
        game.validate(view)
        game.render_text(state, seat)
    game.render_svg(state, 0, "ru")
    for action in game.legal_actions(state):
        game.describe_action(action, "ru")


@settings(max_examples=6, deadline=None)
@given(seeds(), setups())
def test_ly13_a_five_turn_window_is_kept_by_play_validation_and_pictures(
    seed: int, setup: dict[str, Any]
) -> None:
    played = _deferring(FIVE, seed, setup)
    deferred = {}
    expired = {}
    for state, events in played:
        _seen_everywhere(FIVE, state)
        for event in events:
            if isinstance(event, lyceum.CardDeferred):
                deferred[event.card] = state.round
            elif isinstance(event, DeferredExpired):
                expired[event.card] = state.round
    # Kept whenever offered, a card deferred in round r goes after the seat's turn in r + 5.
    assert expired == {card: r + 5 for card, r in deferred.items() if r + 5 <= 10}


@given(st.integers(1, 6), st.integers(0, 2))
def test_ly13_how_long_a_card_may_wait_is_the_variants_window(waited: int, seat: int) -> None:
    """Round 7, seat 0 has had its turn and seat 1 is to move: a card deferred ``waited``
    rounds ago by ``seat`` is a valid position while the seat has turns of the window left
    (its turn this round counts while it has not had it)."""
    since = 7 - waited
    card = GAME.content.pile(lyceum.epoch_of_round(since), lyceum.Colour.RED)[0]
    description: dict[str, Any] = {
        "skills": [(5,) * 5] * 3, "round": 7, "to_move": 1,
        "deferred": [(card, since) if i == seat else None for i in range(3)],
    }
    left = 0 if seat == 0 else 1  # seat 0 has had its turn in round 7, seats 1 and 2 not yet
    for game, turns in ((GAME, 3), (FIVE, 5)):
        if waited - left < turns:
            assert game.position(**description).seats[seat].deferred == card
        else:
            with pytest.raises(BadInput) as info:
                game.position(**description)
            assert info.value.path == f"$.deferred[{seat}]"


#: Rules a designer may remove, and the kinds of action that go with them.
REMOVABLE = {
    "LY-12": (lyceum.DeferCard,),
    "LY-13": (lyceum.PlayDeferred, lyceum.KeepDeferred),
    "LY-17": (lyceum.Rest, lyceum.MoveSkillPoint, lyceum.FinishMoves),
    "LY-18": (ShareExperience,),
}


@pytest.mark.parametrize("rule_id", sorted(REMOVABLE))
@settings(max_examples=3, deadline=None)
@given(seed=seeds(), setup=setups())
def test_a_removed_rule_takes_its_actions_along_and_nothing_breaks(
    rule_id: str, seed: int, setup: dict[str, Any]
) -> None:
    game = GAME.with_rules(remove=[rule_id], name=f"without {rule_id}")
    gone = REMOVABLE[rule_id]
    rng = Rng(seed)
    state = game.new(seed, **setup)
    for step in range(game.max_moves()):
        if step % 8 == 0 or game.is_over(state):
            _seen_everywhere(game, state)
            game.observe(game.view(state, 0), 0)
        if game.is_over(state):
            break
        legal = game.legal_actions(state)
        assert not any(isinstance(action, gone) for action in legal)
        refusal = game.check(state, gone[0]() if gone[0] is not lyceum.MoveSkillPoint
                             else lyceum.MoveSkillPoint(lyceum.Skill.HEALTH, lyceum.Skill.ENERGY))
        assert refusal is not None
        assert refusal.rule == "CORE-3"
        before = state
        state = game.apply(state, legal[rng.below(len(legal))])
        assert state != before  # every legal action changes the state
    assert game.is_over(state)


def test_removing_a_rule_others_read_names_them() -> None:
    with pytest.raises(BadInput, match="LY-11, LY-12, LY-13"):
        GAME.with_rules(remove=["LY-10"])
    with pytest.raises(BadInput, match="LY-17"):
        GAME.with_rules(remove=["LY-1"])
