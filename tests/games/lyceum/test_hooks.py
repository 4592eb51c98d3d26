"""The optional hooks the shared layers call: labels, the action vocabulary and its encoding,
the numeric observation, content tallies, the rulebook lines, PettingZoo and JSON Schema;
and LY-22 again: determinizations keep the view, so agents cannot read hidden information."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, get_args

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

import boardrules
from boardrules import serde
from boardrules.agents import GreedyAgent, MCTSAgent, RandomAgent
from boardrules.core.rng import Rng
from boardrules.encoding import action_space_size, decode_action, encode_action, legal_mask
from boardrules.games import lyceum
from boardrules.games.lyceum import (
    HIDDEN,
    SKILLS,
    CardDeferred,
    CardDiscarded,
    CardDrawn,
    CardPlayed,
    ChooseSkill,
    Colour,
    DeclarationMade,
    Declare,
    DeclareSkill,
    DeferCard,
    DeferredExpired,
    DiscardCard,
    Draw,
    EffectStarted,
    Epoch,
    ExperienceShared,
    FinishMoves,
    GameEnded,
    KeepDeferred,
    LevelReached,
    MoveSkillPoint,
    PlayCard,
    PlayDeferred,
    PointChosen,
    PointMoved,
    Rest,
    Rested,
    RoundStarted,
    ShareExperience,
    Skill,
    SpecialKind,
    StepKind,
    Target,
    TurnOrderSet,
)
from boardrules.games.lyceum.hooks import CARD_WIDTH, LAYOUT, OBS_GLOBAL, OBS_OTHER, OBS_OWN
from boardrules.testing import seeds

from .support import GAME, finish_setup, head, play, random_game

PAGE = Path(__file__).resolve().parents[3] / "docs" / "rules" / "lyceum.md"
VOCABULARY = GAME.vocabulary()
PLAYERS = st.integers(3, 4)


def _game(seed: int, players: int) -> tuple[list[Any], list[Any], list[tuple[Any, ...]]]:
    """A whole random game: its states, actions and each action's events."""
    rng = Rng.derive(seed, "hooks")
    state = GAME.new(seed, players=players)
    states, actions, events = [state], [], []
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        action = legal[rng.below(len(legal))]
        transition = GAME.step(state, action)
        state = transition.state
        states.append(state)
        actions.append(action)
        events.append(transition.events)
    return states, actions, events


def _states(seed: int, players: int, every: int = 1) -> list[lyceum.State]:
    states, _ = random_game(seed, players)
    return states[::every] + ([states[-1]] if (len(states) - 1) % every else [])


def _labels(item: object) -> tuple[str, str]:
    return boardrules.describe(GAME, item, "en"), boardrules.describe(GAME, item, "ru")


# -- properties over random games -------------------------------------------------------------
@given(seeds(), PLAYERS)
def test_vocabulary_holds_every_legal_action_and_the_mask_agrees(seed: int, players: int) -> None:
    vocabulary = set(VOCABULARY)
    for state in _states(seed, players):
        legal = GAME.legal_actions(state)
        assert set(legal) <= vocabulary
        mask = legal_mask(GAME, state)
        assert len(mask) == len(VOCABULARY)
        assert {i for i, flag in enumerate(mask) if flag} == {
            encode_action(GAME, a) for a in legal
        }
        assert [VOCABULARY[i] for i, flag in enumerate(mask) if flag] == sorted(
            legal, key=VOCABULARY.index
        )


@given(seeds(), PLAYERS)
def test_labels_of_played_actions_and_their_events_differ_by_language(
    seed: int, players: int
) -> None:
    _, actions, batches = _game(seed, players)
    events = [e for batch in batches for e in batch]
    hidden = [e for batch in batches for e in GAME.view_events(batch, None)]
    for item in (*actions, *events, *hidden):
        en, ru = _labels(item)
        assert en
        assert ru
        assert en != ru
        assert "\n" not in en + ru


@given(seeds(), PLAYERS, st.data())
def test_observation_has_a_fixed_size_stays_in_int8_and_reads_only_the_view(
    seed: int, players: int, data: st.DataObject
) -> None:
    size = GAME.observation_size()
    for state in _states(seed, players, every=12):
        for seat in range(players):
            view = GAME.view(state, seat)
            vector = GAME.observe(view, seat)
            assert len(vector) == size
            assert all(type(v) is int and -1 <= v <= 127 for v in vector)
            # the full state gives the same vector: nothing hidden is read
            assert GAME.observe(state, seat) == vector
            # and so does any other state with the same view
            other = GAME.determinize(view, seat, Rng(data.draw(seeds(), label="k")))
            assert GAME.view(other, seat) == view
            assert GAME.observe(other, seat) == vector


