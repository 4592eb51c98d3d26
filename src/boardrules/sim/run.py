"""``simulate``: play N seeded games between agents, in chunks, on any executor."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any

import attrs

from boardrules.agents.base import Agent, agent_streams
from boardrules.core.frozen import FrozenMap
from boardrules.core.record import GameRecord
from boardrules.core.rng import Rng
from boardrules.serde import tag_of

__all__ = ["PROBE_LIMIT", "GameResult", "SimulationResult", "Summary", "iter_games", "simulate"]

#: Refusal probing checks the whole vocabulary at each step when it has at most this many
#: actions, else this many drawn uniformly (with replacement) from the game's own stream.
PROBE_LIMIT = 256


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
        rules: how often each rule ID was named by an event (``rule`` field), such as SEM-9.
        refusals: when the study probes them, how often each rule ID refused an action of
            the game's vocabulary (``game.vocabulary()``) in the states the game went through.
        content: the game's own tallies of content (``game.tally(state, events)``), such as
            which card ended a 7Я game.
        record: the record, when the study keeps them.
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


def play_one(
    game: Any,
    agents: Sequence[Agent],
    index: int,
    study_seed: int,
    setup: dict[str, Any],
    keep_record: bool,
    probe: bool = False,
) -> GameResult:
    """Play game number ``index`` of a study; seats rotate so every agent sits everywhere."""
    seed = Rng.derive(study_seed, "game", index).next()
    n = len(agents)
    seated = [agents[(seat + index) % n] for seat in range(n)]
    streams = agent_streams(seed, n)
    state = game.new(seed, **setup)
    events: Counter[str] = Counter()
    rules: Counter[str] = Counter()
    refusals: Counter[str] = Counter()
    vocabulary = tuple(game.vocabulary()) if probe and hasattr(game, "vocabulary") else ()
    sample = Rng.derive(seed, "probe") if len(vocabulary) > PROBE_LIMIT else None
    all_events: list[Any] = []
    actions = []
    for _ in range(game.max_moves()):
        seat = game.to_move(state)
        if seat is None:
            break
        candidates: Sequence[Any] = vocabulary
        if sample is not None:  # a large vocabulary: a uniform sample of it at each step
            candidates = [vocabulary[sample.below(len(vocabulary))] for _ in range(PROBE_LIMIT)]
        for candidate in candidates:
            violation = game.check(state, candidate)
            if violation is not None:
                refusals[violation.rule] += 1
        action = seated[seat].choose(game, game.view(state, seat), seat, streams[seat])
        transition = game.step(state, action)
        all_events.extend(transition.events)
        for event in transition.events:
            events[tag_of(type(event))] += 1
            rule = getattr(event, "rule", None)
            if isinstance(rule, str):
                rules[rule] += 1
        state = transition.state
        actions.append(action)
    standings = game.score(state)
    tally = getattr(game, "tally", None)
    content = Counter(tally(state, tuple(all_events))) if tally is not None else Counter()
    return GameResult(
        index=index,
        seed=seed,
        agents=tuple(a.name for a in seated),
        winners=standings.winners,
        points=standings.points,
        length=len(actions),
        events=FrozenMap(sorted(events.items())),
        rules=FrozenMap(sorted(rules.items())),
        refusals=FrozenMap(sorted(refusals.items())),
        content=FrozenMap(sorted(content.items())),
        record=game.record(seed, tuple(actions), **setup) if keep_record else None,
    )


def play_chunk(
    game: Any,
    agents: Sequence[Agent],
    indices: range,
    study_seed: int,
    setup: dict[str, Any],
    keep_records: bool,
    probe: bool = False,
) -> list[GameResult]:
    """Play a chunk of consecutive games (the unit of work sent to an executor)."""
    return [play_one(game, agents, i, study_seed, setup, keep_records, probe) for i in indices]


def summarize_chunk(
    game: Any,
    agents: Sequence[Agent],
    indices: range,
    study_seed: int,
    setup: dict[str, Any],
    keep_records: bool,
    probe: bool,
    keep_games: bool,
) -> tuple[list[GameResult], Summary]:
    """Play a chunk and summarize it where it was played, so only totals travel back
    (and the games themselves when the study keeps them)."""
    results = play_chunk(game, agents, indices, study_seed, setup, keep_records, probe)
    summary = Summary()
    for result in results:
        summary.add(result)
    return (results if keep_games else []), summary


def _chunks(games: int, size: int) -> Iterator[range]:
    for start in range(0, games, size):
        yield range(start, min(start + size, games))


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
    probe_refusals: bool = False,
) -> Iterator[GameResult]:
    """Yield the results of ``games`` seeded games in order, whatever the executor.

    At most ``window`` chunks are in flight at once, so memory stays flat however many
    games are played. With ``executor=None`` the games run in this process.
    """
    setup = dict(setup or {})
    size = chunk_size or max(1, min(200, games // 64 or 1))
    if executor is None:
        for indices in _chunks(games, size):
            yield from play_chunk(game, agents, indices, seed, setup, keep_records, probe_refusals)
        return
    limit = window or 4 * (os.cpu_count() or 2)
    pending: list[Future[list[GameResult]]] = []
    for indices in _chunks(games, size):
        pending.append(
            executor.submit(
                play_chunk, game, agents, indices, seed, setup, keep_records, probe_refusals
            )
        )
        if len(pending) >= limit:
            yield from pending.pop(0).result()
    for future in pending:
        yield from future.result()


@attrs.define
class Summary:
    """Running totals of a study; adding one result costs O(1) memory."""

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

    def add(self, result: GameResult) -> None:
        """Count one game in (a tied win counts as a share for each winner)."""
        self.games += 1
        self.seats = max(self.seats, len(result.agents))
        share = 1 / len(result.winners) if result.winners else 0.0
        for seat in result.winners:
            self.seat_wins[seat] = self.seat_wins.get(seat, 0.0) + share
            name = result.agents[seat]
            self.agent_wins[name] = self.agent_wins.get(name, 0.0) + share
        for name in result.agents:
            self.agent_games[name] += 1
        self.lengths[result.length] += 1
        for seat, p in enumerate(result.points):
            self.points.setdefault(seat, Counter())[p] += 1
        self.events.update(result.events)
        self.rules.update(result.rules)
        self.refusals.update(result.refusals)
        self.content.update(result.content)

    def merge(self, other: Summary) -> None:
        """Add another summary's totals into this one (chunks played elsewhere)."""
        self.games += other.games
        self.seats = max(self.seats, other.seats)
        for seat, wins in other.seat_wins.items():
            self.seat_wins[seat] = self.seat_wins.get(seat, 0.0) + wins
        for name, wins in other.agent_wins.items():
            self.agent_wins[name] = self.agent_wins.get(name, 0.0) + wins
        self.agent_games.update(other.agent_games)
        self.lengths.update(other.lengths)
        for seat, counts in other.points.items():
            self.points.setdefault(seat, Counter()).update(counts)
        self.events.update(other.events)
        self.rules.update(other.rules)
        self.refusals.update(other.refusals)
        self.content.update(other.content)


