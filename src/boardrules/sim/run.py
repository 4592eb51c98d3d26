"""``simulate``: play N seeded games between agents, in chunks, on any executor."""

from __future__ import annotations

import itertools
import os
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, Literal, NamedTuple, TypeVar

import attrs

from boardrules.agents.base import Agent, agent_streams, check_agents
from boardrules.core.errors import BadInput
from boardrules.core.frozen import FrozenMap
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


class _Player:
    """What every game of a study looks up once, prepared once per chunk: the game's hooks,
    the rules behind each action class and each event class, the type tags."""

    __slots__ = ("agents", "effect_rules", "event_rule", "every", "game", "grouping",
                 "keep_record", "limit", "ruled", "setup", "study_seed", "tags", "tally",
                 "vocabulary")

    def __init__(self, game: Any, agents: Sequence[Agent], study_seed: int,
                 setup: dict[str, Any], keep_record: bool, probe: Probe) -> None:
        self.game, self.agents, self.study_seed = game, agents, study_seed
        self.setup, self.keep_record = setup, keep_record
        self.grouping = game_hook(game, "seat_groups")
        self.event_rule = game_hook(game, "event_rule")
        self.tally = game_hook(game, "tally")
        self.every, self.limit = _probe_plan(probe)
        vocabulary_hook = game_hook(game, "vocabulary") if self.every else None
        self.vocabulary = tuple(vocabulary_hook()) if vocabulary_hook is not None else ()
        self.effect_rules = _effect_rules(game)
        self.tags: dict[type, str] = {}
        #: Per event class, whether its events may name their rule themselves.
        self.ruled: dict[type, bool] = {}

    def tag(self, kind: type) -> str:
        found = self.tags.get(kind)
        if found is None:
            found = self.tags[kind] = tag_of(kind)
        return found

    def play(self, index: int) -> GameResult:
        """Game number ``index`` of the study; seats rotate so every agent sits everywhere."""
        return self.result(self.played(index))

    def played(self, index: int) -> _Played:
        """Game number ``index``, counted in plain dicts (a :class:`GameResult` is made only
        for a study that keeps its games: :meth:`result`)."""
        game, agents = self.game, self.agents
        seed = Rng.derive(self.study_seed, "game", index).next()
        n = len(agents)
        seated = [agents[(seat + index) % n] for seat in range(n)]
        choosers = [agent.choose for agent in seated]
        streams = agent_streams(seed, n)
        state = game.new(seed, **self.setup)
        groups = self.grouping(state) if self.grouping is not None else None
        event_rule, effect_rules, ruled = self.event_rule, self.effect_rules, self.ruled
        event_counts: dict[type, int] = {}
        rules: dict[str, int] = {}
        refusals: dict[str, int] = {}
        acted: dict[str, int] = {}
        vocabulary, every, limit = self.vocabulary, self.every, self.limit
        sample = Rng.derive(seed, "probe") if vocabulary else None
        whole = len(vocabulary) <= limit
        probed = 0
        tally = self.tally
        all_events: list[Any] = []
        actions: list[Any] = []
        to_move, view, step, check = game.to_move, game.view, game.step, game.check
        for _ in range(game.max_moves()):
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
            action = choosers[seat](game, view(state, seat), seat, streams[seat])
            transition = step(state, action)
            state = transition.state
            actions.append(action)
            events = transition.events
            if not events:
                continue
            if tally is not None:
                all_events.extend(events)
            step_rules: tuple[str, ...] | None = None
            more: set[str] | None = None
            for event in events:
                cls = type(event)
                event_counts[cls] = event_counts.get(cls, 0) + 1
                names_rule = ruled.get(cls)
                if names_rule is None:
                    names_rule = ruled[cls] = hasattr(event, "rule")
                rule = getattr(event, "rule", None) if names_rule else None
                if not isinstance(rule, str) and event_rule is not None:
                    rule = event_rule(event)
                if isinstance(rule, str):
                    rules[rule] = rules.get(rule, 0) + 1
                    if step_rules is None:
                        step_rules = effect_rules(type(action))
                    if rule not in step_rules and (more is None or rule not in more):
                        acted[rule] = acted.get(rule, 0) + 1
                        more = {rule} if more is None else more | {rule}
        kinds = Counter(map(type, actions))
        for kind, count in kinds.items():
            for rule_id in effect_rules(kind):
                acted[rule_id] = acted.get(rule_id, 0) + count
        standings = game.score(state)
        content = tally(state, tuple(all_events)) if tally is not None else None
        tag = self.tag
        events_by_tag: dict[str, int] = {}
        for cls, count in event_counts.items():
            key = tag(cls)
            events_by_tag[key] = events_by_tag.get(key, 0) + count
        actions_by_tag: dict[str, int] = {}
        for kind, count in kinds.items():
            key = tag(kind)
            actions_by_tag[key] = actions_by_tag.get(key, 0) + count
        return _Played(index, seed, tuple([a.name for a in seated]), standings.winners,
                       standings.points, actions, events_by_tag, rules, refusals,
                       content or {}, groups or {}, acted, actions_by_tag, probed)

    def result(self, played: _Played) -> GameResult:
        """The :class:`GameResult` of a game counted by :meth:`played`."""
        return GameResult(
            index=played.number,
            seed=played.seed,
            agents=played.agents,
            winners=played.winners,
            points=played.points,
            length=len(played.actions),
            events=FrozenMap(sorted(played.events.items())),
            rules=FrozenMap(sorted(played.rules.items())),
            refusals=FrozenMap(sorted(played.refusals.items())),
            content=FrozenMap(sorted(Counter(played.content).items())),
            record=(self.game.record(played.seed, tuple(played.actions), **self.setup)
                    if self.keep_record else None),
            groups=FrozenMap(sorted((k, tuple(v)) for k, v in played.groups.items())),
            acted=FrozenMap(sorted(played.acted.items())),
            actions=FrozenMap(sorted(played.kinds.items())),
            probed=played.probed,
        )


