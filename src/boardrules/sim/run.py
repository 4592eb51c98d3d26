"""``simulate``: play N seeded games between agents, in chunks, on any executor.

With ``coverage=True`` every game is played on the game's
:class:`~boardrules.core.trace.Trace` twin (the same rules, the same games), so a study
counts for each rule the steps at which it decided: a check that refused, an effect that
changed the state, a fact another rule read (``boardrules simulate`` and :func:`compare
<boardrules.sim.compare.compare>` do; the twin costs a third to a half more per step).
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, Literal

import attrs

from boardrules.agents.base import Agent, ChoosesAmongLegal, agent_streams_each, check_agents
from boardrules.core.errors import BadInput
from boardrules.core.frozen import FrozenMap
from boardrules.core.game import appends_events
from boardrules.core.record import GameRecord
from boardrules.core.rng import Rng
from boardrules.core.trace import Trace
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
#: :data:`PROBE_EVERY`, :data:`PROBE_SAMPLED_ACTIONS` actions each).
Probe = bool | Literal["sampled"]

#: Platforms (``sys.platform``) whose Python can start neither processes nor threads:
#: Pyodide in a browser or in Node (``"emscripten"``) and WASI. There a named pool
#: (``executor="processes"`` or ``"threads"``) runs the games in this process instead.
SINGLE_THREADED_PLATFORMS = frozenset({"emscripten", "wasi"})

#: What starting a pool, a worker process or a thread raises where the platform has none.
_CANNOT_START = (ImportError, NotImplementedError, OSError, RuntimeError)

#: A figure of one game, by key: ``("win", seat)`` its win share, ``("length",)``,
#: ``("points", seat)``, ``("tie",)``, ``("none",)``, ``("end", rule)`` (the rule that ended
#: it), ``("action", tag)`` and ``("event", tag)`` counts, ``("rule", id, "refused" |
#: "changed" | "read" | "ran")`` steps, ``("took", id)`` 1 when the rule took part at all,
#: ``("content", key)`` the game's own tallies.
Key = tuple[Any, ...]


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
        actions: how many actions of each kind were played (by the ``type`` tag).
        decisions: per ``(rule ID, what)``, the steps at which the rule decided: its check
            refused (``"refused"``), its effect changed the state (``"changed"``), another
            rule read its fact (``"read"``), or a part it states ran (``"ran"``: the turn,
            the steps and the end at every step, the setup and the score once, the view
            whenever an agent looked). Empty unless the study measured coverage.
        ender: the rule that ended the game (:meth:`~boardrules.core.trace.Trace.ender`),
            when the study measured coverage.
        content: the game's own tallies of content (its ``tally(state, events)`` hook),
            keyed by the game's ids.
        groups: for each grouping the game names with its ``seat_groups`` hook (Lyceum's
            character, Orbita's starting specialisation), each seat's label.
        record: the record, when the study keeps them.
        refusals: when the study probes them, how often each rule ID refused an action of
            the game's vocabulary in the states the game went through.
        probed: how many reached states were probed for refusals (0: probing was off).
    """

    index: int
    seed: int
    agents: tuple[str, ...]
    winners: tuple[int, ...]
    points: tuple[int, ...]
    length: int
    events: FrozenMap[str, int] = attrs.field(factory=FrozenMap)
    actions: FrozenMap[str, int] = attrs.field(factory=FrozenMap)
    decisions: FrozenMap[tuple[str, str], int] = attrs.field(factory=FrozenMap)
    ender: str | None = None
    content: FrozenMap[str, int] = attrs.field(factory=FrozenMap)
    groups: FrozenMap[str, tuple[str, ...]] = attrs.field(factory=FrozenMap)
    record: GameRecord | None = None
    refusals: FrozenMap[str, int] = attrs.field(factory=FrozenMap)
    probed: int = 0

    def row(self) -> dict[Key, float]:
        """Every figure of this game by its key (see :data:`Key`)."""
        share = 1 / len(self.winners) if self.winners else 0.0
        row: dict[Key, float] = {("win", seat): share for seat in self.winners}
        row["length",] = self.length
        row.update({("points", seat): p for seat, p in enumerate(self.points)})
        if len(self.winners) > 1:
            row["tie",] = 1
        if not self.winners:
            row["none",] = 1
        if self.ender is not None:
            row["end", self.ender] = 1
        row.update({("action", tag): n for tag, n in self.actions.items()})
        row.update({("event", tag): n for tag, n in self.events.items()})
        row.update({("rule", *key): n for key, n in self.decisions.items()})
        row.update({("took", rule): 1 for rule, _ in self.decisions})
        row.update({("content", key): n for key, n in self.content.items()})
        return row


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


