"""The server plays on the Table's pieces (issue 19, item 5): a server match's bots give the
answers a ``boardrules.Table`` with the same seed, seats and moves gives, its record is the
table's record (``seats`` included), its payload carries the table's turn, and matches whose
bots answered from the server's former streams keep replaying from their recorded actions.

The server's bot moves are computed here as its worker processes compute them
(``choose_move``) and stored with ``Matches.bot_move``, without the process pool: the pool and
its fair queue are tested in test_api.py, test_fair.py and test_processes.py.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardrules
from boardrules import Table, serde
from boardrules.agents import RandomAgent
from boardrules.core.rng import Rng
from boardrules.server.bots import AGENTS, choose_move
from boardrules.server.matches import Limits, Matches
from boardrules.server.payloads import seat_payload, seat_turn
from boardrules.server.store import Store, open_store

#: Games whose default setup is the one a table of this many seats gets.
GAMES = ("kuhn", "semya")
BUDGET = 30.0  # seconds: no bot falls back to its over-budget move here


def _bots_move(matches: Matches, match_id: str) -> None:
    """Play every bot turn the match waits for, as the server's bot loop does."""
    while (turn := matches.bot_turn(match_id)) is not None:
        action = choose_move(turn.game, turn.view, turn.seat, turn.agent, turn.seed,
                             turn.version, BUDGET)
        matches.bot_move(turn, action)


def _server_match(store: Store, name: str, seats: list[str], seed: int, rng: Rng,
                  moves: int) -> tuple[Matches, str, list[dict[str, Any]]]:
    """A server match played for at most ``moves`` moves: people pick with ``rng``; returns
    the mover's payload before each person's move."""
    matches = Matches(store, Limits(bot_seconds=BUDGET))
    made = matches.create(json.dumps({"game": name, "seed": seed, "seats": seats}).encode(), "t")
    match_id, tokens = made["match"], made["tokens"]
    asked: list[dict[str, Any]] = []
    for _ in range(moves):
        _bots_move(matches, match_id)
        doc = matches.payload(match_id, None)
        if doc["over"]:
            break
        token = tokens[doc["to_move"]]
        mine = matches.payload(match_id, token)
        asked.append(mine)
        action = rng.choice([item["action"] for item in mine["legal"]])
        matches.act(match_id, token, json.dumps({"version": mine["version"],
                                                 "action": action}).encode())
    return matches, match_id, asked


@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(name=st.sampled_from(GAMES), seed=st.integers(0, 2**53 - 1),
       seats=st.lists(st.sampled_from(["human", "random", "greedy"]), min_size=2, max_size=2),
       pick=st.integers(0, 2**32))
def test_a_server_match_s_bots_answer_as_a_table_s(
    store: Store, name: str, seed: int, seats: list[str], pick: int
) -> None:
    matches, match_id, asked = _server_match(store, name, seats, seed, Rng(pick), 40)
    record = serde.from_dict(matches.record(match_id), boardrules.GameRecord)
    assert record.seats == tuple(seats)

    # A table with the same seed and seats, given the same people's moves, makes every move
    # the server made: the bots' answers included.
    table = Table(name, seats=seats, seed=seed)
    for doc in asked:
        assert len(table.moves) == doc["version"], "the bots made the same moves"
        assert doc["turn"]["en"] == serde.to_dict(table.turn("en"))
        assert doc["turn"]["ru"] == serde.to_dict(table.turn("ru"))
        table.play(record.actions[doc["version"]])
    assert table.record().actions[:len(record.actions)] == record.actions
    if not matches.payload(match_id, None)["over"]:
        return
    assert table.record() == record, "the server's record is the table's record"
    # And the record loads into a table at the same end.
    assert Table.from_record(record).state == table.state


