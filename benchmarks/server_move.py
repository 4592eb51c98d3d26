"""Where a person's move goes in ``boardrules serve``, in process: no HTTP, no client.

A 7Я match of a person (seat 0) against a random bot (seat 1) runs on a SQLite file through
``Matches`` (what the server's routes call): each person's move is ``Matches.act`` and the
encoding of its answer, timed in CPU time (``time.process_time_ns``); the bot's replies are
played between them and not timed. A new match starts when one ends. Printed: the median
and mean CPU time of a person's move, then (``--profile``) cProfile's view of the same loop,
the callees of ``Matches.act`` and of its commit by cumulative time::

    python benchmarks/server_move.py --moves 3000
    python benchmarks/server_move.py --moves 1500 --profile

The figures are a single thread's CPU time, so a busy machine disturbs them much less than
it disturbs ``benchmarks/server_load.py``'s latencies (docs/explanation/performance.md).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

from boardrules.server.matches import Matches, choose_move
from boardrules.server.store import open_store


def _encode(doc: object) -> bytes:
    return json.dumps(doc, ensure_ascii=False, allow_nan=False, separators=(",", ":")
                      ).encode("utf-8")


def play(matches: Matches, moves: int) -> list[int]:
    """Play ``moves`` person's moves; the CPU nanoseconds of each (its answer encoded)."""
    def new() -> tuple[str, str]:
        made = matches.create(json.dumps({"game": "semya", "seed": 1,
                                          "seats": ["human", "random"]}).encode(), "bench")
        return made["match"], made["tokens"][0]

    times: list[int] = []
    match_id, token = new()
    doc = matches.payload(match_id, token)
    while len(times) < moves:
        if doc["over"]:
            match_id, token = new()
            doc = matches.payload(match_id, token)
            continue
        if doc["to_move"] == 0:
            body = json.dumps({"version": doc["version"],
                               "action": doc["legal"][0]["action"]}).encode()
            start = time.process_time_ns()
            _encode(matches.act(match_id, token, body))
            times.append(time.process_time_ns() - start)
        turn = matches.bot_turn(match_id)
        if turn is not None:
            action = choose_move(turn.game, turn.view, turn.seat, turn.agent, turn.seed,
                                 turn.version, 2.0)
            matches.bot_move(turn, action)
        doc = matches.payload(match_id, token)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--profile", action="store_true", help="also print cProfile's view")
    args = parser.parse_args(argv)
    if args.moves < 1:
        parser.error("--moves is at least 1")
    with tempfile.TemporaryDirectory() as tmp:
        store = open_store(str(Path(tmp) / "move.sqlite3"))
        try:
            matches = Matches(store)
            play(matches, 200)  # warm: games made, labels written, caches filled
            times = play(matches, args.moves)
            print(json.dumps({
                "moves": len(times),
                "act_cpu_us_p50": round(statistics.median(times) / 1000, 1),
                "act_cpu_us_mean": round(statistics.mean(times) / 1000, 1),
            }, indent=1))
            if args.profile:
                profile = cProfile.Profile()
                profile.runcall(play, matches, args.moves)
                stats = pstats.Stats(profile, stream=sys.stdout)
                stats.sort_stats("cumulative").print_callees(r"matches.py:\d+\((act|_commit)\)")
        finally:
            store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
