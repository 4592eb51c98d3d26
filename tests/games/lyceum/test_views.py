"""Rule LY-22: hidden information. Views hide the pile order, the seed and other seats'
declarations until the end; event views hide declarations too."""

from __future__ import annotations

import attrs
from hypothesis import given
from hypothesis import strategies as st

from boardrules import serde
from boardrules.games import lyceum
from boardrules.games.lyceum import HIDDEN, DeclarationMade, Stage, StepKind
from boardrules.games.lyceum.state import make_state
from boardrules.testing import Playout, playouts, seeds

from .support import GAME, finish_setup, head, random_game, setups

PLAYOUTS = playouts(GAME, setups())


def _permute(state: lyceum.State, data: st.DataObject) -> lyceum.State:
    piles = tuple(tuple(data.draw(st.permutations(p))) for p in state.piles)
    return lyceum.State(
        data.draw(seeds()), state.seats, state.tie_order, state.first, state.round, state.turn,
        state.stage, state.queue, piles, state.effects,
    )


@given(PLAYOUTS, st.data())
def test_ly22_pile_order_and_seed_are_hidden_from_every_seat(
    p: object, data: st.DataObject
) -> None:
    state = p.final  # type: ignore[attr-defined]
    other = _permute(state, data)
    GAME.validate(other)
    for seat in (*range(len(state.seats)), None):
        assert GAME.view(state, seat) == GAME.view(other, seat)
        view = GAME.view(state, seat)
        assert view.seed == 0
        for pile, shown in zip(state.piles, view.piles, strict=True):
            assert sorted(pile) == sorted(shown)


@st.composite
def declarations(draw: st.DrawFn) -> tuple[int, ...] | None:
    if draw(st.booleans()):
        return None
    target = draw(st.sampled_from([35, 40, 45]))
    first = draw(st.integers(0, target))
    return (first, 0, 0, 0, target - first)


@given(seeds(), declarations(), declarations())
def test_ly22_other_seats_declarations_are_hidden_until_the_end(
    seed: int, mine: tuple[int, ...] | None, theirs: tuple[int, ...] | None
) -> None:
    a = finish_setup(GAME.new(seed, players=3), declaration=mine)
    b = finish_setup(GAME.new(seed, players=3), declaration=theirs)
    for seat in range(3):
        view = GAME.view(a, seat)
        assert view.seats[seat].declaration == a.seats[seat].declaration
        assert all(view.seats[o].declaration == HIDDEN for o in range(3) if o != seat)
    # spectators see no declaration; two states that differ only there look the same
    assert GAME.view(a, None) == GAME.view(b, None)


@given(seeds(), st.integers(0, 12))
def test_ly22_a_declaration_in_progress_is_hidden_from_the_others(seed: int, steps: int) -> None:
    state = GAME.new(seed, players=3)
    for _ in range(steps):
        step = head(state)
        if step.kind is StepKind.DECLARE:
            state = GAME.apply(state, lyceum.Declare(40))
        else:
            state = GAME.apply(state, GAME.legal_actions(state)[-1])
    step = head(state)
    for seat in range(3):
        view = GAME.view(state, seat)
        if step.kind is StepKind.DECLARE_SKILL and seat != step.seat:
            assert head(view) == lyceum.Step(StepKind.DECLARE_SKILL, step.seat)
        else:
            assert view.queue == state.queue
        GAME.validate(view)


@given(seeds(), st.integers(3, 4))
def test_ly22_at_the_end_declarations_are_shown_and_events_are_redacted(
    seed: int, players: int
) -> None:
    states, events = random_game(seed, players)
    final = states[-1]
    assert final.stage is Stage.OVER
    for seat in range(players):
        assert [s.declaration for s in GAME.view(final, seat).seats] == [
            s.declaration for s in final.seats
        ]
    made = [e for batch in events for e in batch if isinstance(e, DeclarationMade)]
    assert len(made) == players
    for seat in (*range(players), None):
        shown = GAME.view_events(tuple(made), seat)
        for event, original in zip(shown, made, strict=True):
            if original.seat == seat:
                assert event == original
            else:
                assert event == DeclarationMade(original.seat, HIDDEN)
            assert serde.from_json(serde.to_json(event), lyceum.Event) == event


# The views remember what they made of each sheet and pile (views.py); these properties
# compare them with the view written plainly, state after state and seat after seat.
def _plain_view(game: lyceum.Game, state: lyceum.State, seat: int | None) -> lyceum.State:
    order = {card.id: i for i, card in enumerate(game.content.cards)}
    piles = tuple(tuple(sorted(pile, key=order.__getitem__)) for pile in state.piles)
    seats = list(state.seats)
    queue = state.queue
    if state.stage is not Stage.OVER:
        done = queue[0].seat if state.stage is Stage.SETUP else len(seats)
        for i in range(done):
            if i != seat:
                seats[i] = attrs.evolve(seats[i], declaration=HIDDEN)
        if queue[0].kind is StepKind.DECLARE_SKILL and queue[0].seat != seat:
            queue = (lyceum.Step(StepKind.DECLARE_SKILL, queue[0].seat), *queue[1:])
    return attrs.evolve(state, seed=0, seats=tuple(seats), queue=queue, piles=piles)


@given(PLAYOUTS, st.data())
def test_ly22_views_in_play_order_equal_the_plain_view(p: Playout, data: st.DataObject) -> None:
    for state in p.states:
        seat = data.draw(st.sampled_from([*range(len(state.seats)), None]))
        assert GAME.view(state, seat) == _plain_view(GAME, state, seat)


def _reordered_content() -> lyceum.Content:
    # the same cards, each pile listed in reverse: content order is no longer the ids' order
    content = GAME.content
    return attrs.evolve(content, cards=tuple(reversed(content.cards)))


REORDERED = lyceum.Game(content=_reordered_content())


@given(PLAYOUTS)
def test_ly22_views_follow_each_games_content_order(p: Playout) -> None:
    for state in p.states[:: max(1, len(p.states) // 20)]:
        seat = lyceum.Game().to_move(state)
        ours, theirs = GAME.view(state, seat), REORDERED.view(state, seat)
        assert ours == _plain_view(GAME, state, seat)
        assert theirs == _plain_view(REORDERED, state, seat)
        assert all(a == tuple(reversed(b)) for a, b in zip(ours.piles, theirs.piles, strict=True))


@given(PLAYOUTS)
def test_states_made_fast_equal_states_made_by_attrs(p: Playout) -> None:
    for state in p.states:
        fields = [getattr(state, a.name) for a in attrs.fields(lyceum.State)]
        assert make_state(*fields) == lyceum.State(*fields)
        for sheet in state.seats:
            assert sheet.with_declaration(HIDDEN) == attrs.evolve(sheet, declaration=HIDDEN)
