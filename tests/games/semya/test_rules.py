"""One test (or more) per 7Я rule ID; each names the rule it checks."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardrules import BadInput, IllegalAction, serde
from boardrules.games import semya
from boardrules.games.semya import PlayCard, PlayFool, PlayLord, Suit, Symbol, Trump
from boardrules.testing import playouts, reachable_states, seeds

GAME = semya.Game()
STATES = reachable_states(GAME)
CARD = {c.id: c for c in GAME.deck}


def _last(state: semya.State) -> semya.Action | None:
    return state.table[-1].action if state.table else None


def _mover(state: semya.State) -> int:
    seat = GAME.to_move(state)
    assert seat is not None
    return seat


# SEM-1 --------------------------------------------------------------------------------
@given(seeds())
def test_sem1_two_seats_hold_identical_full_decks_and_a_trump(seed: int) -> None:
    state = GAME.new(seed)
    assert len(state.hands) == 2
    assert state.hands[0] == state.hands[1] == tuple(c.id for c in GAME.deck)
    assert len(state.hands[0]) == semya.DECK_SIZE == 21
    assert state.trumps == (Trump.HELD, Trump.HELD)
    assert len(GAME.score(state)) == 2


def test_sem1_a_card_not_in_hand_is_refused() -> None:
    state = GAME.new(1, first=0)
    state = GAME.apply(state, PlayCard("sun-venus"))
    state = GAME.apply(state, PlayCard("mars-sun"))
    violation = GAME.check(state, PlayCard("sun-venus"))
    assert violation is not None
    # SEM-1: a card leaves its owner's hand once; the core refuses it as malformed (CORE-4).
    assert (violation.rule, violation.code) == ("CORE-4", "card_not_in_hand")


# SEM-2 --------------------------------------------------------------------------------
def test_sem2_symbols_and_the_rulebook_colours_and_roles() -> None:
    assert [s.name for s in Symbol] == [
        "SUN", "MOON", "MERCURY", "VENUS", "MARS", "JUPITER", "SATURN"
    ]
    assert (Symbol.SUN.colour, Symbol.SUN.role) == ("orange", "Hero")
    assert (Symbol.SATURN.colour, Symbol.SATURN.role) == ("red", "Villain")
    assert (Symbol.VENUS.colour, Symbol.VENUS.role) == ("violet", "Victim")
    assert len({s.colour for s in Symbol}) == 7
    assert len({s.role for s in Symbol}) == 7
    assert {s for s in Symbol if s.from_rulebook} == {Symbol.SUN, Symbol.SATURN, Symbol.VENUS}


def test_sem2_cards_have_every_field() -> None:
    card = CARD["sun-saturn"]
    assert (card.start, card.end, card.suit) == (Symbol.SUN, Symbol.SATURN, Suit.WHITE)
    assert card.name_ru == "азарт, вдохновение"
    assert isinstance(card.points, int)
    assert "Sun → Saturn" in card.describe("en")
    assert "Солнце → Сатурн" in card.describe("ru")


# SEM-3 --------------------------------------------------------------------------------
def test_sem3_default_deck_is_valid_and_has_the_two_named_cards() -> None:
    deck = semya.validate_deck(GAME.deck)
    starts = Counter((c.start, c.suit) for c in deck)
    assert all(starts[(s, Suit.WHITE)] == 2 and starts[(s, Suit.BLACK)] == 1 for s in Symbol)
    assert sum(c.suit is Suit.WHITE for c in deck) == 14
    black = [c for c in deck if c.name_ru == "забота, ласка // любовь нежная"]
    assert len(black) == 1
    assert (black[0].suit, black[0].end) == (Suit.BLACK, Symbol.VENUS)


@given(st.integers(0, 20), st.sampled_from(["suit", "start", "loop", "dup", "drop"]))
def test_sem3_a_broken_deck_is_refused_with_the_rule(index: int, how: str) -> None:
    import attrs

    deck = list(GAME.deck)
    card = deck[index]
    if how == "suit":
        flipped = Suit.BLACK if card.suit is Suit.WHITE else Suit.WHITE
        deck[index] = attrs.evolve(card, suit=flipped)
    elif how == "start":
        symbols = list(Symbol)
        deck[index] = attrs.evolve(card, start=symbols[(symbols.index(card.start) + 1) % 7])
    elif how == "loop":
        deck[index] = attrs.evolve(card, suit=Suit.WHITE, end=card.start)
    elif how == "dup":
        deck[index] = attrs.evolve(card, id=deck[(index + 1) % 21].id)
    else:
        del deck[index]
    with pytest.raises(BadInput, match="SEM-3"):
        semya.Game(deck=deck)


def test_sem3_custom_deck_from_toml(tmp_path: pytest.TempPathFactory) -> None:
    from importlib import resources

    text = resources.files("boardrules.games.semya").joinpath("data/deck.toml").read_text("utf-8")
    path = tmp_path / "deck.toml"  # type: ignore[operator]
    path.write_text(text.replace("points = 1", "points = 5"), encoding="utf-8")
    game = semya.Game(deck=semya.load_deck(path))
    assert game != GAME
    assert game.card("mercury-moon").points == 5
    assert dict(game.options())["deck"][0]["id"] == "sun-saturn"
    path.write_text(text.replace('suit = "black"', 'suit = "grey"', 1), encoding="utf-8")
    with pytest.raises(BadInput) as info:
        semya.load_deck(path)
    assert info.value.path == "$.deck[2].suit"


# SEM-4 --------------------------------------------------------------------------------
@given(seeds())
def test_sem4_first_seat_comes_from_the_seed(seed: int) -> None:
    assert GAME.new(seed).first == GAME.new(seed).first
    assert GAME.to_move(GAME.new(seed)) == GAME.new(seed).first
    assert GAME.new(seed, first=1).first == 1
    assert GAME.new(seed, first=0).first == 0


def test_sem4_both_seats_open_for_some_seed() -> None:
    assert {GAME.new(seed).first for seed in range(20)} == {0, 1}


@pytest.mark.parametrize("bad", [2, -1, "0", 0.0, True, None.__class__])
def test_sem4_a_bad_first_seat_is_bad_input(bad: object) -> None:
    with pytest.raises(BadInput) as info:
        GAME.new(1, first=bad)
    assert info.value.path == "$.first"


# SEM-5 --------------------------------------------------------------------------------
@given(seeds())
def test_sem5_the_opening_is_any_feeling_card_never_the_trump(seed: int) -> None:
    state = GAME.new(seed)
    assert GAME.legal_actions(state) == tuple(PlayCard(c.id) for c in GAME.deck)
    for trump in (PlayFool(), PlayLord(Symbol.SUN)):
        violation = GAME.check(state, trump)
        assert violation is not None
        assert violation.rule == "SEM-5"


# SEM-6 --------------------------------------------------------------------------------
@given(STATES)
def test_sem6_answers_follow_the_last_card(state: semya.State) -> None:
    if GAME.is_over(state) or not state.table:
        return
    seat = _mover(state)
    hand = state.hands[seat]
    last = _last(state)
    cards = {a.card for a in GAME.legal_actions(state) if isinstance(a, PlayCard)}
    if isinstance(last, PlayCard) and CARD[last.card].suit is Suit.WHITE:
        assert cards == {c for c in hand if CARD[c].start is CARD[last.card].end}
    elif isinstance(last, PlayLord):
        assert cards == {c for c in hand if CARD[c].start is last.named}
    else:
        assert cards == set(hand)
    for card in set(hand) - cards:
        violation = GAME.check(state, PlayCard(card))
        assert violation is not None
        assert (violation.rule, violation.code) == ("SEM-6", "wrong_start")


def test_sem6_white_answer_example() -> None:
    state = GAME.apply(GAME.new(3, first=0), PlayCard("sun-saturn"))
    assert GAME.legal_actions(state) == (
        PlayCard("saturn-jupiter"), PlayCard("saturn-moon"), PlayCard("saturn-mercury")
    )
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, PlayCard("moon-sun"))
    assert info.value.violation.rule == "SEM-6"
    assert "Saturn" in str(info.value)
    assert "Сатурн" in info.value.violation.message("ru")


# SEM-7 --------------------------------------------------------------------------------
@given(STATES, st.sampled_from(list(Symbol)))
def test_sem7_the_lord_answers_only_a_black_card(state: semya.State, named: Symbol) -> None:
    if GAME.is_over(state):
        return
    last = _last(state)
    black = isinstance(last, PlayFool) or (
        isinstance(last, PlayCard) and CARD[last.card].suit is Suit.BLACK
    )
    held = state.trumps[_mover(state)] is Trump.HELD
    legal = PlayLord(named) in GAME.legal_actions(state)
    assert legal == (black and held)
    if not legal:
        violation = GAME.check(state, PlayLord(named))
        assert violation is not None
        assert violation.rule in ("SEM-5", "SEM-7")


def test_sem7_after_the_lord_the_answer_starts_on_the_named_symbol() -> None:
    state = GAME.position(
        hands=[["mars-sun", "venus-saturn"], ["mars-venus", "moon-sun"]],
        table=[PlayCard("sun-venus")],
        to_move=1,
    )
    after = GAME.apply(state, PlayLord(Symbol.VENUS))
    assert after.trumps[1] is Trump.LORD
    assert GAME.legal_actions(after) == (PlayCard("venus-saturn"),)


# SEM-8 --------------------------------------------------------------------------------
@given(STATES)
def test_sem8_the_fool_is_legal_exactly_without_an_answer(state: semya.State) -> None:
    if GAME.is_over(state):
        return
    seat = _mover(state)
    legal = GAME.legal_actions(state)
    no_card = not any(isinstance(a, PlayCard) for a in legal)
    held = state.trumps[seat] is Trump.HELD
    last = _last(state)
    demand_is_symbol = last is not None and GAME.demand(state) is not None
    assert (PlayFool() in legal) == (held and no_card and demand_is_symbol)
    if PlayFool() in legal:
        assert legal == (PlayFool(),)


def test_sem8_the_fool_is_black_so_any_card_answers_it() -> None:
    state = GAME.position(
        hands=[["venus-mercury"], ["mars-sun"]], table=[PlayCard("sun-saturn")], to_move=0,
    )
    assert GAME.legal_actions(state) == (PlayFool(),)
    after = GAME.apply(state, PlayFool())
    assert GAME.legal_actions(after) == (PlayCard("mars-sun"), *(PlayLord(s) for s in Symbol))


# SEM-9 --------------------------------------------------------------------------------
@given(playouts(GAME, to_end=True))
def test_sem9_the_game_ends_exactly_when_the_mover_has_no_answer(p: object) -> None:
    final = p.final  # type: ignore[attr-defined]
    assert final.loser is not None
    assert GAME.to_move(final) is None
    loser = final.loser
    assert final.trumps[loser] is not Trump.HELD
    assert GAME.check(final, PlayFool()) == GAME.check(final, PlayCard("sun-saturn"))
    violation = GAME.check(final, PlayFool())
    assert violation is not None
    assert (violation.rule, violation.code) == ("CORE-2", "game_over")  # the core's refusal
    for state in p.states[:-1]:  # type: ignore[attr-defined]
        assert state.loser is None


def test_sem9_an_empty_hand_without_trump_loses() -> None:
    state = GAME.position(
        hands=[[], []], table=[PlayCard("moon-mars")], trumps=["fool", "lord"], to_move=0,
    )
    assert GAME.is_over(state)
    assert state.loser == 0
    assert GAME.score(state).winners == (1,)


# SEM-10 -------------------------------------------------------------------------------
@given(STATES)
def test_sem10_points_are_cards_in_hand_plus_the_trump(state: semya.State) -> None:
    standings = GAME.score(state)
    for seat in (0, 1):
        cards = sum(CARD[c].points for c in state.hands[seat])
        trump = -1 if state.trumps[seat] is Trump.FOOL else 0
        assert standings[seat].points == cards + trump
        assert dict(standings[seat].breakdown) == {"cards": cards, "trump": trump}


def test_sem10_the_winner_ranks_first_whatever_the_points() -> None:
    state = GAME.position(
        hands=[["venus-mercury", "venus-jupiter", "sun-venus"], ["mars-sun", "jupiter-sun"]],
        table=[PlayCard("saturn-jupiter")], trumps=["fool", "lord"], to_move=0,
    )
    standings = GAME.score(state)
    assert standings.final
    assert standings.winners == (1,)
    assert standings[0].points > standings[1].points
    assert (standings[0].rank, standings[1].rank) == (2, 1)


# SEM-11 -------------------------------------------------------------------------------
@given(STATES)
def test_sem11_everything_is_public(state: semya.State) -> None:
    assert not GAME.hidden_information
    for seat in (0, 1, None):
        assert GAME.view(state, seat) is state


# invariants and positions ---------------------------------------------------------------
@given(STATES)
def test_each_card_is_in_one_place_and_the_table_alternates(state: semya.State) -> None:
    for seat in (0, 1):
        played = [
            p.action.card for p in state.table
            if p.seat == seat and isinstance(p.action, PlayCard)
        ]
        assert sorted([*state.hands[seat], *played]) == sorted(CARD)
        trumps = [p for p in state.table if p.seat == seat and not isinstance(p.action, PlayCard)]
        assert len(trumps) <= 1
    assert all(p.seat == (state.first + i) % 2 for i, p in enumerate(state.table))


@given(STATES)
def test_position_rebuilds_a_reachable_state_from_its_last_plays(state: semya.State) -> None:
    if GAME.is_over(state):
        return
    tail = state.table[-2:]
    rebuilt = GAME.position(
        hands=state.hands, table=[p.action for p in tail], trumps=state.trumps,
        to_move=_mover(state),
    )
    assert rebuilt.hands == state.hands
    assert rebuilt.table == tail, "only the given plays are on the table"
    assert GAME.legal_actions(rebuilt) == GAME.legal_actions(state)
    assert GAME.score(rebuilt) == GAME.score(state)


@pytest.mark.parametrize(
    ("kwargs", "path"),
    [
        ({"hands": [["nope"], []]}, "$.hands[0][0]"),
        ({"hands": [["sun-saturn", "sun-saturn"], []]}, "$.hands[0]"),
        ({"hands": [[c.id for c in GAME.deck], []]}, "$.hands"),
        ({"hands": [[], []], "to_move": 2}, "$.to_move"),
        ({"hands": [[], []], "trumps": ["held", "maybe"]}, "$.trumps[1]"),
    ],
)
def test_impossible_positions_are_bad_input(kwargs: dict[str, object], path: str) -> None:
    with pytest.raises(BadInput) as info:
        GAME.position(**kwargs)  # type: ignore[arg-type]
    assert info.value.path == path


@given(STATES, st.integers(2, 8))
def test_any_tail_of_a_real_game_is_a_position(state: semya.State, k: int) -> None:
    """The last k plays of a reachable state, given as the table, pass the rules' checks."""
    if GAME.is_over(state) or len(state.table) < k:
        return
    tail = state.table[-k:]
    rebuilt = GAME.position(hands=state.hands, table=[p.action for p in tail],
                            trumps=state.trumps, to_move=_mover(state))
    assert rebuilt.table == tail, "only the given plays are on the table"
    assert rebuilt.earlier_plays == len(state.table) - k


