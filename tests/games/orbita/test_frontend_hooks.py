"""The hooks agents, simulations, the CLI and front-ends call: labels, the action vocabulary
and its encoding, observations, PettingZoo, and JSON Schema (ORB-6, ORB-21, ORB-24).

Properties run on a 3-round game, as the conformance tests do (the round limit is an option
no rule depends on), from fresh games of 2 to 4 seats and from a position holding
enterprises, where offers, support and shields are common.
"""

from __future__ import annotations

import random
from typing import Any, get_args

import attrs
import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

import boardrules
from boardrules import BadInput, Rng, serde
from boardrules.agents import GreedyAgent, RandomAgent
from boardrules.encoding import action_space_size, decode_action, encode_action, legal_mask
from boardrules.games import orbita
from boardrules.games.orbita import (
    Amount,
    Answer,
    Boost,
    CharacterDrawn,
    Game,
    Gift,
    MakeOffer,
    Pass,
    Phase,
    Reinforce,
    Resource,
    Spec,
    State,
    TakeFromMarket,
)
from boardrules.games.orbita.hooks import CARD_NAMES, GLOBAL_NAMES, SEAT_NAMES, layout
from boardrules.testing import playouts

GAME = Game(rounds=3)
SETUPS = st.fixed_dictionaries({"players": st.integers(2, 4)})
VOCABULARY = GAME.vocabulary()
IN_VOCABULARY = frozenset(VOCABULARY)
ACTION_TYPES = frozenset(get_args(GAME.action_type))
EVENT_TYPES = frozenset(get_args(GAME.event_type))

WORKSHOP = ["hosts-leader-1", "hosts-master-1", "hosts-sage-1", "hosts-bard-1"]
RETINUE = ["warriors-leader-1", "warriors-master-1", "warriors-sage-1", "warriors-bard-1"]
ARTEL = ["heroes-leader-1", "heroes-master-1", "heroes-sage-1", "heroes-bard-1"]
SECT = ["priests-leader-1", "priests-master-1", "priests-sage-1", "priests-bard-1"]


def _rich() -> State:
    """Four seats with an enterprise each, lone characters and a market to fight over."""
    return GAME.position(
        [
            [["warriors-leader-2", "warriors-master-2", "warriors-bard-2"]],
            [RETINUE, ["hosts-leader-2", "hosts-master-2", "hosts-bard-2"]],
            [ARTEL, SECT, ["heroes-leader-2", "heroes-sage-2"]],
            [WORKSHOP, ["priests-leader-2", "priests-bard-2"]],
        ],
        enterprises=["warriors-leader-1", "heroes-leader-1", "priests-leader-1", "hosts-leader-1"],
        market=["warriors-sage-2", "heroes-master-2", "priests-master-2", "hosts-sage-2"],
        zones={
            "hosts-master-1": {"reserve": {"food": 12}},
            "hosts-master-2": {"reserve": {"food": 4}},
        },
        phase="attraction",
    )


@attrs.frozen
class Walk:
    """A random legal walk: its states (first to last), actions and each action's events."""

    states: tuple[State, ...]
    actions: tuple[Any, ...]
    events: tuple[tuple[Any, ...], ...]


@st.composite
def walks(draw: st.DrawFn, max_steps: int = 400) -> Walk:
    """A walk from a new game (2–4 seats) or from the rich position, up to ``max_steps``."""
    if draw(st.booleans()):
        state = GAME.new(draw(st.integers(0, 2**64 - 1)), players=draw(st.integers(2, 4)))
    else:
        state = _rich()
    rng = draw(st.randoms(use_true_random=False))
    states, actions, events = [state], [], []
    for _ in range(draw(st.integers(0, max_steps))):
        legal = GAME.legal_actions(state)
        if not legal:
            break
        action = rng.choice(legal)
        transition = GAME.step(state, action)
        state = transition.state
        states.append(state)
        actions.append(action)
        events.append(transition.events)
    return Walk(tuple(states), tuple(actions), tuple(events))


# -- labels ----------------------------------------------------------------------------------------
def _assert_labelled(item: Any) -> None:
    en = boardrules.describe(GAME, item, "en")
    ru = boardrules.describe(GAME, item, "ru")
    assert en, item
    assert ru, item
    assert en != ru, item
    assert "\n" not in en + ru, item


