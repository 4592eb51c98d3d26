"""Seeing positions and writing moves, for every game: text, SVG, notation, ``show``.

The properties: every legal action of a reachable state round-trips through the notation
and no two legal actions share one; junk text is refused with ``BadInput``; text and SVG
are drawn for every seat in both languages and the SVG is well-formed XML; and nothing a
seat may not see reaches its rendering (twin states that differ only in hidden data render
equally for that seat).
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardrules import BadInput, Rng, serde
from boardrules.display import Position, check_lang, check_seat, plural_ru
from boardrules.games import kuhn, lyceum, orbita, semya
from boardrules.testing import playouts

GAMES: dict[str, Any] = {
    "semya": semya.Game(),
    "lyceum": lyceum.Game(),
    "orbita": orbita.Game(),
    "kuhn": kuhn.Game(),
}
SETUPS: dict[str, st.SearchStrategy[dict[str, Any]]] = {
    "semya": st.just({}),
    "lyceum": st.sampled_from([{"players": 3}, {"players": 4}]),
    "orbita": st.sampled_from([{"players": 2}, {"players": 3}, {"players": 4}]),
    "kuhn": st.just({}),
}
#: Enough steps to reach every part of a game (Lyceum's rounds, Orbita's phases).
STEPS = {"semya": 45, "lyceum": 400, "orbita": 700, "kuhn": 3}


def states(name: str) -> st.SearchStrategy[Any]:
    game = GAMES[name]
    return playouts(game, SETUPS[name], max_steps=STEPS[name]).map(lambda p: p.final)


def seats_of(state: Any) -> list[int | None]:
    count = len(
        state.hands if hasattr(state, "hands")
        else state.cards if hasattr(state, "cards") else state.seats
    )
    return [None, *range(count)]


# -- notation -------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_the_whole_vocabulary_round_trips_and_no_two_actions_share_a_notation(name: str) -> None:
    game = GAMES[name]
    vocabulary = game.vocabulary()
    written = [game.format_action(a) for a in vocabulary]
    assert len(set(written)) == len(vocabulary)
    for action, text in zip(vocabulary, written, strict=True):
        assert game.parse_action(text) == action
        assert game.parse_action(f"  {text.upper()}  ") == action, "case and spaces are free"
        assert len(text) <= 30, "short enough to type"


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_every_legal_action_of_a_reachable_state_round_trips(name: str, data: Any) -> None:
    game = GAMES[name]
    state = data.draw(states(name))
    legal = game.legal_actions(state)
    written = [game.format_action(a) for a in legal]
    assert len(set(written)) == len(legal)
    for action, text in zip(legal, written, strict=True):
        assert game.parse_action(text) == action
        assert game.parse_action(text, state) == action


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data(), text=st.text(max_size=30))
def test_junk_is_refused_with_bad_input_never_a_crash(name: str, data: Any, text: str) -> None:
    game = GAMES[name]
    state = data.draw(states(name))
    for given_state in (None, state):
        paths = []
        try:
            action = game.parse_action(text, given_state)
        except BadInput as error:
            paths.append(error.path)
        else:
            assert action in game.vocabulary()
        assert paths in ([], ["$.text"])


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("semya", "sun-saturn", semya.PlayCard("sun-saturn")),
        ("semya", "lord ma", semya.PlayLord(semya.Symbol.MARS)),
        ("semya", "FOOL", semya.PlayFool()),
        ("lyceum", "+en", lyceum.ChooseSkill(lyceum.Skill.ENERGY)),
        ("lyceum", "draw r", lyceum.Draw(lyceum.Colour.RED)),
        ("lyceum", "declare none", lyceum.Declare(None)),
        ("lyceum", "move cr co", lyceum.MoveSkillPoint(lyceum.Skill.CREATIVITY,
                                                      lyceum.Skill.COMMUNICATION)),
        ("orbita", "gift all f hos2", orbita.Gift(orbita.Resource.FOOD, "hosts-sage-2",
                                                  orbita.Amount.ALL)),
        ("orbita", "offer warriors-leader-1 hol1",
         orbita.MakeOffer("warriors-leader-1", "hosts-leader-1")),
        ("orbita", "corporation he", orbita.FormCorporation(orbita.Spec.HEROES)),
    ],
)
def test_readable_forms(name: str, text: str, expected: Any) -> None:
    assert GAMES[name].parse_action(text) == expected


@pytest.mark.parametrize(
    ("name", "text", "says"),
    [
        ("semya", "", "empty"),
        ("semya", "lord m", "could be"),
        ("semya", "sun-pluto", "not a move"),
        ("semya", "card nothing", "no card"),
        ("lyceum", "draw purple", "not a colour"),
        ("lyceum", "declare ²", "not a number"),
        ("lyceum", "move health", "move <from skill> <to skill>"),
        ("orbita", "take hos9", "no card"),
        ("orbita", "gift food", "gift [all] <resource> <card>"),
        ("orbita", "fly", "not a move"),
    ],
)
def test_junk_says_what_is_wrong(name: str, text: str, says: str) -> None:
    with pytest.raises(BadInput) as caught:
        GAMES[name].parse_action(text)
    assert says in str(caught.value)


def test_a_prefix_of_a_legal_move_is_enough_with_a_state() -> None:
    game = GAMES["semya"]
    state = game.apply(game.new(seed=1, first=0), semya.PlayCard("sun-saturn"))
    assert game.parse_action("saturn-j", state) == semya.PlayCard("saturn-jupiter")
    with pytest.raises(BadInput, match="could be any of"):
        game.parse_action("saturn-m", state)  # saturn-moon or saturn-mercury
    with pytest.raises(BadInput):
        game.parse_action("saturn-j")  # without a state the notation is exact


def test_a_custom_card_id_that_looks_like_another_move_is_written_apart() -> None:
    game = GAMES["semya"]
    deck = [
        semya.Card("fool" if c.id == "sun-saturn" else c.id, c.start, c.end, c.suit, c.points,
                   c.name_ru, c.name_en)
        for c in game.deck
    ]
    custom = semya.Game(deck=deck)
    assert custom.format_action(semya.PlayCard("fool")) == "card fool"
    assert custom.parse_action("card fool") == semya.PlayCard("fool")
    assert custom.parse_action("fool") == semya.PlayFool()


# -- rendering ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_text_and_svg_are_drawn_for_every_seat_in_both_languages(name: str, data: Any) -> None:
    game = GAMES[name]
    state = data.draw(states(name))
    seat = data.draw(st.sampled_from(seats_of(state)))
    lang = data.draw(st.sampled_from(["en", "ru"]))
    text = game.render_text(state, seat, lang)
    assert text.strip()
    svg = game.render_svg(state, seat, lang)
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert float(root.attrib["height"]) > 0
    assert "{" not in text, "no unformatted placeholders"


@pytest.mark.parametrize("name", ["lyceum", "orbita", "kuhn"])
@given(data=st.data(), key=st.integers(0, 2**32))
def test_twins_that_differ_only_in_hidden_data_render_equally(
    name: str, data: Any, key: int
) -> None:
    game = GAMES[name]
    state = data.draw(states(name))
    seat = data.draw(st.sampled_from(seats_of(state)))
    twin = game.determinize(game.view(state, seat), seat, Rng(key))
    assert game.view(twin, seat) == game.view(state, seat)
    for lang in ("en", "ru"):
        assert game.render_text(twin, seat, lang) == game.render_text(state, seat, lang)
        assert game.render_svg(twin, seat, lang) == game.render_svg(state, seat, lang)


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_a_rendering_reads_nothing_but_the_view(name: str, data: Any) -> None:
    game = GAMES[name]
    state = data.draw(states(name))
    seat = data.draw(st.sampled_from(seats_of(state)))
    view = game.view(state, seat)
    assert game.render_text(view, seat) == game.render_text(state, seat)
    assert game.render_svg(view, seat, "ru") == game.render_svg(state, seat, "ru")


def test_another_seats_declaration_never_shows() -> None:
    game = GAMES["lyceum"]
    state = game.position(
        skills=[(8, 8, 8, 8, 8)] * 3, declarations=[None, (9, 9, 9, 8, 5), None], to_move=0
    )
    mine = game.render_text(state, 1)
    assert "40 SP 9/9/9/8/5" in mine
    for seat in (0, 2, None):
        shown = game.render_text(state, seat)
        assert "9/9/9/8/5" not in shown
        assert "hidden" in shown
        assert "9/9/9/8/5" not in game.render_svg(state, seat)


def test_semya_shows_what_must_be_answered_the_chain_and_the_trumps() -> None:
    game = GAMES["semya"]
    state = game.apply(game.new(seed=1, first=0), semya.PlayCard("sun-saturn"))
    text = game.render_text(state, 1)
    assert "a card that starts on Saturn (red, Villain)" in text
    assert "1. seat 0: «excitement, inspiration» Sun → Saturn, white, 2" in text
    assert text.count("trump held") == 2
    svg = game.render_svg(state, 1)
    assert "#d62728" in svg, "Saturn red"
    assert "#f28c28" in svg, "the Sun orange"
    ru = game.render_text(state, 1, "ru")
    assert "Сатурн" in ru
    assert "Козырь на руке" in ru


def test_lyceum_shows_the_drawn_card_with_its_conditions_costs_and_gains() -> None:
    game = GAMES["lyceum"]
    state = game.position(skills=[(5, 5, 5, 5, 5)] * 3, round=4, to_move=1)
    state = game.apply(state, lyceum.Draw(lyceum.Colour.RED))
    card = game.card(state.queue[0].card)
    text = game.render_text(state, 1)
    assert f"«{card.title_en}» — red, 500 XP" in text
    for part in ("needs:", "costs:", "gives:"):
        assert part in text
    assert "round 4 of 10, age 19, epoch: University" in text
    assert "turn order: 0 → 1 → 2" in text
    assert card.title_ru in game.render_text(state, 1, "ru")
    assert card.title_en in game.render_svg(state, 1)


def test_orbita_shows_resources_held_and_given_and_the_market() -> None:
    game = GAMES["orbita"]
    state = game.position(
        [[["warriors-leader-1"]], [["hosts-leader-1", "hosts-bard-1"]]],
        zones={
            "warriors-leader-1": {"current": {"territory": 2}},
            "hosts-bard-1": {"gifts": {"food": 3}, "reserve": {"food": 1}},
        },
        market=["priests-sage-1"],
        phase="hiring",
    )
    text = game.render_text(state, 0)
    assert "wal1 Warriors' Leader 1 — now T2" in text
    assert "hob1 Hosts' Bard 1 — reserve F1; gifts F3" in text
    assert "market: prs1 Priests' Sage 1" in text
    assert "holds F4" in text
    assert "phase: hiring" in text
    offered = game.apply(state, orbita.MakeOffer("warriors-leader-1", "hosts-leader-1"))
    assert "Offer by seat 0: wal1 Warriors' Leader 1 → hol1 Hosts' Leader 1 (seat 1)" in (
        game.render_text(offered, 1)
    )
    assert game.render_svg(offered, 1).count('class="offer"') == 2, "both cards framed"
    fed = game.position(
        [[["warriors-leader-1", "warriors-master-2"]], [["hosts-leader-1"]]],
        zones={"warriors-master-2": {"current": {"food": 1}}},
        phase="consumption",
    )
    fed = game.apply(fed, orbita.AllocateFood("warriors-master-2"))
    assert "feeds first: wam2" in game.render_text(fed, 1)


# -- show, languages, seats -----------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_show_prints_as_text_and_draws_itself_in_jupyter(name: str) -> None:
    game = GAMES[name]
    state = game.new(seed=5)
    shown = game.show(state, 1, "ru")
    assert isinstance(shown, Position)
    assert str(shown) == game.render_text(state, 1, "ru")
    assert shown._repr_svg_() == game.render_svg(state, 1, "ru")
    ET.fromstring(shown._repr_html_())
    rich = pytest.importorskip("rich.console")
    console = rich.Console(record=True, width=200)
    console.print(shown)
    assert console.export_text().strip() == shown.text().strip()


@pytest.mark.parametrize("name", GAMES)
def test_a_wrong_language_or_seat_is_bad_input(name: str) -> None:
    game = GAMES[name]
    state = game.new(seed=5)
    with pytest.raises(BadInput, match="en or ru"):
        game.render_text(state, None, "de")
    with pytest.raises(BadInput, match="seat"):
        game.render_svg(state, 7)
    with pytest.raises(BadInput, match="en or ru"):
        game.show(state, 0, "de")


def test_helpers() -> None:
    assert check_lang("ru") == "ru"
    assert check_seat(None, 2) is None
    with pytest.raises(BadInput):
        check_seat(True, 2)
    assert [plural_ru(n, "очко", "очка", "очков") for n in (1, 2, 5, 21, 112, 104)] == [
        "1 очко", "2 очка", "5 очков", "21 очко", "112 очков", "104 очка",
    ]


class _HiddenHands(semya.Game):
    """7Я as if hands were hidden: the rendering must then turn the other hand face down."""

    hidden_information = True


def test_a_hidden_hand_is_drawn_face_down_for_the_other_seat() -> None:
    game = _HiddenHands()
    state = game.apply(game.new(seed=1, first=0), semya.PlayCard("sun-saturn"))
    text = game.render_text(state, 1)
    assert "cards in hand: 20" in text, "seat 0's hand, face down"
    assert "saturn-moon (1)" in text, "seat 1 sees its own hand"
    assert text.count("sun-mercury (3)") == 1
    svg = game.render_svg(state, 1)
    assert 'data-card="sun-mercury"' in svg
    assert svg.count('data-card="sun-mercury"') == 1
    assert game.render_text(state, None).count("sun-mercury (3)") == 2, "a spectator sees all"


def test_with_a_state_a_short_word_means_the_one_legal_move_it_begins() -> None:
    game = GAMES["lyceum"]
    state = game.position(
        skills=[(6, 6, 6, 6, 6)] * 3, round=4, to_move=0, deferred=[("ly-green-05", 3), None, None]
    )
    for action in (lyceum.Rest(), lyceum.ChooseSkill(lyceum.Skill.HEALTH), lyceum.FinishMoves()):
        state = game.apply(state, action)
    assert game.legal_actions(state) == (lyceum.PlayDeferred(), lyceum.KeepDeferred())
    assert game.parse_action("play") == lyceum.PlayCard(), "without a state: the exact reading"
    assert game.parse_action("play", state) == lyceum.PlayDeferred()
    assert game.parse_action("keep", state) == lyceum.KeepDeferred()
    semya_game = GAMES["semya"]
    opened = semya_game.apply(semya_game.new(seed=1, first=0), semya.PlayCard("sun-saturn"))
    refused = semya_game.parse_action("moon-sun", opened)
    assert refused == semya.PlayCard("moon-sun"), "an illegal exact move stands, for check"
    assert semya_game.check(opened, refused) is not None


@settings(deadline=None)
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 60))
def test_a_lyceum_pile_or_skill_in_the_picture_names_the_one_move_a_click_plays(
    seed: int, moves: int
) -> None:
    """The page plays the one legal move whose values name the clicked element's
    ``data-card``: each Draw names its pile, each ChooseSkill the mover's own skill bar."""
    game = GAMES["lyceum"]
    state = game.new(seed, players=3)
    pick = random.Random(seed)
    for _ in range(moves):
        legal = game.legal_actions(state)
        if not legal:
            break
        state = game.apply(state, pick.choice(legal))
    seat = game.to_move(state)
    if seat is None:
        return
    svg = game.render_svg(state, seat)
    marks = re.findall(r'data-card="([^"]+)"', svg)
    for action in game.legal_actions(state):
        doc = serde.to_dict(action)
        if doc["type"] in ("draw", "choose_skill"):
            (value,) = (v for k, v in doc.items() if k != "type")
            assert marks.count(value) == 1, (doc, marks)
            naming = [a for a in game.legal_actions(state)
                      if value in serde.to_dict(a).values()]
            assert naming == [action], "a click on it plays exactly this move"
