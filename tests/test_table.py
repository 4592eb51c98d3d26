"""``boardrules.Table``: people and agents at one game, with undo, redo, observers and records.

Properties over random games of the small titles (7Я, Kuhn poker) and a short Lyceum opening,
the people's choices drawn by Hypothesis: undo then redo returns the same table; a table
loaded from its record is the same table and its agents answer the same; a refused action
changes nothing; the observers see every event and every decision.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardrules import (
    BadInput,
    BoardRulesError,
    GameRecord,
    IllegalAction,
    Table,
    Turn,
    load,
    serde,
)
from boardrules.agents import RandomAgent
from boardrules.games import kuhn, semya
from boardrules.table import NotAnAction, UndoError

#: Small games whose whole play stays quick: name, seats, setup.
SMALL = [
    ("semya", ["human", "random"], {"first": 0}),
    ("semya", ["greedy", "human"], {}),
    ("kuhn", ["human", "greedy"], {}),
    ("kuhn", ["human", "human"], {}),
]
games = st.sampled_from(SMALL)
seeds = st.integers(0, 2**64 - 1)


def _play_some(table: Table[Any, Any, Any], data: st.DataObject, most: int) -> None:
    """Up to ``most`` decisions of the people, each a legal move drawn by Hypothesis."""
    for _ in range(data.draw(st.integers(0, most), label="decisions")):
        turn = table.turn()
        if turn.over:
            return
        table.play(data.draw(st.sampled_from(turn.actions()), label="move"))


def _snapshot(table: Table[Any, Any, Any]) -> tuple[Any, ...]:
    return table.state, table.record(), table.moves, table.turn()


@settings(max_examples=30)
@given(games, seeds, st.data())
def test_undo_then_redo_returns_the_same_table(
    spec: tuple[str, list[str], dict[str, int]], seed: int, data: st.DataObject
) -> None:
    name, seats, setup = spec
    table = Table(name, seats, seed, **setup)
    _play_some(table, data, 12)
    if not table.can_undo():
        with pytest.raises(IndexError):
            table.undo()
        return
    before = _snapshot(table)
    person = table.to_move()
    table.undo()
    # Back at a decision of the acting person (or of the last person who decided, when the
    # acting one has not decided yet or the game is over), with the moves after it undone.
    assert table.to_move() in table.people
    decided = [move.seat for move in before[2] if not move.agent]
    assert table.to_move() == (person if person in decided else decided[-1])
    assert len(table.moves) < len(before[2])
    assert before[2][len(table.moves)].seat == table.to_move()
    table.redo()
    assert _snapshot(table) == before
    assert not table.can_redo()


@settings(max_examples=30)
@given(games, seeds, st.data())
def test_a_table_loaded_from_its_record_is_the_same_and_its_agents_answer_the_same(
    spec: tuple[str, list[str], dict[str, int]], seed: int, data: st.DataObject
) -> None:
    name, seats, setup = spec
    table = Table(name, seats, seed, **setup)
    _play_some(table, data, 6)
    record = serde.from_json(serde.to_json(table.record()), GameRecord)
    loaded = Table.from_record(record)
    assert loaded.seats == table.seats == tuple(seats)
    assert _snapshot(loaded) == _snapshot(table)
    # The same next move gives the same agent answers on both.
    turn = table.turn()
    if not turn.over:
        move = data.draw(st.sampled_from(turn.actions()), label="next move")
        table.play(move)
        loaded.play(move)
        assert loaded.record() == table.record()


@settings(max_examples=30)
@given(games, seeds, st.data())
def test_undo_and_a_different_move_get_the_answer_that_move_gets_at_a_new_table(
    spec: tuple[str, list[str], dict[str, int]], seed: int, data: st.DataObject
) -> None:
    """An agent's answer depends on the seed, its seat and the position only: not on what
    was undone before."""
    name, seats, setup = spec
    table = Table(name, seats, seed, **setup)
    _play_some(table, data, 6)
    if not table.can_undo():
        return
    table.undo()
    turn = table.turn()
    move = data.draw(st.sampled_from(turn.actions()), label="other move")
    table.play(move)
    fresh = Table.from_record(table.record().truncated(len(table.moves) - 1))
    fresh_moves = [m.action for m in fresh.moves]
    assert fresh_moves == [m.action for m in table.moves][: len(fresh_moves)]


@settings(max_examples=40)
@given(games, seeds, st.data())
def test_play_refuses_what_is_not_legal_and_changes_nothing(
    spec: tuple[str, list[str], dict[str, int]], seed: int, data: st.DataObject
) -> None:
    name, seats, setup = spec
    table = Table(name, seats, seed, **setup)
    _play_some(table, data, 6)
    vocabulary = load(name).vocabulary()
    action = data.draw(st.sampled_from(vocabulary), label="any action")
    before = _snapshot(table)
    violation = table.check(action)
    if violation is None:
        table.play(action)
        assert table.moves[len(before[2])].action == action
        return
    with pytest.raises(IllegalAction) as refused:
        table.play(action)
    assert refused.value.violation == violation
    assert _snapshot(table) == before


@settings(max_examples=20)
@given(games, seeds, st.data())
def test_observers_see_every_event_and_every_decision(
    spec: tuple[str, list[str], dict[str, int]], seed: int, data: st.DataObject
) -> None:
    name, seats, setup = spec
    table = Table(name, seats, seed, **setup)
    events: list[Any] = []
    turns: list[Turn[Any]] = []
    table.on_event(events.append)
    table.on_turn(turns.append)
    _play_some(table, data, 8)
    seen = [event for move in table.moves for event in move.events]
    assert events == seen[len(seen) - len(events):]
    for turn in turns:
        assert turn.seat is None or turn.seat in table.people
    if turns:
        assert turns[-1] == table.turn()


def test_a_table_of_agents_plays_to_the_end_when_made() -> None:
    table = Table("semya", ["random", "greedy"], seed=5)
    assert table.is_over()
    assert table.turn().over
    assert table.turn().step == "over"
    assert all(move.agent for move in table.moves)
    assert not table.can_undo()  # no person made a decision


def test_agent_objects_sit_at_a_table_and_their_names_go_into_the_record() -> None:
    table = Table(kuhn.Game(), [RandomAgent(), "human"], seed=9)
    assert table.record().seats == ("random", "human")


def test_a_record_without_seats_seats_people_everywhere() -> None:
    game = semya.Game()
    record = game.record(7, (semya.PlayCard("sun-saturn"),), first=0)
    assert "seats" not in serde.to_dict(record)
    table = Table.from_record(record)
    assert table.seats == ("human", "human")
    assert table.to_move() == 1


def test_the_number_of_seats_sets_the_players_of_a_game_that_takes_it() -> None:
    table = Table("lyceum", ["human", "random", "random"], seed=2)
    assert table.game.seat_count(table.state) == 3
    assert table.turn().seats == 3


@pytest.mark.parametrize(
    ("arguments", "path"),
    [
        ({"game": "semya", "seats": ["human"]}, "$.seats"),
        ({"game": "semya", "seats": ["human", "wizard"]}, "$.seats[1]"),
        ({"game": "semya", "seats": ["human", 3]}, "$.seats[1]"),
        ({"game": "semya", "seed": -1}, "$.seed"),
        ({"game": "semya", "first": 5}, "$.setup.first"),
        ({"game": "semya", "seats": ["human", "goal"]}, "$.seats[1]"),
        ({"game": "lyceum", "seats": ["human"] * 7}, "$.setup.players"),
        ({"game": "chess"}, "$.game"),
    ],
)
def test_bad_tables_are_refused_naming_the_field(arguments: dict[str, Any], path: str) -> None:
    with pytest.raises(BadInput) as refused:
        Table(**arguments)
    assert refused.value.path == path


def test_a_bad_language_is_refused() -> None:
    with pytest.raises(BadInput, match="the language is en or ru"):
        Table("kuhn", lang="de")


@settings(max_examples=15)
@given(st.sampled_from([("kuhn", ["human", "random"]), ("lyceum", ["random", "human", "greedy"])]),
       seeds, st.data())
def test_the_events_come_as_the_one_person_at_the_table_sees_them(
    spec: tuple[str, list[str]], seed: int, data: st.DataObject
) -> None:
    name, seats = spec
    table = Table(name, seats, seed)
    _play_some(table, data, 4)
    person = seats.index("human")
    assert table.viewer == person
    game = table.game
    state = game.new(seed, **dict(table.record().setup))
    for move in table.moves:
        transition = game.step(state, move.action)
        assert move.events == game.view_events(transition.events, person)
        state = transition.state
    assert state == table.state


def test_at_a_table_of_two_people_undo_takes_back_the_last_decision_first() -> None:
    table = Table("kuhn", ["human", "human"], seed=1)
    table.play(kuhn.Check())
    assert table.to_move() == 1
    table.undo()  # seat 1 has not decided yet: seat 0's check is taken back
    assert not table.moves
    table.redo()
    table.play(kuhn.Bet())
    table.undo()  # seat 0 acts now: back to seat 0's check, seat 1's bet undone too
    assert table.moves == ()
    assert table.to_move() == 0


@settings(max_examples=30)
@given(games, seeds, st.data())
def test_play_takes_the_action_its_choice_or_its_json_alike(
    spec: tuple[str, list[str], dict[str, int]], seed: int, data: st.DataObject
) -> None:
    """The :class:`Choice` a turn offers, the action's dict and its JSON text are played as
    the action itself is (the issue: a Choice was refused as CORE-1, a rule)."""
    name, seats, setup = spec
    tables = [Table(name, seats, seed, **setup) for _ in range(4)]
    for _ in range(data.draw(st.integers(1, 6), label="decisions")):
        turn = tables[0].turn()
        if turn.over:
            break
        choice = data.draw(st.sampled_from(turn.moves), label="choice")
        given = (choice.action, choice, serde.to_dict(choice.action), serde.to_json(choice.action))
        for table, form in zip(tables, given, strict=True):
            table.play(form)
    assert len({(t.state, t.record()) for t in tables}) == 1


@pytest.mark.parametrize("given", [None, 3, 2.5, object(), ("check",), semya.PlayFool(),
                                   Turn("kuhn", None, 2, "over", (), (), "", "en")])
def test_play_raises_a_type_error_for_what_is_no_action_and_changes_nothing(given: Any) -> None:
    table = Table("kuhn", ["human", "greedy"], seed=3)
    before = _snapshot(table)
    with pytest.raises(NotAnAction) as refused:
        table.play(given)
    assert isinstance(refused.value, TypeError)
    assert isinstance(refused.value, BoardRulesError)
    assert "kuhn" in str(refused.value)
    assert _snapshot(table) == before


@pytest.mark.parametrize(("given", "path"), [
    ({"type": "bet", "chips": 2}, "$"),
    ({"type": "fold_all"}, "$.type"),
    ('{"type": "bet"', "$"),
    ("[]", "$"),
])
def test_play_refuses_json_that_is_no_action_naming_the_field(given: Any, path: str) -> None:
    table = Table("kuhn", ["human", "greedy"], seed=3)
    before = _snapshot(table)
    with pytest.raises(BadInput) as refused:
        table.play(given)
    assert refused.value.path.startswith(path)
    assert _snapshot(table) == before


@settings(max_examples=30)
@given(games, seeds, st.lists(st.sampled_from(["play", "undo", "redo"]), max_size=14),
       st.data())
def test_a_log_kept_from_the_notifications_is_the_table_s_events(
    spec: tuple[str, list[str], dict[str, int]], seed: int, steps: list[str],
    data: st.DataObject,
) -> None:
    """A UI that appends what ``on_event`` tells, drops the moves ``on_undo`` names and adds
    back the ones ``on_redo`` names never needs to rebuild its log."""
    name, seats, setup = spec
    table = Table(name, seats, seed, **setup)
    log: list[Any] = [event for move in table.moves for event in move.events]
    table.on_event(log.append)

    @table.on_undo
    def undone(moves: tuple[Any, ...]) -> None:
        count = sum(len(move.events) for move in moves)
        del log[len(log) - count:]

    @table.on_redo
    def redone(moves: tuple[Any, ...]) -> None:
        log.extend(event for move in moves for event in move.events)

    for step in steps:
        if step == "play" and not table.is_over():
            table.play(data.draw(st.sampled_from(table.turn().moves), label="choice"))
        elif step == "undo" and table.can_undo():
            table.undo()
        elif step == "redo" and table.can_redo():
            table.redo()
        assert log == [event for move in table.moves for event in move.events]


def test_undo_and_redo_with_nothing_to_take_raise_a_boardrules_error() -> None:
    table = Table("kuhn", ["human", "greedy"], seed=3)
    for method in (table.undo, table.redo):
        with pytest.raises(UndoError) as refused:
            method()
        assert isinstance(refused.value, IndexError)
        assert isinstance(refused.value, BoardRulesError)


@settings(max_examples=15)
@given(games, seeds, st.data())
def test_a_table_shows_each_seat_s_view_and_speaks_its_language(
    spec: tuple[str, list[str], dict[str, int]], seed: int, data: st.DataObject
) -> None:
    name, seats, setup = spec
    table = Table(name, seats, seed, lang="ru", **setup)
    _play_some(table, data, 4)
    for seat in (None, *range(len(seats))):
        assert table.view(seat) == table.game.view(table.state, seat)
    game: Any = table.game
    assert table.text() == game.render_text(table.state, table.viewer, "ru")
    assert table.picture() == game.render_svg(table.state, table.viewer, "ru")
    assert (table.turn().lang, table.result().lang) == ("ru", "ru")
    table.lang = "en"  # a switch takes effect at once
    assert table.text() == game.render_text(table.state, table.viewer, "en")
    assert table.turn().lang == "en"
    with pytest.raises(BadInput):
        table.lang = "de"


@settings(max_examples=15)
@given(games, seeds)
def test_a_finished_table_reads_finished(
    spec: tuple[str, list[str], dict[str, int]], seed: int
) -> None:
    name, seats, setup = spec
    table = Table(name, seats, seed, **setup)
    while not table.is_over():
        table.play(table.turn().moves[0])
    turn, result = table.turn(), table.result()
    assert (turn.seat, turn.moves, table.to_move()) == (None, (), None)
    assert result.final
    assert result.sentence
    assert [place.seat for place in result.places if place.winner] == sorted(result.winners)
    assert tuple(result.winners) == tuple(table.score().winners)


@settings(max_examples=15)
@given(games, seeds)
def test_a_take_back_from_the_end_reads_as_a_game_going_on(
    spec: tuple[str, list[str], dict[str, int]], seed: int
) -> None:
    """Undo from a finished table: a person must act again, with moves, and the result is
    provisional; redo reads finished again."""
    name, seats, setup = spec
    table = Table(name, seats, seed, **setup)
    while not table.is_over():
        table.play(table.turn().moves[-1])
    if not table.can_undo():
        return  # the agents ended it before any person decided
    finished = (table.turn(), table.result())
    table.undo()
    turn = table.turn()
    assert turn.seat in table.people
    assert turn.moves
    assert not table.result().final
    table.redo()
    assert (table.turn(), table.result()) == finished
