"""Find a game that reaches a situation: a guided, seeded search, then shrinking.

A designer describes a situation, not a position: a rule deciding something (its check
refused a candidate of a step's listing, or its effect changed the state), a refusal code
(some action of the game's vocabulary refused with that code), an event kind, the rule that
ended the game, or any predicate of the state and the last step's events. :func:`find`
plays games toward it and hands back the shortest it could make, as a record that
:func:`boardrules.replay` and ``Table.from_record`` replay.

The search keeps a corpus of games that did something new (a rule deciding, an event, a
refusal, a step, a seat, a length never seen before) and plays on from a random point of
one of them, as coverage-guided fuzzers do; a game is its seed and its *choices*, the index
of each action in the listing of its state. The found game is then shrunk as Hypothesis
shrinks a counterexample: blocks of choices deleted, choices lowered, never a longer game; shrinking
plays as many moves again as the search did (at least :data:`SHRINK`, and a hundred replays of
the game found).
Everything is drawn from the search's seed, so the same call finds the same game.

A game that can list every start it has (a ``setups()`` hook: Kuhn poker's six deals) is
searched exhaustively instead, breadth first, so the game found is a shortest one and
"not found" means impossible.

>>> from boardrules.games import semya
>>> found = find(semya.Game(), rule="SEM-8", seed=1, budget=20_000)
>>> bool(found), found.record.actions[-1]
(True, PlayFool())
>>> from boardrules.games import kuhn
>>> print(find(kuhn.Game(), event="hand_ended", budget=100).summary())
found at move 2 of 2 (event hand_ended): searched exhaustively, 6 starts, 14 moves
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from boardrules.agents.base import check_agents
from boardrules.core.codec import union_members
from boardrules.core.errors import BadInput
from boardrules.core.record import GameRecord
from boardrules.core.rng import Rng
from boardrules.core.trace import Trace
from boardrules.labels import game_hook
from boardrules.serde import tag_of

__all__ = ["Found", "Target", "every_rule", "find"]

#: Actions of the vocabulary checked per state for a refusal target (a sample of larger ones).
PROBES = 48
#: The fewest moves shrinking may play (else as many as the search played before it).
SHRINK = 3_000


@attrs.frozen
class Target:
    """What to reach; the first of these that is set decides.

    Attributes:
        rule: a rule ID that decides: one of its effects changed the state or told an event
            (``"SEM-8"``: the Fool played), or, for a rule of checks alone, one of its
            checks refused a candidate of a step's listing (``"SEM-5"``).
        refusal: a refusal code some action of the vocabulary meets (``"wrong_start"``).
        event: an event kind, by its tag (``"fool_played"``).
        end: the rule that ended the game (``"SEM-9"``).
        where: a predicate of the state after a step and that step's events.
    """

    rule: str | None = None
    refusal: str | None = None
    event: str | None = None
    end: str | None = None
    where: Callable[[Any, tuple[Any, ...]], bool] | None = None

    def describe(self) -> str:
        """The target in words: ``"rule SEM-8"``."""
        for name in ("rule", "refusal", "event", "end"):
            value = getattr(self, name)
            if value is not None:
                return f"{name} {value}"
        return "the situation described"


@attrs.frozen
class Found:
    """What :func:`find` found, and how much it searched.

    Attributes:
        record: the game found, ending at the move where the target holds (``None``: none).
        target: the target in words.
        moves: the moves played by the search and the shrinking together.
        games: the games (or, searched exhaustively, the starts) tried.
        seconds: the time it took.
        exhaustive: the search covered every game there is (so ``None`` means impossible).
        first: the length of the game first found, before shrinking.
    """

    record: GameRecord | None
    target: str
    moves: int
    games: int
    seconds: float
    exhaustive: bool = False
    first: int | None = None

    def __bool__(self) -> bool:
        return self.record is not None

    def summary(self) -> str:
        """One honest sentence: where it was found, or how much was searched in vain."""
        games, moves = _count(self.games, "game"), _count(self.moves, "move")
        if self.exhaustive:
            how = f"searched exhaustively, {_count(self.games, 'start')}, {moves}"
        else:
            how = f"searched {games}, {moves}, {self.seconds:.2f} s"
        if self.record is None:
            if self.exhaustive:
                return f"no game reaches {self.target}: {how}"
            return f"not found within the budget ({self.target}; not shown impossible): {how}"
        n = len(self.record.actions)
        return f"found at move {n} of {self.first or n} ({self.target}): {how}"


def _count(n: int, noun: str) -> str:
    """``n`` and the English noun in its number: ``1 game``, ``2 games``."""
    return f"{n} {noun}{'s' * (n != 1)}"


class _Search:
    """Plays games as (seed, choices) on the game's traced twin and tells where a target
    holds; counts the moves it plays."""

    def __init__(self, game: Any, target: Target, setup: dict[str, Any],
                 agents: Sequence[Any] | None) -> None:
        self.game, self.target, self.setup, self.agents = game, target, setup, agents
        self.trace = Trace(game)
        self.twin = self.trace.game
        vocabulary = game_hook(game, "vocabulary")
        self.vocabulary = tuple(vocabulary()) if target.refusal and vocabulary else ()
        self.moves = 0
        self.bound = game.max_moves()
        self.acts = _acts(game, target.rule) if target.rule is not None else ""

    def _refused(self, state: Any, rng: Rng) -> bool:
        words = self.vocabulary
        if len(words) > PROBES:
            words = tuple(words[rng.below(len(words))] for _ in range(PROBES))
        code = self.target.refusal
        return any((v := self.game.check(state, a)) is not None and v.code == code
                   for a in words)

    def play(self, seed: int, choices: Sequence[int], extend: Rng | None,
             seen: set[Any] | None = None) -> tuple[int | None, list[int]]:
        """Play ``choices`` from ``seed``, then, with ``extend``, random or
        agents' choices to the end; the move (from 1) at which the target first holds, or
        ``None``, and the choices played. New features go into ``seen``."""
        target, twin, trace = self.target, self.twin, self.trace
        state = twin.new(seed, **self.setup)
        trace.take()
        played: list[int] = []
        probe = Rng.derive(seed, "explore-probe")
        # Half of the games played on are the agents' from where the choices end.
        agents = self.agents if extend is not None and extend.below(2) else None
        for step in range(self.bound):
            trace.tick()
            seat, legal = twin.seat_and_legal(state)
            if target.refusal is not None and self._refused(state, probe):
                return step, played
            if seat is None:
                break
            if step < len(choices):
                choice = choices[step] % len(legal)
            elif extend is None:
                return None, played
            elif agents is not None:
                agent = agents[seat % len(agents)]
                action = agent.choose(self.game, self.game.view(state, seat), seat, extend)
                choice = legal.index(action)
            else:
                choice = extend.below(len(legal))
            played.append(choice)
            events: list[Any] = []
            state = twin.apply(state, legal[choice], events)
            self.moves += 1
            over = twin.is_over(state)
            ender = trace.ender() if over else None
            decided = trace.take()
            if seen is not None:
                seen.update(decided)
                seen.update(tag_of(type(e)) for e in events)
                seen.add((seat, len(legal) > 1, step // 8))
            if self._holds(decided, events, state, ender):
                return step + 1, played
        return None, played

    def _holds(self, decided: dict[tuple[str, str], int], events: list[Any], state: Any,
               ender: str | None) -> bool:
        t = self.target
        if t.rule is not None:
            return (t.rule, self.acts) in decided
        if t.event is not None:
            return any(tag_of(type(e)) == t.event for e in events)
        if t.end is not None:
            return ender == t.end
        return t.where is not None and bool(t.where(state, tuple(events)))

    def shrink(self, seed: int, choices: list[int], budget: int) -> list[int]:
        """Fewer moves, then lower choices, as long as the target still holds and the
        budget lasts; never longer."""
        best = choices

        def better(candidate: list[int]) -> bool:
            nonlocal best
            hit, _ = self.play(seed, candidate, None)
            if hit is None or self.moves > budget:
                return False
            best = candidate[:hit]
            return True

        improved = True
        while improved and self.moves <= budget:
            improved = False
            for size in (8, 4, 2, 1):
                i = 0
                while i < len(best) and self.moves <= budget:
                    if better(best[:i] + best[i + size:]):
                        improved = True
                    else:
                        i += 1
            i = 0
            while i < len(best) and self.moves <= budget:
                lowered = any(better([*best[:i], lower, *best[i + 1:]])
                              for lower in sorted({0, best[i] // 2, best[i] - 1})
                              if lower < best[i])
                improved = improved or lowered
                i += 1
        return best

    def record(self, seed: int, choices: Sequence[int], setup: dict[str, Any]) -> GameRecord:
        game = self.game
        state, actions = game.new(seed, **setup), []
        for choice in choices:
            legal = game.legal_actions(state)
            actions.append(legal[choice % len(legal)])
            state = game.apply(state, actions[-1])
        record: GameRecord = game.record(seed, tuple(actions), **setup)
        return record


def _acts(game: Any, rule_id: str) -> str:
    """How the rule ``rule_id`` decides: its effects change the state (``"changed"``); a
    rule of checks alone refuses (``"refused"``); a rule of facts alone is read by another
    (``"read"``). A rule of terms, or of parts (setup, turn, score, view ...), decides
    nothing a search could find: ``BadInput`` says why."""
    if rule_id not in game.rulebook.ids:
        raise BadInput("$.rule", f"{game.name} has no rule {rule_id!r}; its rules: "
                       + ", ".join(game.rulebook.ids))
    rule = game.rulebook.rule(rule_id)
    if rule.effects:
        return "changed"
    if rule.checks:
        return "refused"
    if rule.behaviour() == ("facts",):
        return "read"
    raise BadInput("$.rule", f"{rule_id}: {_never(rule)}")


def _never(rule: Any) -> str:
    if rule.terms:
        return "it defines terms and decides nothing"
    return (f"it states the game's {', '.join(rule.parts())}, run in every game: nothing "
            "to search for")


def find(
    game: Any,
    where: Callable[[Any, tuple[Any, ...]], bool] | None = None,
    *,
    rule: str | None = None,
    refusal: str | None = None,
    event: str | None = None,
    end: str | None = None,
    seed: int = 0,
    budget: int = 50_000,
    seconds: float | None = None,
    agents: Sequence[Any] | None = None,
    setup: dict[str, Any] | None = None,
    shrink: bool = True,
) -> Found:
    """Search for a game of ``game`` that reaches the target and return the shortest found.

    Args:
        game: the game (a variant too).
        where: a predicate ``where(state, events)`` of the state after a step and its events.
        rule: a rule ID that decides (:class:`Target`).
        refusal: a refusal code an action of the vocabulary meets.
        event: an event kind, by its tag.
        end: the rule that ended the game.
        seed: the search's seed: the same call finds the same game.
        budget: moves the search may play (shrinking included).
        seconds: a time limit besides the budget.
        agents: agents that play half of the games the search plays on, from where their
            choices end (seat ``i`` by ``agents[i % len(agents)]``).
        setup: keyword arguments for ``game.new``.
        shrink: make the game found as short and as simple as it can, playing as many moves
            again as the search did (at least :data:`SHRINK`, and a hundred replays of the
            game found).

    Raises:
        BadInput: for a rule the game does not have, or one that decides nothing (terms,
            parts alone: ``$.rule``), an event kind the game does not have (``$.event``), a
            rule ``end`` names that the game does not have, or an agent the game cannot
            serve (``$.agents[i]``).
    """
    target = Target(rule, refusal, event, end, where)
    if event is not None:
        kinds = sorted(tag_of(kind) for kind in union_members(game.event_type) or
                       (game.event_type,) if isinstance(kind, type))
        if kinds and event not in kinds:
            raise BadInput("$.event", f"{game.name} has no event kind {event!r}; its kinds: "
                           + ", ".join(kinds))
    if end is not None and end not in game.rulebook.ids:
        raise BadInput("$.end", f"{game.name} has no rule {end!r}; its rules: "
                       + ", ".join(game.rulebook.ids))
    setup = dict(setup or {})
    if agents is not None:
        check_agents(game, agents)
    search = _Search(game, target, setup, agents)
    started = time.perf_counter()
    setups = game_hook(game, "setups")
    if setups is not None and not setup:
        return _exhaustive(search, list(setups()), budget, started)
    rng = Rng.derive(seed, "explore")
    corpus: list[tuple[int, list[int]]] = []
    seen: set[Any] = set()
    games = 0
    while search.moves < budget and (seconds is None or time.perf_counter() - started < seconds):
        games += 1
        if corpus and rng.below(4):
            start_seed, base = corpus[rng.below(len(corpus))]
            prefix = base[:rng.below(len(base) + 1)]
        else:
            start_seed, prefix = rng.next() & (2**63 - 1), []
        known = len(seen)
        hit, played = search.play(start_seed, prefix, rng, seen)
        if hit is not None:
            first = played[:hit]
            # Shrinking may play as many moves again as the search did, at least SHRINK
            # and a hundred replays of the game found.
            effort = search.moves + max(SHRINK, search.moves, 100 * len(first))
            best = search.shrink(start_seed, first, effort) if shrink else first
            return Found(search.record(start_seed, best, setup), target.describe(),
                         search.moves, games, time.perf_counter() - started, first=len(first))
        if len(seen) > known:
            corpus.append((start_seed, played))
    return Found(None, target.describe(), search.moves, games, time.perf_counter() - started)


def _exhaustive(search: _Search, setups: Iterable[dict[str, Any]], budget: int,
                started: float) -> Found:
    """Breadth first over every start and every sequence of choices: the first game that
    reaches the target is a shortest one."""
    game = search.game
    starts = [(0, s) for s in setups]
    frontier: list[tuple[int, dict[str, Any], list[int]]] = [(0, s, []) for _, s in starts]
    while frontier and search.moves <= budget:
        following = []
        for seed, setup, choices in frontier:
            search.setup = setup
            hit, played = search.play(seed, choices, None)
            if hit is not None and hit <= len(choices):
                return Found(search.record(seed, played[:hit], setup), search.target.describe(),
                             search.moves, len(starts), time.perf_counter() - started,
                             exhaustive=True, first=hit)
            state = game.new(seed, **setup)
            for choice in choices:
                state = game.apply(state, game.legal_actions(state)[choice])
            following += [(seed, setup, [*choices, i])
                          for i in range(len(game.legal_actions(state)))]
        frontier = following
    return Found(None, search.target.describe(), search.moves, len(starts),
                 time.perf_counter() - started, exhaustive=not frontier)


def every_rule(game: Any, *, seed: int = 0, budget: int = 20_000,
               setup: dict[str, Any] | None = None) -> dict[str, Found | str]:
    """For each rule of ``game`` (its variant's, for a variant), the shortest game found in
    which it decides something, or why none is listed: it only defines terms, or it was not
    reached within ``budget`` moves (or, searched exhaustively, it never decides), or it
    states parts only (the setup, the turn, the score ...) that run in every game."""
    out: dict[str, Found | str] = {}
    for rule in game.rulebook:
        try:
            found = find(game, rule=rule.id, seed=seed, budget=budget, setup=setup)
        except BadInput:
            out[rule.id] = _never(rule)
            continue
        out[rule.id] = found if found else found.summary()
    return out