class _Played(NamedTuple):
    """One game's counts in plain dicts, as :class:`GameResult` names them."""

    number: int
    seed: int
    agents: tuple[str, ...]
    winners: tuple[int, ...]
    points: tuple[int, ...]
    actions: list[Any]
    events: dict[str, int]
    rules: dict[str, int]
    refusals: dict[str, int]
    content: Mapping[str, int]
    groups: Mapping[str, Sequence[str]]
    acted: dict[str, int]
    kinds: dict[str, int]
    probed: int


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
    summary = Summary()
    results: list[GameResult] = []
    for i in indices:
        played = player.played(i)
        summary.count(played)
        if keep_games:
            results.append(player.result(played))
    return results, summary


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


def _count_present(counter: Counter[str], counts: Mapping[str, int]) -> None:
    """One more for each key whose count is above zero."""
    for key, count in counts.items():
        if count > 0:
            counter[key] += 1


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
        self._count(result.agents, result.winners, result.points, result.length,
                    result.groups, result.events, result.rules, result.refusals,
                    result.content, result.acted, result.actions, result.probed)

    def count(self, played: _Played) -> None:
        """Count in one game as the study played it (without making its GameResult)."""
        self._count(played.agents, played.winners, played.points, len(played.actions),
                    played.groups, played.events, played.rules, played.refusals,
                    played.content, played.acted, played.kinds, played.probed)

    def _count(
        self,
        agents: tuple[str, ...],
        winners: tuple[int, ...],
        points: tuple[int, ...],
        length: int,
        groups: Mapping[str, Sequence[str]],
        events: Mapping[str, int],
        rules: Mapping[str, int],
        refusals: Mapping[str, int],
        content: Mapping[str, int],
        acted: Mapping[str, int],
        kinds: Mapping[str, int],
        probed: int,
    ) -> None:
        self.games += 1
        self.seats = max(self.seats, len(agents))
        share = 1 / len(winners) if winners else 0.0
        if len(winners) > 1:
            self.ties += 1
            self.seat_ties.update(winners)
        elif not winners:
            self.no_winner += 1
        for seat in winners:
            _add_share(self.seat_wins, seat, share)
            _add_share(self.agent_wins, agents[seat], share)
        for seat, name in enumerate(agents):
            self.agent_games[name] += 1
            _counter(self.seat_agents, seat)[name] += 1
        for grouping, labels in groups.items():
            wins = self.group_wins.setdefault(grouping, {})
            _counter(self.group_games, grouping).update(labels)
            for seat in winners:
                _add_share(wins, labels[seat], share)
        self.lengths[length] += 1
        for seat, p in enumerate(points):
            _counter(self.points, seat)[p] += 1
        _count_in(self.events, events)
        _count_in(self.rules, rules)
        if refusals:
            _count_in(self.refusals, refusals)
        if content:
            _count_in(self.content, content)
            _count_present(self.content_games, content)
        _count_in(self.acted, acted)
        _count_present(self.acted_games, acted)
        _count_in(self.actions, kinds)
        self.probed += probed

    def merge(self, other: Summary) -> None:
        """Add another summary's totals into this one (chunks played elsewhere)."""
        self.games += other.games
        self.seats = max(self.seats, other.seats)
        self.ties += other.ties
        self.no_winner += other.no_winner
        self.seat_ties.update(other.seat_ties)
        for seat, wins in other.seat_wins.items():
            _add_share(self.seat_wins, seat, wins)
        for name, wins in other.agent_wins.items():
            _add_share(self.agent_wins, name, wins)
        self.agent_games.update(other.agent_games)
        for grouping, played in other.group_games.items():
            self.group_games.setdefault(grouping, Counter()).update(played)
            mine = self.group_wins.setdefault(grouping, {})
            for label, wins in other.group_wins.get(grouping, {}).items():
                _add_share(mine, label, wins)
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


def label_content(game: Any, content: Counter[str], lang: str = "en") -> Counter[str]:
    """Content counts keyed by label instead of id, through the game's ``content_label``
    hook (the keys unchanged without one); keys that share a label are added up."""
    hook = game_hook(game, "content_label")
    if hook is None:
        return Counter(content)
    out: Counter[str] = Counter()
    for key, count in content.items():
        out[str(hook(key, lang))] += count
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

    def absorb(chunk: tuple[list[GameResult], Summary]) -> None:
        nonlocal done
        results, part = chunk
        summary.merge(part)
        kept.extend(results)
        done += part.games
        if progress is not None:
            progress(done)

    try:
        chunks = _chunks(games, size)
        if pool is not None:
            limit = 4 * (os.cpu_count() or 2)
            pending: list[Future[tuple[list[GameResult], Summary]]] = []
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
                pending.append(future)
                if len(pending) >= limit:
                    absorb(pending.pop(0).result())
            for future in pending:
                absorb(future.result())
        here = _Player(game, agents, seed, setup, keep_records, probe_refusals)
        for indices in chunks:
            absorb(summarize_chunk(game, agents, indices, seed, *args, here))
    finally:
        if owned is not None:
            owned.shutdown()
    summary.content_ids = Counter(summary.content)
    summary.content_games_ids = Counter(summary.content_games)
    summary.content = label_content(game, summary.content)
    # Ids that share a label add up, so a label's games may count one game twice: cap them.
    summary.content_games = Counter({
        label: min(count, summary.games)
        for label, count in label_content(game, summary.content_games).items()
    })
    return SimulationResult(summary, tuple(kept), game, tuple(a.name for a in agents),
                            probe_refusals)
