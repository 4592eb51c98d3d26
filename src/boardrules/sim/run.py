"""``simulate``: play N seeded games between agents, in chunks, on any executor."""

from __future__ import annotations

import itertools
import os
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, Literal, NamedTuple, TypeVar

import attrs

from boardrules.agents.base import (
    Agent,
    ChoosesAmongLegal,
    agent_streams_each,
    check_agents,
)
from boardrules.core.errors import BadInput
from boardrules.core.frozen import FrozenMap
from boardrules.core.game import appends_events
from boardrules.core.record import GameRecord
from boardrules.core.rng import Rng
from boardrules.labels import game_hook
from boardrules.serde import tag_of

__all__ = [
    "PROBE_EVERY",
    "PROBE_LIMIT",
    "PROBE_SAMPLED_ACTIONS",
    "SINGLE_THREADED_PLATFORMS",
    "GameResult",
    "Probe",
    "SimulationResult",
    "Summary",
    "check_study",
    "iter_games",
    "label_content",
    "local_pool",
    "seats_of",
    "simulate",
    "study_seeds",
]

#: Refusal probing checks the whole vocabulary at each step when it has at most this many
#: actions, else this many drawn uniformly (with replacement) from the game's own stream.
PROBE_LIMIT = 256
#: Sampled probing (``probe_refusals="sampled"``) probes about one state in this many...
PROBE_EVERY = 32
#: ... with at most this many actions of the vocabulary, drawn from the game's own stream.
PROBE_SAMPLED_ACTIONS = 32

#: How a study probes refusals: ``False`` (off), ``True`` (every state reached, the whole
#: vocabulary or :data:`PROBE_LIMIT` actions of it) or ``"sampled"`` (one state in about
#: :data:`PROBE_EVERY`, :data:`PROBE_SAMPLED_ACTIONS` actions each: cheap enough to be on
#: by default in ``boardrules simulate``).
Probe = bool | Literal["sampled"]


#: Platforms (``sys.platform``) whose Python can start neither processes nor threads:
#: Pyodide in a browser or in Node (``"emscripten"``) and WASI. There a named pool
#: (``executor="processes"`` or ``"threads"``) runs the games in this process instead.
SINGLE_THREADED_PLATFORMS = frozenset({"emscripten", "wasi"})

#: What starting a pool, a worker process or a thread raises where the platform has none.
_CANNOT_START = (ImportError, NotImplementedError, OSError, RuntimeError)


def local_pool(kind: Literal["processes", "threads"], workers: int | None = None
               ) -> Executor | None:
    """A pool of ``workers`` (all cores by default) local processes or threads, or ``None``
    where the platform cannot start them (see :data:`SINGLE_THREADED_PLATFORMS`), so the
    caller runs the work in this process.

    >>> pool = local_pool("threads", 2)
    >>> pool is None or pool.submit(sum, (1, 2)).result() == 3
    True
    >>> if pool is not None:
    ...     pool.shutdown()
    """
    if sys.platform in SINGLE_THREADED_PLATFORMS:
        return None
    workers = workers or os.cpu_count() or 1
    try:
        if kind == "processes":
            return ProcessPoolExecutor(max_workers=workers)
        return ThreadPoolExecutor(max_workers=workers)
    except _CANNOT_START:
        return None


def _probe_plan(probe: Probe) -> tuple[int, int]:
    """``(one state in every, actions per state)`` for a probing mode; ``(0, 0)`` when off."""
    if probe is True:
        return 1, PROBE_LIMIT
    if probe == "sampled":
        return PROBE_EVERY, PROBE_SAMPLED_ACTIONS
    if probe is False:
        return 0, 0
    raise BadInput("$.probe_refusals", f"False, True or 'sampled', not {probe!r:.40}")


@attrs.frozen
class GameResult:
    """One simulated game.

    Attributes:
        index: the game's number in the study, from 0.
        seed: the seed the game was played from.
        agents: the agent name at each seat.
        winners: the winning seats.
        points: each seat's points.
        length: the number of actions.
        events: how many events of each type happened (by the event's ``type`` tag).
        rules: how often each rule ID was behind an event (the event's ``rule`` field, else
            the game's ``event_rule`` hook), such as SEM-9.
        refusals: when the study probes them, how often each rule ID refused an action of
            the game's vocabulary (``game.vocabulary()``) in the states the game went through.
        content: the game's own tallies of content (its ``tally(state, events)`` hook), such
            as which card ended a 7Я game, keyed by the game's ids.
        groups: for each grouping the game names with its ``seat_groups`` hook (Lyceum's
            character, Orbita's starting specialisation), each seat's label.
        record: the record, when the study keeps them.
        acted: for each rule ID, the actions at which the rule acted: its effects handled
            the action's class, or an event of that action is attributed to it (see
            ``rules``). An effect that runs after every action counts only through its
            events.
        actions: how many actions of each kind (the action's ``type`` tag) were played.
        probed: how many reached states were probed for refusals (0: probing was off).
    """

    index: int
    seed: int
    agents: tuple[str, ...]
    winners: tuple[int, ...]
    points: tuple[int, ...]
    length: int
    events: FrozenMap[str, int]
    rules: FrozenMap[str, int]
    refusals: FrozenMap[str, int] = attrs.field(factory=FrozenMap)
    content: FrozenMap[str, int] = attrs.field(factory=FrozenMap)
    record: GameRecord | None = None
    groups: FrozenMap[str, tuple[str, ...]] = attrs.field(factory=FrozenMap)
    acted: FrozenMap[str, int] = attrs.field(factory=FrozenMap)
    actions: FrozenMap[str, int] = attrs.field(factory=FrozenMap)
    probed: int = 0


