"""The content catalogue: every id a view or an action uses is an item of the game's
catalogue, the catalogue matches its JSON Schema, and a custom deck or content gives its own.

The ids are gathered from views of states reached by legal play (Hypothesis), for every seat
and a spectator, and from the whole action vocabulary.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from jsonschema import Draft202012Validator

import boardrules
from boardrules import serde
from boardrules.core.capabilities import MissingCapability
from boardrules.core.registry import game_from_json_options
from boardrules.testing import reachable_states


def _strings(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, list):
        for item in data:
            yield from _strings(item)
    elif isinstance(data, dict):
        for item in data.values():
            yield from _strings(item)


def _ids(name: str, view: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """(list of the catalogue, id) for every content id in a view's JSON."""
    if name == "semya":
        for hand in view["hands"]:
            yield from (("cards", card) for card in hand)
        for play in view["table"]:
            if "card" in play["action"]:
                yield "cards", play["action"]["card"]
    elif name == "kuhn":
        yield from (("cards", c) for c in view["cards"] if c is not None)
    elif name == "lyceum":
        for seat in view["seats"]:
            yield "characters", seat["character"]
            if seat["deferred"] is not None:
                yield "cards", seat["deferred"]
        for pile in view["piles"]:
            yield from (("cards", card) for card in pile)
    elif name == "orbita":
        for seat in view["seats"]:
            for team in seat["teams"]:
                yield "cards", team["leader"]
                yield from (("cards", c) for c in team["members"])
        yield from (("cards", c) for c in view["market"])
        yield from (("cards", c) for c in view["deck"])
        yield from (("cards", c) for c in view["zones"])


def _catalogued(game: Any) -> dict[str, set[str]]:
    found = serde.to_dict(boardrules.catalogue(game))
    return {k: {item["id"] for item in v} for k, v in found.items()
            if isinstance(v, list) and v and isinstance(v[0], dict)}


#: What a view writes for a card it hides (none of the four games hides by a placeholder id
#: today; a hidden hand or pile is left out or emptied).
HIDDEN: set[str] = set()


@pytest.mark.parametrize("name", boardrules.game_names())
def test_every_id_a_view_shows_is_in_the_catalogue(name: str) -> None:
    game = boardrules.load(name)
    catalogued = _catalogued(game)

    @settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
    @given(reachable_states(game))
    def check(state: Any) -> None:
        seats = len(game.score(state))
        for seat in (None, *range(seats)):
            view = serde.to_dict(game.view(state, seat))
            for kind, item in _ids(name, view):
                assert item in catalogued[kind] or item in HIDDEN, (kind, item)

    check()


@pytest.mark.parametrize("name", boardrules.game_names())
def test_the_catalogue_matches_its_schema_and_names_every_item_twice(name: str) -> None:
    game = boardrules.load(name)
    doc = serde.to_dict(boardrules.catalogue(game))
    Draft202012Validator(boardrules.schema(game, "content")).validate(doc)
    labels = list(_labels(doc))
    assert labels, "every game names its items"
    assert all(label["en"] and label["ru"] for label in labels)
    for items in doc.values():
        if isinstance(items, list) and items and isinstance(items[0], dict):
            ids = [item["id"] for item in items]
            assert len(ids) == len(set(ids)), "ids are unique within a list"


def _labels(data: Any) -> Iterator[dict[str, str]]:
    if isinstance(data, dict):
        if set(data) == {"en", "ru"}:
            yield data
        else:
            for value in data.values():
                yield from _labels(value)
    elif isinstance(data, list):
        for value in data:
            yield from _labels(value)


def test_every_semya_action_names_catalogued_cards_and_symbols() -> None:
    game = boardrules.load("semya")
    catalogued = _catalogued(game)
    for action in game.vocabulary():
        doc = serde.to_dict(action)
        if "card" in doc:
            assert doc["card"] in catalogued["cards"]
        if "named" in doc:
            assert doc["named"] in catalogued["symbols"]


def test_a_custom_deck_and_custom_content_give_their_own_catalogue() -> None:
    semya = boardrules.load("semya")
    swapped = [serde.to_dict(c) for c in semya.deck]
    swapped[0] = {**swapped[0], "points": swapped[0]["points"] + 1}
    custom = game_from_json_options("semya", {"deck": swapped})
    mine = boardrules.catalogue(custom).cards[0]
    assert mine.points == semya.deck[0].points + 1
    assert boardrules.catalogue(semya).cards[0].points == semya.deck[0].points
    orbita = boardrules.load("orbita", copies=3)
    assert len(boardrules.catalogue(orbita).cards) == len(orbita.cards) == 48


def test_a_game_without_content_says_which_capability_it_lacks() -> None:
    with pytest.raises(MissingCapability, match=r"catalogue\(\) \(HasCatalogue\)"):
        boardrules.catalogue(object())


def test_the_catalogue_is_plain_json() -> None:
    for name in boardrules.game_names():
        text = serde.to_json(boardrules.catalogue(boardrules.load(name)))
        assert json.loads(text)
