"""The kit attacks every unit: variants it derives itself, and the properties they must keep.

For every unit of a game's rulebook that has checks, :func:`derived_variants` builds two
variants and plays random games with each:

- **looser**: the unit with its checks dropped, and the kinds it checks or lists offered
  whole: every well-formed action of the kind (what ``vocabulary()`` holds that CORE-4
  accepts), so that the checks of the other units decide (a unit's moves leave out what
  its own checks refuse, so they cannot stay as they were);
- **stricter**: the unit with one more refusal: of the actions its checks allowed, a fixed
  third (by a stable key of the action, the same on every run) is refused under its ID,
  and its moves leave those out.

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
from boardrules.core.rules import ANY_ACTION, Rule, takes_action
from boardrules.core.standings import Standing, Standings
from boardrules.core.violation import Refusal
from boardrules.testing.strategies import seeds

__all__ = ["derived", "derived_variants", "looser", "presentable", "stable_key", "stricter"]


def stable_key(action: object) -> int:
    """A key of ``action`` that is the same in every process (no ``hash()``)."""
    return sum(map(ord, repr(action)))


def _struck(action: object) -> bool:
    """Whether a stricter variant refuses ``action`` besides what its rule refuses."""
    return stable_key(action) % 3 == 0


class _Stricter:
    """A check that refuses, besides what ``check`` refuses, every action :func:`_struck`
    picks. Picklable, so the variant travels to worker processes."""

    __slots__ = ("check",)

    def __init__(self, check: Any) -> None:
        self.check = check

    @property
    def __name__(self) -> str:
        return f"stricter_{getattr(self.check, '__name__', 'check')}"

    def __call__(self, ctx: Any, state: Any, action: Any) -> Refusal:
        check = self.check
        refusal: Refusal = check(ctx, state, action) if takes_action(check) else check(ctx, state)
        if refusal is None and _struck(action):
            return "derived_stricter"
        return refusal

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (_Stricter, (self.check,))


class _Fewer:
    """A unit's moves without what its stricter check refuses (the stricter unit's)."""

    __slots__ = ("check", "moves")

    def __init__(self, moves: Any, check: _Stricter) -> None:
        self.moves = moves
        self.check = check

    def __call__(self, ctx: Any, state: Any) -> list[Any]:
        check = self.check
        return [a for a in self.moves(ctx, state) if check(ctx, state, a) is None]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (_Fewer, (self.moves, self.check))


class _Every:
    """Every well-formed action of one kind: what ``game.vocabulary()`` holds of the kind
    that CORE-4 (``game.malformed``) accepts in the state (the looser unit's moves)."""

    __slots__ = ("game", "kind")

    def __init__(self, game: Any, kind: type) -> None:
        self.game = game
        self.kind = kind

    def __call__(self, ctx: Any, state: Any) -> list[Any]:
        malformed = self.game.malformed
        return [
            a for a in self.game.vocabulary()
            if type(a) is self.kind and malformed(state, a) is None
        ]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (_Every, (self.game, self.kind))


def looser(game: Any, rule_id: str) -> Any:
    """``game`` with the unit ``rule_id`` loosened: its checks dropped, and every kind it
    checks or lists listed by a unit of the kit's (``KIT-1``) that offers every well-formed
    action of the kind (``game.vocabulary()``, less what CORE-4 refuses), so that the other
    units' checks decide what is legal. The units that listed those kinds list them no more
    (their own checks of an action then filter the kit's list, as any other unit's do)."""
    rule = game.rulebook.rule(rule_id)
    kinds = {k for k in (*rule.checks, *rule.moves) if k in game.action_classes}
    if ANY_ACTION in rule.checks:
        kinds = set(game.action_classes)
    replace = {rule_id: attrs.evolve(rule, checks={})}
    for unit in game.rulebook:
        if unit.id != rule_id and kinds & set(unit.moves):
            moves = {k: m for k, m in unit.moves.items() if k not in kinds}
            replace[unit.id] = attrs.evolve(unit, moves=moves)
    replace[rule_id] = attrs.evolve(
        replace[rule_id], moves={k: m for k, m in rule.moves.items() if k not in kinds}
    )
    every = Rule("KIT-1", "Every well-formed action is a candidate.", "Любое корректное действие.",
                 moves={kind: _Every(game, kind) for kind in sorted(kinds, key=_order(game))})
    return game.with_rules(replace=replace, add=[every], name=f"{rule_id} looser")


def _order(game: Any) -> Any:
    return game.action_classes.index


def stricter(game: Any, rule_id: str) -> Any:
    """``game`` with the unit ``rule_id`` refusing, besides what it refuses, a fixed third of
    the actions (by :func:`stable_key`); its moves leave those out."""
    rule = game.rulebook.rule(rule_id)
    checks = {kind: _Stricter(check) for kind, check in rule.checks.items()}
    moves = {}
    for kind, listed in rule.moves.items():
        check = checks.get(kind) or checks.get(ANY_ACTION)
        moves[kind] = listed if check is None else _Fewer(listed, check)
    unit = attrs.evolve(rule, checks=checks, moves=moves)
    return game.with_rules(replace={rule_id: unit}, name=f"{rule_id} stricter")


def derived(game: Any) -> Iterator[tuple[str, Any]]:
    """Every derived variant of ``game``: ``(name, variant game)``, two per unit with checks."""
    for rule in game.rulebook:
        if rule.checks:
            yield f"{rule.id} looser", looser(game, rule.id)
            yield f"{rule.id} stricter", stricter(game, rule.id)


def _agree(variant: Any, state: Any, every: tuple[Any, ...], rng: Rng) -> tuple[Any, ...]:
    """Assert the three properties on ``state``; return the legal actions."""
    legal: tuple[Any, ...] = variant.legal_actions(state)
    allowed = [a for a in every if variant.check(state, a) is None]
    refused = [(a, variant.check(state, a)) for a in set(legal) - set(allowed)]
    only_allowed = sorted(map(repr, set(allowed) - set(legal)))[:3]
    assert not refused, (
        "legal_actions lists what check refuses (a unit's moves must leave out what its own "
        f"checks refuse): {sorted(f'{a!r} ({v})' for a, v in refused)[:3]}"
    )
    assert not only_allowed, (
        "check allows what legal_actions does not list (a unit's moves must list every "
        f"action its checks allow): {only_allowed}"
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


def presentable(game: Any, state: Any) -> None:
    """Assert that everything outside the rules reads them through the rulebook on ``state``
    (one reached by ``game``'s legal play): it passes ``validate`` and the JSON round trip;
    every seat's view (and a spectator's) is a state that renders as text and SVG when the
    game draws; every legal action has a label; the turn prompt agrees with ``is_over``,
    ``to_move`` and ``legal_actions``, and so does the result once the game is over."""
    from boardrules import serde  # the kit's own import graph stays small

    game.validate(state)
    assert serde.from_json(serde.to_json(state), game.state_type, game=game) == state
    for seat in (None, *range(game.seat_count(state))):
        view = game.view(state, seat)
        for draw in ("render_text", "render_svg"):
            if callable(getattr(game, draw, None)):
                assert getattr(game, draw)(state, seat)
        assert game.view(view, seat) == view
    legal = game.legal_actions(state)
    describe = getattr(game, "describe_action", None)
    for lang in ("en", "ru"):
        turn = game.prompt(state, lang)
        assert turn.over == game.is_over(state)
        assert turn.seat == game.to_move(state)
        assert turn.actions() == legal
        assert turn.asked
        if callable(describe):
            assert all(describe(action, lang) for action in legal)
        if turn.over:
            assert game.result(state, lang).sentence


def derived_variants(
    game: Any,
    setups: st.SearchStrategy[Mapping[str, Any]] | None = None,
    examples: int = 3,
) -> type:
    """A pytest class that attacks every unit of ``game`` with derived variants.

    On every state that ``game`` and each derived variant reach by random play: legal
    actions, ``check`` and ``apply`` agree, and every legal action changes the state; on the
    first state, one in eight and the last, everything outside the rules reads them through
    the rulebook (:func:`presentable`). So a documented variant is tested by calling this
    with it.

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
    variants = [(game.variant or "rules", game), *derived(game)]
    setup_strategy = setups if setups is not None else st.just({})
    every = tuple(game.vocabulary())

    class DerivedVariants:
        __test__ = True

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
            for turn in range(variant.max_moves()):
                legal = _agree(variant, state, every, rng)
                if turn % 8 == 0 or not legal:  # the first, one state in eight, and the last
                    presentable(variant, state)
                if not legal:
                    break
                after = variant.apply(state, rng.choice(legal))
                assert after != state, "a legal action must change the state"
                state = after

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
