"""Which rules decided each step of a game: a twin of the game whose rule units tell.

A rule decides a step when one of its checks is asked and refuses (a candidate of the
step's listing, or a whole kind of action), or when one of its effects changes the state
or announces what happened (an event); a unit's facts count when they are read (by
another rule or its own). The engine asks the checks and runs the effects
(:mod:`boardrules.core.engine`); so :class:`Trace` makes a twin of the game whose rulebook
is the game's own with every check and effect replaced by one that does the same and
counts its answer, and plays the twin. Effects a rule runs inside another (Orbita's phases
run in ORB-6's effect after every action, Lyceum's moments in the turn's) are the
rulebook's too, asked through the rules' context, so they count for their own rule.

An effect on the state itself changed it when it returns another state; on a working copy
(``GameBase.draft``: Lyceum's ``Work``, Orbita's ``Draft``) when one of the copy's fields
holds another object afterwards, or a list or dict field another item (a change deeper
inside a field's items is not seen).

The parts a unit states run at every step (``turn``, ``steps``, ``end``), at every game
(``setup``, ``score``) or when a seat looks (``view``); :attr:`Trace.parts` names their
units.

>>> from boardrules.games import semya
>>> trace = Trace(semya.Game())
>>> state = trace.game.new(seed=3, first=0)
>>> trace.decided(state, trace.game.legal_actions(state)[0])
(('SEM-5', 'refused'), ('SEM-6', 'changed'), ('SEM-6', 'read'))
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable
from typing import Any

import attrs

from boardrules.core.rules import takes_action

__all__ = ["Trace"]

#: What a rule did at a step: its check refused, its effect changed the state, or its fact
#: was read; and whether it was reached at all: its check asked, its effect run.
REFUSED, CHANGED, READ, ASKED, RUN = "refused", "changed", "read", "asked", "run"


def _snapshot(sample: Any) -> Callable[[Any], tuple[Any, ...]] | None:
    """What a working copy of ``sample``'s class holds, as one tuple compared item by item:
    every field, and the items of those that are lists or dicts (changed in place);
    ``None`` for effects that return the next state."""
    if sample is None:
        return None
    names = [name for cls in type(sample).__mro__ for name in getattr(cls, "__slots__", ())]
    names = [name for name in names if hasattr(sample, name)]
    fields = operator.attrgetter(*names)
    lists = [n for n in names if type(getattr(sample, n)) is list]
    dicts = [n for n in names if type(getattr(sample, n)) is dict]
    if not lists and not dicts:
        return fields  # a tuple of the fields, made in C
    each = operator.attrgetter(*lists, *dicts)

    def snapshot(work: Any) -> tuple[Any, ...]:
        inner = each(work) if len(lists) + len(dicts) > 1 else (each(work),)
        out = list(fields(work))
        for i, value in enumerate(inner):
            out += value if i < len(lists) else value.values()
        return tuple(out)

    return snapshot


class Trace:
    """A game's twin that counts, per rule, the steps at which the rule decided.

    Play :attr:`game` (the twin: the same rules, the same games) and call :meth:`tick`
    before each step; :meth:`take` gives, per ``(rule ID, "refused" | "changed" |
    "read")``, the steps at which that rule's checks refused, its effects changed the
    state, or its fact was read, and per ``(rule ID, "asked" | "run")`` the steps
    at which its checks were asked or its effects run, whatever they answered (so a rule
    never counted was never reached); :meth:`ender` is the rule that ended a finished
    game.

    Attributes:
        game: the twin.
        parts: per part of the game (``"turn"``, ``"setup"`` ...), the IDs of the units
            that state it.
    """

    __slots__ = ("_cells", "_clock", "_seen", "game", "parts")

    def __init__(self, game: Any) -> None:
        book = game.rulebook
        #: Per (rule, what): the last step counted and the steps counted.
        self._cells: dict[tuple[str, str], list[int]] = {}
        self._clock = [0, 0]  # the step, and the step of the last take()
        #: The working copy the last effect left, and its snapshot: the next effect on
        #: the same copy starts from it (the cell keeps the copy alive, so no other copy
        #: can take its place).
        self._seen: list[Any] = [None, ()]
        self.parts = {
            part: tuple(rule.id for rule in book if getattr(rule, part) is not None)
            for part in ("setup", "turn", "steps", "end", "score", "view")
        }
        snapshot = _snapshot(game.draft(game.new(0), None) if game.works_on_a_copy() else None)
        replace = {
            rule.id: attrs.evolve(
                rule,
                checks={k: self._check(rule.id, c) for k, c in rule.checks.items()},
                effects={k: self._effect(rule.id, e, snapshot) for k, e in rule.effects.items()},
                facts={name: self._fact(rule.id, f) for name, f in rule.facts.items()},
            )
            for rule in book
            if rule.checks or rule.effects or rule.facts
        }
        self.game = game.with_rules(replace=replace, name=f"{game.variant or 'rulebook'} traced")

    def ender(self) -> str | None:
        """Of the rules whose effects acted at the latest step since :meth:`take`, the last
        in rulebook order: in a finished game, the rule that ended it (7Я's SEM-9, Orbita's
        ORB-22)."""
        steps = {rule: cell[0] for (rule, what), cell in self._cells.items()
                 if what == CHANGED and cell[0] > self._clock[1]}
        latest = max(steps.values(), default=0)
        found = [rule for rule, step in steps.items() if step == latest]
        return found[-1] if found else None

    def tick(self) -> None:
        """A new step begins: a rule counts once per step however often it decides."""
        self._clock[0] += 1

    def take(self) -> dict[tuple[str, str], int]:
        """The steps counted so far (of one game, say), and a fresh start."""
        found = {}
        self._clock[1] = self._clock[0]
        for key, cell in self._cells.items():
            if cell[1]:
                found[key] = cell[1]
                cell[1] = 0
        return found

    def decided(self, state: Any, action: Any) -> tuple[tuple[str, str], ...]:
        """What each rule decided at one step: the twin lists ``state``'s legal actions
        and applies ``action``; ``(rule ID, "refused" | "changed" | "read")`` in rulebook
        order."""
        before = self.take()
        self.tick()
        self.game.legal_actions(state)
        self.game.apply(state, action, [])
        found = [key for key in self.take() if key[1] not in (ASKED, RUN)]
        for key, count in before.items():
            self._cells[key][1] = count
        order = {rule.id: i for i, rule in enumerate(self.game.rulebook)}
        return tuple(sorted(found, key=lambda key: (order.get(key[0], -1), key[1])))

    def _cell(self, rule: str, what: str) -> list[int]:
        return self._cells.setdefault((rule, what), [0, 0])

    def _check(self, rule: str, check: Callable[..., Any]) -> Callable[..., Any]:
        cell, asked, clock = self._cell(rule, REFUSED), self._cell(rule, ASKED), self._clock
        if takes_action(check):

            def of_action(ctx: Any, state: Any, action: Any) -> Any:
                answer = check(ctx, state, action)
                if asked[0] != clock[0]:
                    asked[0] = clock[0]
                    asked[1] += 1
                if answer is not None and cell[0] != clock[0]:
                    cell[0] = clock[0]
                    cell[1] += 1
                return answer

            return functools.update_wrapper(of_action, check)

        def of_kind(ctx: Any, state: Any) -> Any:
            answer = check(ctx, state)
            if asked[0] != clock[0]:
                asked[0] = clock[0]
                asked[1] += 1
            if answer is not None and cell[0] != clock[0]:
                cell[0] = clock[0]
                cell[1] += 1
            return answer

        return functools.update_wrapper(of_kind, check)

    def _fact(self, rule: str, fact: Callable[..., Any]) -> Callable[..., Any]:
        cell, clock = self._cell(rule, READ), self._clock

        def read(*args: Any) -> Any:
            if cell[0] != clock[0]:
                cell[0] = clock[0]
                cell[1] += 1
            return fact(*args)

        return functools.update_wrapper(read, fact)

    def _effect(self, rule: str, effect: Callable[..., Any],
                snapshot: Callable[[Any], tuple[Any, ...]] | None) -> Callable[..., Any]:
        cell, clock, seen = self._cell(rule, CHANGED), self._clock, self._seen
        run = self._cell(rule, RUN)
        if snapshot is None:

            def on_state(ctx: Any, state: Any, action: Any, events: list[Any] | None) -> Any:
                heard = -1 if events is None else len(events)
                out = effect(ctx, state, action, events)
                if run[0] != clock[0]:
                    run[0] = clock[0]
                    run[1] += 1
                if (out is not state or (events is not None and len(events) != heard)) \
                        and cell[0] != clock[0]:
                    cell[0] = clock[0]
                    cell[1] += 1
                return out

            return functools.update_wrapper(on_state, effect)

        def on_copy(ctx: Any, work: Any, action: Any, events: list[Any] | None) -> Any:
            heard = -1 if events is None else len(events)
            before = seen[1] if seen[0] is work else snapshot(work)
            out = effect(ctx, work, action, events)
            if run[0] != clock[0]:
                run[0] = clock[0]
                run[1] += 1
            after = snapshot(out)
            seen[0], seen[1] = out, after
            if cell[0] != clock[0] and (
                (events is not None and len(events) != heard)
                or len(after) != len(before) or not all(map(operator.is_, after, before))
            ):
                cell[0] = clock[0]
                cell[1] += 1
            return out

        return functools.update_wrapper(on_copy, effect)
