"""The direct forms of the effects (ORB-6's pass, ORB-10's gift, ORB-19's allocation) build
in ``apply`` and ``step`` the very state, and in ``step`` the very events, that the rules'
effects make (a variant without the direct forms runs the effects); ORB-6's pass, stated as
``Always``, is written into the listing."""

from __future__ import annotations

from typing import Any, ClassVar

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from boardrules import serde
from boardrules.core.rules import Always, Direct, Rule
from boardrules.games.orbita import Game
from boardrules.games.orbita.actions import Pass
from boardrules.games.orbita.rules.attraction import ORB_6
from boardrules.games.orbita.rules.consumption import ORB_19
from boardrules.games.orbita.rules.trade import ORB_10

GAMES = (Game(rounds=3), Game(rounds=3, all_at_once=False, steps=2))


def _plain(unit: Rule[Any, Any]) -> Rule[Any, Any]:
    """``unit`` with each direct form replaced by the effect it stands beside."""
    effects = {k: e.effect if isinstance(e, Direct) else e for k, e in unit.effects.items()}
    return attrs.evolve(unit, effects=effects)


def _by_effects(game: Game) -> Game:
    plain: Game = game.with_rules(
        replace={unit.id: _plain(unit) for unit in (ORB_6, ORB_10, ORB_19)}, name="by-effects"
    )
    return plain


def test_the_direct_forms_say_how_they_stand_for_the_events() -> None:
    # A pass and an allocation the direct forms build come with no events; a gift's form
    # makes its own (one per giver).
    assert ORB_6.effects[Pass].in_step == "quiet"
    assert [e.in_step for e in ORB_19.effects.values() if isinstance(e, Direct)] == ["quiet"]
    assert [e.in_step for e in ORB_10.effects.values() if isinstance(e, Direct)] == ["emits"]


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(GAMES),
    st.integers(0, 10**6),
    st.integers(2, 4),
    st.lists(st.integers(0, 10**6), min_size=60, max_size=200),
)
def test_direct_forms_match_the_effects(
    game: Game, seed: int, players: int, picks: list[int]
) -> None:
    general = _by_effects(game)
    state = game.new(seed=seed, players=players)
    for pick in picks:
        legal = game.legal_actions(state)
        if not legal:
            break
        action = legal[pick % len(legal)]
        by_effects = general.step(state, action)
        stepped = game.step(state, action)  # taken from the listing: the direct forms
        assert stepped == by_effects  # the state and the events, in order
        game.legal_actions(state)
        quick = game.apply(state, action)
        assert quick == by_effects.state
        assert serde.to_json(quick) == serde.to_json(by_effects.state)
        state = quick


class _Counted(Always[Any, Any]):
    """``Always`` that records every call (the core should make none)."""

    calls: ClassVar[list[object]] = []

    def __call__(self, ctx: Any, state: Any) -> tuple[Any, ...]:
        self.calls.append(state)
        return self.actions


def _passes_by(moves: Any) -> Game:
    unit = attrs.evolve(ORB_6, moves={Pass: moves})
    game: Game = Game(rounds=3).with_rules(replace={"ORB-6": unit}, name=f"pass-{id(moves)}")
    return game


@settings(max_examples=10, deadline=None)
@given(
    st.integers(0, 10**6),
    st.integers(2, 4),
    st.lists(st.integers(0, 10**6), min_size=40, max_size=120),
)
def test_always_moves_are_written_into_the_listing(
    seed: int, players: int, picks: list[int]
) -> None:
    """ORB-6 states its pass as ``Always``: the core lists it without calling it, and lists
    what a plain function returning the same pass lists, which it does call."""
    always = ORB_6.moves[Pass]
    assert isinstance(always, Always)
    asked: list[object] = []

    def plain(ctx: Any, state: Any) -> tuple[Any, ...]:
        asked.append(state)
        return always.actions

    written, called = _passes_by(_Counted(always.actions)), _passes_by(plain)
    _Counted.calls.clear()
    state = written.new(seed=seed, players=players)
    for pick in picks:
        legal = written.legal_actions(state)
        assert legal == called.legal_actions(state)
        if not legal:
            break
        state = written.apply(state, legal[pick % len(legal)])
    assert _Counted.calls == []
    assert asked  # a pass is possible in the first step (attraction)


@settings(max_examples=10, deadline=None)
@given(
    st.sampled_from(GAMES),
    st.integers(0, 10**6),
    st.integers(2, 4),
    st.lists(st.integers(0, 10**6), min_size=40, max_size=120),
)
def test_step_room_is_the_mover_while_it_has_a_step_left(
    game: Game, seed: int, players: int, picks: list[int]
) -> None:
    """ORB-21's fact ``step_room``: the seat to move with its cards in table order and their
    tokens while it has a limited step left, else ``None``; the same answer when asked again
    for the same state (it is kept) as for an equal state never asked before."""
    ctx = game.rule_context
    state = game.new(seed=seed, players=players)
    for pick in picks:
        legal = game.legal_actions(state)
        if not legal:
            break
        room = ctx.facts.step_room(ctx, state)
        assert ctx.facts.step_room(ctx, state) is room
        seat = game.to_move(state)
        assert seat is not None
        if state.seats[seat].steps >= ctx.steps:
            assert room is None
        else:
            assert room is not None
            mover, cards, zones, _ix = room
            assert mover == seat
            assert [row[0] for row in cards] == list(game.index(state).cards[seat])
            assert all(zones(row[0]) == state.zones[row[0]] for row in cards)
            fresh = ctx.facts.step_room(ctx, attrs.evolve(state))
            assert fresh is not room
            assert fresh is not None
            assert (fresh[0], fresh[1]) == (seat, cards)
        state = game.apply(state, legal[pick % len(legal)])
