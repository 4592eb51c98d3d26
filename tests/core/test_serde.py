"""Strict JSON: no coercion, no unknown keys, no default union member, bounded sizes."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardrules import BadInput, GameRecord, serde
from boardrules.games import semya
from boardrules.testing import json_values, playouts

GAME = semya.Game()


@pytest.mark.parametrize(
    ("data", "path"),
    [
        ({"type": "play_card", "card": 7}, "$.card"),
        ({"type": "play_card", "card": None}, "$.card"),
        ({"type": "play_card", "card": ["s"]}, "$.card"),
        ({"type": "play_card"}, "$.card"),
        ({"type": "play_card", "card": "x", "extra": 1}, "$.extra"),
        ({"card": "sun-saturn"}, "$"),
        ({"type": "PlayCard", "card": "sun-saturn"}, "$.type"),
        ({"type": None}, "$.type"),
        ({"type": "play_lord", "named": "pluto"}, "$.named"),
        ({"type": "play_lord", "named": 1}, "$.named"),
        ({"type": "play_fool", "seat": 0}, "$.seat"),
        ([], "$"),
        ("play_fool", "$"),
        (None, "$"),
    ],
)
def test_bad_actions_name_the_field(data: Any, path: str) -> None:
    with pytest.raises(BadInput) as info:
        serde.from_dict(data, semya.Action)
    assert info.value.path == path


def _state_dict() -> dict[str, Any]:
    state = GAME.apply(GAME.new(1, first=0), semya.PlayCard("sun-venus"))
    data = serde.to_dict(state)
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.update(first=3.9), "$.first"),
        (lambda d: d.update(first="0"), "$.first"),
        (lambda d: d.update(first=True), "$.first"),
        (lambda d: d.update(first=2), "$.first"),
        (lambda d: d.update(loser="None"), "$.loser"),
        (lambda d: d.update(hands="abc"), "$.hands"),
        (lambda d: d["hands"].__setitem__(0, "sun-saturn"), "$.hands[0]"),
        (lambda d: d["hands"][1].__setitem__(3, 5), "$.hands[1][3]"),
        (lambda d: d["hands"][1].__setitem__(3, "no-such"), "$.hands[1][3]"),
        (lambda d: d["hands"][1].append("sun-saturn"), "$.hands[1]"),
        (lambda d: d["hands"].append([]), "$.hands"),
        (lambda d: d["trumps"].__setitem__(0, "lost"), "$.trumps[0]"),
        (lambda d: d["trumps"].__setitem__(0, "lord"), "$.trumps[0]"),
        (lambda d: d["table"][0].__setitem__("seat", 1), "$.table[0].seat"),
        (lambda d: d["table"][0]["action"].__setitem__("type", "oops"), "$.table[0].action.type"),
        (lambda d: d.update(colour="red"), "$.colour"),
        (lambda d: d.update(earlier="abc"), "$.earlier"),
        (lambda d: d.update(earlier=[[]]), "$.earlier"),
        (lambda d: d.update(earlier=[[], [None]]), "$.earlier[1][0]"),
        (lambda d: d.update(earlier=[["no-such"], []]), "$.earlier[0][0]"),
        # sun-saturn is still in seat 0's hand: a card in two places.
        (lambda d: d.update(earlier=[["sun-saturn"], []]), "$.hands[0]"),
        (lambda d: d.pop("hands"), "$.hands"),
    ],
)
def test_bad_states_name_the_field(change: Any, path: str) -> None:
    data = _state_dict()
    change(data)
    with pytest.raises(BadInput) as info:
        serde.from_dict(data, semya.State)
    assert info.value.path == path


def test_json_text_limits() -> None:
    deep = "[" * 10_000 + "]" * 10_000
    with pytest.raises(BadInput):
        serde.from_json(deep, semya.State)
    with pytest.raises(BadInput, match="duplicate"):
        serde.from_json('{"type": "play_fool", "type": "play_fool"}', semya.Action)
    with pytest.raises(BadInput, match="NaN"):
        serde.from_json('{"type": "play_card", "card": NaN}', semya.Action)
    with pytest.raises(BadInput, match="not valid JSON"):
        serde.from_json("{", semya.Action)
    with pytest.raises(BadInput, match="out of range"):
        serde.from_json('{"first": ' + "9" * 30 + "}", semya.State)
    with pytest.raises(BadInput, match="not valid JSON"):
        serde.from_json(b"\xff" * 2, semya.Action)
    with pytest.raises(BadInput, match="expected JSON text"):
        serde.from_json(42, semya.Action)  # type: ignore[arg-type]


@given(json_values())
def test_any_json_gives_an_action_or_bad_input(value: Any) -> None:
    try:
        action = serde.from_dict(value, semya.Action)
    except BadInput:
        return
    assert serde.from_dict(serde.to_dict(action), semya.Action) == action


@given(playouts(GAME))
def test_records_round_trip_with_notes(p: Any) -> None:
    record = GAME.record(p.seed, p.actions)
    if p.actions:
        record = record.truncated(len(p.actions) - 1).with_action(p.actions[-1], note="«история»")
    text = serde.to_json(record)
    assert serde.from_json(text, GameRecord) == record


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.update(game="chess"), "$.game"),
        (lambda d: d.update(seed=-1), "$.seed"),
        (lambda d: d.update(seed="1"), "$.seed"),  # only a seed above 2**53 - 1 is digits
        (lambda d: d.update(seed="9007199254740991"), "$.seed"),
        (lambda d: d.update(seed="18446744073709551616"), "$.seed"),
        (lambda d: d.update(schema=2), "$.schema"),
        (lambda d: d.update(options={"deck": 3}), "$.options.deck"),
        (lambda d: d.update(options={"speed": 3}), "$.options.speed"),
        (lambda d: d.update(setup={"first": 9}), "$.setup.first"),
        (lambda d: d.update(setup=[]), "$.setup"),
        (lambda d: d["actions"].append({"type": "pass"}), "$.actions[1].type"),
        (lambda d: d.update(notes=[{"move": 0}]), "$.notes[0].text"),
        (lambda d: d.update(winner=0), "$.winner"),
        (lambda d: d.pop("seed"), "$.seed"),
    ],
)
def test_bad_records_name_the_field(change: Any, path: str) -> None:
    data = serde.to_dict(GAME.record(3, (semya.PlayCard("sun-saturn"),)))
    change(data)
    with pytest.raises(BadInput) as info:
        serde.from_json(json.dumps(data), GameRecord)
    assert info.value.path == path


def test_unicode_survives_and_output_is_stable() -> None:
    card = GAME.card("sun-venus")
    text = serde.to_json(card)
    assert "забота" in text
    assert serde.from_json(text, semya.Card) == card
    assert serde.to_json(serde.from_json(text, semya.Card)) == text


@given(st.sampled_from([semya.State, semya.Action, semya.Event, GameRecord]))
def test_non_objects_at_the_top_are_refused(cls: Any) -> None:
    for value in ([], "x", 1, None, True):
        with pytest.raises(BadInput) as info:
            serde.from_dict(value, cls)
        assert info.value.path == "$"


@given(st.dictionaries(st.text(max_size=6), st.integers(), max_size=8))
def test_equal_maps_give_the_same_json_whatever_their_order(d: dict[str, int]) -> None:
    from boardrules import FrozenMap

    forward, backward = FrozenMap(d), FrozenMap(dict(reversed(list(d.items()))))
    assert forward == backward
    assert serde.to_json(forward) == serde.to_json(backward)


_ONE_GAME = """
import sys
from boardrules import BadInput, serde
from boardrules.games import semya