def study_seeds(study_seed: int, games: range, seats: int) -> tuple[list[int], list[list[Rng]]]:
    """The seed of each of a study's ``games`` and its seats' agents' streams, derived all
    at once: game ``i`` is played from ``Rng.derive(study_seed, "game", i).next()`` and its
    agents draw from ``agent_streams(seed, seats)`` (what :func:`simulate` plays, so a
    front-end or another engine can play the same games).

    >>> from boardrules.agents.base import agent_streams
    >>> seeds, streams = study_seeds(7, range(3, 5), 2)
    >>> seeds[1] == Rng.derive(7, "game", 4).next()
    True
    >>> [r.state for r in streams[1]] == [r.state for r in agent_streams(seeds[1], 2)]
    True
    """
    shared = Rng.derive(study_seed, "game").state  # the label mixed once for all games
    seeds = Rng.derive_each(Rng.derive_each([shared] * len(games), games), 0)  # each next()
    return seeds, agent_streams_each(seeds, seats)


def _effect_rules(game: Any) -> Callable[[type], tuple[str, ...]]:
    """For an action class, the IDs of the rules whose effects handle that class itself
    (effects under ``object``, which run after every action, are left to their events)."""
    rules = tuple(game.rulebook)
    cache: dict[type, tuple[str, ...]] = {}

    def lookup(kind: type) -> tuple[str, ...]:
        found = cache.get(kind)
        if found is None:
            found = cache[kind] = tuple(
                rule.id for rule in rules
                if any(k is not object and k in kind.__mro__ for k in rule.effects)
            )
        return found

    return lookup


def rule_ids(game: Any) -> tuple[str, ...]:
    """The game's rule IDs in rulebook order (its variant's, for a variant)."""
    return tuple(rule.id for rule in game.rulebook)


def rules_with_code(game: Any) -> tuple[str, ...]:
    """The IDs of the rules that have checks or effects (the rest describe setup, scoring
    or views, and never act in play)."""
    return tuple(rule.id for rule in game.rulebook if rule.checks or rule.effects)


#: What a summary reads of one game besides the sums of a :class:`_Tally`: the seating (the
#: rotation), the winners, the points, the kind of each action in order, the rule of each
#: action at which a rule acted through its events, and its groupings (items in order). The
#: game's content tally is summed as the game ends (:class:`_Tally`): in a long game it is
#: a few hundred keys, and no two games share them.
_Shape = tuple[int, tuple[int, ...], tuple[int, ...], tuple[type, ...], tuple[str, ...],
               tuple[tuple[str, tuple[str, ...]], ...]]


class _Tally:
    """The sums a player counts while it plays, each in the order first seen: of one game
    (for its :class:`GameResult`) or of a chunk of games (for its :class:`Summary`).

    ``shapes`` counts a chunk's games by their :data:`_Shape`, so that a summary counts
    each shape once, times the games that had it (a Kuhn poker hand has a handful); the
    shapes of the latest games wait in ``fresh`` to be counted in C (:meth:`count_fresh`),
    one hash each.
    """

    __slots__ = ("content", "content_games", "events", "fresh", "kinds", "probed", "refusals",
                 "rules", "shapes")

    def __init__(self) -> None:
        self.content: dict[str, int] = {}
        #: For each content key, the games in which it counted at least once.
        self.content_games: dict[str, int] = {}
        self.events: dict[type, int] = {}
        self.rules: dict[str, int] = {}
        self.refusals: dict[str, int] = {}
        self.probed = 0
        self.shapes: Counter[_Shape] = Counter()
        self.fresh: list[_Shape] = []
        #: The events counted by kind (class and rule) while the games are played, each in
        #: the order first seen; :meth:`count_kinds` adds them to ``events`` and ``rules``.
        self.kinds: dict[_Kind, int] = {}

    def count_kinds(self) -> None:
        """Add the events counted by kind to ``events`` (by class) and ``rules`` (by rule
        ID): each class and each rule reaches them at its first event, as if its events
        were counted there in turn."""
        events, rules = self.events, self.rules
        for kind, times in self.kinds.items():
            cls, rule = kind.cls, kind.rule
            events[cls] = events.get(cls, 0) + times
            if rule is not None:
                rules[rule] = rules.get(rule, 0) + times
        self.kinds.clear()

    def count_fresh(self) -> None:
        """Count the shapes waiting in ``fresh`` into ``shapes`` (in the order first seen)."""
        self.shapes.update(self.fresh)
        self.fresh.clear()

    def absorb(self, other: _Tally) -> None:
        """Add the sums of ``other`` (a game played after this tally's games)."""
        self.count_kinds()
        other.count_kinds()
        for kind, count in other.events.items():
            self.events[kind] = self.events.get(kind, 0) + count
        for mine, theirs in ((self.rules, other.rules), (self.refusals, other.refusals),
                             (self.content, other.content),
                             (self.content_games, other.content_games)):
            for key, count in theirs.items():
                mine[key] = mine.get(key, 0) + count
        self.probed += other.probed


def _stepped_into(game: Any) -> Callable[[Any, Any, list[Any]], Any]:
    """``apply(state, action, events)`` through ``game.step``, for a game whose ``apply``
    takes no list for the events."""
    step = game.step

    def into(state: Any, action: Any, events: list[Any]) -> Any:
        transition = step(state, action)
        events.extend(transition.events)
        return transition.state

    return into


#: How many shapes of games a tally keeps waiting, at most, before it counts them.
_FRESH = 1024

#: How many games' seeds a player that plays its study's chunks in turn derives at once.
_SEEDS_AHEAD = 256


class _Kind:
    """A kind of event in a study's counts: its class and the rule behind it (``None``:
    none). Made once per study for each (``_Player.kinds``), so that a game counts its
    events in one table keyed by identity, whose keys hash in no time."""

    __slots__ = ("cls", "rule")

    def __init__(self, cls: type, rule: str | None) -> None:
        self.cls, self.rule = cls, rule


#: ``class_rules.get(cls, _ASK)``: the class is not known to have one rule behind it.
_ASK: Any = object()


