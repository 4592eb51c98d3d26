"""7Я positions built from a description: what was played earlier is stated, never invented.

``Game.position`` keeps the cards played before the given plays in ``State.earlier`` (their
order is not known) and puts on the table only the plays it was given. The properties build
positions from real games (a reached state's hands, trumps and last ``k`` plays) and compare
them with the real state; the examples pin the text in both languages and the errors.
"""

from __future__ import annotations

import json
import re
from typing import Any

import attrs
import pytest
from hypothesis import event, given, note, settings
from hypothesis import strategies as st

from boardrules import BadInput, serde
from boardrules.core.rng import Rng
from boardrules.games import semya
from boardrules.games.semya import Play, PlayCard, PlayLord, Symbol, Trump
from boardrules.testing import playouts

GAME = semya.Game()
ORDER = {c.id: i for i, c in enumerate(GAME.deck)}
#: A numbered play of the text view: ``  12. seat 0: «…» Sun → Saturn, white, 2``.
NUMBERED = re.compile(r"^ +(\d+)\. ")


def _numbered(text: str) -> list[str]:
    return [line for line in text.splitlines() if NUMBERED.match(line)]


def _rebuilt(state: semya.State, k: int) -> semya.State:
    """The position of ``state`` described by its hands, trumps, last ``k`` plays and mover."""
    mover = (state.first + len(state.table)) % 2
    return GAME.position(hands=state.hands, table=[p.action for p in state.table[-k:]] if k else [],
                         trumps=state.trumps, to_move=mover)


def _played_before(state: semya.State, k: int, seat: int) -> tuple[str, ...]:
    gone = [p.action.card for p in state.table[: len(state.table) - k]
            if p.seat == seat and isinstance(p.action, PlayCard)]
    return tuple(sorted(gone, key=ORDER.__getitem__))


# -- properties: a position from a real game agrees with the game ---------------------------
@given(playouts(GAME), st.integers(1, 44))
def test_a_position_from_a_real_game_states_the_earlier_plays_and_agrees(
    p: Any, k: int
) -> None:
    state = p.final
    k = min(k, len(state.table))
    if k == 0:
        return  # the opening: nothing is left out (see the next test)
    rebuilt = _rebuilt(state, k)
    # Only the given plays are on the table; what came before is stated as earlier.
    assert rebuilt.table == state.table[-k:]
    assert rebuilt.first == state.table[-k].seat
    for seat in (0, 1):
        assert rebuilt.earlier[seat] == _played_before(state, k, seat)
    assert rebuilt.earlier_plays == len(state.table) - k
    # Play agrees: whose move, what is legal, what must be answered, the score, the end.
    assert GAME.to_move(rebuilt) == GAME.to_move(state)
    assert GAME.legal_actions(rebuilt) == GAME.legal_actions(state)
    assert GAME.demand(rebuilt) == GAME.demand(state)
    assert GAME.is_over(rebuilt) == GAME.is_over(state)
    assert GAME.score(rebuilt) == GAME.score(state)
    assert GAME.observe(rebuilt, 0) == GAME.observe(state, 0)
    for action in GAME.vocabulary():
        assert (GAME.check(rebuilt, action) is None) == (GAME.check(state, action) is None)
    # JSON round-trips, and names the earlier cards exactly when there are some.
    text = serde.to_json(rebuilt)
    assert serde.from_json(text, semya.State) == rebuilt
    assert ("earlier" in json.loads(text)) == bool(rebuilt.earlier[0] or rebuilt.earlier[1])
    # The text view prints only given plays, numbered as in the real game, and the same
    # move number; it says how many plays came earlier.
    for lang in ("en", "ru"):
        mine, real = GAME.render_text(rebuilt, lang=lang), GAME.render_text(state, lang=lang)
        assert mine.splitlines()[0] == real.splitlines()[0]
        shown = _numbered(mine)
        assert len(shown) == min(k, 8)
        assert shown == _numbered(real)[len(_numbered(real)) - len(shown):]
        earlier = [line for line in mine.splitlines() if line.startswith(("Earlier", "Раньше"))]
        assert len(earlier) == (1 if rebuilt.earlier_plays else 0)
        if earlier:
            assert str(rebuilt.earlier_plays) in earlier[0]


