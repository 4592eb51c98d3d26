"""Shared helpers for the Lyceum rule tests: the game, setups, and quick ways to play."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from hypothesis import strategies as st

from boardrules.core.rng import Rng
from boardrules.games import lyceum
from boardrules.games.lyceum import (
    ChooseSkill,
    Declare,
    DeclareSkill,
    Event,
    Skill,
    State,
    StepKind,
)

GAME = lyceum.Game()
CONTENT = GAME.content
CARDS = {c.id: c for c in CONTENT.cards}


def setups(players: Sequence[int] = (3, 4)) -> st.SearchStrategy[dict[str, Any]]:
    """Setups for ``GAME.new``: a number of seats, sometimes ages."""

    def one(n: int) -> st.SearchStrategy[dict[str, Any]]:
        ages = st.tuples(*[st.integers(14, 18)] * n)
        return st.fixed_dictionaries({"players": st.just(n)}, optional={"ages": ages})

    return st.sampled_from(list(players)).flatmap(one)


def head(state: State) -> lyceum.Step:
    """The pending step."""
    assert state.queue, "the game is over"
    return state.queue[0]


def play(state: State, actions: Iterable[Any], game: lyceum.Game = GAME) -> State:
    """Apply actions in order."""
    for action in actions:
        state = game.apply(state, action)
    return state


def finish_setup(
    state: State, extra: Skill = Skill.ENERGY, declaration: Sequence[int] | None = None
) -> State:
    """Every seat puts its 5 extra SP into ``extra`` and declares ``declaration`` (or none)."""
    while state.stage is lyceum.Stage.SETUP:
        step = head(state)
        if step.kind is StepKind.CHOOSE:
            state = GAME.apply(state, ChooseSkill(extra))
        elif step.kind is StepKind.DECLARE:
            if declaration is None:
                state = GAME.apply(state, Declare(None))
            else:
                state = GAME.apply(state, Declare(sum(declaration)))
                state = play(state, [DeclareSkill(v) for v in declaration[:4]])
        else:  # pragma: no cover - only reached with a declaration, handled above
            raise AssertionError(step)
    return state


def random_game(
    seed: int, players: int = 4, game: lyceum.Game = GAME, **setup: Any
) -> tuple[list[State], list[tuple[Event, ...]]]:
    """A whole game of uniformly random legal actions (the generator is seeded)."""
    rng = Rng.derive(seed, "test-player")
    state = game.new(seed, players=players, **setup)
    states = [state]
    events: list[tuple[Event, ...]] = []
    while not game.is_over(state):
        legal = game.legal_actions(state)
        transition = game.step(state, legal[rng.below(len(legal))])
        state = transition.state
        states.append(state)
        events.append(transition.events)
    return states, events


def through_main(state: State, action: Any) -> State:
    """Play ``action`` as the main action, then answer follow-ups with the first legal one."""
    state = GAME.apply(state, action)
    start = (state.round, state.turn)
    while state.queue and (state.round, state.turn) == start and state.stage is not (
        lyceum.Stage.DEFERRED
    ):
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    return state