@given(seeds(), PLAYERS, seeds())
def test_ly22_determinize_keeps_the_view_of_every_seat(seed: int, players: int, k: int) -> None:
    for state in _states(seed, players, every=10):
        for seat in range(players):
            view = GAME.view(state, seat)
            sample = GAME.determinize(view, seat, Rng(k))
            GAME.validate(sample)
            assert GAME.view(sample, seat) == view


@given(seeds(), PLAYERS, st.data(), seeds(), seeds())
def test_ly22_agents_choose_alike_in_states_that_look_alike(
    seed: int, players: int, data: st.DataObject, j: int, k: int
) -> None:
    """A state and a determinization of its view differ in what the seat cannot see (pile
    order, seed, others' declarations); every agent, fed views as always, must not tell."""
    steps = data.draw(st.integers(0, 200), label="steps")
    rng = Rng.derive(seed, "hooks")
    state = GAME.new(seed, players=players)
    for _ in range(steps):  # a random game, stopped after a drawn number of steps
        legal = GAME.legal_actions(state)
        after = GAME.apply(state, legal[rng.below(len(legal))])
        if GAME.is_over(after):
            break
        state = after
    seat = GAME.to_move(state)
    assert seat is not None
    twin = GAME.determinize(GAME.view(state, seat), seat, Rng(j))
    assert GAME.view(twin, seat) == GAME.view(state, seat)
    for agent in (GreedyAgent(), RandomAgent(), MCTSAgent(iterations=20)):
        mine = agent.choose(GAME, GAME.view(state, seat), seat, Rng(k))
        theirs = agent.choose(GAME, GAME.view(twin, seat), seat, Rng(k))
        assert mine == theirs, agent.name
        assert mine in GAME.legal_actions(state)


@given(seeds(), PLAYERS)
def test_tally_counts_a_finished_game_and_nothing_before(seed: int, players: int) -> None:
    states, batches = random_game(seed, players)
    events = tuple(e for batch in batches for e in batch)
    for state in states[:-1:25]:
        assert GAME.tally(state, events) == {}
    final = states[-1]
    tally = GAME.tally(final, events)
    assert all(type(v) is int and v > 0 for v in tally.values())

    def total(prefix: str) -> int:
        return sum(v for key, v in tally.items() if key.startswith(prefix))

    winners = GAME.score(final).winners
    assert total("character: ") == players
    assert total("winner character: ") == len(winners)
    assert total("final level: ") == players
    outcomes = ("declaration met: ", "declaration missed: ", "no declaration")
    assert sum(total(o) for o in outcomes) == players
    assert sum(total("winner " + o) for o in outcomes) == len(winners)
    met = sum(1 for s in final.seats if lyceum.declaration_bonus(s))
    assert total("declaration met: ") == met
    played = [e for e in events if isinstance(e, CardPlayed)]
    assert total("card played: ") == sum(1 for e in played if e.seat in winners)
    assert total("card played (all seats): ") == len(played)
    assert total("card drawn: ") == total("draw: ") == sum(
        1 for e in events if isinstance(e, CardDrawn)
    )
    for seat in winners:
        assert tally[f"winner character: {final.seats[seat].character}"] >= 1
    drawn = [e for e in events if isinstance(e, CardDrawn)]
    for event in drawn:
        assert tally[f"draw: {event.colour.value}"] == sum(
            1 for e in drawn if e.colour is event.colour)
        assert tally[f"card drawn: {event.card}"] == sum(1 for e in drawn if e.card == event.card)


