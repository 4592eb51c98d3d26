"""SEM-3 edges: no card (black ones too) ends where it starts; points and texts bounded."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardrules import BadInput, serde
from boardrules.games import semya
from boardrules.games.semya.content import MAX_CARD_POINTS

GAME = semya.Game()
BLACK = [i for i, c in enumerate(GAME.deck) if c.suit is semya.Suit.BLACK]


@given(st.sampled_from(BLACK))
def test_a_black_card_that_ends_where_it_starts_is_refused(index: int) -> None:
    deck = list(GAME.deck)
    deck[index] = attrs.evolve(deck[index], end=deck[index].start)
    with pytest.raises(BadInput, match="SEM-3") as info:
        semya.validate_deck(deck)
    assert info.value.path == f"$.deck[{index}]"


@pytest.mark.parametrize("points", [-1, MAX_CARD_POINTS + 1, 10**30, True])
def test_card_points_are_bounded(points: Any) -> None:
    with pytest.raises(BadInput) as info:
        attrs.evolve(GAME.deck[0], points=points)
    assert info.value.path == "$.points"
    data = serde.to_dict(GAME)
    data["deck"][0]["points"] = points
    with pytest.raises(BadInput) as info:
        serde.from_dict(data, semya.Game)
    assert info.value.path == "$.deck[0].points"


def test_the_largest_points_still_make_a_game() -> None:
    deck = [attrs.evolve(c, points=MAX_CARD_POINTS) for c in GAME.deck]
    game = semya.Game(deck=tuple(deck))
    state = game.new(1)
    assert game.score(state).points == (21 * MAX_CARD_POINTS,) * 2


@pytest.mark.parametrize("field", ["id", "name_ru", "name_en"])
@pytest.mark.parametrize("text", ["a\x00b", "\udc80"])
def test_texts_built_in_code_are_checked_by_validate_deck(field: str, text: str) -> None:
    deck = list(GAME.deck)
    deck[3] = attrs.evolve(deck[3], **{field: text})
    with pytest.raises(BadInput) as info:
        semya.validate_deck(deck)
    assert info.value.path == f"$.deck[3].{field}"