def test_a_table_whose_answer_breaks_sem6_is_refused() -> None:
    """The issue's table: «moon-sun» does not answer «sun-saturn» (it must start on Saturn)."""
    with pytest.raises(BadInput, match="SEM-6") as info:
        GAME.position(hands=[["mars-sun"], ["sun-venus"]],
                      table=[PlayCard("sun-saturn"), PlayCard("moon-sun")], to_move=0)
    assert info.value.path == "$.table[1]"
    with pytest.raises(BadInput, match="SEM-7") as info:
        GAME.position(hands=[["mars-sun"], ["sun-venus"]],
                      table=[PlayCard("sun-saturn"), semya.PlayLord(semya.Symbol.SUN)],
                      to_move=0)
    assert info.value.path == "$.table[1]"


@given(st.text(min_size=1, max_size=12), st.booleans())
def test_unknown_cards_on_the_table_are_bad_input_with_the_path(text: str, wrapped: bool) -> None:
    if text in CARD:
        return
    play = semya.Play(1, PlayCard(text)) if wrapped else PlayCard(text)
    with pytest.raises(BadInput) as info:
        GAME.position(hands=[["mars-sun"], ["sun-venus"]], table=[play], to_move=0)
    assert info.value.path == ("$.table[0].action.card" if wrapped else "$.table[0].card")


def test_a_tampered_loser_is_refused() -> None:
    data = serde.to_dict(GAME.new(5))
    data["loser"] = 1
    with pytest.raises(BadInput) as info:
        serde.from_dict(data, semya.State)
    assert info.value.path == "$.loser"
