"""Every Orbita unit's checks can be dropped: the looser variant stays true to itself.

For each unit with checks (today's and 0.1.0's readings), the variant whose unit drops its
checks and lists every well-formed action of its kinds (the kit's ``looser``) is played at
random; on the
states it reaches, ``legal_actions`` is exactly the vocabulary actions ``check`` allows,
``apply`` and ``step`` succeed exactly when ``check`` allows, and nothing but
``IllegalAction`` is ever raised (the effects meet only well-formed actions: CORE-4).
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardrules.core.errors import IllegalAction
from boardrules.games.orbita import Game
from boardrules.games.orbita.actions import Amount, Gift
from boardrules.games.orbita.content import Resource, Spec
from boardrules.games.orbita.context import Context
from boardrules.games.orbita.rules.basics import at_hand
from boardrules.games.orbita.state import State
from boardrules.games.orbita.variants import v0_1_0
from boardrules.testing.derived import looser

BASES = {"default": Game(rounds=2), "0.1.0": v0_1_0(Game(rounds=2))}
UNITS = [
    (base, rule.id)
    for base, game in BASES.items()
    for rule in game.rulebook
    if rule.checks and (base == "default" or rule is not Game().rulebook.rule(rule.id))
]


def _looser(base: str, rule_id: str) -> Game:
    made: Game = looser(BASES[base], rule_id)
    return made


def _agrees(game: Game, state: State, rng: random.Random) -> None:
    legal = game.legal_actions(state)
    assert len(set(legal)) == len(legal)
    vocabulary = game.vocabulary()
    allowed = {a for a in vocabulary if game.check(state, a) is None}
    assert set(legal) == allowed
    # apply and step succeed exactly when check allows (a sample, legal or not).
    for action in rng.sample(vocabulary, 12) + rng.sample(legal, min(3, len(legal))):
        ok = action in allowed
        for run in (game.apply, game.step):
            if ok:
                run(state, action)
                if run == game.step:  # apply builds what step builds
                    assert game.apply(state, action) == game.step(state, action).state
            else:
                with pytest.raises(IllegalAction):
                    run(state, action)


def test_every_unit_with_checks_has_a_looser_variant() -> None:
    ids = {rule_id for _, rule_id in UNITS}
    assert {"ORB-3", "ORB-7", "ORB-10", "ORB-11", "ORB-15", "ORB-19"} <= ids
    assert ("0.1.0", "ORB-15") in UNITS


@pytest.mark.parametrize(("base", "rule_id"), UNITS)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_a_unit_without_its_checks_lists_what_check_allows(
    base: str, rule_id: str, seed: int, players: int
) -> None:
    game = _looser(base, rule_id)
    rng = random.Random(seed)
    state = game.new(seed, players=players)
    for step in range(400):
        if game.is_over(state):
            assert game.legal_actions(state) == ()
            break
        if step % 5 == 0:
            _agrees(game, state, rng)
        legal = game.legal_actions(state)
        assert legal, "a dead end: not over, nothing legal"
        state = game.step(state, rng.choice(legal)).state


# -- a stricter ORB-4: what it states, ORB-10's gifts do ------------------------------------------
def _keeping(ctx: Context, state: State) -> tuple[dict[str, int], ...]:
    """ORB-4's ``at_hand``, but Hosts keep their Food."""
    at = at_hand(ctx, state)
    food = Resource.FOOD.index
    kept = {c: n for c, n in at[food].items() if ctx.spec[c] is not Spec.HOSTS}
    return tuple(kept if i == food else held for i, held in enumerate(at))


def test_orb4_a_stricter_reading_is_what_orb10_gives_by() -> None:
    """ORB-4 replaced by "Hosts keep their Food": ORB-10 lists, refuses and makes gifts from
    the new fact, so the Host keeps its Food, only the others' is listed, and a gift of Food
    the seat no longer has to give is refused under ORB-4."""
    game = Game(rounds=2)
    unit = game.rulebook.rule("ORB-4")
    stricter = game.with_rules(
        replace={"ORB-4": attrs.evolve(unit, facts={"at_hand": _keeping})},
        name="orbita-hosts-keep-food",
    )
    warriors = ["warriors-leader-1", "warriors-master-1", "warriors-bard-1", "warriors-sage-1"]
    state = game.position(
        [[warriors, ["hosts-leader-1"]], [["heroes-leader-1"]]],
        enterprises=["warriors-leader-1"],
        zones={
            "warriors-leader-1": {"current": {"food": 2}},
            "hosts-leader-1": {"current": {"food": 3}},
        },
        phase="trade",
    )
    gift = Gift(Resource.FOOD, "heroes-leader-1", Amount.ALL)
    assert gift in stricter.legal_actions(state)
    after = stricter.apply(state, gift)
    assert after.zones["hosts-leader-1"].holds(Resource.FOOD) == 3
    assert after.zones["heroes-leader-1"].holds(Resource.FOOD) == 2
    # The default rules give the Host's Food too.
    assert game.apply(state, gift).zones["heroes-leader-1"].holds(Resource.FOOD) == 5
    # The Host's own Food to the Warriors' Leader: the Host keeps it, the Leader's own Food
    # is no gift to itself, so nothing is left to give.
    to_self = Gift(Resource.FOOD, "warriors-leader-1")
    refusal = stricter.check(state, to_self)
    assert refusal is not None
    assert (refusal.rule, refusal.code) == ("ORB-4", "nothing_to_give")
    assert game.check(state, to_self) is None
    _agrees(stricter, state, random.Random(0))