@given(playouts(GAME))
def test_leaving_out_every_play_is_refused_at_the_table(p: Any) -> None:
    state = p.final
    if not state.table:
        assert _rebuilt(state, 0) == state  # the opening position: nothing was played
        return
    with pytest.raises(BadInput) as info:
        _rebuilt(state, 0)
    assert info.value.path == "$.table"
    assert "played earlier" in info.value.reason


@settings(max_examples=15)
@given(playouts(GAME), st.integers(1, 6), st.data())
def test_play_from_a_position_goes_on_as_from_the_real_state_to_the_end(
    p: Any, k: int, data: st.DataObject
) -> None:
    state = p.final
    k = min(k, len(state.table))
    if k == 0:
        return
    rebuilt = _rebuilt(state, k)
    earlier = rebuilt.earlier
    for _ in range(GAME.max_moves()):
        legal = GAME.legal_actions(state)
        assert GAME.legal_actions(rebuilt) == legal
        assert GAME.score(rebuilt) == GAME.score(state)
        if not legal:
            break
        action = legal[data.draw(st.integers(0, len(legal) - 1))]
        real_step, built_step = GAME.step(state, action), GAME.step(rebuilt, action)
        assert built_step.events == real_step.events
        state, rebuilt = real_step.state, built_step.state
        GAME.validate(rebuilt)
        assert rebuilt.earlier == earlier  # play adds to the table, never to the earlier
    assert GAME.is_over(rebuilt)
    assert GAME.is_over(state)
    assert rebuilt.loser == state.loser
    assert rebuilt.table[-1] == state.table[-1]
    assert serde.from_json(serde.to_json(rebuilt), semya.State) == rebuilt


@settings(max_examples=30)
@given(playouts(GAME), st.integers(1, 8), st.data())
def test_a_tampered_position_is_refused_or_plays_on(p: Any, k: int, data: st.DataObject) -> None:
    state = p.final
    k = min(k, len(state.table))
    if k == 0 or k == len(state.table):
        return
    original = serde.to_dict(_rebuilt(state, k))
    seat = data.draw(st.sampled_from((0, 1)))
    choice = data.draw(st.sampled_from(("to hand", "drop", "add", "swap", "value")))
    earlier = [list(original["earlier"][0]), list(original["earlier"][1])]
    hand = list(original["hands"][seat])
    if choice == "to hand" and earlier[seat]:
        hand.append(earlier[seat].pop(data.draw(st.integers(0, len(earlier[seat]) - 1))))
        hand.sort(key=ORDER.__getitem__)
    elif choice == "drop" and earlier[seat]:
        earlier[seat].pop()
    elif choice == "add":
        earlier[seat].append(data.draw(st.sampled_from(list(ORDER))))
    elif choice == "swap":
        earlier = [earlier[1], earlier[0]]
    else:
        earlier[seat] = data.draw(
            st.one_of(st.text(max_size=3), st.integers(), st.lists(st.integers(), max_size=2))
        )
    tampered = {**original, "earlier": earlier,
                "hands": [hand if s == seat else original["hands"][s] for s in (0, 1)]}
    note(f"{choice} seat {seat}")
    refused: BadInput | None = None
    try:
        loaded = serde.from_dict(tampered, semya.State)
    except BadInput as error:
        refused = error
    event(f"{choice}: {'refused at ' + refused.path[:9] if refused else 'plays on'}")
    if refused is not None:
        assert refused.path.startswith(("$.earlier", "$.hands", "$.loser", "$.trumps"))
        return
    GAME.validate(loaded)
    rng = Rng(p.seed)
    while GAME.legal_actions(loaded):
        loaded = GAME.apply(loaded, rng.choice(GAME.legal_actions(loaded)))
    assert GAME.is_over(loaded)