_FIELD_VALUES: dict[Any, st.SearchStrategy[Any]] = {
    int: st.integers(0, 200),
    str: st.sampled_from(GAME.cards),
    bool: st.booleans(),
    Resource: st.sampled_from(Resource),
    Phase: st.sampled_from(Phase),
    Spec: st.sampled_from(Spec),
    Answer: st.sampled_from(Answer),
    int | None: st.none() | st.integers(0, 3),
}


def _built(cls: type) -> st.SearchStrategy[Any]:
    """Any instance of an event class, each field drawn by its type (a new type fails here)."""
    attrs.resolve_types(cls)
    fields = {f.name: _FIELD_VALUES[f.type] for f in attrs.fields(cls)}
    if cls is orbita.GameEnded:
        fields["reason"] = st.sampled_from(["rounds", "corporation"])
    if cls is orbita.StructureFed:
        fields["food"] = st.sampled_from([1, 6, 32])
    return st.builds(cls, **fields)


def test_orb6_every_action_and_event_type_is_labelled_in_both_languages() -> None:
    """ORB-6: every action (played or in the vocabulary) and every event has two labels."""
    seen: set[type] = set()
    for action in VOCABULARY:
        _assert_labelled(action)
        seen.add(type(action))

    @given(walks(max_steps=250))
    def played(walk: Walk) -> None:
        for item in (*walk.actions, *(e for events in walk.events for e in events)):
            _assert_labelled(item)
            seen.add(type(item))

    played()
    for cls in sorted(EVENT_TYPES, key=lambda c: c.__name__):  # the rare ones too

        @given(_built(cls))
        def built(event: Any) -> None:
            _assert_labelled(event)
            seen.add(type(event))

        built()
    missing = (ACTION_TYPES | EVENT_TYPES) - seen
    assert not missing, f"no label shown for {missing}"
    with pytest.raises(TypeError):
        boardrules.describe(GAME, object())


def test_labels_name_characters_resources_and_seats_in_each_language() -> None:
    """Labels read as words: cards by role and specialisation, resources and seats by name."""
    assert GAME.describe_action(Gift(Resource.WAY, "hosts-sage-1")) == (
        "Give 1 Way to Hosts' Sage 1"
    )
    assert GAME.describe_action(Gift(Resource.WAY, "hosts-sage-1", Amount.ALL)) == (
        "Give all Ways to Hosts' Sage 1"
    )
    assert GAME.describe_action(Gift(Resource.FOOD, "hosts-sage-1", Amount.ALL), "ru") == (
        "Подарить все единицы Еды персонажу «Умник Хозяев 1»"
    )
    assert GAME.describe_action(Boost("hosts-sage-1"), "ru") == (
        "Ускорить «Умник Хозяев 1»: 1 ед. Способа"
    )
    assert GAME.describe_action(Boost("hosts-sage-1", Amount.ALL)) == (
        "Boost Hosts' Sage 1 with all Ways"
    )
    assert GAME.describe_action(Reinforce(Amount.ALL)) == (
        "Reinforce the offer with everything at hand"
    )
    assert GAME.describe_action(Reinforce(), "ru") == "Усилить предложение на 1"
    assert GAME.describe_action(MakeOffer("warriors-master-1", "hosts-sage-1")) == (
        "Offer Territory from Warriors' Master 1 to Hosts' Sage 1"
    )
    assert GAME.describe_event(CharacterDrawn(3, "priests-bard-2", True), "ru") == (
        "Игрок 3 открывает «Бард Жрецов 2»: в команду"
    )
    assert GAME.describe_event(orbita.PhaseStarted(2, Phase.HIRING)) == "Round 2: hiring"


