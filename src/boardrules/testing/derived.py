"""The kit attacks every unit: variants it derives itself, and the properties they must keep.

For every unit of a game's rulebook that has checks, :func:`derived_variants` builds two
variants and plays random games with each:

- **looser**: the unit with its checks dropped (its moves, effects and parts stay);
- **stricter**: the unit with one more refusal: of the actions its checks allowed, a fixed
  third (by a stable key of the action, the same on every run) is refused under its ID.

On every state reached, ``legal_actions`` must equal the actions of the vocabulary that
``check`` allows, ``apply`` must succeed exactly for those, and nothing may raise but
``IllegalAction``. A unit that cannot be replaced this way is not a unit yet: its moves or
effects lean on another rule's checks, or another rule reads its private helpers instead of
its facts. For units that state the end or the score, a replaced part must change
``is_over`` or ``score``: the game really is composed from them.

>>> from boardrules.games import kuhn
>>> [name for name, _ in derived(kuhn.Game())][:2]
[]
>>> from boardrules.games import semya
>>> [name for name, _ in derived(semya.Game())][:2]
['SEM-5 looser', 'SEM-5 stricter']
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from boardrules.core.errors import IllegalAction
from boardrules.core.game import appends_events
from boardrules.core.rng import Rng
from boardrules.core.rules import Rule, why_of
from boardrules.core.standings import Standing, Standings
from boardrules.core.violation import Violation
from boardrules.testing.strategies import seeds

__all__ = ["derived", "derived_variants", "stable_key"]


def stable_key(action: object) -> int:
    """A key of ``action`` that is the same in every process (no ``hash()``)."""
    return sum(map(ord, repr(action)))


class _Stricter:
    """A check that refuses, besides what ``why`` refuses, every action whose stable key is
    divisible by three. Picklable, so the variant travels to worker processes."""

    __slots__ = ("rule", "why")

    def __init__(self, rule: str, why: Any) -> None:
        self.rule = rule
        self.why = why

    @property
    def __name__(self) -> str:
        return f"stricter_{getattr(self.why, '__name__', 'check')}"

    def __call__(self, ctx: Any, state: Any, action: Any) -> Violation | None:
        violation: Violation | None = self.why(ctx, state, action)
        if violation is None and stable_key(action) % 3 == 0:
            return Violation(self.rule, "derived_stricter", {})
        return violation

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (_Stricter, (self.rule, self.why))


def _looser(rule: Rule) -> Rule:
    return attrs.evolve(rule, checks={})


def _stricter(rule: Rule) -> Rule:
    checks = {kind: _Stricter(rule.id, why_of(check)) for kind, check in rule.checks.items()}
    return attrs.evolve(rule, checks=checks)


def derived(game: Any) -> Iterator[tuple[str, Any]]:
    """Every derived variant of ``game``: ``(name, variant game)``, two per unit with checks."""
    for rule in game.rulebook:
        if not rule.checks:
            continue
        for label, change in (("looser", _looser), ("stricter", _stricter)):
            name = f"{rule.id} {label}"
            yield name, game.with_rules(replace={rule.id: change(rule)}, name=name)


def _agree(variant: Any, state: Any, every: tuple[Any, ...], rng: Rng) -> tuple[Any, ...]:
    """Assert the three properties on ``state``; return the legal actions."""
    legal: tuple[Any, ...] = variant.legal_actions(state)
    allowed = [a for a in every if variant.check(state, a) is None]
    only_listed = sorted(map(repr, set(legal) - set(allowed)))[:3]
    only_allowed = sorted(map(repr, set(allowed) - set(legal)))[:3]
    assert set(legal) == set(allowed), (
        f"legal_actions and check disagree: listed only {only_listed}, allowed {only_allowed}"
    )
    seat, listed = variant.seat_and_legal(state)
    assert (seat, listed) == (variant.to_move(state), legal), "seat_and_legal disagrees"
    for action in rng.shuffled(every)[:8]:
        refusal = variant.check(state, action)
        if refusal is None and not appends_events(variant):
            variant.apply(state, action)  # the class's own apply: must not raise
        elif refusal is None:  # must not raise, and the events appended are step's
            events: list[Any] = []
            after = variant.apply(state, action, events)
            transition = variant.step(state, action)
            assert (after, tuple(events)) == (transition.state, transition.events)
        else:
            import pytest  # only where a test runs, so the kit imports without it

            with pytest.raises(IllegalAction) as caught:
                variant.apply(state, action)
            assert caught.value.violation == refusal
    return legal


def derived_variants(
    game: Any,
    setups: st.SearchStrategy[Mapping[str, Any]] | None = None,
    examples: int = 3,
) -> type:
    """A pytest class that attacks every unit of ``game`` with derived variants.

    Args:
        game: a game with a ``vocabulary()`` (every action it can ever take).
        setups: keyword arguments for ``game.new`` (default: none).
        examples: games played per derived variant (each a whole random game).
    """
    import pytest  # a pytest class is asked for: pytest is there

    if not callable(getattr(game, "vocabulary", None)):
        raise TypeError(
            f"derived_variants needs {type(game).__name__}.vocabulary(), every action the "
            "game can ever take, to compare legal_actions with check"
        )
    variants = list(derived(game))
    setup_strategy = setups if setups is not None else st.just({})
    every = tuple(game.vocabulary())

    class DerivedVariants:
        __test__ = True

        # A game whose units have no checks (Kuhn poker) gets only the parts attacked.
        if variants:

            @pytest.mark.parametrize(
                "variant", [v for _, v in variants], ids=[name for name, _ in variants]
            )
            @settings(max_examples=examples)
            @given(seed=seeds(), setup=setup_strategy)
            def test_derived_variant_keeps_legal_check_and_apply_together(
                self, variant: Any, seed: int, setup: Mapping[str, Any]
            ) -> None:
                rng = Rng(seed)
                state = variant.new(seed, **setup)
                for _ in range(variant.max_moves()):
                    legal = _agree(variant, state, every, rng)
                    if not legal:
                        break
                    state = variant.apply(state, rng.choice(legal))

        def test_a_replaced_end_or_score_changes_the_game(self) -> None:
            start = game.new(1)
            for rule in game.rulebook:
                if rule.end is not None:
                    over = game.with_rules(
                        replace={rule.id: attrs.evolve(rule, end=_always_over)},
                        name=f"{rule.id} over",
                    )
                    assert over.is_over(start)
                    assert over.legal_actions(start) == ()
                    assert over.to_move(start) is None
                if rule.score is not None:
                    tied = _Tied(len(game.score(start)))
                    flat = game.with_rules(
                        replace={rule.id: attrs.evolve(rule, score=tied)}, name=f"{rule.id} tied"
                    )
                    assert flat.score(start) == tied(None, start)

    return DerivedVariants


def _always_over(ctx: Any, state: Any) -> bool:
    return True


class _Tied:
    """A score part that ranks every seat first with no points."""

    def __init__(self, seats: int) -> None:
        self.seats = seats

    def __call__(self, ctx: Any, state: Any) -> Standings:
        return Standings(
            tuple(Standing(s, 0, 1, {}) for s in range(self.seats)), winners=(), final=False
        )