@given(playouts(GAME))
def test_a_game_played_from_the_start_writes_no_earlier(p: Any) -> None:
    for state in p.states:
        assert state.earlier == ((), ())
        assert state.earlier_plays == 0
    text = serde.to_json(p.final)
    assert '"earlier"' not in text
    assert serde.from_json(text, semya.State) == p.final


# -- examples: the text and the errors --------------------------------------------------------
def _issue_position() -> semya.State:
    return GAME.position(
        hands=[["mars-sun", "venus-saturn"], ["mars-venus", "moon-sun"]],
        table=[PlayCard("saturn-jupiter"), PlayCard("jupiter-mars")],
        trumps=["held", "fool"],
        to_move=0,
    )


def test_the_text_says_how_many_plays_came_earlier_in_english_and_russian() -> None:
    state = _issue_position()
    # Seat 1 answered seat 0's saturn-jupiter with jupiter-mars; seat 0 is to answer it.
    assert state.table == (Play(0, PlayCard("saturn-jupiter")), Play(1, PlayCard("jupiter-mars")))
    assert (len(state.earlier[0]), len(state.earlier[1])) == (18, 18)
    assert state.trump_went_earlier(1)
    assert not state.trump_went_earlier(0)
    assert state.earlier_plays == 37
    en = GAME.render_text(state).splitlines()
    assert en[0] == "7Я «Со-ратники» — move 40, seat 0 to play"
    assert en[-4] == (
        "Earlier: 37 plays, order not known — seat 0: 18 cards, seat 1: 18 cards and the trump"
    )
    assert en[-3:] == [
        "Table:",
        "  38. seat 0: «envy» Saturn → Jupiter, white, 1",
        "  39. seat 1: «respect» Jupiter → Mars, white, 2",
    ]
    ru = GAME.render_text(state, lang="ru").splitlines()
    assert ru[0] == "7Я «Со-ратники» — ход 40, ходит игрок 0"
    assert ru[-4] == (
        "Раньше: 37 ходов, порядок неизвестен — игрок 0: 18 карт, игрок 1: 18 карт и Козырь"
    )
    assert ru[-3] == "На столе:"
    assert ru[-1].startswith("  39. игрок 1: «уважение» Юпитер → Марс")
    svg = GAME.render_svg(state, lang="ru")
    assert "Раньше: 37 ходов, порядок неизвестен" in svg
    assert "order not known" in GAME.render_svg(state)


def test_a_single_earlier_play_is_singular() -> None:
    state = GAME.position(
        hands=[[c.id for c in GAME.deck if c.id != "sun-saturn"],
               [c.id for c in GAME.deck if c.id != "saturn-jupiter"]],
        table=[PlayCard("saturn-jupiter")], to_move=0,
    )
    assert state.earlier == (("sun-saturn",), ())
    assert state.first == 1
    lines = GAME.render_text(state).splitlines()
    assert "Earlier: 1 play, order not known — seat 0: 1 card, seat 1: 0 cards" in lines
    assert lines[0] == "7Я «Со-ратники» — move 3, seat 0 to play"
    assert "Раньше: 1 ход, порядок неизвестен — игрок 0: 1 карта, игрок 1: 0 карт" in (
        GAME.render_text(state, lang="ru")
    )


def test_the_first_given_play_is_not_checked_against_a_play_nobody_gave() -> None:
    # jupiter-mars cannot answer sun-saturn, but what it answered is not given: accepted.
    state = GAME.position(hands=[["mars-sun"], ["sun-venus"]],
                          table=[PlayCard("jupiter-mars")], to_move=0)
    assert GAME.legal_actions(state) == (PlayCard("mars-sun"),)
    # A Lord needs a black play before it: after plays made earlier that play is unknown.
    lord = GAME.position(hands=[["venus-saturn"], ["sun-venus"]],
                         table=[PlayLord(Symbol.VENUS)], to_move=0)
    assert lord.trumps == (Trump.HELD, Trump.LORD)
    assert GAME.legal_actions(lord) == (PlayCard("venus-saturn"),)
    # The second given play is checked (SEM-6), whatever came earlier.
    with pytest.raises(BadInput, match="SEM-6") as info:
        GAME.position(hands=[["mars-sun"], ["sun-venus"]],
                      table=[PlayCard("jupiter-mars"), PlayCard("moon-sun")], to_move=1)
    assert info.value.path == "$.table[1]"


