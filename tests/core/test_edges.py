"""Edges of correctness at the boundaries: records, notes, events, sizes, pickling, forks."""

from __future__ import annotations

import json
import pickle
import tracemalloc
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardrules import BadInput, GameRecord, Match, UnknownGame, replay, serde
from boardrules.core.frozen import FrozenMap
from boardrules.core.record import Note
from boardrules.games import lyceum, orbita, semya
from boardrules.testing import playouts

SEMYA = semya.Game()
LYCEUM = lyceum.Game()


def _record(game: Any, seed: int = 3, **changes: Any) -> dict[str, Any]:
    state = game.new(seed)
    data: dict[str, Any] = serde.to_dict(game.record(seed, game.legal_actions(state)[:1]))
    data.update(changes)
    return data


# -- the record loader refuses what new() refuses, and notes outside the actions ---------
@pytest.mark.parametrize(
    ("setup", "path"),
    [
        ({"players": 64}, "$.setup.players"),
        ({"players": 2}, "$.setup.players"),
        ({"ages": [15, 16]}, "$.setup.ages"),
        ({"players": 3, "ages": [15, 16, 17, 18]}, "$.setup.ages"),
    ],
)
def test_record_loader_refuses_setups_that_new_refuses(setup: dict[str, Any], path: str) -> None:
    with pytest.raises(BadInput):
        LYCEUM.new(1, **setup)  # the loader agrees with new()
    data = {"game": "lyceum", "seed": 1, "setup": setup}
    with pytest.raises(BadInput) as info:
        serde.from_dict(data, GameRecord)
    assert info.value.path == path


@pytest.mark.parametrize("move", [-1, 1, 2, 10**6])
def test_record_loader_refuses_notes_outside_the_actions(move: int) -> None:
    data = _record(SEMYA, notes=[{"move": move, "text": "x"}])
    with pytest.raises(BadInput) as info:
        serde.from_dict(data, GameRecord)
    assert info.value.path == "$.notes[0].move"


def test_records_in_code_refuse_notes_outside_the_actions() -> None:
    with pytest.raises(BadInput):
        GameRecord("semya", 1, notes=(Note(0, "no action 0"),))
    with pytest.raises(BadInput):
        Note(-1, "before the game")


@pytest.mark.parametrize(
    "text", ["\x00", "a\x00b", "\ud800", "x\udfff", "\udbff\udc00"]  # the last: a reversed pair
)
def test_nul_and_lone_surrogates_are_refused_in_notes_ids_and_titles(text: str) -> None:
    with pytest.raises(BadInput) as info:
        serde.from_dict(_record(SEMYA, notes=[{"move": 0, "text": text}]), GameRecord)
    assert info.value.path == "$.notes[0].text"
    with pytest.raises(BadInput):
        Note(0, text)
    with pytest.raises(BadInput) as info:  # a card ID
        serde.from_dict({"type": "play_card", "card": text}, semya.Action)
    assert info.value.path == "$.card"
    deck = serde.to_dict(SEMYA)
    deck["deck"][0]["name_en"] = text  # a content title
    with pytest.raises(BadInput):
        serde.from_dict(deck, semya.Game)
    with pytest.raises(BadInput):  # and as a key of free-form JSON
        serde.from_dict({"game": "semya", "seed": 1, "options": {text: 1}}, GameRecord)
    match = Match(SEMYA, 1)
    with pytest.raises(BadInput):
        match.play(match.legal_actions()[0], note=text)
    assert match.record.actions == ()


def test_text_that_is_fine_stays_fine() -> None:
    text = "«Со-ратники» 👍🏽 a\u200db \U0001f600"
    data = _record(SEMYA, notes=[{"move": 0, "text": text}])
    assert serde.from_dict(data, GameRecord).notes[0].text == text


# -- replay and Match ----------------------------------------------------------------
def test_replay_of_an_unknown_game_is_bad_input() -> None:
    record = GameRecord("chess", 1)
    with pytest.raises(BadInput) as info:
        replay(record)
    assert isinstance(info.value, UnknownGame)
    assert isinstance(info.value, LookupError)
    assert info.value.path == "$.game"
    assert "known games" in str(info.value)


def test_replay_of_a_bad_setup_is_bad_input_below_setup() -> None:
    record = GameRecord("lyceum", 1, setup={"players": 64})
    with pytest.raises(BadInput) as info:
        replay(record)
    assert info.value.path == "$.setup.players"


@given(playouts(SEMYA), st.lists(st.tuples(st.integers(0, 50), st.text(max_size=5)), max_size=8))
def test_match_from_record_keeps_every_note(p: Any, notes: list[tuple[int, str]]) -> None:
    if not p.actions:
        return
    kept = sorted(
        (Note(move % len(p.actions), text) for move, text in notes if "\x00" not in text
         and not any(0xD800 <= ord(c) <= 0xDFFF for c in text)),
        key=lambda n: n.move,
    )
    record = GameRecord("semya", p.seed, setup=p.setup, actions=p.actions, notes=tuple(kept))
    again = Match.from_record(record, SEMYA).record
    assert again.notes == record.notes
    assert serde.from_json(serde.to_json(again), GameRecord) == again


