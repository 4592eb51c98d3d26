"""What a front-end loads and keeps: JSON text read with the bounds checked on the text
(``serde.from_json``), each game's default object made once, and a ``Match`` whose lists are
cut and appended to (a fork shares nothing that a move changes)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import boardrules
from boardrules import serde
from boardrules.core import registry
from boardrules.core.codec import MAX_DEPTH, parse_json, structure, structure_json
from boardrules.core.errors import BadInput
from boardrules.core.match import Match
from boardrules.core.record import GameRecord
from boardrules.games import kuhn

KUHN = kuhn.Game()

# Strings that precheck refuses (NUL, lone surrogates) or lets through (a valid pair, text).
_TEXT = st.sampled_from(["", "a", "\x00", "\ud800", "x\udfffy", "\U0001f600", "Луна", "\\u0000"])
_INT = st.sampled_from([0, 1, -7, 2**53, 2**63, 2**64 - 1, 2**64, -(2**64), 10**19, 10**25])
_SCALAR = st.one_of(st.none(), st.booleans(), _INT, st.integers(), _TEXT, st.text(max_size=5))
_JSON = st.recursive(
    _SCALAR,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_TEXT | st.text(max_size=3),
                                                                 inner, max_size=4),
    max_leaves=12,
)


def _nested(value: Any, depth: int) -> Any:
    for level in range(depth):
        value = [value] if level % 2 else {"a": value}
    return value


def _outcome(load: Any) -> tuple[str, Any]:
    try:
        return "ok", load()
    except BadInput as error:
        return "refused", (error.path, error.reason)


@given(
    st.one_of(_JSON, st.builds(_nested, _JSON, st.integers(MAX_DEPTH - 3, MAX_DEPTH + 2))),
    st.booleans(), st.booleans(),
    st.sampled_from([GameRecord, KUHN.action_type, KUHN.state_type, dict[str, Any]]),
)
def test_json_text_is_read_as_its_parsed_data_would_be(
        doc: Any, ascii_only: bool, as_bytes: bool, cls: Any) -> None:
    """Checking the bounds on the text gives the very answer (or the very refusal, at the
    same path) as checking every value of the parsed document."""
    text: str | bytes = json.dumps(doc, ensure_ascii=ascii_only)
    if as_bytes:
        text = text.encode("utf-8", "surrogatepass")
    assert _outcome(lambda: structure_json(text, cls)) == _outcome(
        lambda: structure(parse_json(text), cls))


@given(st.integers(0, 2**64 - 1), st.lists(st.integers(0, 100), min_size=1, max_size=8))
def test_a_state_loads_the_same_with_or_without_its_game(seed: int, picks: list[int]) -> None:
    state = KUHN.new(seed)
    for pick in picks:
        legal = KUHN.legal_actions(state)
        if not legal:
            break
        state = KUHN.apply(state, legal[pick % len(legal)])
    text = serde.to_json(state)
    assert serde.from_json(text, KUHN.state_type) == serde.from_json(
        text, KUHN.state_type, game=KUHN) == state


def test_each_game_is_made_once_and_registering_forgets_it() -> None:
    first = registry.default_game("kuhn")
    assert registry.default_game("kuhn") is first
    assert first == boardrules.load("kuhn")
    registry.register("toy-kuhn", kuhn.Game)
    try:
        made = registry.default_game("toy-kuhn")
        registry.register("toy-kuhn", lambda **options: kuhn.Game(ante=2, **options))
        again = registry.default_game("toy-kuhn")
        assert again is not made
        assert again.ante == 2
    finally:
        registry.unregister("toy-kuhn")


@given(st.integers(0, 2**64 - 1), st.lists(st.integers(0, 100), min_size=2, max_size=6),
       st.integers(0, 100))
def test_a_fork_keeps_its_history_when_the_other_match_branches(
        seed: int, picks: list[int], other: int) -> None:
    match = Match(KUHN, seed)
    for pick in picks:
        legal = match.legal_actions()
        if not legal:
            break
        match.play(legal[pick % len(legal)])
    fork = match.fork()
    kept = (fork.states, fork.events, fork.record)
    match.undo()
    legal = match.legal_actions()
    match.play(legal[other % len(legal)])  # on the original: drops what could be redone
    assert (fork.states, fork.events, fork.record) == kept
    fork.undo()
    fork.redo()
    assert (fork.states, fork.events, fork.record) == kept
    assert Match.from_record(match.record).states == match.states