@pytest.mark.parametrize(
    ("kwargs", "path", "words"),
    [
        # Every card was played, but no play is given for the seat to move to answer.
        ({"hands": [["mars-sun"], ["sun-venus"]], "to_move": 0}, "$.table", "last play"),
        # Seat 1 (before seat 0's play) played 20 times earlier, seat 0 only 18.
        ({"hands": [["mars-sun", "venus-saturn"], ["sun-venus"]],
          "table": [PlayCard("jupiter-mars")], "to_move": 1}, "$.hands", "alternat"),
        # Seat 0 would have opened with its trump: it played nothing earlier but the Fool.
        ({"hands": [[c.id for c in GAME.deck if c.id != "jupiter-mars"],
                    [c.id for c in GAME.deck if c.id != "sun-saturn"]],
          "table": [PlayCard("jupiter-mars")], "trumps": ["fool", "held"], "to_move": 1},
         "$.hands", "SEM-5"),
    ],
)
def test_earlier_plays_that_cannot_be_are_bad_input(
    kwargs: dict[str, Any], path: str, words: str
) -> None:
    with pytest.raises(BadInput) as info:
        GAME.position(**kwargs)
    assert info.value.path == path
    assert words in info.value.reason


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.__setitem__("earlier", "abc"), "$.earlier"),
        (lambda d: d.__setitem__("earlier", [[], [], []]), "$.earlier"),
        (lambda d: d["earlier"][0].__setitem__(0, "nope"), "$.earlier[0][0]"),
        (lambda d: d["earlier"][0].__setitem__(0, 7), "$.earlier[0][0]"),
        (lambda d: d["earlier"][0].reverse(), "$.earlier[0]"),
        (lambda d: d["earlier"][1].insert(3, "moon-sun"), "$.hands[1]"),
        (lambda d: d["earlier"][0].pop(), "$.hands[0]"),
        (lambda d: d.__setitem__("table", []), "$.hands[0]"),
        (lambda d: d.__setitem__("trumps", ["fool", "held"]), "$.earlier"),
    ],
)
def test_a_bad_earlier_field_in_json_is_bad_input_naming_it(change: Any, path: str) -> None:
    data = serde.to_dict(_issue_position())
    change(data)
    with pytest.raises(BadInput) as info:
        serde.from_dict(data, semya.State)
    assert info.value.path == path


def test_earlier_plays_need_a_table_after_them() -> None:
    data = serde.to_dict(GAME.new(3, first=0))
    hands = data["hands"]
    data["earlier"] = [[hands[0].pop(0)], []]
    with pytest.raises(BadInput) as info:
        serde.from_dict(data, semya.State)
    assert info.value.path == "$.table"


def test_equal_positions_are_equal_and_differ_by_their_earlier_cards() -> None:
    assert _issue_position() == _issue_position()
    assert hash(_issue_position()) == hash(_issue_position())
    state = _issue_position()
    other = attrs.evolve(state, earlier=(state.earlier[0], state.earlier[1][1:]))
    assert other != state


def test_a_variants_position_checks_the_given_plays_by_the_variants_rules() -> None:
    # Seat 1 could answer sun-saturn with saturn-jupiter, yet throws its Fool: SEM-8 refuses
    # that; the "fool optional" variant allows it, and its position says so too.
    description: dict[str, Any] = {
        "hands": [["mars-sun"], ["saturn-jupiter"]],
        "table": [PlayCard("jupiter-mars"), PlayCard("mars-saturn"), semya.PlayFool()],
        "to_move": 0,
    }
    with pytest.raises(BadInput, match="SEM-8") as info:
        GAME.position(**description)
    assert info.value.path == "$.table[2]"
    variant = semya.fool_optional(GAME)
    state = variant.position(**description)
    assert state.trumps == (Trump.HELD, Trump.FOOL)
    assert variant.legal_actions(state)[0] == PlayCard("mars-sun")