def test_four_notes_on_one_move_survive_match_and_json() -> None:
    match = Match(SEMYA, 5)
    match.play(match.legal_actions()[0], note="one")
    for text in ("two", "three", "four"):
        match.annotate(text)
    assert [n.text for n in match.record.notes] == ["one", "two", "three", "four"]
    loaded = serde.from_json(serde.to_json(match.record), GameRecord)
    assert Match.from_record(loaded).record == match.record


def test_fork_keeps_the_subclass() -> None:
    class Table(Match):
        def seats(self) -> int:
            return len(self.score())

    table = Table(SEMYA, 4)
    table.play(table.legal_actions()[0])
    fork = table.fork()
    assert type(fork) is Table
    assert fork.seats() == 2
    fork.play(fork.legal_actions()[0])
    assert len(table.record.actions) == 1


# -- events are validated on load ------------------------------------------------------
@pytest.mark.parametrize(
    ("game", "data", "path"),
    [
        (SEMYA, {"type": "card_played", "seat": -1, "card": "sun-saturn"}, "$.seat"),
        (SEMYA, {"type": "card_played", "seat": 2, "card": "sun-saturn"}, "$.seat"),
        (SEMYA, {"type": "card_played", "seat": 0, "card": "pluto-sun"}, "$.card"),
        (SEMYA, {"type": "game_ended", "winner": 0, "loser": 9}, "$.loser"),
        (LYCEUM, {"type": "card_discarded", "seat": 0, "card": "ly-none"}, "$.card"),
        (LYCEUM, {"type": "game_ended", "winners": [0, -1]}, "$.winners"),
        (orbita.Game(), {"type": "character_hired", "seat": 0, "card": "nobody"}, "$.card"),
        (orbita.Game(), {"type": "character_hired", "seat": 4, "card": "nobody"}, "$"),
    ],
)
def test_events_naming_missing_seats_or_cards_are_bad_input(
    game: Any, data: dict[str, Any], path: str
) -> None:
    for kwargs in ({}, {"game": game}):
        with pytest.raises(BadInput) as info:
            serde.from_json(json.dumps(data), game.event_type, **kwargs)
        assert info.value.path.startswith(path)


@given(playouts(LYCEUM))
def test_events_of_play_load(p: Any) -> None:
    state = p.states[0]
    for action in p.actions:
        transition = LYCEUM.step(state, action)
        for event in transition.events:
            text = serde.to_json(event)
            assert serde.from_json(text, LYCEUM.event_type) == event
            LYCEUM.describe_event(serde.from_json(text, LYCEUM.event_type))
        state = transition.state


# -- sizes are bounded before parsing ---------------------------------------------------
def test_a_large_document_is_refused_before_it_is_parsed() -> None:
    text = "[" + "[]," * (serde.MAX_TEXT // 3 - 1) + "[]]"
    assert len(text) <= serde.MAX_TEXT
    tracemalloc.start()
    try:
        with pytest.raises(BadInput) as info:
            serde.from_json(text, semya.Action)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert "values" in info.value.reason
    assert peak < 8 * 1024 * 1024  # parsing it would build 5.6 million lists (>300 MB)


def test_a_document_just_under_the_value_bound_still_loads() -> None:
    actions = [{"type": "play_fool"}] * (serde.MAX_ITEMS - 1)
    data = {"game": "semya", "seed": 1, "actions": actions}
    record = serde.from_json(json.dumps(data), GameRecord)  # replay would refuse it, not load
    assert len(record.actions) == serde.MAX_ITEMS - 1


# -- FrozenMap pickles with every protocol ----------------------------------------------
@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_frozen_map_pickles_with_every_protocol(protocol: int) -> None:
    m = FrozenMap({"cards": 12, "nested": FrozenMap({"a": (1, 2)})})
    clone = pickle.loads(pickle.dumps(m, protocol=protocol))
    assert clone == m
    assert hash(clone) == hash(m)
    assert type(clone) is FrozenMap
    record = serde.from_dict(_record(SEMYA), GameRecord)
    assert pickle.loads(pickle.dumps(record, protocol=protocol)) == record


@given(st.dictionaries(st.text(max_size=3), st.integers()))
def test_frozen_map_lookup_and_adopt_agree_with_the_map(items: dict[str, int]) -> None:
    m = FrozenMap(items)
    adopted = FrozenMap.adopt(dict(items))
    assert adopted == m
    assert hash(adopted) == hash(m)
    assert list(adopted.items()) == list(m.items())
    get = m.lookup()
    assert all(get(k) == m[k] for k in items)
    with pytest.raises(KeyError):
        get("not a key of four")


@pytest.mark.parametrize(
    "error",
    [UnknownGame("no game named 'x'"), BadInput("$.a", "bad")],
)
def test_errors_pickle(error: Exception) -> None:
    clone = pickle.loads(pickle.dumps(error))
    assert type(clone) is type(error)
    assert str(clone) == str(error)
