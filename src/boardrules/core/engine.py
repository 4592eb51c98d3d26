"""The engine: a game's methods composed from its rulebook, once per game object.

A rulebook (:class:`~boardrules.core.rules.Rulebook`) states each rule once, as plain
functions. The :class:`Engine` of a game object reads the units once and composes from them
``legal_actions``, ``check``, ``apply``, ``step``, ``to_move``, ``is_over`` and
``seat_and_legal``: closures over the units' own functions, which the game object then
calls directly. Speed is the engine's, never a second form of a rule:

- **Listing.** For each kind of action the current step takes (the unit that states the
  ``steps``; else every kind some unit lists), each unit that lists the kind gives its
  moves: the actions of that kind it allows. A check of the whole kind, ``(ctx, state)``,
  is asked once, before any move is made; a check of each action, ``(ctx, state,
  action)``, is asked of the moves of the *other* units (a unit's own such checks say why
  it refuses what its moves leave out). So a rule that adds a refusal filters every listing,
  and a rule is never asked twice about its own moves.
- **Refusals.** A check answers ``None`` (allowed) or why not: a code, or a code and its
  params; the engine makes the :class:`~boardrules.core.violation.Violation`, with the
  unit's rule ID, only when ``check`` explains a refusal (a check may also return a whole
  ``Violation``, for a refusal under another rule's ID).
- **Facts.** A fact of the state, ``(ctx, state)``, is worked out at most once per state
  (:class:`~boardrules.core.rules.Facts`), so rules may ask it as often as they read it.
- **Acting.** ``apply`` of an action from the last listing of that very state does not check
  it again (the listing asked every check); otherwise it asks ``check`` first. Then the
  effects of the action's class run in rulebook order, those that run after every action
  last, on the game's working copy (``GameBase.draft``, the state itself by default).
- **Scores.** The standings of the last states scored are kept by the states' value (a
  short game ends in a few ways, and a search scores each of them many times).

>>> from boardrules.games.kuhn import Bet, Game
>>> game = Game()
>>> [kind.__name__ for kind in game.engine.accepts(game.new(seed=1))]
['Check', 'Bet']
>>> game.legal_actions(game.apply(game.new(seed=1), Bet()))
(Fold(), Call())
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from functools import partial
from itertools import repeat
from operator import is_
from typing import Any, Generic, Protocol, TypeVar

import attrs

from boardrules.core.errors import IllegalAction
from boardrules.core.frozen import builder
from boardrules.core.rules import ANY_ACTION, Rulebook, takes_action
from boardrules.core.violation import Refusal, Violation, explain

__all__ = ["Composed", "Engine", "Transition"]

S = TypeVar("S")
E = TypeVar("E")

@attrs.frozen(weakref_slot=False)
class Transition(Generic[S, E]):
    """What one action did: the next state and the events that happened, in order."""

    state: S
    events: tuple[E, ...]


#: ``Transition(state, events)`` without a call per field (``step`` makes one per action).
_transition: Callable[[Any, tuple[Any, ...]], Transition[Any, Any]] = builder(Transition)


class Composed(Protocol):
    """What the engine reads of a game (``GameBase`` has it all)."""

    @property
    def name(self) -> str: ...

    @property
    def rulebook(self) -> Rulebook: ...
    @property
    def rule_context(self) -> Any: ...
    @property
    def action_classes(self) -> tuple[type, ...]: ...
    def malformed(self, state: Any, action: object) -> Violation | None: ...
    def draft(self, state: Any, events: list[Any] | None) -> Any: ...
    def freeze(self, work: Any) -> Any: ...
    def works_on_a_copy(self) -> bool: ...


Check = Callable[..., Refusal]
#: The legal actions of one kind: ``lister(ctx, state)``.
Lister = Callable[[Any, Any], Iterable[Any]]
#: The legal actions of a step, in order, from the state.
Listing = Callable[[Any], tuple[Any, ...]]


def _lister(book: Rulebook, kind: type) -> Lister:
    """The legal actions of ``kind``: unless a check of the whole kind refuses, each unit's
    moves that no other unit's check of an action refuses (an action two units list, once).
    A kind one unit lists and nothing else checks is listed by that unit's moves alone."""
    checks = [
        (rule.id, check)
        for rule in book
        for check in (rule.checks.get(kind), rule.checks.get(ANY_ACTION))
        if check is not None
    ]
    whole = tuple(check for _, check in checks if not takes_action(check))
    sources = tuple(
        (rule.moves[kind], tuple(c for i, c in checks if i != rule.id and takes_action(c)))
        for rule in book
        if kind in rule.moves
    )
    if not whole and len(sources) == 1 and not sources[0][1]:
        return sources[0][0]

    def lister(ctx: Any, state: Any) -> Iterable[Any]:
        for check in whole:
            if check(ctx, state) is not None:
                return ()
        legal: list[Any] = []
        for moves, others in sources:
            if not others:
                legal.extend(moves(ctx, state))
                continue
            for action in moves(ctx, state):
                for check in others:
                    if check(ctx, state, action) is not None:
                        break
                else:
                    legal.append(action)
        return dict.fromkeys(legal) if len(sources) > 1 else legal

    return lister