# -- the vocabulary and its encoding ---------------------------------------------------------------
@pytest.mark.parametrize("copies", [1, 2, 3, 4])
def test_orb1_vocabulary_size_follows_the_deck(copies: int) -> None:
    """ORB-1: the vocabulary grows with the deck, in its documented order, without repeats."""
    game = Game(copies=copies)
    vocabulary = game.vocabulary()
    n, k = 16 * copies, len(Amount)
    assert k == 2
    assert len(set(vocabulary)) == len(vocabulary)
    assert len(vocabulary) == 1 + n + 4 * n * k + n * k + n * n // 4 + 3 + k + n // 4 + 4 + n + 1
    assert len(vocabulary) == {1: 271, 2: 659, 3: 1175, 4: 1819}[copies]
    order = [type(a) for a in vocabulary]
    assert order == sorted(order, key=list(get_args(game.action_type)).index)
    assert vocabulary[-1] == Pass()
    assert vocabulary[1] == TakeFromMarket(game.cards[0])
    gifts = [a for a in vocabulary if isinstance(a, Gift)]
    assert gifts[:2] == [Gift(Resource.TERRITORY, game.cards[0], a) for a in Amount]
    assert {(a.resource, a.to, a.amount) for a in gifts} == {
        (r, c, a) for r in Resource for c in game.cards for a in Amount
    }
    assert {a for a in vocabulary if isinstance(a, Boost)} == {
        Boost(c, a) for c in game.cards for a in Amount
    }
    assert [a for a in vocabulary if isinstance(a, Reinforce)] == [
        Reinforce(Amount.ONE),
        Reinforce(Amount.ALL),
    ]
    assert game.vocabulary() is vocabulary, "built once per game"


@given(walks())
def test_orb21_every_legal_action_is_in_the_vocabulary(walk: Walk) -> None:
    """ORB-21: legal actions (one unit or all, trump targets, own Heroes) are all encoded."""
    for state in walk.states:
        legal = GAME.legal_actions(state)
        assert len(set(legal)) == len(legal), "no action listed twice"
        for action in legal:
            assert action in IN_VOCABULARY, action


GAME6 = Game(rounds=6)
IN_VOCABULARY6 = frozenset(GAME6.vocabulary())


@given(st.integers(0, 2**64 - 1), st.integers(2, 4), st.integers(0, 3))
def test_orb21_greedy_against_random_games_stay_in_the_vocabulary(
    seed: int, players: int, greedy: int
) -> None:
    """ORB-21: in whole greedy-vs-random games every legal action of every state is encoded,
    and the mask flags exactly them; "everything" choices come up in every game."""
    agents = [GreedyAgent() if s == greedy % players else RandomAgent() for s in range(players)]
    streams = [Rng.derive(seed, "agent", s) for s in range(players)]
    state = GAME6.new(seed, players=players)
    everything = 0
    for _ in range(GAME6.max_moves()):
        seat = GAME6.to_move(state)
        if seat is None:
            break
        legal = GAME6.legal_actions(state)
        assert len(set(legal)) == len(legal)
        assert IN_VOCABULARY6.issuperset(legal), set(legal) - IN_VOCABULARY6
        everything += sum(getattr(a, "amount", None) is Amount.ALL for a in legal)
        view = GAME6.view(state, seat)
        state = GAME6.apply(state, agents[seat].choose(GAME6, view, seat, streams[seat]))
    assert GAME6.is_over(state)
    assert sum(legal_mask(GAME6, state)) == 0
    assert everything > 0


def test_orb21_stocks_past_any_count_stay_encodable() -> None:
    """ORB-21: a stock of hundreds of units (chained boosts can grow one) still gives
    encodable gifts, boosts and reinforcements, and ``legal_mask`` flags them all."""
    state = GAME.position(
        [
            [["hosts-leader-1", "hosts-master-1"]],
            [["heroes-leader-1", "heroes-sage-1"]],
            [["warriors-leader-1"]],
        ],
        zones={
            "hosts-leader-1": {"current": {"food": 300}, "gifts": {"way": 200}},
            "hosts-master-1": {"reserve": {"food": 500}},
            "warriors-leader-1": {"current": {"territory": 400}},
        },
        phase="trade",
    )
    legal = GAME.legal_actions(state)
    assert Gift(Resource.FOOD, "heroes-sage-1", Amount.ALL) in legal
    assert Boost("hosts-leader-1", Amount.ALL) in legal
    assert IN_VOCABULARY.issuperset(legal)
    mask = legal_mask(GAME, state)
    assert sum(mask) == len(legal)
    after = GAME.apply(state, Gift(Resource.FOOD, "heroes-sage-1", Amount.ALL))
    assert after.zones["heroes-sage-1"].gifts[Resource.FOOD.index] == 800
    fight = GAME.position(
        [[["warriors-leader-1"]], [["hosts-leader-1"]]],
        zones={
            "warriors-leader-1": {"current": {"territory": 400}},
            "hosts-leader-1": {"current": {"food": 2}, "gifts": {"advice": 1}},
        },
        phase="hiring",
    )
    fight = GAME.apply(fight, MakeOffer("warriors-leader-1", "hosts-leader-1"))
    fight = GAME.apply(fight, orbita.AnswerOffer(Answer.SEIZE))
    assert GAME.legal_actions(fight) == (Reinforce(Amount.ONE), Reinforce(Amount.ALL), Pass())
    assert sum(legal_mask(GAME, fight)) == 3
    after = GAME.apply(fight, Reinforce(Amount.ALL))
    assert after.offer is not None
    assert after.offer.units == 400


