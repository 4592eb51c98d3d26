"""Orbita variants (``orbita.variants``): the contract holds, records replay, the reading differs.

The variant ``orbita-shield-given-only`` replaces ORB-12 so that seized units are kept as the
target's own resources of the round: only Territory *given* to a Host then blocks a Hero's
shield (ORB-15).
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardrules
from boardrules.core.errors import BadInput
from boardrules.core.registry import variant_names
from boardrules.core.rng import Rng
from boardrules.core.rules import Rule
from boardrules.core.violation import explain
from boardrules.games import orbita
from boardrules.games.orbita import (
    Answer,
    AnswerOffer,
    Game,
    MakeOffer,
    OfferSeized,
    Pass,
    Resource,
    Shield,
    State,
)
from boardrules.games.orbita.rules.shield import ORB_15
from boardrules.games.orbita.variants import (
    ORB_12_SEIZED_AS_OWN,
    SHIELD_GIVEN_ONLY,
    UNITS_0_1_0,
    V0_1_0,
    shield_given_only,
    v0_1_0,
)
from boardrules.testing import conformance, derived_variants, machine
from boardrules.testing.derived import presentable

VARIANT = shield_given_only(Game(rounds=3))
SETUPS = st.fixed_dictionaries({"players": st.integers(2, 4)})

TestShieldGivenOnlyConformance = conformance(VARIANT, SETUPS)
TestShieldGivenOnlyDerivedVariants = derived_variants(VARIANT, SETUPS)
TestShieldGivenOnlyMachine = machine(VARIANT, SETUPS).TestCase


@st.composite
def variant_walks(draw: st.DrawFn) -> list[tuple[State, Any, tuple[Any, ...], State]]:
    state = VARIANT.new(draw(st.integers(0, 2**64 - 1)), players=draw(st.integers(2, 4)))
    rng = draw(st.randoms(use_true_random=False))
    out = []
    for _ in range(draw(st.integers(50, 400))):
        legal = VARIANT.legal_actions(state)
        if not legal:
            break
        action = rng.choice(legal)
        step = VARIANT.step(state, action)
        out.append((state, action, step.events, step.state))
        state = step.state
    return out


@given(variant_walks())
def test_orb12_seized_units_become_the_targets_own(walk: list[Any]) -> None:
    """ORB-12 (variant): a seizure adds the offered units to the target's resources of this
    round and leaves its gifts as they were."""
    for before, _action, events, after in walk:
        for event in events:
            if isinstance(event, OfferSeized):
                offer = before.offer
                assert offer is not None
                target = event.target
                placed = before.zones[target].influence
                assert sum(placed) == event.units
                assert after.zones[target].gifts == before.zones[target].gifts
                assert after.zones[target].current == tuple(
                    c + p for c, p in zip(before.zones[target].current, placed, strict=True)
                )


def fight(game: Game) -> State:
    """Warriors (seat 0) offer Territory to a Host (seat 1) who seizes it; then they offer
    again, and seat 2's Hero could shield the Host."""
    state = game.position(
        [
            [["warriors-leader-1", "warriors-master-1"]],
            [["hosts-leader-1"]],
            [["heroes-leader-1"]],
        ],
        zones={
            "warriors-master-1": {"current": {"territory": 2}},
            "hosts-leader-1": {"current": {"food": 2}, "gifts": {"advice": 2}},
            "heroes-leader-1": {"current": {"way": 2}},
        },
        phase="hiring",
    )
    offer = MakeOffer("warriors-master-1", "hosts-leader-1")
    for action in (offer, Pass(), AnswerOffer(Answer.SEIZE), Pass(), Pass(), Pass(), offer):
        state = game.apply(state, action)
    assert game.to_move(state) == 2  # seat 2 supports, or shields
    return state


def test_orb15_seized_territory_protected_in_0_1_0() -> None:
    """ORB-15 (0.1.0): seized Territory lay among the gifts and blocked the shield."""
    game = v0_1_0(Game())
    state = fight(game)
    assert state.zones["hosts-leader-1"].gifts[0] == 1
    violation = game.check(state, Shield("heroes-leader-1"))
    assert violation is not None
    assert (violation.rule, violation.code) == ("ORB-15", "host_protected")


@pytest.mark.parametrize("make", [Game, lambda: shield_given_only(Game())])
def test_orb15_only_given_territory_protects(make: Any) -> None:
    """ORB-12, ORB-15 (the rulebook, now the default; and the variant): Territory seized from
    the Warriors is the Host's own this round, not a gift, so the shield works."""
    game = make()
    state = fight(game)
    assert state.zones["hosts-leader-1"].gifts[0] == 0
    assert state.zones["hosts-leader-1"].current[0] == 1
    assert Shield("heroes-leader-1") in game.legal_actions(state)
    after = game.apply(state, Shield("heroes-leader-1"))
    assert after.zones["heroes-leader-1"].gifts[1] == 2  # the Host's Food


def test_the_0_1_0_variant_puts_back_every_changed_unit() -> None:
    """``v0_1_0`` keeps the options, names itself and differs from the default exactly in the
    units of :data:`UNITS_0_1_0`."""
    game = v0_1_0(Game(rounds=5, steps=3))
    assert (game.rounds, game.steps, game.variant) == (5, 3, V0_1_0)
    assert game.rulebook.ids == Game().rulebook.ids
    for rule_id in Game().rulebook.ids:
        unit = game.rulebook.rule(rule_id)
        expected = UNITS_0_1_0.get(rule_id, Game().rulebook.rule(rule_id))
        assert unit is expected
        assert (unit is Game().rulebook.rule(rule_id)) == (rule_id not in UNITS_0_1_0)
    assert V0_1_0 in variant_names(orbita.Game.name)