def _counts(items: Iterable[Any], tags: dict[type, str]) -> dict[str, int]:
    """How many of each class, by type tag (in the order first seen)."""
    out: dict[str, int] = {}
    for kind, n in Counter(map(type, items)).items():
        tag = tags.get(kind)
        if tag is None:
            tag = tags[kind] = tag_of(kind)
        out[tag] = out.get(tag, 0) + n
    return out


class _Player:
    """What every game of a study looks up once: the traced twin, the seatings, the hooks."""

    def __init__(self, game: Any, agents: Sequence[Agent], study_seed: int,
                 setup: dict[str, Any], keep_record: bool, probe: Probe,
                 coverage: bool = False) -> None:
        self.game, self.setup, self.keep_record = game, setup, keep_record
        self.study_seed = study_seed
        self.trace = Trace(game) if coverage else None
        twin = self.played = self.trace.game if self.trace is not None else game
        # Seats rotate so every agent sits everywhere: game i seats agents[(seat + i) % n].
        n = len(agents)
        seatings = [[agents[(seat + turn) % n] for seat in range(n)] for turn in range(n)]
        self.choosers = [[agent.choose for agent in seated] for seated in seatings]
        #: Per seating, each agent's ``choose_among`` if it chooses among the legal actions
        #: alone (then it gets the state's listing and no view is made: CORE-5), else None.
        self.amongs = [
            [a.choose_among if isinstance(a, ChoosesAmongLegal) else None for a in seated]
            for seated in seatings
        ]
        self.names = [tuple(agent.name for agent in seated) for seated in seatings]
        both = getattr(twin, "seat_and_legal", None)
        self.both: Callable[[Any], tuple[int | None, Any]] = (
            both if callable(both) else lambda s: (twin.to_move(s), twin.legal_actions(s)))
        self.into: Callable[..., Any] = twin.apply if appends_events(twin) else self._stepped
        self.grouping = game_hook(game, "seat_groups")
        self.tally = game_hook(game, "tally")
        self.every, self.limit = _probe_plan(probe)
        vocabulary = game_hook(game, "vocabulary") if self.every else None
        self.vocabulary = tuple(vocabulary()) if vocabulary is not None else ()
        self.bound = range(game.max_moves())
        self.tags: dict[type, str] = {}
        parts = self.trace.parts if self.trace is not None else {}
        self.every_step = tuple(dict.fromkeys(
            (*parts.get("turn", ()), *parts.get("steps", ()), *parts.get("end", ()))))
        self.every_game = tuple(dict.fromkeys((*parts.get("setup", ()),
                                               *parts.get("score", ()))))
        self.viewer = parts.get("view", ())

    def _stepped(self, state: Any, action: Any, events: list[Any]) -> Any:
        transition = self.played.step(state, action)
        events.extend(transition.events)
        return transition.state

    def seeds(self, indices: range) -> tuple[list[int], list[list[Rng]]]:
        """The seeds of games ``indices`` and their agents' streams, derived at once."""
        return study_seeds(self.study_seed, indices, len(self.choosers[0]))

    def play(self, index: int, seed: int | None = None,
             streams: list[Rng] | None = None) -> GameResult:
        """Game number ``index``; ``seed`` and ``streams``: the game's, when derived."""
        game, trace = self.game, self.trace
        if seed is None or streams is None:
            seeds, each = self.seeds(range(index, index + 1))
            seed, streams = seeds[0], each[0]
        rotation = index % len(self.choosers)
        choosers, amongs = self.choosers[rotation], self.amongs[rotation]
        state = self.played.new(seed, **self.setup)
        groups = self.grouping(state) if self.grouping is not None else None
        vocabulary, every, limit = self.vocabulary, self.every, self.limit
        sample = Rng.derive(seed, "probe") if vocabulary else None
        refusals: dict[str, int] = {}
        probed = views = 0
        events: list[Any] = []
        actions: list[Any] = []
        both, into, view, check = self.both, self.into, game.view, game.check
        tick = trace.tick if trace is not None else None
        if trace is not None:
            trace.take()  # what the setup's facts were read for
        for _ in self.bound:
            if tick is not None:
                tick()
            seat, legal = both(state)
            if seat is None:
                break
            if sample is not None and (every == 1 or sample.below(every) == 0):
                probed += 1
                candidates: Sequence[Any] = vocabulary
                if len(vocabulary) > limit:  # a large vocabulary: a uniform sample of it
                    candidates = [vocabulary[sample.below(len(vocabulary))]
                                  for _ in range(limit)]
                for candidate in candidates:
                    violation = check(state, candidate)
                    if violation is not None:
                        refusals[violation.rule] = refusals.get(violation.rule, 0) + 1
            among = amongs[seat]
            if among is not None:  # the action is applied from this listing unchecked
                action = among(legal, seat, streams[seat])
            else:
                views += 1
                action = choosers[seat](game, view(state, seat), seat, streams[seat])
            state = into(state, action, events)
            actions.append(action)
        ender = trace.ender() if trace is not None else None
        decisions = trace.take() if trace is not None else {}
        for rule in self.every_step:
            decisions[rule, "ran"] = len(actions)
        for rule in self.every_game:
            decisions[rule, "ran"] = decisions.get((rule, "ran"), 0) + 1
        if views:
            for rule in self.viewer:
                decisions[rule, "ran"] = decisions.get((rule, "ran"), 0) + views
        standings = game.score(state)
        content = self.tally(state, tuple(events)) if self.tally is not None else None
        return GameResult(
            index=index, seed=seed, agents=self.names[rotation], winners=standings.winners,
            points=standings.points, length=len(actions),
            events=FrozenMap(_counts(events, self.tags)),
            actions=FrozenMap(_counts(actions, self.tags)),
            decisions=FrozenMap(decisions), ender=ender,
            content=FrozenMap(content or {}),
            groups=FrozenMap({k: tuple(v) for k, v in (groups or {}).items()}),
            record=(game.record(seed, tuple(actions), **self.setup)
                    if self.keep_record else None),
            refusals=FrozenMap(refusals), probed=probed,
        )