def test_the_encoding_round_trips() -> None:
    """``boardrules.encoding`` numbers the vocabulary in its order and refuses the rest."""
    size = action_space_size(GAME)
    assert size == len(VOCABULARY)
    assert [encode_action(GAME, decode_action(GAME, i)) for i in range(size)] == list(range(size))
    assert encode_action(GAME, Pass()) == size - 1 == 658
    everything = encode_action(GAME, Reinforce(Amount.ALL))
    assert everything == encode_action(GAME, Reinforce(Amount.ONE)) + 1
    assert decode_action(GAME, everything) == Reinforce(Amount.ALL)
    with pytest.raises(BadInput):
        encode_action(GAME, TakeFromMarket("nobody-leader-1"))
    with pytest.raises(BadInput):
        decode_action(GAME, size)


@given(walks())
def test_legal_mask_agrees_with_legal_actions(walk: Walk) -> None:
    """The mask flags exactly the legal actions, in the vocabulary's order."""
    for state in walk.states[:: max(1, len(walk.states) // 8)] + walk.states[-1:]:
        mask = legal_mask(GAME, state)
        assert len(mask) == len(VOCABULARY)
        flagged = [VOCABULARY[i] for i, flag in enumerate(mask) if flag]
        assert set(flagged) == set(GAME.legal_actions(state))
        assert len(flagged) == len(GAME.legal_actions(state))


# -- observations ----------------------------------------------------------------------------------
@given(walks(), st.integers(0, 2**32))
def test_orb24_observations_are_fixed_small_and_blind_to_the_deck_order(
    walk: Walk, shuffle: int
) -> None:
    """ORB-24: the vector has a fixed length, stays in -1..127 and ignores the deck order."""
    size = GAME.observation_size()
    for state in (walk.states[len(walk.states) // 2], walk.states[-1]):
        for seat in range(len(state.seats)):
            vector = GAME.observe(state, seat)
            assert len(vector) == size
            assert all(type(v) is int and -1 <= v <= 127 for v in vector)
            view = GAME.view(state, seat)
            assert GAME.observe(view, seat) == vector
            full = GAME.determinize(view, seat, Rng(shuffle))
            assert GAME.view(full, seat) == view
            assert GAME.observe(full, seat) == vector


def test_orb24_observation_layout_reads_the_table_from_the_observer() -> None:
    """The named positions hold what the layout says, seats counted from the observer."""
    names = layout(GAME)
    assert len(names) == GAME.observation_size() == len(set(names))
    per_card = len(GAME.cards) * len(CARD_NAMES)
    assert len(names) == len(GLOBAL_NAMES) + 4 * len(SEAT_NAMES) + per_card
    state = _rich()
    state = GAME.apply(state, Pass())  # seat 0 ends its attraction; seat 1 is on turn
    vector = dict(zip(names, GAME.observe(state, 1), strict=True))
    assert vector["players"] == 4
    assert vector["phase.attraction"] == 1
    assert vector["to_move"] == 0, "seat 1 itself"
    assert vector["seat.0.enterprises"] == 1
    assert vector["seat.1.enterprises"] == 2, "seat 2, next after the observer"
    assert vector["seat.3.teams"] == 1, "seat 0, last from the observer"
    assert vector["card.warriors-leader-1.where"] == 1
    assert vector["card.warriors-leader-1.structure"] == 4
    assert vector["card.warriors-leader-2.where"] == 4
    assert vector["card.hosts-sage-2.where"] == 0
    assert vector["card.hosts-master-1.reserve.food"] == 12
    assert vector["card.hosts-master-1.leader"] == 1 + GAME.cards.index("hosts-leader-1")
    assert vector["deck_size"] == len(state.deck) > 0
    assert [vector[f"card.{c}.where"] for c in state.deck] == [-1] * len(state.deck)
    padded = dict(zip(names, GAME.observe(GAME.new(1, players=2), 0), strict=True))
    assert padded["seat.2.present"] == padded["seat.3.steps"] == -1
    assert padded["seat.1.present"] == 1


# -- PettingZoo ------------------------------------------------------------------------------------
# The dict observation with an action mask is PettingZoo's own convention for classic
# games; api_test only whitelists its own environments for it, hence the advisory warnings.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
def test_orb6_pettingzoo_api() -> None:
    """ORB-6: the AEC environment passes PettingZoo's own API test on a 4-seat game."""
    from pettingzoo.test import api_test

    from boardrules.adapters.pettingzoo import env

    api_test(env("orbita", setup={"players": 4}, rounds=3), num_cycles=300)


@pytest.mark.parametrize("seed", [0, 7])
def test_orb22_pettingzoo_plays_to_the_end_with_masks(seed: int) -> None:
    """ORB-22: picking only masked actions, the environment reaches the end of the game."""
    from boardrules.adapters.pettingzoo import env

    environment = env("orbita", setup={"players": 3}, rounds=2)
    environment.reset(seed=seed)
    rng = random.Random(seed)
    for _agent in environment.agent_iter(max_iter=environment.game.max_moves() * 4):
        observation, _reward, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        assert observation["observation"].shape == (GAME.observation_size(),)
        environment.step(int(rng.choice(observation["action_mask"].nonzero()[0])))
    assert environment.game.is_over(environment.state)


# -- JSON Schema -----------------------------------------------------------------------------------
def _validator(kind: str) -> jsonschema.Draft202012Validator:
    document = boardrules.schema(GAME, kind)  # type: ignore[arg-type]
    jsonschema.Draft202012Validator.check_schema(document)
    return jsonschema.Draft202012Validator(document)


VALIDATORS = {kind: _validator(kind) for kind in ("state", "action", "event", "record")}


@given(playouts(GAME, SETUPS, max_steps=120))
def test_generated_documents_match_the_schema(p: Any) -> None:
    """States, views, actions, events and records of random play validate against the schema."""
    for state in (p.states[len(p.states) // 2], p.states[-1]):
        VALIDATORS["state"].validate(serde.to_dict(state))
    last = p.states[-1]
    VALIDATORS["state"].validate(serde.to_dict(GAME.view(last, len(last.seats) - 1)))
    state = p.states[0]
    for action in p.actions:
        VALIDATORS["action"].validate(serde.to_dict(action))
        transition = GAME.step(state, action)
        for event in transition.events:
            VALIDATORS["event"].validate(serde.to_dict(event))
        state = transition.state
    VALIDATORS["record"].validate(serde.to_dict(GAME.record(p.seed, p.actions, **p.setup)))


@given(st.one_of(*(_built(cls) for cls in sorted(EVENT_TYPES, key=lambda c: c.__name__))))
def test_every_event_type_matches_the_schema(event: Any) -> None:
    """Events random play rarely shows (corporations, shields) validate too."""
    VALIDATORS["event"].validate(serde.to_dict(event))


def test_the_schema_refuses_what_serde_refuses() -> None:
    """Unknown action types, missing fields and wrong enum values are refused."""
    validator = VALIDATORS["action"]
    assert not validator.is_valid({"type": "no_such_action"})
    assert not validator.is_valid({})
    assert not validator.is_valid({"type": "gift", "resource": "gold", "to": "hosts-sage-1"})
    assert validator.is_valid(serde.to_dict(Gift(Resource.FOOD, "hosts-sage-1", Amount.ALL)))
    assert serde.to_dict(Reinforce(Amount.ALL)) == {"type": "reinforce", "amount": "all"}
    assert not validator.is_valid({"type": "reinforce", "amount": 3})
    assert not validator.is_valid(
        {"type": "gift", "resource": "food", "to": "hosts-sage-1", "amount": 2}
    )