def test_the_variant_keeps_the_options_and_names_itself() -> None:
    """The variant is the same game with one rule replaced, and says so."""
    game = shield_given_only(Game(rounds=5, steps=3))
    assert (game.rounds, game.steps, game.variant) == (5, 3, SHIELD_GIVEN_ONLY)
    assert game.rulebook.ids == Game().rulebook.ids
    assert game.rulebook.rule("ORB-12") is ORB_12_SEIZED_AS_OWN
    assert ORB_12_SEIZED_AS_OWN.checks == Game().rulebook.rule("ORB-12").checks


@given(st.integers(0, 2**64 - 1), st.integers(2, 4), st.randoms(use_true_random=False))
def test_records_of_the_variant_replay_only_with_the_variant(
    seed: int, players: int, rng: Any
) -> None:
    """A variant's record names it; it replays with the variant (given, or by name)."""
    state = VARIANT.new(seed, players=players)
    actions = []
    for _ in range(120):
        legal = VARIANT.legal_actions(state)
        if not legal:
            break
        actions.append(rng.choice(legal))
        state = VARIANT.apply(state, actions[-1])
    record = VARIANT.record(seed, tuple(actions), players=players)
    assert record.variant == SHIELD_GIVEN_ONLY
    states = boardrules.replay(record, game=VARIANT)
    assert states[-1] == state
    assert boardrules.replay(record)[-1] == state  # registered by boardrules.games.orbita
    with pytest.raises(BadInput):
        boardrules.replay(record, game=Game(rounds=3))


def test_variants_are_registered_on_import() -> None:
    """Records of the variants load by name once ``boardrules.games.orbita`` is imported."""
    assert SHIELD_GIVEN_ONLY in variant_names(orbita.Game.name)


def _ignoring(ctx: Any, state: State, action: Any) -> Any:
    """ORB-15's own check, except that Territory never protects the Host."""
    violation = explain("ORB-15", orbita.Game().rulebook.rule("ORB-15").checks[Shield](
        ctx, state, action))
    return None if violation is not None and violation.code == "host_protected" else violation


_SHIELDS = tuple(a for a in orbita.Game().vocabulary() if type(a) is Shield)


def _shields(ctx: Any, state: State) -> list[Shield]:
    """The shields the designer's check allows (of the well-formed ones): its moves."""
    game = orbita.Game()
    return [
        a for a in _SHIELDS if game.malformed(state, a) is None and _ignoring(ctx, state, a) is None
    ]


@given(st.integers(0, 2**64 - 1), st.randoms(use_true_random=False))
def test_orb15_a_variant_that_changes_a_check_lists_what_its_check_allows(
    seed: int, rng: Any
) -> None:
    """ORB-15 replaced by a designer's check, its moves the shields that check allows:
    ``legal_actions`` follows the variant's unit."""
    own = Game(rounds=2)
    unit = orbita.Game().rulebook.rule("ORB-15")
    variant = own.with_rules(
        replace={"ORB-15": Rule("ORB-15", unit.en, unit.ru, {Shield: _ignoring}, unit.effects,
                                {Shield: _shields}, facts=unit.facts)},
        name="orbita-shield-always",
    )
    state = variant.new(seed, players=3)
    for _ in range(40):
        legal = variant.legal_actions(state)
        assert len(set(legal)) == len(legal)
        assert set(legal) == {a for a in variant.vocabulary() if variant.check(state, a) is None}
        if not legal:
            break
        state = variant.apply(state, rng.choice(legal))


def test_orb15_the_designers_variant_shields_a_protected_host() -> None:
    """ORB-15 (designer's variant): the Host protected by seized Territory can be shielded."""
    unit = orbita.Game().rulebook.rule("ORB-15")
    variant = v0_1_0(Game()).with_rules(
        replace={"ORB-15": Rule("ORB-15", unit.en, unit.ru, {Shield: _ignoring}, unit.effects,
                                {Shield: _shields}, facts=unit.facts)},
        name="orbita-shield-always",
    )
    state = fight(variant)
    assert state.zones["hosts-leader-1"].gifts[0] == 1  # 0.1.0's ORB-12: seized as a gift
    assert Shield("heroes-leader-1") in variant.legal_actions(state)


# The Orbita variant of docs/how-to/variants.md: one Way shields any structure (ORB-15's fact
# ``shield_cost`` replaced). Its check and its effect both read the fact.
def _one_way(ctx: Any, size: int) -> int:
    return 1


ONE_WAY = Game(rounds=2).with_rules(
    replace={"ORB-15": attrs.evolve(ORB_15, facts={"shield_cost": _one_way})},
    name="shield-one-way",
)


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(3, 4))
def test_the_docs_one_way_shield_costs_one_way_and_every_state_is_presentable(
    seed: int, players: int
) -> None:
    rng = Rng(seed)
    state = ONE_WAY.new(seed, players=players)
    for n in range(10_000):
        if n % 16 == 0:
            presentable(ONE_WAY, state)
        if ONE_WAY.is_over(state):
            break
        legal = ONE_WAY.legal_actions(state)
        shields = [a for a in legal if isinstance(a, Shield)]
        action = shields[0] if shields else legal[rng.below(len(legal))]
        after = ONE_WAY.apply(state, action)
        if shields:
            way = Resource.WAY
            spent = sum(state.zones[c].holds(way) - after.zones[c].holds(way)
                        for c in state.zones)
            assert spent == 1, spent
        state = after
    presentable(ONE_WAY, state)
