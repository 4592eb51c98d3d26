"""A Hypothesis state machine that plays any game and checks it at every step."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from boardrules.core.errors import IllegalAction
from boardrules.core.match import Match
from boardrules.testing.strategies import any_action, seeds

__all__ = ["machine"]


def machine(
    game: Any, setups: st.SearchStrategy[Mapping[str, Any]] | None = None
) -> type[RuleBasedStateMachine]:
    """A ``RuleBasedStateMachine`` that plays ``game`` through a :class:`Match`.

    Rules play a drawn legal action, offer a drawn (maybe illegal) action, undo and redo;
    invariants check the game's own invariants, the legal-action contract and that the
    match's record replays to its state. Use ``machine(game).TestCase`` in a test module.
    """
    setup_strategy = setups if setups is not None else st.just({})

    class GameMachine(RuleBasedStateMachine):
        match: Match[Any, Any, Any]

        @initialize(seed=seeds(), setup=setup_strategy)
        def start(self, seed: int, setup: Mapping[str, Any]) -> None:
            self.match = Match(game, seed, **setup)

        @precondition(lambda self: not self.match.is_over())
        @rule(data=st.data())
        def play_legal(self, data: st.DataObject) -> None:
            action = data.draw(st.sampled_from(self.match.legal_actions()))
            transition = self.match.play(action)
            assert transition.state == self.match.state

        @rule(data=st.data())
        def offer_any(self, data: st.DataObject) -> None:
            state = self.match.state
            action = data.draw(any_action(game, state))
            violation = game.check(state, action)
            if violation is None:
                self.match.play(action)
                return
            import pytest  # only where a test runs, so the kit imports without it

            with pytest.raises(IllegalAction) as info:
                self.match.play(action)
            assert info.value.violation == violation
            assert self.match.state is state

        @precondition(lambda self: self.match.can_undo())
        @rule()
        def undo(self) -> None:
            before = self.match.state
            self.match.undo()
            self.match.redo()
            assert self.match.state == before
            self.match.undo()

        @precondition(lambda self: self.match.can_redo())
        @rule()
        def redo(self) -> None:
            self.match.redo()

        @invariant()
        def state_is_sound(self) -> None:
            state = self.match.state
            game.validate(state)
            assert bool(game.legal_actions(state)) == (not game.is_over(state))

        @invariant()
        def record_replays_to_state(self) -> None:
            replayed = Match.from_record(self.match.record, game)
            assert replayed.state == self.match.state

    GameMachine.__name__ = GameMachine.__qualname__ = f"Machine_{game.name}"
    return GameMachine