def _listing(ctx: Any, listers: tuple[Lister, ...]) -> Listing:
    """The legal actions of a step: its kinds' listings joined in order (one, two or three
    kinds written out, more in a loop)."""
    if len(listers) == 1:
        (one,) = listers
        return lambda state: tuple(one(ctx, state))
    if len(listers) == 2:
        one, two = listers
        return lambda state: (*one(ctx, state), *two(ctx, state))
    if len(listers) == 3:
        one, two, three = listers
        return lambda state: (*one(ctx, state), *two(ctx, state), *three(ctx, state))

    def listing(state: Any) -> tuple[Any, ...]:
        legal: list[Any] = []
        for lister in listers:
            legal.extend(lister(ctx, state))
        return tuple(legal)

    return listing


class Engine:
    """A game's rulebook composed once per game object (``game.engine``).

    The game's ``legal_actions``, ``check``, ``apply``, ``step``, ``to_move``, ``is_over``
    and ``seat_and_legal`` are the engine's closures of the same names; ``accepts`` is the
    kinds of action a state's step takes (CORE-3).
    """

    def __init__(self, game: Composed) -> None:
        book = game.rulebook
        self.ctx = game.rule_context
        self.game = game
        self.setups = tuple(rule.setup for rule in book.setups() if rule.setup is not None)
        self.turn = book.part("turn")
        self.end = book.part("end")
        self.score = book.part("score")
        #: ``score(state)``: the part, kept for the last 256 states by their value.
        self.scored = self._compose_score()
        self.view = book.part("view")
        self.view_events = book.part("view_events")
        self.steps = book.part("steps")
        self.step_names = book.part("step_names")
        classes = game.action_classes
        #: The kinds some unit lists moves for, in the order of the game's ``action_type``:
        #: a kind no unit lists is never legal (a removed rule takes its moves along).
        self.listed = tuple(kind for kind in classes if book.moves_for(kind))
        #: Per kind, its checks in rulebook order: (check, its unit's ID, whether it looks
        #: at the action).
        self.checks = {
            kind: tuple(
                (check, rule.id, takes_action(check))
                for rule in book
                for check in (rule.checks.get(kind), rule.checks.get(ANY_ACTION))
                if check is not None
            )
            for kind in classes
        }
        self.effects = {kind: book.effects_for(kind) for kind in classes}
        self.listers = {kind: _lister(book, kind) for kind in self.listed}
        #: Per tuple of kinds a step takes: the kinds some unit lists, and their listing.
        self.by_kinds: dict[tuple[type, ...], tuple[tuple[type, ...], Listing]] = {}
        #: The last listing: ``(state, legal actions)``, so that ``apply`` of an action taken
        #: from it is not checked again. One entry, replaced whole (threads may share it).
        self.last: list[tuple[Any, tuple[Any, ...]] | None] = [None]
        self.malformed = game.malformed
        self.draft: Callable[[Any, Any], Any] | None = (
            game.draft if game.works_on_a_copy() else None
        )
        self.freeze: Callable[[Any], Any] = game.freeze
        self.is_over = self._compose_is_over()
        self.to_move = self._compose_to_move()
        self.legal_actions, self.seat_and_legal = self._compose_listing()
        self.check = self._compose_check()
        self.apply = self._compose_apply()
        self.step = self._compose_step()

    # -- the step ------------------------------------------------------------------------
    def step_kinds(self, kinds: Iterable[type]) -> tuple[tuple[type, ...], Listing]:
        """The kinds of ``kinds`` some unit lists, and their listing (kept per tuple)."""
        key = kinds if isinstance(kinds, tuple) else tuple(kinds)
        found = self.by_kinds.get(key)
        if found is None:
            taken = tuple(kind for kind in key if kind in self.listers)
            found = (taken, _listing(self.ctx, tuple(self.listers[kind] for kind in taken)))
            if len(self.by_kinds) < 256:
                self.by_kinds[key] = found
        return found

    def accepts(self, state: Any) -> tuple[type, ...]:
        """The kinds of action the step of ``state`` takes (CORE-3), in listing order."""
        steps = self.steps
        return self.step_kinds(self.listed if steps is None else steps(self.ctx, state))[0]

    def wrong_step(self, state: Any, kind: type, accepted: Iterable[type]) -> Violation:
        """CORE-3's refusal: the step waiting (and the next ones), what it takes, and the
        kind of action refused; the sentence labels them (``register_steps``)."""
        names = () if self.step_names is None else tuple(self.step_names(self.ctx, state))
        return Violation("CORE-3", "wrong_step", {
            "game": self.game.name,
            "action": kind.__name__,
            "step": names[0] if names else None,
            "then": ",".join(names[1:3]) or None,
            "takes": ",".join(k.__name__ for k in accepted),
        })

    # -- the composed methods ------------------------------------------------------------
    def _compose_is_over(self) -> Callable[[Any], bool]:
        ctx, end, turn = self.ctx, self.end, self.turn
        if end is not None:
            return partial(end, ctx)  # the unit's own function, with no call around it
        if turn is None:
            return self._no_turn
        return lambda state: turn(ctx, state) is None

    def _no_turn(self, state: Any) -> Any:
        raise NotImplementedError(f"no rule of {self.game.name} states who moves")

    def _compose_to_move(self) -> Callable[[Any], int | None]:
        ctx, turn, over, no_turn = self.ctx, self.turn, self.is_over, self._no_turn

        def to_move(state: Any) -> int | None:
            if over(state):
                return None
            seat: int = no_turn(state) if turn is None else turn(ctx, state)
            return seat

        return to_move

    def _compose_listing(self) -> tuple[Callable[[Any], Any], Callable[[Any], Any]]:
        ctx, over, steps, turn, last = self.ctx, self.is_over, self.steps, self.turn, self.last
        step_kinds, to_move = self.step_kinds, self.to_move
        fixed = step_kinds(self.listed)[1]

        def legal_actions(state: Any) -> tuple[Any, ...]:
            if over(state):
                return ()
            listing = fixed if steps is None else step_kinds(steps(ctx, state))[1]
            legal = listing(state)
            last[0] = (state, legal)
            return legal

        def seat_and_legal(state: Any) -> tuple[int | None, tuple[Any, ...]]:
            if over(state):
                return None, ()
            listing = fixed if steps is None else step_kinds(steps(ctx, state))[1]
            legal = listing(state)
            last[0] = (state, legal)
            return (to_move(state) if turn is None else turn(ctx, state)), legal

        return legal_actions, seat_and_legal

    def _compose_check(self) -> Callable[[Any, object], Violation | None]:
        ctx, over, steps, checks = self.ctx, self.is_over, self.steps, self.checks
        malformed, step_kinds, name = self.malformed, self.step_kinds, self.game.name
        fixed = step_kinds(self.listed)[0]

        def check(state: Any, action: object) -> Violation | None:
            kind = type(action)
            asked = checks.get(kind)
            if asked is None:
                return Violation("CORE-1", "foreign_action",
                                 {"action": repr(action)[:80], "game": name})
            if over(state):
                return Violation("CORE-2", "game_over")
            accepted = fixed if steps is None else step_kinds(steps(ctx, state))[0]
            if kind not in accepted:
                return self.wrong_step(state, kind, accepted)
            refusal = malformed(state, action)
            if refusal is not None:
                return refusal
            for rule_check, rule, with_action in asked:
                answer = rule_check(ctx, state, action) if with_action else rule_check(ctx, state)
                if answer is not None:
                    return explain(rule, answer)
            return None

        return check

    def _compose_apply(self) -> Callable[..., Any]:
        ctx, effects, last, draft, freeze = (
            self.ctx, self.effects, self.last, self.draft, self.freeze
        )
        check = self.check

        def apply(state: Any, action: Any, events: list[Any] | None = None) -> Any:
            listed = last[0]
            if listed is None or listed[0] is not state or not any(
                map(is_, repeat(action), listed[1])
            ):
                refusal = check(state, action)
                if refusal is not None:
                    raise IllegalAction(refusal)
            if draft is None:
                for effect in effects[type(action)]:
                    state = effect(ctx, state, action, events)
                return state
            work = draft(state, events)
            for effect in effects[type(action)]:
                work = effect(ctx, work, action, events)
            return freeze(work)

        return apply

    def _compose_score(self) -> Callable[[Any], Any]:
        ctx, score = self.ctx, self.score
        if score is None:
            return self._no_score

        def scored(state: Any) -> Any:
            return score(ctx, state)

        kept = functools.lru_cache(maxsize=256)(scored)

        def score_of(state: Any) -> Any:
            try:
                return kept(state)
            except TypeError:  # a state that does not hash: scored as it is
                return score(ctx, state)

        return score_of

    def _no_score(self, state: Any) -> Any:
        raise NotImplementedError(f"no rule of {self.game.name} states the score")

    def _compose_step(self) -> Callable[[Any, Any], Transition[Any, Any]]:
        apply = self.apply

        def step(state: Any, action: Any) -> Transition[Any, Any]:
            events: list[Any] = []
            return _transition(apply(state, action, events), tuple(events))

        return step
