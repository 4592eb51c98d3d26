"""What front-ends rely on: labels, JSON Schema, the action encoding, PettingZoo."""

from __future__ import annotations

from typing import Any, get_args

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardrules
from boardrules import BadInput, serde
from boardrules.encoding import action_space_size, decode_action, encode_action, legal_mask
from boardrules.games import kuhn, lyceum, orbita, semya
from boardrules.testing import playouts

#: Every game of ours; a short Orbita keeps the playouts small.
GAMES = [semya.Game(), lyceum.Game(), orbita.Game(rounds=3), kuhn.Game()]
#: Event types that random play in these short games does not reach; each game's own tests
#: build them field by field and label them (tests/games/orbita/test_frontend_hooks.py).
RARE_IN_RANDOM_PLAY: dict[str, set[str]] = {
    "orbita": {
        "CorporationCollapsed", "CorporationFormed", "EnterpriseCollapsed", "EnterpriseFormed",
        "HostShielded", "WarriorReleased",
    },
}
SETUPS: dict[str, Any] = {"lyceum": st.just({"players": 4}), "orbita": st.just({"players": 4})}


def _validator(game: Any, kind: str) -> jsonschema.Draft202012Validator:
    document = boardrules.schema(game, kind)  # type: ignore[arg-type]
    jsonschema.Draft202012Validator.check_schema(document)
    return jsonschema.Draft202012Validator(document)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_generated_documents_match_the_schema(game: Any) -> None:
    validators = {k: _validator(game, k) for k in ("state", "action", "event", "record")}

    @given(playouts(game, SETUPS.get(game.name)), st.data())
    def check(p: Any, data: st.DataObject) -> None:
        # Validating is slow (oneOf over every union), so states and events are sampled.
        picks = data.draw(st.lists(st.integers(0, len(p.states) - 1), max_size=3))
        for state in [p.states[0], p.final, *(p.states[i] for i in picks)]:
            validators["state"].validate(serde.to_dict(state))
            for seat in range(len(game.score(state))):
                validators["state"].validate(serde.to_dict(game.view(state, seat)))
        state = p.states[0]
        for number, action in enumerate(p.actions):
            validators["action"].validate(serde.to_dict(action))
            transition = game.step(state, action)
            if number < 12 or number in picks:
                for event in transition.events:
                    validators["event"].validate(serde.to_dict(event))
            state = transition.state
        validators["record"].validate(serde.to_dict(game.record(p.seed, p.actions, **p.setup)))

    check()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_schema_refuses_what_serde_refuses(game: Any) -> None:
    validator = _validator(game, "action")
    assert not validator.is_valid({"type": "no_such_action"})
    assert not validator.is_valid({})


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_action_and_event_type_has_labels(game: Any) -> None:
    seen: set[type] = set()

    # Derandomized, and never fewer than the ci profile's games: which rare events random
    # play reaches must not change from run to run or from profile to profile.
    @settings(derandomize=True, max_examples=max(settings.default.max_examples, 150))
    @given(playouts(game, SETUPS.get(game.name), to_end=True))
    def check(p: Any) -> None:
        state = p.states[0]
        items: list[Any] = list(p.actions)
        for action in p.actions:
            transition = game.step(state, action)
            items.extend(transition.events)
            state = transition.state
        items.extend(getattr(game, "vocabulary", tuple)())
        for item in items:
            en, ru = boardrules.describe(game, item, "en"), boardrules.describe(game, item, "ru")
            assert en
            assert ru
            assert en != ru
            seen.add(type(item))

    check()
    expected = set(get_args(game.action_type)) | set(get_args(game.event_type))
    assert seen <= expected
    unseen = {cls.__name__ for cls in expected - seen}
    assert unseen <= RARE_IN_RANDOM_PLAY.get(game.name, set()), f"no label shown for {unseen}"
    with pytest.raises(TypeError):
        boardrules.describe(game, object())


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_action_encoding_round_trips_and_masks(game: Any) -> None:
    size = action_space_size(game)
    assert [encode_action(game, decode_action(game, i)) for i in range(size)] == list(range(size))
    with pytest.raises(BadInput):
        decode_action(game, size)
    with pytest.raises(BadInput):
        encode_action(game, "nope")

    @given(playouts(game, SETUPS.get(game.name)))
    def check(p: Any) -> None:
        mask = legal_mask(game, p.final)
        legal = {encode_action(game, a) for a in game.legal_actions(p.final)}
        assert {i for i, flag in enumerate(mask) if flag} == legal

    check()


# The dict observation with an action mask is PettingZoo's own convention for classic
# games; api_test only whitelists its own environments for it, hence the advisory warning.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_pettingzoo_api(game: Any) -> None:
    from pettingzoo.test import api_test

    from boardrules.adapters.pettingzoo import BoardRulesEnv

    setup = {"players": 4} if game.min_players != game.max_players else {}
    api_test(BoardRulesEnv(game, setup=setup), num_cycles=200)


@given(st.integers(0, 2**32))
def test_pettingzoo_plays_to_the_end_with_masks(seed: int) -> None:
    from boardrules.adapters.pettingzoo import env

    environment = env("semya")
    environment.reset(seed=seed)
    for _agent in environment.agent_iter(max_iter=200):
        observation, _reward, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        mask = observation["action_mask"]
        environment.step(int(mask.nonzero()[0][0]))
    assert environment.game.is_over(environment.state)
