"""The structured turn, the labelled result and the small things a front-end needs, for every
bundled game: ``game.prompt`` agrees with the contract in every state random play reaches,
its JSON gives the actions back, the standings are labelled in both languages, refusals read
as one sentence, and every game is a ``Playable``."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardrules
from boardrules import Playable, Turn, serde
from boardrules.agents import RandomAgent, play_game
from boardrules.core.codec import tag_of
from boardrules.games import semya

GAMES = ["semya", "lyceum", "orbita", "kuhn"]
CYRILLIC = re.compile("[А-Яа-яЁё]")


@st.composite
def positions(draw: st.DrawFn) -> tuple[Any, Any]:
    """A game and a state reached by random legal moves from a random seed."""
    name = draw(st.sampled_from(GAMES))
    game = boardrules.load(name)
    state = game.new(draw(st.integers(0, 2**64 - 1)))
    for _ in range(draw(st.integers(0, 60))):
        legal = game.legal_actions(state)
        if not legal:
            break
        state = game.apply(state, draw(st.sampled_from(legal)))
    return game, state


@settings(max_examples=40)
@given(positions(), st.sampled_from(["en", "ru"]))
def test_the_turn_says_what_the_contract_says(position: tuple[Any, Any], lang: str) -> None:
    game, state = position
    turn: Turn[Any] = game.prompt(state, lang)
    assert turn.seat == game.to_move(state)
    assert turn.over == game.is_over(state)
    assert turn.seats == game.seat_count(state) == state.seat_count == len(game.score(state))
    assert turn.actions() == game.legal_actions(state)
    assert turn.kinds == (() if turn.over else tuple(tag_of(k) for k in game.accepts(state)))
    assert {tag_of(type(a)) for a in turn.actions()} <= set(turn.kinds)
    assert (turn.step == "over") == turn.over
    assert turn.asked.endswith(".")
    assert bool(CYRILLIC.search(turn.asked)) == (lang == "ru")
    for move in turn.moves:
        assert move.label == game.describe_action(move.action, lang)
        assert move.notation == game.format_action(move.action)
        assert game.parse_action(move.notation, game.view(state, turn.seat)) == move.action
        if lang == "en":
            assert not CYRILLIC.search(move.label), move.label


@settings(max_examples=20)
@given(positions())
def test_the_turn_as_json_gives_the_actions_back(position: tuple[Any, Any]) -> None:
    game, state = position
    turn = game.prompt(state)
    data = serde.to_dict(turn)
    assert data["seat"] == turn.seat
    assert data["kinds"] == list(turn.kinds)
    actions = [serde.from_dict(move["action"], game.action_type) for move in data["moves"]]
    assert tuple(actions) == turn.actions()
    assert [move["label"] for move in data["moves"]] == [m.label for m in turn.moves]


@settings(max_examples=30)
@given(positions(), st.sampled_from(["en", "ru"]))
def test_the_result_labels_every_part_of_every_seats_points(
    position: tuple[Any, Any], lang: str
) -> None:
    game, state = position
    result = game.result(state, lang)
    standings = game.score(state)
    assert result.final == standings.final
    assert result.winners == standings.winners
    assert sorted(p.seat for p in result.places) == list(range(len(standings)))
    assert [p.rank for p in result.places] == sorted(p.rank for p in result.places)
    for place in result.places:
        standing = standings[place.seat]
        assert place.points == standing.points
        assert place.winner == (place.seat in standings.winners)
        assert [p.key for p in place.parts] == list(standing.breakdown)
        assert [p.points for p in place.parts] == list(standing.breakdown.values())
        for part in place.parts:
            assert bool(CYRILLIC.search(part.label)) == (lang == "ru"), part.label
    assert bool(CYRILLIC.search(result.sentence)) == (lang == "ru")


@pytest.mark.parametrize("name", GAMES)
def test_a_finished_game_says_who_won_in_both_languages(name: str) -> None:
    game = boardrules.load(name)
    seats = game.seat_count(game.new(3))
    state, _ = play_game(game, [RandomAgent()] * seats, 3)
    for lang in ("en", "ru"):
        result = game.result(state, lang)
        assert result.final
        for winner in result.winners:
            assert str(winner) in result.sentence
        assert game.prompt(state, lang).asked == game.asked(state, lang)


def test_a_semya_winner_with_fewer_points_is_explained() -> None:
    game = semya.Game()
    for seed in range(40):
        state, _ = play_game(game, [RandomAgent(), RandomAgent()], seed)
        result = game.result(state)
        (winner,) = result.winners
        first = result.places[0]
        assert first.seat == winner
        assert first.rank == 1
        loser = result.places[1]
        if first.points < loser.points:
            assert "has no answer" in result.sentence
            assert "not the points (SEM-10)" in result.sentence
            ru = game.result(state, "ru").sentence
            assert "нечем ответить" in ru
            assert "а не очки" in ru
            return
    pytest.fail("no game in 40 where the winner held fewer points")


@settings(max_examples=40)
@given(positions(), st.data())
def test_a_refusal_reads_as_one_sentence_with_its_rule(
    position: tuple[Any, Any], data: st.DataObject
) -> None:
    game, state = position
    action = data.draw(st.sampled_from(game.vocabulary()))
    violation = game.check(state, action)
    if violation is None:
        return
    for lang in ("en", "ru"):
        sentence = violation.sentence(lang)
        assert sentence == f"{violation.rule}: {violation.message(lang)}"
        assert "\n" not in sentence
        assert game.rulebook.rule(violation.rule).text(lang)


@pytest.mark.parametrize("name", GAMES)
def test_every_game_is_playable_and_finds_the_core_rules(name: str) -> None:
    game = boardrules.load(name)
    assert isinstance(game, Playable)
    for rule in ("CORE-1", "CORE-2", "CORE-3", "CORE-4"):
        assert game.rulebook.rule(rule).id == rule
    with pytest.raises(KeyError):
        game.rulebook.rule("CORE-99")


def test_a_language_other_than_english_and_russian_is_refused() -> None:
    game = semya.Game()
    state = game.new(seed=1)
    for call in (game.prompt, game.result, game.asked):
        with pytest.raises(ValueError, match="the language is en or ru"):
            call(state, "de")