@attrs.frozen
class SimulationResult:
    """A study's summary, and its games when they were kept."""

    summary: Summary
    games: tuple[GameResult, ...]


def simulate(
    game: Any,
    agents: Sequence[Agent],
    games: int = 100,
    seed: int = 0,
    *,
    executor: Executor | str | None = "processes",
    chunk_size: int | None = None,
    keep_games: bool = True,
    keep_records: bool = False,
    setup: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    probe_refusals: bool = False,
) -> SimulationResult:
    """Play ``games`` seeded games between ``agents`` and summarize them.

    Args:
        game: the game (its options included).
        agents: one agent per seat; seats rotate from game to game.
        games: how many games.
        seed: the study's seed; game ``i`` is played from ``Rng.derive(seed, "game", i)``.
        executor: ``"processes"`` (a local pool over all cores, the default), ``None`` (this
            process), or any ``concurrent.futures.Executor``, such as a Dask client's
            ``get_executor()``.
        chunk_size: games per unit of work.
        keep_games: keep every :class:`GameResult` (else only the running summary).
        keep_records: keep each game's record for replay.
        setup: keyword arguments for ``game.new``.
        progress: called with the number of games finished after each chunk.
        probe_refusals: at every step, check each action of ``game.vocabulary()`` (or a
            uniform sample of :data:`PROBE_LIMIT` of a larger one) and count the rule IDs
            that refuse them (which rules constrain play most); slower.

    The same seed gives the same results whatever the executor.
    """
    summary = Summary()
    kept: list[GameResult] = []
    owned: Executor | None = None
    if executor == "processes":
        owned = ProcessPoolExecutor(max_workers=os.cpu_count() or 1)
        pool: Executor | None = owned
    else:
        pool = executor  # type: ignore[assignment]
    setup = dict(setup or {})
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
        if pool is None:
            for indices in _chunks(games, size):
                absorb(summarize_chunk(game, agents, indices, seed, *args))
        else:
            limit = 4 * (os.cpu_count() or 2)
            pending: list[Future[tuple[list[GameResult], Summary]]] = []
            for indices in _chunks(games, size):
                pending.append(pool.submit(summarize_chunk, game, agents, indices, seed, *args))
                if len(pending) >= limit:
                    absorb(pending.pop(0).result())
            for future in pending:
                absorb(future.result())
    finally:
        if owned is not None:
            owned.shutdown()
    return SimulationResult(summary, tuple(kept))