def test_matches_whose_bots_drew_from_the_former_streams_keep_replaying(db_url: str) -> None:
    """Before the server played on the Table, its bots drew from
    ``Rng.derive(seed, "server", seat, version)``. Such a stored match loads, its record
    replays its recorded actions (replay never asks a bot again), and its bots play on from
    the table's streams, as a table loaded from that record does."""
    game = boardrules.load("semya")
    store = open_store(db_url)
    matches = Matches(store, Limits(bot_seconds=BUDGET))
    made = matches.create(b'{"game": "semya", "seed": 21, "seats": ["random", "greedy"]}', "t")
    match_id = made["match"]
    for _ in range(12):  # twelve bot moves as the former server chose them
        turn = matches.bot_turn(match_id)
        assert turn is not None
        old = AGENTS[turn.agent]().choose(turn.game, turn.view, turn.seat,
                                          Rng.derive(21, "server", turn.seat, turn.version))
        matches.bot_move(turn, old)
    stored = serde.from_dict(matches.record(match_id), boardrules.GameRecord)
    store.close()

    store = open_store(db_url)  # a new server over the stored matches
    matches = Matches(store, Limits(bot_seconds=BUDGET))
    assert matches.waiting_for_bots() == [match_id]
    view = matches.payload(match_id, None)["view"]
    state = boardrules.replay(stored, game)[-1]
    assert view == serde.to_dict(game.view(state, None))
    table = Table.from_record(stored)  # the table replays the 12 moves, then its bots play
    assert table.record().actions[:12] == stored.actions
    _bots_move(matches, match_id)
    again = serde.from_dict(matches.record(match_id), boardrules.GameRecord)
    assert again == table.record(), "the server's bots play on as the table's"
    different = [i for i in range(12) if stored.actions[i] != Table(
        "semya", seats=["random", "greedy"], seed=21).record().actions[i]]
    assert different, "the former streams gave other answers: the test replays real old moves"
    store.close()


@settings(max_examples=30, deadline=None)
@given(name=st.sampled_from(tuple(boardrules.game_names())), seed=st.integers(0, 2**64 - 1),
       moves=st.integers(0, 300), pick=st.integers(0, 8))
def test_a_payload_s_turn_is_the_seat_s_turn(name: str, seed: int, moves: int, pick: int
                                             ) -> None:
    """Every payload's ``turn`` is ``seat_turn`` as JSON: for the seat that must act (and
    for everyone at the end) ``game.prompt``, the document ``Table.turn()`` gives."""
    game = boardrules.load(name)
    state = game.new(seed)
    rng = Rng.derive(seed, "turns")
    for _ in range(moves):
        mover = game.to_move(state)
        if mover is None:
            break
        state = game.apply(state, RandomAgent().choose(game, game.view(state, mover), mover,
                                                       rng))
    count = game.seat_count(state)
    seat = None if pick >= count else pick
    doc = seat_payload(game, state, seat, moves, ("human",) * count)
    mover = game.to_move(state)
    for lang in ("en", "ru"):
        assert doc["turn"][lang] == serde.to_dict(seat_turn(game, state, seat, lang))
        if mover is None or mover == seat:
            assert doc["turn"][lang] == serde.to_dict(game.prompt(state, lang))
        else:
            assert doc["turn"][lang]["moves"] == []


def test_a_spectator_s_turn_names_the_step_without_the_moves(store: Store) -> None:
    matches = Matches(store)
    made = matches.create(b'{"game": "semya", "seed": 3, "seats": ["human", "human"]}', "t")
    match_id, tokens = made["match"], made["tokens"]
    spectator = matches.payload(match_id, None)
    mover = spectator["to_move"]
    mine = matches.payload(match_id, tokens[mover])
    other = matches.payload(match_id, tokens[1 - mover])
    for doc in (spectator, other):
        for lang in ("en", "ru"):
            turn = doc["turn"][lang]
            assert turn["moves"] == [], "another seat's moves could tell its hand"
            assert (turn["seat"], turn["step"], turn["lang"]) == (mover, "lead", lang)
            assert turn["kinds"] == mine["turn"][lang]["kinds"]
    assert [m["action"] for m in mine["turn"]["en"]["moves"]] == [
        item["action"] for item in mine["legal"]]
