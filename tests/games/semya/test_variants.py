"""7Я variants: "fool optional" (SEM-8 replaced) keeps the contract and replays exactly."""

from __future__ import annotations

import pickle
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardrules import BadInput, replay
from boardrules.core.rules import Rule
from boardrules.core.violation import Refusal, Violation
from boardrules.games import semya
from boardrules.games.semya import PlayCard, PlayFool, Trump
from boardrules.games.semya import rules as semya_rules
from boardrules.testing import conformance, derived_variants, machine, playouts, reachable_states

GAME = semya.Game()
OPTIONAL = semya.fool_optional(semya.Game())
SETUPS = st.fixed_dictionaries({}, optional={"first": st.sampled_from([0, 1])})

TestFoolOptionalConformance = conformance(OPTIONAL, SETUPS)
TestFoolOptionalMachine = machine(OPTIONAL, SETUPS).TestCase


@given(reachable_states(OPTIONAL))
def test_sem8_fool_optional_the_fool_is_legal_whenever_the_trump_is_held(
    state: semya.State,
) -> None:
    if OPTIONAL.is_over(state):
        return
    seat = OPTIONAL.to_move(state)
    assert seat is not None
    held = state.trumps[seat] is Trump.HELD
    legal = OPTIONAL.legal_actions(state)
    assert (PlayFool() in legal) == (held and bool(state.table))
    # Every other action is judged as under the game's own rules.
    assert [a for a in legal if a != PlayFool()] == [
        a for a in OPTIONAL.vocabulary() if a != PlayFool() and GAME.check(state, a) is None
    ]
    if not held:
        violation = OPTIONAL.check(state, PlayFool())
        assert violation is not None
        assert (violation.rule, violation.code) == ("SEM-8", "trump_spent")


@given(playouts(GAME))
def test_every_play_of_the_game_is_a_play_of_the_variant(p: Any) -> None:
    # The variant only adds Fool moves: the game's own plays replay to the same states.
    record = OPTIONAL.record(p.seed, p.actions, **p.setup)
    assert record.variant == "fool-optional"
    assert replay(record, game=OPTIONAL) == p.states


def test_fool_optional_example_and_record() -> None:
    state = OPTIONAL.apply(OPTIONAL.new(seed=1, first=0), PlayCard("sun-saturn"))
    assert PlayFool() in OPTIONAL.legal_actions(state)
    assert GAME.check(state, PlayFool()) is not None
    after = OPTIONAL.apply(state, PlayFool())
    assert after.trumps[1] is Trump.FOOL
    assert OPTIONAL.score(after)[1].breakdown["trump"] == -1
    record = OPTIONAL.record(1, (PlayCard("sun-saturn"), PlayFool()), first=0)
    assert record.variant == "fool-optional"
    assert replay(record, game=OPTIONAL)[-1] == after
    with pytest.raises(BadInput):
        replay(record, game=GAME)  # the game's own rules are another variant


def test_the_variant_is_a_rule_swap_that_pickles() -> None:
    assert OPTIONAL.rulebook.rule("SEM-8") is semya.FOOL_OPTIONAL
    assert [r.id for r in OPTIONAL.rulebook] == [r.id for r in GAME.rulebook]
    assert GAME.variant is None
    clone = pickle.loads(pickle.dumps(OPTIONAL))
    assert clone.variant == "fool-optional"
    state = clone.apply(clone.new(seed=1, first=0), PlayCard("sun-saturn"))
    assert PlayFool() in clone.legal_actions(state)


# Issue 16: the kit derives a looser and a stricter variant of every unit with checks.
TestSemyaDerivedVariants = derived_variants(GAME, SETUPS)
TestFoolOptionalDerivedVariants = derived_variants(OPTIONAL, SETUPS)


def _white_answers(tables: Any, action: Any) -> tuple[str, ...] | None:
    """A stricter SEM-6: a black card (or the Fool) is answered by a white card only."""
    if semya_rules.black(tables, action):
        return tuple(c.id for c in tables.deck if c.suit is semya.Suit.WHITE)
    return semya_rules.answers(tables, action)


_SEM_6_CHECK = semya_rules.SEM_6.checks[PlayCard]


def _white_on_black(tables: Any, state: Any, action: PlayCard) -> Refusal:
    if state.table and semya_rules.black(tables, state.table[-1].action):
        if GAME.card(action.card).suit is not semya.Suit.WHITE:
            return Violation("SEM-6", "white_needed", {"card": action.card})
        return None
    return _SEM_6_CHECK(tables, state, action)


WHITE_ON_BLACK = GAME.with_rules(
    replace={
        "SEM-6": attrs.evolve(
            semya_rules.SEM_6,
            facts={**semya_rules.SEM_6.facts, "answers": _white_answers},
            checks={PlayCard: _white_on_black},
        )
    },
    name="white-on-black",
)
TestWhiteOnBlackDerivedVariants = derived_variants(WHITE_ON_BLACK, SETUPS)


@given(playouts(WHITE_ON_BLACK, SETUPS, to_end=True))
def test_a_stricter_sem6_reaches_the_fool_the_lord_and_the_end_through_its_fact(p: Any) -> None:
    """Issue 16: SEM-8 and SEM-9 read SEM-6's fact, so a stricter answer table leaves no dead
    end: the game goes on while some seat can answer and ends when one cannot."""
    final = p.final
    assert WHITE_ON_BLACK.is_over(final)
    tables = WHITE_ON_BLACK.rule_context
    for before, after in zip(p.states, p.states[1:], strict=False):
        if before.table and semya_rules.black(tables, before.table[-1].action):
            played = after.table[-1].action
            if isinstance(played, PlayCard):
                assert GAME.card(played.card).suit is semya.Suit.WHITE


# The variants of docs/how-to/variants.md, attacked by the kit like the game: every state
# they reach by play validates, round-trips, renders, has labels and a prompt that agrees.
def _after_ten_plays(tables: Any, state: semya.State) -> bool:
    return state.loser is not None or len(state.table) >= 10


def _named_afresh(tables: Any, state: semya.State, action: semya.PlayLord) -> Any:
    last = state.table[-1].action if state.table else None
    if isinstance(last, PlayCard) and tables.start[last.card] is action.named:
        return "named_again", {"symbol": action.named}
    return None


TEN_PLAYS = GAME.with_rules(
    replace={"SEM-9": attrs.evolve(semya_rules.SEM_9, end=_after_ten_plays)}, name="ten-plays"
)
AFRESH = GAME.with_rules(
    add=[Rule("SEM-12", "The Lord names a new symbol.", "Владыка называет новый.",
                          checks={semya.PlayLord: _named_afresh})],
    name="lord-names-afresh",
)
TestTenPlaysDerivedVariants = derived_variants(TEN_PLAYS, SETUPS)
TestLordAfreshDerivedVariants = derived_variants(AFRESH, SETUPS)


@given(playouts(TEN_PLAYS, SETUPS, to_end=True))
def test_a_game_of_ten_plays_ends_after_ten_and_says_so(p: Any) -> None:
    final = p.final
    assert TEN_PLAYS.is_over(final)
    assert len(final.table) == 10 or final.loser is not None
    turn = TEN_PLAYS.prompt(final)
    assert turn.over
    if final.loser is None:
        assert turn.asked.startswith("The game is over with no winner")
        assert TEN_PLAYS.render_text(final).splitlines()[1] == "Game over: no winner"
