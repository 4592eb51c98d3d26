"""The position builder, the invariants ``validate`` keeps, and play from rich positions."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardrules import BadInput, serde
from boardrules.core.violation import Violation
from boardrules.games.orbita import Game, Phase, State, Zones
from boardrules.games.orbita.messages import CATALOG

GAME = Game()
WORKSHOP = ["hosts-leader-1", "hosts-master-1", "hosts-sage-1", "hosts-bard-1"]
RETINUE = ["warriors-leader-1", "warriors-master-1", "warriors-sage-1", "warriors-bard-1"]
ARTEL = ["heroes-leader-1", "heroes-master-1", "heroes-sage-1", "heroes-bard-1"]
SECT = ["priests-leader-1", "priests-master-1", "priests-sage-1", "priests-bard-1"]


def rich(phase: str) -> State:
    """Three seats: a corporation with an extra team, an enterprise with a team, lone teams."""
    return GAME.position(
        [
            [["warriors-leader-2", "warriors-master-2"]],
            [
                ["hosts-leader-2", "hosts-master-2", "hosts-sage-2", "hosts-bard-2"],
                ["heroes-leader-2", "heroes-sage-2"],
            ],
            [["priests-leader-2", "priests-bard-2"]],
        ],
        corporations=[[("hosts", [WORKSHOP, ARTEL, SECT, RETINUE])]],
        enterprises=["hosts-leader-2"],
        market=["warriors-sage-2", "heroes-master-2", "priests-master-2"],
        zones={
            "hosts-master-1": {"current": {"food": 3}, "reserve": {"food": 20}},
            "heroes-master-1": {"current": {"way": 2}, "reserve": {"advice": 1}},
            "priests-master-1": {"current": {"advice": 2}, "reserve": {"food": 2}},
            "warriors-master-1": {"current": {"territory": 2}, "gifts": {"food": 1}},
            "warriors-leader-2": {"current": {"territory": 1}, "gifts": {"advice": 2}},
            "warriors-master-2": {"current": {"territory": 2}},
            "hosts-master-2": {"current": {"food": 3}, "reserve": {"food": 4}},
            "heroes-leader-2": {"current": {"way": 1}},
            "priests-leader-2": {"current": {"advice": 1}},
            "priests-bard-2": {"current": {"advice": 1}},
            "warriors-sage-2": {"current": {"territory": 1}},
        }
        if phase not in ("attraction",)
        else {"hosts-master-1": {"reserve": {"food": 20}}},
        phase=phase,
    )


@given(
    st.sampled_from(["attraction", "trade", "hiring", "consumption"]),
    st.randoms(use_true_random=False),
    st.integers(0, 120),
)
def test_play_from_rich_positions_keeps_every_invariant(phase: str, rng: Any, steps: int) -> None:
    """ORB-1..ORB-24 together: from structures of every size, legal play stays sound."""
    state = rich(phase)
    for _ in range(steps):
        legal = GAME.legal_actions(state)
        if not legal:
            break
        assert len(set(legal)) == len(legal)
        action = rng.choice(legal)
        assert GAME.check(state, action) is None
        transition = GAME.step(state, action)
        state = transition.state
        GAME.validate(state)
        for event in transition.events:
            assert serde.from_json(serde.to_json(event), GAME.event_type) == event
    assert serde.from_json(serde.to_json(state), State, game=GAME) == state


@given(st.data())
def test_every_refusal_has_a_rule_and_two_sentences(data: Any) -> None:
    """Every violation names an ORB rule (or CORE-1) and renders in English and Russian."""
    state = rich(data.draw(st.sampled_from(["attraction", "trade", "hiring", "consumption"])))
    for _ in range(data.draw(st.integers(0, 40))):
        legal = GAME.legal_actions(state)
        state = GAME.apply(state, data.draw(st.sampled_from(legal)))
        if GAME.is_over(state):
            break
    action = data.draw(GAME.action_strategy())
    violation = GAME.check(state, action)
    if violation is None:
        assert action in GAME.legal_actions(state)
        return
    assert isinstance(violation, Violation)
    assert violation.rule.startswith(("ORB-", "CORE-"))
    if violation.rule.startswith("ORB-"):
        assert violation.code in CATALOG
    for lang in ("en", "ru"):
        text = violation.message(lang)
        assert text
        assert "{" not in text


def test_position_builds_named_zones() -> None:
    """The builder takes readable zones and places every other card in the deck."""
    state = GAME.position(
        [[["hosts-leader-1"]], [["warriors-leader-1"]]],
        zones={"hosts-leader-1": {"current": {"food": 2}, "reserve": {"food": 1}}},
    )
    assert state.zones["hosts-leader-1"] == Zones(current=(0, 2, 0, 0), reserve=(0, 1, 0, 0))
    assert len(state.deck) == len(GAME.cards) - 2
    assert state.phase is Phase.TRADE


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"seats": [[["hosts-leader-1"]], [["hosts-leader-1"]]]}, "ORB-1"),
        ({"seats": [[["hosts-master-1"]], [["warriors-leader-1"]]]}, "ORB-7"),
        ({"seats": [[["hosts-leader-1", "heroes-sage-1"]], [["warriors-leader-1"]]]}, "ORB-7"),
        (
            {"seats": [[["hosts-leader-1"], ["heroes-leader-1"]], [["warriors-leader-1"]]]},
            "ORB-8",
        ),
        (
            {
                "seats": [[["hosts-leader-1"]], [["warriors-leader-1"]]],
                "zones": {"warriors-leader-1": {"reserve": {"food": 1}}},
            },
            "ORB-4",
        ),
        (
            {
                "seats": [[["hosts-leader-1"]], [["warriors-leader-1"]]],
                "zones": {"hosts-leader-1": {"influence": {"territory": 1}}},
            },
            "ORB-11",
        ),
        (
            {
                "seats": [[["hosts-leader-1"]], [["warriors-leader-1"]]],
                "market": ["heroes-sage-1"],
                "zones": {"heroes-sage-1": {"reserve": {"advice": 2}}},
            },
            "ORB-20",
        ),
        (
            {
                "seats": [[["hosts-leader-1"]], [["warriors-leader-1"]]],
                "enterprises": ["hosts-leader-1"],
            },
            "ORB-17",
        ),
        ({"seats": [[["hosts-leader-1"]], [["warriors-leader-1"]]], "phase": "saving"}, "ORB-22"),
        ({"seats": [[["hosts-leader-1"]], [["warriors-leader-1"]]], "turn": 2}, "turn"),
    ],
)
def test_position_refuses_broken_descriptions(kwargs: dict[str, Any], match: str) -> None:
    """``validate`` names the broken rule and the path of the bad field."""
    with pytest.raises(BadInput, match=match):
        GAME.position(**kwargs)


def test_negative_counts_are_refused_on_load() -> None:
    """No resource count is ever negative."""
    data = serde.to_dict(GAME.new(5, players=2))
    leader = next(iter(data["zones"]))
    data["zones"][leader]["gifts"] = [0, -1, 0, 0]
    with pytest.raises(BadInput, match="non-negative"):
        serde.from_dict(data, State, game=GAME)


def test_a_card_in_two_places_is_refused_on_load() -> None:
    """ORB-1: each character card is in exactly one place."""
    data = serde.to_dict(GAME.new(5, players=2))
    data["market"] = [data["deck"][0]]
    with pytest.raises(BadInput, match="ORB-1"):
        serde.from_dict(data, State, game=GAME)


def test_default_games_play_to_their_end() -> None:
    """ORB-22: whole default-length 4-seat games end within ``max_moves`` and stay sound."""
    for seed in (11, 12):
        state = GAME.new(seed, players=4)
        rng = random.Random(seed)
        moves = 0
        while not GAME.is_over(state):
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
            moves += 1
            if moves % 97 == 0:
                GAME.validate(state)
        assert moves <= GAME.max_moves()
        assert GAME.score(state).final


@given(st.sampled_from(["attraction", "trade", "hiring", "consumption"]), st.integers(0, 60))
def test_every_legal_action_has_a_label_in_both_languages(phase: str, steps: int) -> None:
    """Front-ends label buttons with ``describe_action`` (ORB-6: one small action each)."""
    state = rich(phase)
    rng = random.Random(steps)
    for _ in range(steps):
        if GAME.is_over(state):
            break
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    for action in GAME.legal_actions(state):
        en, ru = GAME.describe_action(action), GAME.describe_action(action, "ru")
        assert en
        assert ru
        assert en != ru


_TWO = [[["warriors-leader-1"]], [["hosts-leader-1"]]]


def test_a_deck_given_is_its_top_and_the_rest_follows() -> None:
    """``deck=`` need not list every unplaced card: the rest follow in canonical order."""
    game = Game()
    whole = game.position(_TWO)
    top = game.position(_TWO, deck=["priests-bard-1", "heroes-sage-1"])
    assert top.deck[:2] == ("priests-bard-1", "heroes-sage-1")
    assert sorted(top.deck) == sorted(whole.deck)
    assert top.deck[2:] == tuple(c for c in whole.deck if c not in top.deck[:2])


@given(st.text(min_size=1, max_size=10),
       st.sampled_from(["market", "deck", "enterprises", "phase", "zones"]))
def test_unknown_ids_are_bad_input_at_the_argument(text: str, argument: str) -> None:
    game = Game()
    if text in game.cards or text in {p.value for p in Phase}:
        return
    value: Any = {"market": [text], "deck": [text], "enterprises": [text], "phase": text,
                  "zones": {text: {}}}[argument]
    with pytest.raises(BadInput) as info:
        game.position(_TWO, **{argument: value})
    assert info.value.path.startswith(f"$.{argument}")