def _counts(kinds: Sequence[type]) -> dict[type, int]:
    """How many of each kind, in the order first seen."""
    if len(kinds) > 32:  # a long game: counted in C (a ``Counter`` costs more to make)
        return Counter(kinds)
    counts: dict[type, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    return counts


class _Player:
    """What every game of a study looks up once, prepared once per chunk: the game's hooks,
    the seatings, the rules behind each action class and each event class, the type tags."""

    __slots__ = ("ahead", "all_among", "amongs", "both", "bound", "choosers", "class_rules",
                 "effect_rules", "event_rule", "every", "game", "grouping", "handled", "horizon",
                 "into", "keep_record", "kinds", "limit", "names", "plain", "setup",
                 "study_seed", "tags", "tally", "vocabulary")

    def __init__(self, game: Any, agents: Sequence[Agent], study_seed: int,
                 setup: dict[str, Any], keep_record: bool, probe: Probe,
                 horizon: int | None = None) -> None:
        self.game, self.setup, self.keep_record = game, setup, keep_record
        #: The number of games in the study, when this player plays its chunks in turn
        #: (then :meth:`seeds` derives ahead of the chunk asked), else ``None``.
        self.horizon = horizon
        #: Seeds and streams derived ahead: (first game, seeds, streams).
        self.ahead: tuple[int, list[int], list[list[Rng]]] = (0, [], [])
        self.study_seed = study_seed
        # Seats rotate so every agent sits everywhere: game i seats agents[(seat + i) % n].
        n = len(agents)
        seatings = [[agents[(seat + turn) % n] for seat in range(n)] for turn in range(n)]
        self.choosers = [[agent.choose for agent in seated] for seated in seatings]
        #: Per seating, each agent's ``choose_among`` if it chooses among the legal actions
        #: alone (then it gets the state's listing and no view is made: CORE-5), else None.
        self.amongs = [
            [agent.choose_among if isinstance(agent, ChoosesAmongLegal) else None
             for agent in seated]
            for seated in seatings
        ]
        #: Per seating, whether every agent chooses among the legal actions: then the
        #: seat to move and its legal actions are asked at once (``seat_and_legal``).
        self.all_among = [None not in amongs for amongs in self.amongs]
        both = getattr(game, "seat_and_legal", None)
        self.both: Callable[[Any], tuple[int | None, Any]] = (
            both if callable(both) else lambda state: (game.to_move(state),
                                                       game.legal_actions(state)))
        self.names = [tuple([agent.name for agent in seated]) for seated in seatings]
        self.grouping = game_hook(game, "seat_groups")
        self.event_rule = game_hook(game, "event_rule")
        self.tally = game_hook(game, "tally")
        self.every, self.limit = _probe_plan(probe)
        vocabulary_hook = game_hook(game, "vocabulary") if self.every else None
        self.vocabulary = tuple(vocabulary_hook()) if vocabulary_hook is not None else ()
        self.effect_rules = _effect_rules(game)
        #: Per action class, ``effect_rules``' answer, looked up without a call per step.
        self.handled: dict[type, tuple[str, ...]] = {}
        self.tags: dict[type, str] = {}
        #: ``into(state, action, events)``: the state after ``action``, its events appended
        #: to ``events`` (a game's ``apply`` written out by the core takes the list; any
        #: other game's ``step`` gives them).
        self.into: Callable[[Any, Any, list[Any]], Any] = (
            game.apply if appends_events(game)
            else _stepped_into(game))
        #: A game's moves, at most (``max_moves``: the same for every game of the game object).
        self.bound = range(game.max_moves())
        #: Per action class, the event classes counted at it with one lookup: those whose
        #: events all have the same rule (or none) that the action class's effects state,
        #: with their :class:`_Kind` (:meth:`count_rule` finds them).
        self.plain: dict[type, dict[type, _Kind]] = {}
        #: The :class:`_Kind` of each event class and rule found so far, made once.
        self.kinds: dict[tuple[type, str | None], _Kind] = {}
        #: Per event class whose events all have the same rule behind them, that rule's ID
        #: (``None``: no rule): the game's ``event_rules`` hook, and the classes found to
        #: have none (no ``rule`` field and no ``event_rule`` hook). Other classes' events
        #: are asked one by one (:meth:`rule_of`).
        rules_hook = game_hook(game, "event_rules")
        self.class_rules: dict[type, str | None] = (
            dict(rules_hook()) if rules_hook is not None else {})

    def by_tag(self, counts: Mapping[type, int]) -> dict[str, int]:
        """Counts by class, added up by the classes' type tags (in the order first seen)."""
        tags = self.tags
        out: dict[str, int] = {}
        for kind, count in counts.items():
            tag = tags.get(kind)
            if tag is None:
                tag = tags[kind] = tag_of(kind)
            out[tag] = out.get(tag, 0) + count
        return out

    def rule_of(self, event: Any) -> str | None:
        """The rule ID behind ``event`` (of a class not in :attr:`class_rules`): its own
        ``rule`` field, else the ``event_rule`` hook's answer; a class with neither is
        remembered in :attr:`class_rules` as having no rule."""
        rule = getattr(event, "rule", None)
        if isinstance(rule, str):
            return rule
        if self.event_rule is None:
            if rule is None and not hasattr(event, "rule"):
                self.class_rules[type(event)] = None
            return None
        found = self.event_rule(event)
        return found if isinstance(found, str) else None

    def count_rule(self, action: Any, event: Any, plain: dict[type, _Kind],
                   counts: dict[_Kind, int], by_events: list[str], more: set[str] | None
                   ) -> set[str] | None:
        """Count ``event`` (caused by ``action``) with the rule behind it into ``counts``
        (by :class:`_Kind`), and the rule into ``by_events`` when the effects of the
        action's class do not state it (once per action: ``more`` holds the rules this
        action has added there so far; returned).

        An event class whose events all have one rule (or none) that the action's class
        handles is put in ``plain``, the action class's table, so that its next events are
        counted with one lookup."""
        cls = type(event)
        rule = self.class_rules.get(cls, _ASK)
        fixed = rule is not _ASK
        if not fixed:
            rule = self.rule_of(event)  # may find that the class has no rule at all
            fixed = self.class_rules.get(cls, _ASK) is None
        found = self.kinds.get((cls, rule))
        if found is None:
            found = self.kinds[cls, rule] = _Kind(cls, rule)
        counts[found] = counts.get(found, 0) + 1
        if rule is None:
            if fixed:
                plain[cls] = found
            return more
        kind = type(action)
        step_rules = self.handled.get(kind)
        if step_rules is None:
            step_rules = self.handled[kind] = self.effect_rules(kind)
        if rule in step_rules:
            if fixed:
                plain[cls] = found
        elif more is None or rule not in more:
            by_events.append(rule)
            more = {rule} if more is None else more | {rule}
        return more

    def acted(self, kinds: Mapping[type, int], by_events: Sequence[str]) -> dict[str, int]:
        """For each rule ID, the actions at which it acted: once for each action its events
        were behind (``by_events``), then at every action of a class its effects handle."""
        acted: dict[str, int] = {}
        for rule in by_events:
            acted[rule] = acted.get(rule, 0) + 1
        effect_rules = self.effect_rules
        for kind, count in kinds.items():
            for rule in effect_rules(kind):
                acted[rule] = acted.get(rule, 0) + count
        return acted

    def play(self, index: int) -> GameResult:
        """Game number ``index`` of the study; seats rotate so every agent sits everywhere."""
        own = _Tally()
        return self.result(self.played(index, own), own)

    def seeds(self, indices: range) -> tuple[list[int], list[list[Rng]]]:
        """The seeds of games ``indices`` (consecutive) and their agents' streams,
        derived all at once: what :meth:`played` derives for one game. A player that
        knows where its study ends (``horizon``) derives up to :data:`_SEEDS_AHEAD` games
        at a time and keeps those ahead for the next chunks: mixing many seeds at once
        costs less a seed."""
        start, stop = indices.start, indices.stop
        kept = self.ahead
        if kept[0] <= start and stop <= kept[0] + len(kept[1]):
            at = start - kept[0]
            return kept[1][at:at + stop - start], kept[2][at:at + stop - start]
        if self.horizon is not None:
            stop = max(stop, min(self.horizon, start + _SEEDS_AHEAD))
        seeds, streams = study_seeds(self.study_seed, range(start, stop), len(self.choosers[0]))
        if stop == indices.stop:
            return seeds, streams
        self.ahead = (start, seeds, streams)
        return seeds[:len(indices)], streams[:len(indices)]

    def played(self, index: int, tally: _Tally, seed: int | None = None,
               streams: list[Rng] | None = None) -> _Played:
        """Game number ``index``, its sums counted into ``tally`` (a :class:`GameResult` is
        made only for a study that keeps its games: :meth:`result`). ``seed`` and
        ``streams``: the game's, when :meth:`seeds` derived them already."""
        game = self.game
        if seed is None or streams is None:
            seeds, each = self.seeds(range(index, index + 1))
            seed, streams = seeds[0], each[0]
        rotation = index % len(self.choosers)
        choosers, amongs = self.choosers[rotation], self.amongs[rotation]
        state = game.new(seed, **self.setup)
        groups = self.grouping(state) if self.grouping is not None else None
        plains = self.plain
        refusals, counts = tally.refusals, tally.kinds
        by_events: list[str] = []
        vocabulary, every, limit = self.vocabulary, self.every, self.limit
        sample = Rng.derive(seed, "probe") if vocabulary else None
        whole = len(vocabulary) <= limit
        probed = 0
        content_hook = self.tally
        all_events: list[Any] = []
        actions: list[Any] = []
        to_move, view, check, into = game.to_move, game.view, game.check, self.into
        legal_actions = game.legal_actions
        # Every seat chooses among the legal actions: ask the seat and the listing at once.
        both = self.both if self.all_among[rotation] else None
        legal: Any = None
        after = 0  # the length of ``all_events`` after the last action
        for _ in self.bound:
            if both is not None:
                seat, legal = both(state)
                if seat is None:
                    break
            else:
                seat = to_move(state)
                if seat is None:
                    break
            if sample is not None and (every == 1 or sample.below(every) == 0):
                probed += 1
                candidates: Sequence[Any] = vocabulary
                if not whole:  # a large vocabulary: a uniform sample of it
                    candidates = [vocabulary[sample.below(len(vocabulary))]
                                  for _ in range(limit)]
                for candidate in candidates:
                    violation = check(state, candidate)
                    if violation is not None:
                        refusals[violation.rule] = refusals.get(violation.rule, 0) + 1
            among = amongs[seat]
            if among is not None:  # the action is applied from this listing unchecked
                action = among(legal if both is not None else legal_actions(state), seat,
                               streams[seat])
            else:
                action = choosers[seat](game, view(state, seat), seat, streams[seat])
            before = after  # nothing else adds to the game's events
            state = into(state, action, all_events)  # its events join the game's
            actions.append(action)
            after = len(all_events)
            if after == before:
                continue
            plain = plains.get(type(action))
            if plain is None:
                plain = plains[type(action)] = {}
            # One event, the usual case, without slicing the list (the loop below would count
            # it the same; the slice and its iterator cost 0.8k instructions a 7Я step).
            if after == before + 1:
                event = all_events[before]
                found = plain.get(type(event))
                if found is None:  # not yet known to be plain at this kind of action
                    self.count_rule(action, event, plain, counts, by_events, None)
                else:
                    counts[found] = counts.get(found, 0) + 1
                continue
            more: set[str] | None = None
            for event in all_events[before:]:
                found = plain.get(type(event))
                if found is None:  # not yet known to be plain at this kind of action
                    more = self.count_rule(action, event, plain, counts, by_events, more)
                else:
                    counts[found] = counts.get(found, 0) + 1
        tally.probed += probed
        standings = game.score(state)
        winners, points = standings.winners, standings.points
        content = content_hook(state, tuple(all_events)) if content_hook is not None else None
        if content:
            sums, had = tally.content, tally.content_games
            for key, count in content.items():
                sums[key] = sums.get(key, 0) + count
                if count > 0:
                    had[key] = had.get(key, 0) + 1
        shape: _Shape = (
            rotation, winners, points, tuple(map(type, actions)), tuple(by_events),
            tuple([(k, tuple(v)) for k, v in groups.items()]) if groups else (),
        )
        return _Played(index, seed, self.names[rotation], winners, points, actions,
                       content or {}, groups or {}, shape)

    def result(self, played: _Played, own: _Tally) -> GameResult:
        """The :class:`GameResult` of a game :meth:`played` counted into ``own``."""
        own.count_kinds()
        kinds = _counts(played.shape[3])
        return GameResult(
            index=played.number,
            seed=played.seed,
            agents=played.agents,
            winners=played.winners,
            points=played.points,
            length=len(played.actions),
            events=FrozenMap(sorted(self.by_tag(own.events).items())),
            rules=FrozenMap(sorted(own.rules.items())),
            refusals=FrozenMap(sorted(own.refusals.items())),
            content=FrozenMap(sorted(Counter(played.content).items())),
            record=(self.game.record(played.seed, tuple(played.actions), **self.setup)
                    if self.keep_record else None),
            groups=FrozenMap(sorted((k, tuple(v)) for k, v in played.groups.items())),
            acted=FrozenMap(sorted(self.acted(kinds, played.shape[4]).items())),
            actions=FrozenMap(sorted(self.by_tag(kinds).items())),
            probed=own.probed,
        )

    def settle(self, tally: _Tally, summary: Summary) -> None:
        """Count a chunk's games into ``summary``: each shape once, times its games, and
        the sums. The win shares are the caller's, game by game (:func:`_share`)."""
        tally.count_fresh()
        tally.count_kinds()
        for shape, times in tally.shapes.items():
            rotation, winners, points, kinds, by_events, groups = shape
            counts = _counts(kinds)
            _shape(summary, times, self.names[rotation], winners, points, len(kinds),
                   groups, (), self.acted(counts, by_events), self.by_tag(counts))
        _count_in(summary.content, tally.content)
        _count_in(summary.content_games, tally.content_games)
        _sums(summary, self.by_tag(tally.events), tally.rules, tally.refusals, tally.probed)


class _Played(NamedTuple):
    """One game as the study played it; what a summary reads of it is its ``shape``."""

    number: int
    seed: int
    agents: tuple[str, ...]
    winners: tuple[int, ...]
    points: tuple[int, ...]
    actions: list[Any]
    content: Mapping[str, int]
    groups: Mapping[str, Sequence[str]]
    shape: _Shape


def play_one(
    game: Any,
    agents: Sequence[Agent],
    index: int,
    study_seed: int,
    setup: dict[str, Any],
    keep_record: bool,
    probe: Probe = False,
) -> GameResult:
    """Play game number ``index`` of a study; seats rotate so every agent sits everywhere."""
    return _Player(game, agents, study_seed, setup, keep_record, probe).play(index)


def play_chunk(
    game: Any,
    agents: Sequence[Agent],
    indices: range,
    study_seed: int,
    setup: dict[str, Any],
    keep_records: bool,
    probe: Probe = False,
) -> list[GameResult]:
    """Play a chunk of consecutive games (the unit of work sent to an executor)."""
    player = _Player(game, agents, study_seed, setup, keep_records, probe)
    return [player.play(i) for i in indices]


def summarize_chunk(
    game: Any,
    agents: Sequence[Agent],
    indices: range,
    study_seed: int,
    setup: dict[str, Any],
    keep_records: bool,
    probe: Probe,
    keep_games: bool,
    player: _Player | None = None,
) -> tuple[list[GameResult], Summary]:
    """Play a chunk and summarize it where it was played, so only totals travel back
    (and the games themselves when the study keeps them). ``player``: the lookups of
    earlier chunks of the same study played here, kept."""
    if player is None:
        player = _Player(game, agents, study_seed, setup, keep_records, probe)
    tally = _Tally()
    results, shares = _play_into(player, indices, tally, keep_games)
    summary = Summary()
    _add_shares(summary, shares)
    player.settle(tally, summary)
    return results, summary


class _Shares:
    """The win shares of a chunk of games, added game by game (as :class:`Summary` adds
    them), so that adding chunks adds their sums whether a pool played them or not."""

    __slots__ = ("agent_wins", "group_wins", "seat_wins")

    def __init__(self) -> None:
        self.seat_wins: dict[int, float] = {}
        self.agent_wins: dict[str, float] = {}
        self.group_wins: dict[str, dict[str, float]] = {}


def _add_shares(summary: Summary, other: Summary | _Shares) -> None:
    """Add the win shares of ``other`` (a chunk's) into ``summary``."""
    for seat, wins in other.seat_wins.items():
        _add_share(summary.seat_wins, seat, wins)
    for name, wins in other.agent_wins.items():
        _add_share(summary.agent_wins, name, wins)
    for grouping, shares in other.group_wins.items():
        mine = summary.group_wins.setdefault(grouping, {})
        for label, wins in shares.items():
            _add_share(mine, label, wins)


def _play_into(player: _Player, indices: range, tally: _Tally, keep_games: bool
               ) -> tuple[list[GameResult], _Shares]:
    """Play a chunk, counting its games into ``tally`` (a study played here keeps one
    tally for all its chunks). Returns the games when kept, and the chunk's win shares
    (added game by game, so adding chunks adds their sums as a pool does)."""
    shares = _Shares()
    results: list[GameResult] = []
    fresh = tally.fresh
    seeds, streams = player.seeds(indices)
    for k, i in enumerate(indices):
        if keep_games:
            own = _Tally()
            played = player.played(i, own, seeds[k], streams[k])
            results.append(player.result(played, own))
            tally.absorb(own)
        else:
            played = player.played(i, tally, seeds[k], streams[k])
        _share(shares, played.agents, played.winners, played.groups)
        fresh.append(played.shape)
        if len(fresh) >= _FRESH:  # memory stays flat: the waiting shapes counted now and then
            tally.count_fresh()
    return results, shares


def _count_in(counter: Counter[str], counts: Mapping[str, int]) -> None:
    """``counter.update(counts)`` without ``Counter``'s test of the argument's type."""
    for key, count in counts.items():
        counter[key] += count


K = TypeVar("K")


def _counter(counters: dict[K, Counter[Any]], key: K) -> Counter[Any]:
    """``counters.setdefault(key, Counter())`` without making a counter each time."""
    found = counters.get(key)
    if found is None:
        found = counters[key] = Counter()
    return found


def _chunks(games: int, size: int) -> Iterator[range]:
    for start in range(0, games, size):
        yield range(start, min(start + size, games))


def seats_of(game: Any, setup: dict[str, Any] | None = None) -> int:
    """How many seats a game of ``game`` with ``setup`` has (the game's default without one).

    >>> from boardrules.games import lyceum
    >>> seats_of(lyceum.Game()), seats_of(lyceum.Game(), {"players": 3})
    (4, 3)

    Raises:
        BadInput: for a setup the game refuses.
    """
    return len(game.score(game.new(0, **(setup or {}))).points)


def check_study(
    game: Any, agents: Sequence[Agent], games: int, setup: dict[str, Any] | None = None
) -> None:
    """Refuse a study that cannot run, before any game is played.

    Raises:
        BadInput: for a negative number of games (``$.games``), a setup the game refuses,
            or a number of agents other than the number of seats (``$.agents``), or an
            agent that needs what the game lacks, such as a policy (``$.agents[i]``).
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise BadInput("$.games", f"the number of games is a whole number ≥ 0, not {games!r}")
    seats = seats_of(game, setup)
    if len(agents) != seats:
        raise BadInput(
            "$.agents",
            f"{game.name} with this setup seats {seats} players; "
            f"give one agent per seat, not {len(agents)}",
        )
    check_agents(game, agents)


def iter_games(
    game: Any,
    agents: Sequence[Agent],
    games: int,
    seed: int = 0,
    *,
    executor: Executor | None = None,
    chunk_size: int | None = None,
    keep_records: bool = False,
    setup: dict[str, Any] | None = None,
    window: int | None = None,
    probe_refusals: Probe = False,
) -> Iterator[GameResult]:
    """Yield the results of ``games`` seeded games in order, whatever the executor.

    At most ``window`` chunks are in flight at once, so memory stays flat however many
    games are played. With ``executor=None`` the games run in this process.

    Raises:
        BadInput: at the call, for a negative number of games, a setup the game refuses,
            or a number of agents other than the number of seats.
    """
    setup = dict(setup or {})
    check_study(game, agents, games, setup)
    _probe_plan(probe_refusals)
    size = chunk_size or max(1, min(200, games // 64 or 1))
    args = (setup, keep_records, probe_refusals)
    if executor is None:
        return (
            result
            for indices in _chunks(games, size)
            for result in play_chunk(game, agents, indices, seed, *args)
        )
    return _pooled(executor, window or 4 * (os.cpu_count() or 2),
                   game, agents, games, size, seed, args)


def _pooled(
    executor: Executor,
    limit: int,
    game: Any,
    agents: Sequence[Agent],
    games: int,
    size: int,
    seed: int,
    args: tuple[dict[str, Any], bool, Probe],
) -> Iterator[GameResult]:
    pending: list[Future[list[GameResult]]] = []
    for indices in _chunks(games, size):
        pending.append(executor.submit(play_chunk, game, agents, indices, seed, *args))
        if len(pending) >= limit:
            yield from pending.pop(0).result()
    for future in pending:
        yield from future.result()


def _add_share(totals: dict[Any, float], key: Any, share: float) -> None:
    totals[key] = totals.get(key, 0.0) + share


@attrs.define
class Summary:
    """Running totals of a study; adding one result costs O(1) memory.

    A tied win counts as a share for each winner (two winners: half a win each), so the
    shares of a study add up to the games that had a winner; ``ties`` counts those games.

    Attributes:
        games: games counted.
        seats: seats per game.
        seat_wins: win shares per seat.
        agent_wins: win shares per agent name; ``agent_games`` the seats it played.
        lengths: games per number of actions.
        points: per seat, games per final points.
        ties: games whose win was shared by two or more seats.
        no_winner: games that ended without a winner.
        seat_ties: per seat, the games it won jointly.
        group_wins: per grouping (``"character"``), win shares per label; ``group_games``
            the seats that label played.
        events, rules, refusals, content: counts summed over the games (see
            :class:`GameResult`); :func:`simulate` names ``content`` keys by label.
        content_games: for each ``content`` key, the games in which it counted at least once
            (Orbita's "corporations formed" here is the number of games with a corporation).
        content_ids, content_games_ids: the same counts keyed by the game's own tally keys
            (ids), for labels in another language.
        acted: for each rule ID, the actions at which it acted (see :class:`GameResult`);
            ``acted_games`` the games in which it acted at least once.
        actions: actions played, by kind (the action's ``type`` tag).
        probed: reached states probed for refusals (0: probing was off).
        seat_agents: per seat, the games each agent played there (seats rotate).
    """

    games: int = 0
    seats: int = 0
    seat_wins: dict[int, float] = attrs.field(factory=dict)
    agent_wins: dict[str, float] = attrs.field(factory=dict)
    agent_games: Counter[str] = attrs.field(factory=Counter)
    lengths: Counter[int] = attrs.field(factory=Counter)
    points: dict[int, Counter[int]] = attrs.field(factory=dict)
    events: Counter[str] = attrs.field(factory=Counter)
    rules: Counter[str] = attrs.field(factory=Counter)
    refusals: Counter[str] = attrs.field(factory=Counter)
    content: Counter[str] = attrs.field(factory=Counter)
    content_games: Counter[str] = attrs.field(factory=Counter)
    ties: int = 0
    no_winner: int = 0
    seat_ties: Counter[int] = attrs.field(factory=Counter)
    group_wins: dict[str, dict[str, float]] = attrs.field(factory=dict)
    group_games: dict[str, Counter[str]] = attrs.field(factory=dict)
    acted: Counter[str] = attrs.field(factory=Counter)
    acted_games: Counter[str] = attrs.field(factory=Counter)
    actions: Counter[str] = attrs.field(factory=Counter)
    probed: int = 0
    seat_agents: dict[int, Counter[str]] = attrs.field(factory=dict)
    content_ids: Counter[str] = attrs.field(factory=Counter)
    content_games_ids: Counter[str] = attrs.field(factory=Counter)

    def add(self, result: GameResult) -> None:
        """Count one game in (a tied win counts as a share for each winner)."""
        _share(self, result.agents, result.winners, result.groups)
        _shape(self, 1, result.agents, result.winners, result.points, result.length,
               result.groups.items(), result.content.items(), result.acted, result.actions)
        _sums(self, result.events, result.rules, result.refusals, result.probed)

    def merge(self, other: Summary) -> None:
        """Add another summary's totals into this one (chunks played elsewhere)."""
        self.games += other.games
        self.seats = max(self.seats, other.seats)
        self.ties += other.ties
        self.no_winner += other.no_winner
        self.seat_ties.update(other.seat_ties)
        _add_shares(self, other)
        self.agent_games.update(other.agent_games)
        for grouping, played in other.group_games.items():
            self.group_games.setdefault(grouping, Counter()).update(played)
        self.lengths.update(other.lengths)
        for seat, counts in other.points.items():
            self.points.setdefault(seat, Counter()).update(counts)
        self.events.update(other.events)
        self.rules.update(other.rules)
        self.refusals.update(other.refusals)
        self.content.update(other.content)
        self.content_games.update(other.content_games)
        self.acted.update(other.acted)
        self.acted_games.update(other.acted_games)
        self.actions.update(other.actions)
        self.probed += other.probed
        for seat, agents in other.seat_agents.items():
            self.seat_agents.setdefault(seat, Counter()).update(agents)
        self.content_ids.update(other.content_ids)
        self.content_games_ids.update(other.content_games_ids)


def _share(summary: Summary | _Shares, agents: tuple[str, ...], winners: tuple[int, ...],
           groups: Mapping[str, Sequence[str]]) -> None:
    """Count into ``summary`` the win shares of one game (game by game: a sum of floats
    depends on its order)."""
    share = 1 / len(winners) if winners else 0.0
    seat_wins, agent_wins = summary.seat_wins, summary.agent_wins
    for seat in winners:  # _add_share written out: a study counts every game here
        seat_wins[seat] = seat_wins.get(seat, 0.0) + share
        name = agents[seat]
        agent_wins[name] = agent_wins.get(name, 0.0) + share
    if not groups:
        return
    for grouping, labels in groups.items():
        wins = summary.group_wins.setdefault(grouping, {})
        for seat in winners:
            _add_share(wins, labels[seat], share)


def _shape(
    summary: Summary,
    times: int,
    agents: tuple[str, ...],
    winners: tuple[int, ...],
    points: tuple[int, ...],
    length: int,
    groups: Iterable[tuple[str, Sequence[str]]],
    content: Iterable[tuple[str, int]],
    acted: Mapping[str, int],
    kinds: Mapping[str, int],
) -> None:
    """Count into ``summary`` ``times`` games alike in all but their win shares and the sums."""
    summary.games += times
    summary.seats = max(summary.seats, len(agents))
    if len(winners) > 1:
        summary.ties += times
        for seat in winners:
            summary.seat_ties[seat] += times
    elif not winners:
        summary.no_winner += times
    for seat, name in enumerate(agents):
        summary.agent_games[name] += times
        _counter(summary.seat_agents, seat)[name] += times
    for grouping, labels in groups:
        played = _counter(summary.group_games, grouping)
        for label in labels:
            played[label] += times
    summary.lengths[length] += times
    for seat, p in enumerate(points):
        _counter(summary.points, seat)[p] += times
    for key, count in content:
        summary.content[key] += count * times
        if count > 0:
            summary.content_games[key] += times
    for key, count in acted.items():
        summary.acted[key] += count * times
        if count > 0:
            summary.acted_games[key] += times
    for key, count in kinds.items():
        summary.actions[key] += count * times


def _sums(summary: Summary, events: Mapping[str, int], rules: Mapping[str, int],
          refusals: Mapping[str, int], probed: int) -> None:
    """Add into ``summary`` the counts that are sums over the games."""
    _count_in(summary.events, events)
    _count_in(summary.rules, rules)
    _count_in(summary.refusals, refusals)
    summary.probed += probed


def label_content(game: Any, content: Counter[str], lang: str = "en") -> Counter[str]:
    """Content counts keyed by label instead of id, through the game's ``content_label``
    hook (the keys unchanged without one); keys that share a label are added up."""
    return _labelled(game_hook(game, "content_label"), content, lang, {})


def _labelled(hook: Callable[..., Any] | None, content: Mapping[str, int], lang: str,
              labels: dict[str, str]) -> Counter[str]:
    """:func:`label_content` with the game's hook looked up, and ``labels``: each key's
    label found so far (a study labels its content and the games that had it, mostly the
    same keys), to ask the hook once per key."""
    if hook is None:
        return Counter(content)
    out: Counter[str] = Counter()
    for key, count in content.items():
        label = labels.get(key)
        if label is None:
            label = labels[key] = str(hook(key, lang))
        out[label] += count
    return out


@attrs.frozen
class SimulationResult:
    """A study's summary, and its games when they were kept.

    Attributes:
        summary: the running totals.
        games: every game's result, when the study kept them.
        game: the game studied (its options and rules variant), for labels in reports.
        agents: the agents' names in the order given (seats rotate from game to game).
        probe: how refusals were probed (``False``, ``True`` or ``"sampled"``).
    """

    summary: Summary
    games: tuple[GameResult, ...]
    game: Any = attrs.field(default=None, eq=False)
    agents: tuple[str, ...] = ()
    probe: Probe = False


Executors = Executor | str | None


def simulate(
    game: Any,
    agents: Sequence[Agent],
    games: int = 100,
    seed: int = 0,
    *,
    executor: Executors = "processes",
    chunk_size: int | None = None,
    keep_games: bool = False,
    keep_records: bool = False,
    setup: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    probe_refusals: Probe = False,
) -> SimulationResult:
    """Play ``games`` seeded games between ``agents`` and summarize them.

    Each unit of work is summarized where it was played and only its totals travel back,
    so memory stays flat in the number of games unless ``keep_games`` asks for every
    game's result (measured in ``docs/explanation/performance.md``).

    Args:
        game: the game (its options included).
        agents: one agent per seat; seats rotate from game to game.
        games: how many games.
        seed: the study's seed; game ``i`` is played from ``Rng.derive(seed, "game", i)``.
        executor: ``"processes"`` (a local pool over all cores, the default),
            ``"threads"`` (a local thread pool), ``None`` (this process), or any
            ``concurrent.futures.Executor``, such as a Dask client's ``get_executor()``.
            Where the platform starts neither processes nor threads (Pyodide, WASI: see
            :func:`local_pool`), ``"processes"`` and ``"threads"`` run in this process,
            with the same results.
        chunk_size: games per unit of work.
        keep_games: keep every :class:`GameResult` (they grow with the study; by default
            only the running summary is kept).
        keep_records: keep each game's record for replay (with ``keep_games``).
        setup: keyword arguments for ``game.new``.
        progress: called with the number of games finished after each chunk.
        probe_refusals: ``True``: at every step, check each action of
            ``game.vocabulary()`` (or a uniform sample of :data:`PROBE_LIMIT` of a larger
            one) and count the rule IDs that refuse them (which rules constrain play most);
            several times slower. ``"sampled"``: the same at about one state in
            :data:`PROBE_EVERY` with :data:`PROBE_SAMPLED_ACTIONS` actions each, a few tens
            of percent slower (the default of ``boardrules simulate``). ``False``: off.

    Raises:
        BadInput: for an unknown executor name, a negative number of games, a setup the
            game refuses, a number of agents other than the number of seats, or an unknown
            probing mode (``$.probe_refusals``).

    The same seed gives the same results whatever the executor.

    >>> from boardrules.agents import RandomAgent
    >>> from boardrules.games import semya
    >>> try:
    ...     simulate(semya.Game(), [RandomAgent()], 2, executor=None)
    ... except BadInput as error:
    ...     print(error.path)
    $.agents
    """
    setup = dict(setup or {})
    check_study(game, agents, games, setup)
    _probe_plan(probe_refusals)
    pool: Executor | None
    owned: Executor | None = None
    if isinstance(executor, str):
        if executor not in ("processes", "threads"):
            raise BadInput(
                "$.executor", f"expected 'processes', 'threads', None or an Executor, "
                f"not {executor!r}"
            )
        pool = owned = local_pool("processes" if executor == "processes" else "threads")
    else:
        pool = executor
    summary = Summary()
    kept: list[GameResult] = []
    size = chunk_size or max(1, min(200, games // 64 or 1))
    args = (setup, keep_records, probe_refusals, keep_games)
    done = 0

    def absorb(chunk: tuple[list[GameResult], Summary | _Shares], games: int) -> None:
        nonlocal done
        results, part = chunk
        if isinstance(part, Summary):
            summary.merge(part)
        else:  # a chunk played here: its win shares (its other sums are in the tally)
            _add_shares(summary, part)
        kept.extend(results)
        done += games
        if progress is not None:
            progress(done)

    try:
        chunks = _chunks(games, size)
        if pool is not None:
            limit = 4 * (os.cpu_count() or 2)
            pending: list[tuple[Future[tuple[list[GameResult], Summary]], int]] = []
            for indices in chunks:
                try:
                    future = pool.submit(summarize_chunk, game, agents, indices, seed, *args)
                except _CANNOT_START:
                    # A pool of our own that cannot start its first worker (no processes
                    # or threads on this platform): this chunk and the rest run here.
                    if pool is not owned or pending:
                        raise
                    chunks = itertools.chain([indices], chunks)
                    break
                pending.append((future, len(indices)))
                if len(pending) >= limit:
                    future, played = pending.pop(0)
                    absorb(future.result(), played)
            for future, played in pending:
                absorb(future.result(), played)
        # Chunks played here count into one tally, settled once: a shape of game that
        # recurs (a Kuhn poker hand has a handful) is counted once, times its games.
        here = _Player(game, agents, seed, setup, keep_records, probe_refusals, games)
        tally = _Tally()
        for indices in chunks:
            absorb(_play_into(here, indices, tally, keep_games), len(indices))
        here.settle(tally, summary)
    finally:
        if owned is not None:
            owned.shutdown()
    summary.content_ids = Counter(summary.content)
    summary.content_games_ids = Counter(summary.content_games)
    hook = game_hook(game, "content_label")
    labels: dict[str, str] = {}
    summary.content = _labelled(hook, summary.content, "en", labels)
    # Ids that share a label add up, so a label's games may count one game twice: cap them.
    summary.content_games = Counter({
        label: min(count, summary.games)
        for label, count in _labelled(hook, summary.content_games, "en", labels).items()
    })
    return SimulationResult(summary, tuple(kept), game, tuple(a.name for a in agents),
                            probe_refusals)
