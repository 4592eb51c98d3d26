"""Every Lyceum unit with checks, loosened (its checks dropped) or made stricter (a fixed
part of what it allowed refused), played from built positions that random play seldom
reaches: the game stays consistent with itself (the kit's ``derived_variants`` plays them
from the start, ``test_conformance.py``).

On every state reached, ``legal_actions`` is exactly the vocabulary actions ``check``
allows (no duplicates), ``apply`` succeeds exactly when ``check`` allows, and nothing but
``IllegalAction`` is raised.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from boardrules.core.errors import BadInput, IllegalAction
from boardrules.games import lyceum
from boardrules.testing.derived import looser, stricter

from .support import GAME

#: The units that have checks (the ones a variant can loosen or tighten).
CHECKED = tuple(rule.id for rule in GAME.rulebook if rule.checks)
EXAMPLES = max(4, settings().max_examples // 8)


def test_the_units_with_checks_are_the_ones_expected() -> None:
    assert CHECKED == ("LY-4", "LY-9", "LY-11", "LY-12", "LY-17", "LY-18")


def variant(rule_id: str, how: str) -> lyceum.Game:
    """GAME with the unit ``rule_id`` loosened (``"looser"``) or made stricter (the kit's)."""
    made: lyceum.Game = looser(GAME, rule_id) if how == "looser" else stricter(GAME, rule_id)
    return made


def _consistent(game: lyceum.Game, state: lyceum.State, rng: random.Random) -> None:
    vocabulary = game.vocabulary()
    legal = game.legal_actions(state)
    assert len(set(legal)) == len(legal), legal
    allowed = [a for a in vocabulary if game.check(state, a) is None]
    assert set(legal) == set(allowed)
    for action in rng.sample(vocabulary, 4):
        # A fresh listing first: an action taken from the last listing skips the check.
        game.legal_actions(state)
        refusal = game.check(state, action)
        if refusal is None:
            game.apply(state, action)  # nothing may be raised
        else:
            with pytest.raises(IllegalAction) as raised:
                game.apply(state, action)
            assert raised.value.violation == refusal


def _play_on(game: lyceum.Game, state: lyceum.State, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        _consistent(game, state, rng)
        game.validate(state)
        game.view(state, rng.randrange(len(state.seats)))
        legal = game.legal_actions(state)
        if not legal:
            break  # the game is over, or a stricter variant left nothing to do
        transition = game.step(state, legal[rng.randrange(len(legal))])
        game.view_events(transition.events, 0)
        state = transition.state


_TABLES = GAME.rule_context
_SKILLS = st.tuples(*[st.integers(0, 9)] * 5)


@st.composite
def positions(draw: st.DrawFn) -> dict[str, Any]:
    """Descriptions for ``game.position``: low or high skills, XP enough to share or not,
    piles whole, cut short or empty, a deferred card and lasting effects now and then."""
    n = draw(st.integers(3, 4))
    round_ = draw(st.integers(1, 10))
    epoch = lyceum.epoch_of_round(round_)
    deferred: list[tuple[str, int] | None] = [None] * n
    since = draw(st.integers(max(round_ - 3, 1), round_))
    if since < round_ and draw(st.booleans()):
        colour = draw(st.sampled_from(list(lyceum.Colour)))
        card = draw(st.sampled_from(_TABLES.piles[lyceum.epoch_of_round(since), colour]))
        deferred[draw(st.integers(0, n - 1))] = (card, since)
    lasting = [
        card for colour in lyceum.Colour for card in _TABLES.piles[epoch, colour]
        if (special := _TABLES.cards[card].special) is not None and special.lasting
    ]
    effects = draw(
        st.lists(
            st.tuples(st.integers(0, n - 1), st.sampled_from(lasting)),
            max_size=2,
            unique_by=lambda effect: effect[1],
        )
        if lasting else st.just([])
    )
    used = {card for card, _ in filter(None, deferred)} | {card for _, card in effects}
    piles = {}
    for colour in lyceum.Colour:
        pile = [card for card in _TABLES.piles[epoch, colour] if card not in used]
        piles[colour.value] = pile[: draw(st.sampled_from([0, 1, len(pile)]))]
    played_xp = draw(st.lists(st.sampled_from([0, 300, 800, 1500]), min_size=n, max_size=n))
    return {
        "skills": draw(st.lists(_SKILLS, min_size=n, max_size=n)),
        "round": round_,
        "to_move": draw(st.integers(0, n - 1)),
        "played_xp": played_xp,
        "shared": [xp >= 1500 and draw(st.booleans()) for xp in played_xp],
        "piles": piles,
        "deferred": deferred,
        "effects": effects,
    }


@pytest.mark.parametrize("how", ["looser", "stricter"])
@pytest.mark.parametrize("rule_id", CHECKED)
def test_a_variant_of_a_unit_is_consistent_from_built_positions(rule_id: str, how: str) -> None:
    """From positions random play seldom reaches: empty piles, seats that may share, a
    deferred card waiting."""
    game = variant(rule_id, how)

    @settings(max_examples=EXAMPLES * 2, suppress_health_check=[HealthCheck.too_slow])
    @given(description=positions(), choices=st.integers(0, 2**32))
    def play(description: dict[str, Any], choices: int) -> None:
        try:
            state = game.position(**description)
        except BadInput:
            reject()
        _play_on(game, state, random.Random(choices), 60)

    play()


def test_a_looser_variant_changes_the_legal_actions() -> None:
    """Dropping LY-12's check lets an eligible drawn card be deferred too (the listing
    follows the variant; before, Lyceum's hand-written list ignored it)."""
    game = variant("LY-12", "looser")
    state = GAME.position(skills=[(9,) * 5] * 3, to_move=0)
    state = GAME.apply(state, lyceum.Draw(lyceum.Colour.GREEN))
    assert lyceum.DeferCard() not in GAME.legal_actions(state)
    assert game.legal_actions(state) == (
        lyceum.PlayCard(), lyceum.DeferCard(), lyceum.DiscardCard()
    )
