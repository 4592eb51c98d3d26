"""Rules as units: the core asks them in rulebook order, runs their effects, makes variants."""

from __future__ import annotations

import pickle
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardrules import serde
from boardrules.core.errors import BadInput, IllegalAction
from boardrules.core.record import GameRecord
from boardrules.core.registry import register, register_variant, unregister, variant_names
from boardrules.core.replay import load_game, replay
from boardrules.core.rules import CORE_RULES, Rule, Rulebook
from boardrules.core.violation import Violation
from boardrules.testing import conformance, contract_problem
from tests.core import toy

GAME = toy.Toy()
PASSING = GAME.with_rules(
    add=[Rule("TOY-5", "A seat may pass: one step, no event.", "Можно пасовать: шаг без события.",
              moves={toy.Pass: toy.passes}, checks={toy.Pass: toy.check_pass},
              effects={toy.Pass: toy.pass_turn})],
    name="passing",
)
BIG = GAME.with_rules(replace={"TOY-1": toy.BIG_STEPS})

TestToyConformance = conformance(GAME)
TestPassingConformance = conformance(PASSING)
TestBigStepsConformance = conformance(BIG)



@pytest.fixture(autouse=True, scope="module")
def _toy_registered() -> Iterator[None]:
    """Records name their game, so the toy is registered while this module's tests run (and
    only then: other modules list the registered games)."""
    register("toy", toy.Toy)
    yield
    unregister("toy")


totals = st.integers(0, 10)
amounts = st.integers(-5, 15)


def test_core_rules_are_five_units_with_both_sentences() -> None:
    assert CORE_RULES.ids == ("CORE-1", "CORE-2", "CORE-3", "CORE-4", "CORE-5")
    for rule in CORE_RULES:
        assert rule.text("en") != rule.text("ru")


@given(totals, amounts)
def test_check_returns_the_first_refusal_in_rulebook_order(total: int, amount: int) -> None:
    state = toy.Total(total)
    violation = GAME.check(state, toy.Add(amount))
    if amount not in (1, 2, 3):
        assert violation == Violation("TOY-1", "bad_amount", {"amount": amount})
    elif total + amount > 10:
        assert violation == Violation("TOY-2", "overshoot", {"total": total})
    else:
        assert violation is None


@given(totals)
def test_core_refusals_come_before_the_games_rules(total: int) -> None:
    state = toy.Total(total)
    foreign = GAME.check(state, "add two")
    assert foreign is not None
    assert (foreign.rule, foreign.code) == ("CORE-1", "foreign_action")
    wrong_step = GAME.check(state, toy.Pass())
    assert wrong_step is not None
    assert (wrong_step.rule, wrong_step.code) == ("CORE-3", "wrong_step")
    over = GAME.check(toy.Total(total, winner=0), toy.Add(99))
    assert over is not None
    assert (over.rule, over.code) == ("CORE-2", "game_over")
    assert over.message("ru") != over.message("en")


@given(st.lists(st.integers(1, 3), max_size=12))
def test_effects_run_in_rulebook_order_and_the_end_rule_after_every_action(
    picks: list[int],
) -> None:
    state = GAME.new(0)
    events: list[toy.Added] = []
    for amount in picks:
        if GAME.check(state, toy.Add(amount)) is not None:
            with pytest.raises(IllegalAction):
                GAME.apply(state, toy.Add(amount))
            continue
        transition = GAME.step(state, toy.Add(amount))
        assert transition.events == (toy.Added(state.seat, amount),)
        events.extend(transition.events)
        state = transition.state
    assert state.total == sum(e.amount for e in events)
    assert (state.winner is not None) == (state.total == 10)


def test_a_removed_rule_no_longer_refuses() -> None:
    loose = GAME.with_rules(remove=["TOY-2"])
    assert loose.variant == "-TOY-2"
    assert GAME.check(toy.Total(9), toy.Add(3)) is not None
    assert loose.check(toy.Total(9), toy.Add(3)) is None
    assert "TOY-2" not in loose.rulebook
    assert loose.rulebook.ids == ("TOY-0", "TOY-1", "TOY-3", "TOY-4")


