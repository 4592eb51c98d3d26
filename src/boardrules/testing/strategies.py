"""Hypothesis strategies over any game of the registry."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, get_args

import attrs
from hypothesis import strategies as st

from boardrules.core.capabilities import HasActionStrategy
from boardrules.core.rng import MAX_SEED

__all__ = ["Playout", "any_action", "json_values", "playouts", "reachable_states", "seeds"]


def seeds() -> st.SearchStrategy[int]:
    """Any valid seed; shrinks towards 0."""
    return st.integers(0, MAX_SEED)


@attrs.frozen
class Playout:
    """A seed, a setup, the legal actions played from them and every state on the way."""

    seed: int
    setup: Mapping[str, Any]
    actions: tuple[Any, ...]
    states: tuple[Any, ...] = attrs.field(repr=False)

    @property
    def final(self) -> Any:
        """The last state."""
        return self.states[-1]


@st.composite
def playouts(
    draw: st.DrawFn,
    game: Any,
    setups: st.SearchStrategy[Mapping[str, Any]] | None = None,
    max_steps: int | None = None,
    to_end: bool = False,
) -> Playout:
    """A random legal game from a drawn seed and setup.

    Args:
        game: the game to play.
        setups: keyword arguments for ``game.new``; by default none.
        max_steps: stop after this many actions at most (default: the game's bound).
        to_end: play until the game is over (else a drawn number of steps).

    Each action is drawn as an index into ``legal_actions``, so failures shrink towards
    the first legal action and shorter games.
    """
    seed = draw(seeds())
    setup = draw(setups if setups is not None else st.just({}))
    state = game.new(seed, **setup)
    bound = game.max_moves() if max_steps is None else max_steps
    steps = bound if to_end else draw(st.integers(0, bound))
    actions: list[Any] = []
    states = [state]
    for _ in range(steps):
        legal = game.legal_actions(state)
        if not legal:
            break
        action = legal[draw(st.integers(0, len(legal) - 1))]
        state = game.apply(state, action)
        actions.append(action)
        states.append(state)
    return Playout(seed, dict(setup), tuple(actions), tuple(states))


def reachable_states(
    game: Any, setups: st.SearchStrategy[Mapping[str, Any]] | None = None
) -> st.SearchStrategy[Any]:
    """States reached by legal play from a drawn seed."""
    return playouts(game, setups).map(lambda p: p.final)


def _vocabulary(game: Any) -> st.SearchStrategy[Any]:
    if isinstance(game, HasActionStrategy):
        strategy: st.SearchStrategy[Any] = game.action_strategy()
        return strategy
    members = get_args(game.action_type) or (game.action_type,)
    return st.one_of(*(st.builds(m) for m in members))


def any_action(game: Any, state: Any) -> st.SearchStrategy[Any]:
    """An action of the game's whole vocabulary, legal or not, in ``state``.

    Half the time a legal one (when there is one), else one built from the action types
    (a game may offer ``action_strategy()`` for a sharper vocabulary).
    """
    legal = game.legal_actions(state)
    vocabulary = _vocabulary(game)
    if not legal:
        return vocabulary
    return st.one_of(st.sampled_from(legal), vocabulary)


def json_values(max_leaves: int = 20) -> st.SearchStrategy[Any]:
    """Arbitrary JSON-shaped data, for throwing at loaders."""
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**70), 2**70),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=20),
    )
    return st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=10), inner, max_size=5)
        ),
        max_leaves=max_leaves,
    )