@given(seeds(), PLAYERS)
def test_scoring_a_state_again_gives_its_own_standings(seed: int, players: int) -> None:
    states, _ = random_game(seed, players)
    final, earlier = states[-1], states[len(states) // 2]
    first = GAME.score(final)
    assert GAME.score(earlier) != first or earlier == final
    assert GAME.score(final) == first
    twin = serde.from_json(serde.to_json(final), lyceum.State)
    assert GAME.score(twin) == first
    assert GAME.score(earlier) == GAME.score(serde.from_json(serde.to_json(earlier), lyceum.State))


@given(seeds(), PLAYERS, st.data())
def test_generated_documents_match_the_json_schema(
    seed: int, players: int, data: st.DataObject
) -> None:
    """A state and its views at a drawn step, the final state and views; every action; the
    events of a drawn stretch of six steps, of the last step and of every declaration (also
    redacted); a record. (Validating everything of every game would take minutes.)"""
    validators = {k: _validator(k) for k in ("state", "view", "action", "event", "record")}
    states, actions, events = _game(seed, players)
    index = data.draw(st.integers(0, len(actions) - 1), label="step")
    for state, seats in ((states[index], (*range(players), None)), (states[-1], (0, None))):
        validators["state"].validate(serde.to_dict(state))
        for seat in seats:
            validators["view"].validate(serde.to_dict(GAME.view(state, seat)))
    for action in set(actions) - _VALID_ACTIONS:  # a value once valid stays valid
        validators["action"].validate(serde.to_dict(action))
        _VALID_ACTIONS.add(action)
    steps = {*range(index, index + 6), len(actions) - 1}
    for i, batch in enumerate(events):
        if i in steps or isinstance(actions[i], (Declare, DeclareSkill)):
            for event in (*batch, *GAME.view_events(batch, None)):
                validators["event"].validate(serde.to_dict(event))
    record = GAME.record(seed, tuple(actions[index : index + 6]), players=players)
    validators["record"].validate(serde.to_dict(record))


_VALIDATORS: dict[str, jsonschema.Draft202012Validator] = {}
_VALID_ACTIONS: set[Any] = set()


def _validator(kind: str) -> jsonschema.Draft202012Validator:
    if kind not in _VALIDATORS:
        document = boardrules.schema(GAME, kind)  # type: ignore[arg-type]
        jsonschema.Draft202012Validator.check_schema(document)
        _VALIDATORS[kind] = jsonschema.Draft202012Validator(document)
    return _VALIDATORS[kind]


# -- examples ----------------------------------------------------------------------------------
def test_the_schema_refuses_foreign_actions() -> None:
    validator = _validator("action")
    assert validator.is_valid({"type": "draw", "colour": "red"})
    assert not validator.is_valid({"type": "draw", "colour": "blue"})
    assert not validator.is_valid({"type": "play_fool"})
    assert not validator.is_valid({})


def test_vocabulary_order_size_and_encoding() -> None:
    moves = [MoveSkillPoint(a, b) for a in SKILLS for b in SKILLS if a is not b]
    assert (
        *(ChooseSkill(s) for s in SKILLS),
        Declare(None), Declare(35), Declare(40), Declare(45),
        *(DeclareSkill(v) for v in range(46)),
        Draw(Colour.GREEN), Draw(Colour.YELLOW), Draw(Colour.RED),
        Rest(), ShareExperience(), PlayCard(), DiscardCard(), DeferCard(),
        *moves,
        FinishMoves(), PlayDeferred(), KeepDeferred(),
    ) == VOCABULARY
    assert len(set(VOCABULARY)) == len(VOCABULARY) == action_space_size(GAME) == 86
    assert lyceum.Game(min_players=2, max_players=6).vocabulary() == VOCABULARY
    size = action_space_size(GAME)
    assert [encode_action(GAME, decode_action(GAME, i)) for i in range(size)] == list(range(size))
    for refused in (Declare(30), DeclareSkill(46), MoveSkillPoint(Skill.HEALTH, Skill.HEALTH)):
        with pytest.raises(boardrules.BadInput):
            encode_action(GAME, refused)


def test_every_action_of_the_vocabulary_is_legal_somewhere() -> None:
    """The vocabulary is no larger than the game: each action answers some reachable step."""
    seen: set[Any] = set()
    start = GAME.new(5, players=3)
    seen |= set(GAME.legal_actions(start))  # five extra SP
    declaring = play(start, [ChooseSkill(Skill.HEALTH)] * 5)
    assert head(declaring).kind is StepKind.DECLARE
    seen |= set(GAME.legal_actions(declaring))
    widest = GAME.apply(declaring, Declare(45))
    seen |= set(GAME.legal_actions(widest))  # DeclareSkill(0..45)
    main = GAME.position(skills=[(6,) * 5] * 3, played_xp=[800, 0, 0])
    seen |= set(GAME.legal_actions(main))  # draws, rest, share
    moving = play(main, [Rest(), ChooseSkill(Skill.HEALTH)])
    assert head(moving).kind is StepKind.MOVE
    seen |= set(GAME.legal_actions(moving))  # every move and finish
    red, green = "ly-red-04", "ly-green-01"
    seen |= set(GAME.legal_actions(GAME.apply(main, Draw(Colour.GREEN))))  # play, discard
    poor = GAME.position(skills=[(2,) * 5] * 3, piles={"red": [red], "green": [green]})
    seen |= set(GAME.legal_actions(GAME.apply(poor, Draw(Colour.RED))))  # defer, discard
    offered = GAME.position(
        skills=[(9,) * 5] * 3, round=2, deferred=[(red, 1), None, None], piles={"green": [green]}
    )
    offered = play(offered, [Rest(), ChooseSkill(Skill.HEALTH), FinishMoves()])
    assert head(offered).kind is StepKind.OFFER
    seen |= set(GAME.legal_actions(offered))
    assert seen == set(VOCABULARY)


def _one_of_each_event() -> list[Any]:
    red = next(c for c in GAME.content.cards if c.special and c.special.lasting)
    assert red.special is not None
    return [
        PointChosen(0, Skill.ENERGY),
        DeclarationMade(1, (10, 10, 10, 5, 5)),
        DeclarationMade(1, None),
        DeclarationMade(1, HIDDEN),
        TurnOrderSet(2, (2, 3, 0, 1)),
        RoundStarted(4, 19, Epoch.UNIVERSITY),
        CardDrawn(0, Colour.YELLOW, "ly-yellow-01"),
        CardPlayed(0, "ly-yellow-01", 200),
        CardPlayed(0, red.id, 500, deferred=True),
        CardDiscarded(1, "ly-green-01"),
        CardDeferred(1, red.id),
        DeferredExpired(1, red.id),
        Rested(2, 4),
        PointMoved(2, Skill.HEALTH, Skill.ENERGY),
        ExperienceShared(3, 400),
        LevelReached(3, 4),
        EffectStarted(0, red.id, SpecialKind.REST_MOVES, 1, Target.OTHERS),
        EffectStarted(0, red.id, SpecialKind.REST_MOVES, 6, Target.SELF),
        GameEnded((1,)),
        GameEnded((0, 2)),
    ]


def test_every_action_and_event_type_has_an_english_and_a_russian_label() -> None:
    items = [*VOCABULARY, *_one_of_each_event()]
    labels = [_labels(item) for item in items]
    for (en, ru), item in zip(labels, items, strict=True):
        assert en, item
        assert ru, item
        assert en != ru, item
    assert {type(i) for i in items} == set(get_args(lyceum.Action)) | set(get_args(lyceum.Event))
    assert len({en for en, _ in labels}) == len(labels), "each item has its own label"
    assert len({ru for _, ru in labels}) == len(labels)
    with pytest.raises(TypeError):
        boardrules.describe(GAME, object())


def test_event_labels_name_the_card_in_the_labels_language() -> None:
    card = GAME.card("ly-green-01")
    en, ru = _labels(CardPlayed(2, card.id, 100))
    assert card.title_en in en
    assert card.title_ru in ru
    assert _labels(DeclarationMade(1, HIDDEN)) != _labels(DeclarationMade(1, None))
    assert "45 SP" in _labels(DeclarationMade(1, (9, 9, 9, 9, 9)))[0]


def test_observation_layout_marks_the_table_the_seat_and_the_others() -> None:
    assert len(LAYOUT) == GAME.observation_size() == OBS_GLOBAL + OBS_OWN + 3 * OBS_OTHER
    assert len(set(LAYOUT)) == len(LAYOUT)
    assert lyceum.Game(max_players=6).observation_size() == OBS_GLOBAL + OBS_OWN + 5 * OBS_OTHER
    state = GAME.position(
        skills=[(1, 2, 3, 4, 5), (6, 7, 8, 9, 10), (11, 12, 13, 14, 15)],
        round=5, played_xp=[800, 1200, 0], declarations=[None, (9, 9, 9, 9, 9), None],
        to_move=1,
    )
    at = {name: i for i, name in enumerate(LAYOUT)}
    vector = GAME.observe(GAME.view(state, 1), 1)
    assert vector[at["round"]] == 5
    assert vector[at["epoch"]] == 1
    assert vector[at["stage.main"]] == 1
    assert vector[at["step.main"]] == vector[at["step.mine"]] == 1
    assert vector[at["own.skills.health"]] == 6
    assert vector[at["own.level"]] == 4
    assert vector[at["own.played_xp"]] == 12
    assert vector[at["own.can_share"]] == 1
    assert vector[at["own.declaration.target"]] == 45
    assert vector[at["own.declaration.settled"]] == 1
    assert vector[at["own.deferred.present"]] == 0
    assert vector[at["other.1.skills.health"]] == 11  # seat 2 comes next
    assert vector[at["other.2.skills.health"]] == 1  # then seat 0
    assert vector[at["other.2.played_xp"]] == 8
    assert vector[at["other.2.declaration.target"]] == -1  # hidden before the end
    assert vector[at["other.3.present"]] == -1  # a fourth seat would go here
    assert vector[at["step.card.present"]] == 0
    drawn = GAME.apply(state, Draw(Colour.RED))
    card = GAME.card(head(drawn).card or "")
    seen = GAME.observe(GAME.view(drawn, 0), 0)  # the drawn card is public
    block = seen[at["step.card.present"] : at["step.card.present"] + CARD_WIDTH]
    assert block[0] == 1
    assert block[1:4] == (0, 0, 1)
    assert block[4:9] == tuple(map(max, card.conditions, card.losses))
    assert seen[at["step.seat"]] == 1


def test_observation_of_the_setup_hides_another_seats_declaration_in_progress() -> None:
    state = play(GAME.new(3, players=3), [ChooseSkill(Skill.ENERGY)] * 5)
    state = play(state, [Declare(40), DeclareSkill(12)])
    at = {name: i for i, name in enumerate(LAYOUT)}
    mine = GAME.observe(GAME.view(state, 0), 0)
    theirs = GAME.observe(GAME.view(state, 1), 1)
    assert mine[at["step.count"]] == 28
    assert mine[at["step.values.health"]] == 12
    assert theirs[at["step.count"]] == 0
    assert theirs[at["step.values.health"]] == -1
    assert theirs[at["own.declaration.settled"]] == 0
    done = finish_setup(play(state, [DeclareSkill(0)] * 3))
    assert GAME.observe(GAME.view(done, 0), 0)[at["own.declaration.settled"]] == 1


def test_rulebook_has_one_line_per_rule_of_the_page() -> None:
    page = re.findall(r"^\| \[\*\*(LY-\d+)\*\*\]\(", PAGE.read_text("utf-8"), re.M)
    assert [rule.id for rule in GAME.rulebook] == page
    for rule in GAME.rulebook:
        assert rule.en
        assert rule.ru
        assert rule.en != rule.ru
        assert rule.text("ru") == rule.ru
        assert "\n" not in rule.en + rule.ru
        assert len(rule.en) <= 100
        assert len(rule.ru) <= 100


# The dict observation with an action mask is PettingZoo's own convention for classic
# games; api_test only whitelists its own environments for it, hence the advisory warning.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
def test_pettingzoo_api() -> None:
    from pettingzoo.test import api_test

    from boardrules.adapters.pettingzoo import env

    api_test(env("lyceum", setup={"players": 4}), num_cycles=300)


@pytest.mark.parametrize("players", [3, 4])
def test_pettingzoo_plays_whole_games_with_masks(players: int) -> None:
    from boardrules.adapters.pettingzoo import env

    environment = env("lyceum", setup={"players": players})
    environment.reset(seed=11)
    space = environment.observation_space("seat_0")["observation"]
    rewards: dict[str, float] = {}
    for agent in environment.agent_iter(max_iter=GAME.max_moves() + players + 1):
        observation, reward, terminated, truncated, _ = environment.last()
        assert space.contains(observation["observation"])
        if terminated or truncated:
            rewards[agent] = reward
            environment.step(None)
            continue
        mask = observation["action_mask"]
        choices = mask.nonzero()[0]
        environment.step(int(choices[-1]))
    assert environment.game.is_over(environment.state)
    winners = environment.game.score(environment.state).winners
    assert rewards == {f"seat_{s}": 1 if s in winners else -1 for s in range(players)}