def test_a_replaced_rule_keeps_its_place_and_id() -> None:
    assert BIG.rulebook.ids == GAME.rulebook.ids
    assert BIG.rulebook.rule("TOY-1") is not GAME.rulebook.rule("TOY-1")
    assert BIG.check(toy.Total(0), toy.Add(4)) is None
    assert GAME.check(toy.Total(0), toy.Add(4)) is not None
    assert BIG.variant == "TOY-1=check_big_amount"
    # The same change made twice is the same variant, by name and by rules.
    assert GAME.with_rules(replace={"TOY-1": toy.BIG_STEPS}).rulebook == BIG.rulebook


def test_an_added_rule_opens_a_new_kind_of_action() -> None:
    assert PASSING.variant == "passing"
    after = PASSING.apply(toy.Total(3), toy.Pass())
    assert after == toy.Total(4, seat=1)
    assert toy.Pass() in PASSING.legal_actions(toy.Total(3))
    assert toy.Pass() not in GAME.legal_actions(toy.Total(3))


@pytest.mark.parametrize(
    ("kwargs", "path"),
    [
        ({"remove": ["TOY-9"]}, "$.rules"),
        ({"replace": {"TOY-9": toy.BIG_STEPS}}, "$.rules"),
        ({"add": [toy.BIG_STEPS]}, "$.add"),
        ({"add": ["not a rule"]}, "$.add"),
        ({"remove": ["TOY-2"], "name": "  "}, "$.name"),
    ],
)
def test_bad_variants_are_bad_input(kwargs: dict[str, object], path: str) -> None:
    with pytest.raises(BadInput) as info:
        GAME.with_rules(**kwargs)  # type: ignore[arg-type]
    assert info.value.path == path


def test_rule_ids_are_checked_and_unique() -> None:
    with pytest.raises(BadInput):
        Rule("toy 1", "x", "y")
    with pytest.raises(BadInput):
        Rulebook((toy.BIG_STEPS, toy.BIG_STEPS))


@given(st.lists(st.sampled_from([toy.Add(1), toy.Add(2), toy.Pass()]), max_size=8))
def test_a_variant_record_names_the_variant_and_replays_only_with_it(
    picks: list[toy.Add | toy.Pass],
) -> None:
    state = PASSING.new(5)
    played = []
    for action in picks:
        if PASSING.check(state, action) is None:
            state = PASSING.apply(state, action)
            played.append(action)
    record = PASSING.record(5, tuple(played))
    assert record.variant == "passing"
    assert replay(record, PASSING)[-1] == state
    with pytest.raises(BadInput) as info:
        replay(record, GAME)
    assert info.value.path == "$.variant"


def test_records_of_registered_variants_load_by_name() -> None:
    assert register_variant(_passing) == "passing"
    assert "passing" in variant_names("toy")
    record = PASSING.record(1, (toy.Pass(), toy.Add(3)))
    text = serde.to_json(record)
    assert '"variant": "passing"' in text
    loaded = serde.from_json(text, GameRecord)
    assert loaded == record
    assert load_game(loaded).rulebook == PASSING.rulebook
    assert replay(loaded)[-1] == toy.Total(4, seat=0)
    with pytest.raises(BadInput):
        register_variant(toy.Toy)


def _passing(**options: object) -> toy.Toy:
    return toy.Toy(**options).with_rules(  # type: ignore[arg-type]
        add=PASSING.rulebook[5:], name="passing"
    )


def test_variants_pickle_with_their_rules_and_keep_the_contract() -> None:
    for game in (GAME, PASSING, BIG):
        assert contract_problem(game) is None
        clone = pickle.loads(pickle.dumps(game))
        assert clone.rulebook == game.rulebook
        assert clone.variant == game.variant


def test_the_contract_names_what_is_missing() -> None:
    problem = contract_problem(object())
    assert problem is not None
    assert "GameBase" in problem


def test_core_rules_are_on_their_page_linked_to_their_units() -> None:
    import types
    from pathlib import Path

    from boardrules.testing import check_rule_ids

    root = Path(__file__).resolve().parents[2]
    core = types.SimpleNamespace(name="core", rulebook=CORE_RULES)
    check_rule_ids(core, root / "docs/rules/core.md", root / "tests/core",
                   root / "src/boardrules/core")