serde.from_dict({"type": "play_lord", "named": "venus"}, semya.Action)
games = sorted(m for m in sys.modules if m.count(".") == 2 and m.startswith("boardrules.games."))
print(games)
try:
    serde.from_dict({"type": "game_ended", "loser": 9, "winner": 0}, semya.Event)
except BadInput as error:
    print(error.path)
"""


def test_loading_an_action_imports_no_other_game_and_events_are_still_checked() -> None:
    """Under Pyodide every import compiles from source: one game's actions do not make the
    library import every other game to learn that they are no game's events."""
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-c", _ONE_GAME], capture_output=True, text=True,
                            timeout=120, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.splitlines() == ["['boardrules.games.semya']", "$.loser"]


@attrs.frozen
class _Later:
    """A value with a field added later, left out of the JSON at its default."""

    kept: int
    added: tuple[str, ...] = attrs.field(default=(), metadata={serde.OMIT_IF_DEFAULT: True})


@given(st.integers(-5, 5), st.lists(st.sampled_from("ab"), max_size=2).map(tuple))
def test_a_field_marked_omit_if_default_is_written_only_when_set(
    kept: int, added: tuple[str, ...]
) -> None:
    value = _Later(kept, added)
    data = serde.to_dict(value)
    assert ("added" in data) == (added != ())
    assert data["kept"] == kept
    assert serde.from_dict(data, _Later) == value
    assert serde.from_json(serde.to_json(value), _Later) == value


@given(st.integers(0, 2**64 - 1))
def test_a_record_s_seed_is_safe_for_javascript_and_comes_back(seed: int) -> None:
    """A record writes a seed above ``2**53 - 1`` as its digits (JavaScript reads a larger
    number inexactly) and reads it back as the number."""
    record = GAME.record(seed, ())
    written = serde.to_dict(record)["seed"]
    assert written == (seed if seed <= 2**53 - 1 else str(seed))
    assert serde.from_json(serde.to_json(record), GameRecord).seed == seed