def _add_share(totals: dict[Any, float], key: Any, share: float) -> None:
    totals[key] = totals.get(key, 0.0) + share


def _counter(counters: dict[Any, Counter[Any]], key: Any) -> Counter[Any]:
    found = counters.get(key)
    if found is None:
        found = counters[key] = Counter()
    return found


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
        sums, squares, played: per figure of a game (:data:`Key`), the sum over the games,
            the sum of squares, and the games in which it was not zero; :attr:`events`,
            :attr:`actions`, :attr:`decisions` and :attr:`endings` read them.
        content, content_games: the games' tallies summed, and the games in which each
            counted; :func:`simulate` names their keys by label (``content_ids`` and
            ``content_games_ids`` keep the game's own keys, for labels in another language).
        refusals: probed actions refused, per rule ID; ``probed`` the states probed.
        seat_agents: per seat, the games each agent played there (seats rotate).
    """

    games: int = 0
    seats: int = 0
    seat_wins: dict[int, float] = attrs.field(factory=dict)
    agent_wins: dict[str, float] = attrs.field(factory=dict)
    agent_games: Counter[str] = attrs.field(factory=Counter)
    lengths: Counter[int] = attrs.field(factory=Counter)
    points: dict[int, Counter[int]] = attrs.field(factory=dict)
    ties: int = 0
    no_winner: int = 0
    seat_ties: Counter[int] = attrs.field(factory=Counter)
    group_wins: dict[str, dict[str, float]] = attrs.field(factory=dict)
    group_games: dict[str, Counter[str]] = attrs.field(factory=dict)
    sums: dict[Key, float] = attrs.field(factory=dict)
    squares: dict[Key, float] = attrs.field(factory=dict)
    played: Counter[Key] = attrs.field(factory=Counter)
    content: Counter[str] = attrs.field(factory=Counter)
    content_games: Counter[str] = attrs.field(factory=Counter)
    refusals: Counter[str] = attrs.field(factory=Counter)
    probed: int = 0
    seat_agents: dict[int, Counter[str]] = attrs.field(factory=dict)
    content_ids: Counter[str] = attrs.field(factory=Counter)
    content_games_ids: Counter[str] = attrs.field(factory=Counter)

    def _by(self, kind: str) -> Counter[Any]:
        return Counter({k[1] if len(k) == 2 else k[1:]: int(v)
                        for k, v in self.sums.items() if k[0] == kind})

    @property
    def events(self) -> Counter[str]:
        """Events over the study, by type tag."""
        return self._by("event")

    @property
    def actions(self) -> Counter[str]:
        """Actions over the study, by kind (type tag)."""
        return self._by("action")

    @property
    def decisions(self) -> Counter[tuple[str, str]]:
        """Per ``(rule ID, what)``, the steps at which the rule decided (see
        :attr:`GameResult.decisions`)."""
        return self._by("rule")

    @property
    def endings(self) -> Counter[str]:
        """Games ended by each rule."""
        return self._by("end")

    def add(self, result: GameResult) -> None:
        """Count one game in (a tied win counts as a share for each winner)."""
        self.games += 1
        self.seats = max(self.seats, len(result.agents))
        winners = result.winners
        share = 1 / len(winners) if winners else 0.0
        for seat in winners:
            _add_share(self.seat_wins, seat, share)
            _add_share(self.agent_wins, result.agents[seat], share)
            for grouping, labels in result.groups.items():
                _add_share(self.group_wins.setdefault(grouping, {}), labels[seat], share)
        if len(winners) > 1:
            self.ties += 1
            self.seat_ties.update(winners)
        elif not winners:
            self.no_winner += 1
        for seat, name in enumerate(result.agents):
            self.agent_games[name] += 1
            _counter(self.seat_agents, seat)[name] += 1
        for grouping, labels in result.groups.items():
            _counter(self.group_games, grouping).update(labels)
        self.lengths[result.length] += 1
        for seat, p in enumerate(result.points):
            _counter(self.points, seat)[p] += 1
        sums, squares, played = self.sums, self.squares, self.played
        for key, value in result.row().items():
            if value:
                sums[key] = sums.get(key, 0) + value
                squares[key] = squares.get(key, 0) + value * value
                played[key] += 1
        for item, n in result.content.items():
            self.content[item] += n
            if n > 0:
                self.content_games[item] += 1
        self.refusals.update(result.refusals)
        self.probed += result.probed

    def merge(self, other: Summary) -> None:
        """Add another summary's totals into this one (a chunk played after these)."""
        self.games += other.games
        self.seats = max(self.seats, other.seats)
        self.ties += other.ties
        self.no_winner += other.no_winner
        self.probed += other.probed
        tables: tuple[tuple[dict[Any, float], dict[Any, float]], ...] = (
            (self.seat_wins, other.seat_wins), (self.agent_wins, other.agent_wins),
            (self.sums, other.sums), (self.squares, other.squares))
        for mine, theirs in tables:
            for key, value in theirs.items():
                mine[key] = mine.get(key, 0) + value
        for grouping, shares in other.group_wins.items():
            for label, wins in shares.items():
                _add_share(self.group_wins.setdefault(grouping, {}), label, wins)
        for counter in ("seat_ties", "agent_games", "lengths", "played", "content",
                        "content_games", "refusals", "content_ids", "content_games_ids"):
            getattr(self, counter).update(getattr(other, counter))
        for table in ("points", "seat_agents", "group_games"):
            for key, counts in getattr(other, table).items():
                _counter(getattr(self, table), key).update(counts)


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
        coverage: whether the games counted the rules' decisions (``coverage=True``).
    """

    summary: Summary
    games: tuple[GameResult, ...]
    game: Any = attrs.field(default=None, eq=False)
    agents: tuple[str, ...] = ()
    probe: Probe = False
    coverage: bool = False


Executors = Executor | str | None
#: One chunk as played: the kept games, the chunk's summary and, when asked, each game's
#: figures (:meth:`GameResult.row`) for pairing studies game by game.
Chunk = tuple[list[GameResult], Summary, list[dict[Key, float]] | None]


def summarize_chunk(game: Any, agents: Sequence[Agent], indices: range, study_seed: int,
                    setup: dict[str, Any], keep_records: bool, probe: Probe,
                    keep_games: bool, rows: bool = False, *, player: _Player | None = None,
                    coverage: bool = False) -> Chunk:
    """Play a chunk and summarize it where it was played, so only totals travel back
    (and the games, or their figures, when asked)."""
    player = player or _Player(game, agents, study_seed, setup, keep_records, probe, coverage)
    summary, kept, figures = Summary(), [], []
    seeds, streams = player.seeds(indices)
    for k, index in enumerate(indices):
        result = player.play(index, seeds[k], streams[k])
        summary.add(result)
        if keep_games:
            kept.append(result)
        if rows:
            figures.append(result.row())
    return kept, summary, figures if rows else None


def play_one(game: Any, agents: Sequence[Agent], index: int, study_seed: int,
             setup: dict[str, Any], keep_record: bool, probe: Probe = False,
             coverage: bool = False) -> GameResult:
    """Play game number ``index`` of a study; seats rotate so every agent sits everywhere."""
    return _Player(game, agents, study_seed, setup, keep_record, probe, coverage).play(index)


def _chunks(games: int, size: int) -> Iterator[range]:
    for start in range(0, games, size):
        yield range(start, min(start + size, games))


def _pool(executor: Executors) -> tuple[Executor | None, Executor | None]:
    """The executor to use and the one this call owns (to shut down)."""
    if isinstance(executor, str):
        if executor not in ("processes", "threads"):
            raise BadInput("$.executor", "expected 'processes', 'threads', None or an "
                           f"Executor, not {executor!r}")
        owned = local_pool("processes" if executor == "processes" else "threads")
        return owned, owned
    return executor, None


def play_studies(
    games: Sequence[Any], agents: Sequence[Agent], n: int, seed: int, *,
    executor: Executors = "processes", chunk_size: int | None = None,
    keep_games: bool = False, keep_records: bool = False,
    setup: dict[str, Any] | None = None, progress: Callable[[int], None] | None = None,
    probe_refusals: Probe = False, pair: Callable[[int, list[Any]], None] | None = None,
    coverage: bool = False,
) -> list[SimulationResult]:
    """The same ``n`` seeded games under each of ``games``, chunk by chunk: each chunk is
    played under every game before the next, and ``pair(chunk, rows)`` gets the chunk's
    figures of each game per study, so studies are compared game by game with flat memory.
    Chunks are summed in order, whatever the executor, so the results are the same."""
    setup = dict(setup or {})
    for game in games:
        check_study(game, agents, n, setup)
    _probe_plan(probe_refusals)
    pool, owned = _pool(executor)
    size = chunk_size or max(1, min(200, n // 64 or 1))
    summaries = [Summary() for _ in games]
    kept: list[list[GameResult]] = [[] for _ in games]
    args = (seed, setup, keep_records, probe_refusals, keep_games, pair is not None)
    players: dict[int, _Player] = {}
    done = [0]

    def absorb(index: int, chunk: list[Chunk], played: int) -> None:
        for study, (results, part, _) in enumerate(chunk):
            summaries[study].merge(part)
            kept[study].extend(results)
        if pair is not None:
            pair(index, [rows for _, _, rows in chunk])
        done[0] += played * len(games)
        if progress is not None:
            progress(done[0])

    def here(indices: range) -> list[Chunk]:
        for i, g in enumerate(games):
            if i not in players:
                players[i] = _Player(g, agents, seed, setup, keep_records, probe_refusals,
                                     coverage)
        return [summarize_chunk(g, agents, indices, *args, player=players[i])
                for i, g in enumerate(games)]

    try:
        chunks = enumerate(_chunks(n, size))
        pending: list[tuple[int, list[Future[Chunk]], int]] = []
        if pool is not None:
            limit = 4 * (os.cpu_count() or 2)
            for index, indices in chunks:
                try:
                    futures = [pool.submit(summarize_chunk, g, agents, indices, *args,
                                           coverage=coverage) for g in games]
                except _CANNOT_START:
                    if pool is not owned or pending:
                        raise
                    absorb(index, here(indices), len(indices))  # no workers: here
                    break
                pending.append((index, futures, len(indices)))
                if len(pending) >= limit:
                    first, futures, played = pending.pop(0)
                    absorb(first, [f.result() for f in futures], played)
            for index, futures, played in pending:
                absorb(index, [f.result() for f in futures], played)
        for index, indices in chunks:
            absorb(index, here(indices), len(indices))
    finally:
        if owned is not None:
            owned.shutdown()
    results = []
    for game, summary, games_kept in zip(games, summaries, kept, strict=True):
        summary.content_ids = Counter(summary.content)
        summary.content_games_ids = Counter(summary.content_games)
        summary.content = label_content(game, summary.content)
        # Ids that share a label add up, so a label's games may count one game twice: cap.
        summary.content_games = Counter({
            k: min(v, summary.games)
            for k, v in label_content(game, summary.content_games).items()})
        results.append(SimulationResult(summary, tuple(games_kept), game,
                                        tuple(a.name for a in agents), probe_refusals,
                                        coverage))
    return results


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
    coverage: bool = False,
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
        keep_games: keep every :class:`GameResult` (they grow with the study).
        keep_records: keep each game's record for replay (with ``keep_games``).
        setup: keyword arguments for ``game.new``.
        progress: called with the number of games finished after each chunk.
        probe_refusals: ``True``: at every step, check each action of
            ``game.vocabulary()`` (or a uniform sample of :data:`PROBE_LIMIT` of a larger
            one) and count the rule IDs that refuse them; several times slower.
            ``"sampled"``: the same at about one state in :data:`PROBE_EVERY` with
            :data:`PROBE_SAMPLED_ACTIONS` actions each. ``False``: off.
        coverage: count, per rule, the steps at which it decided (its check refused, its
            effect changed the state, its fact was read, its part ran) and the rule that
            ended each game, by playing the game's :class:`~boardrules.core.trace.Trace`
            twin: the report's coverage and endings. A third to a half more per step.

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
    (result,) = play_studies(
        [game], agents, games, seed, executor=executor, chunk_size=chunk_size,
        keep_games=keep_games, keep_records=keep_records, setup=setup, progress=progress,
        probe_refusals=probe_refusals, coverage=coverage)
    return result


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
    coverage: bool = False,
) -> Iterator[GameResult]:
    """Yield the results of ``games`` seeded games in order, whatever the executor.

    At most ``window`` chunks are in flight at once, so memory stays flat however many
    games are played. With ``executor=None`` the games run in this process; ``coverage``
    as for :func:`simulate`.

    Raises:
        BadInput: at the call, for a negative number of games, a setup the game refuses,
            or a number of agents other than the number of seats.
    """
    setup = dict(setup or {})
    check_study(game, agents, games, setup)
    _probe_plan(probe_refusals)
    size = chunk_size or max(1, min(200, games // 64 or 1))
    args = (seed, setup, keep_records, probe_refusals, True)
    if executor is None:
        player = _Player(game, agents, seed, setup, keep_records, probe_refusals, coverage)
        return (result for indices in _chunks(games, size)
                for result in summarize_chunk(game, agents, indices, *args, player=player)[0])
    return _pooled(executor, window or 4 * (os.cpu_count() or 2), game, agents, games, size,
                   args, coverage)


def _pooled(executor: Executor, limit: int, game: Any, agents: Sequence[Agent], games: int,
            size: int, args: tuple[Any, ...], coverage: bool) -> Iterator[GameResult]:
    pending: list[Future[Chunk]] = []
    for indices in _chunks(games, size):
        pending.append(executor.submit(summarize_chunk, game, agents, indices, *args,
                                       coverage=coverage))
        if len(pending) >= limit:
            yield from pending.pop(0).result()[0]
    for future in pending:
        yield from future.result()[0]

