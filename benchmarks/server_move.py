"""Where a person's move goes in ``boardrules serve``, in process: no HTTP, no client.

A 7Я match of a person (seat 0) against a random bot (seat 1) runs on a SQLite file through
``Matches`` (what the server's routes call). Each person's move is ``Matches.act``
(its answer as JSON text) and the answer's encoding to UTF-8, timed in CPU time
(``time.process_time_ns``). Each bot reply is stored (``Matches.bot_move``, the bot's choice
made before, untimed) and the update of the person's seat built (``Matches.text``),
what the server's worker thread does after a bot's move while the person watches; that is
timed too. A new match starts when one ends. Printed: the median and mean CPU time of a
person's move, the median of a bot reply's, then (``--profile``) cProfile's view of the
same loop, the callees of ``Matches.act`` and of the move's commit by
cumulative time::

    python benchmarks/server_move.py --moves 3000
    python benchmarks/server_move.py --moves 1500 --profile

The figures are a single thread's CPU time, so a busy machine disturbs them much less than
it disturbs ``benchmarks/server_load.py``'s latencies (docs/explanation/performance.md);
much less is not nothing: on a machine where other jobs contend for the cores and caches,
runs of the same code have differed by a third. Instructions are not disturbed at all:
with ``--marked move`` every timed person's move (``--marked bot``: every timed bot reply)
runs inside ``operator.call``, so that valgrind counts the instructions of those alone (its
own ``Collected`` line, over the ``--moves`` timed; the CPU times printed under valgrind
mean nothing)::

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        --collect-atstart=no --toggle-collect=_operator_call \
        python benchmarks/server_move.py --moves 300 --marked move

Instructions leave out the time the kernel spends (the log's writes) and stalls on memory.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import operator
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from boardrules.server.bots import choose_move
from boardrules.server.matches import Limits, Matches
from boardrules.server.store import open_store

#: One client makes every match here: no quota in the way.
LIMITS = Limits(creations_per_minute=10**9, max_live_per_client=10**9)


def _answer(matches: Matches, match_id: str, token: str, body: bytes) -> bytes:
    """The answer to a person's move, as the server sends it."""
    return matches.act(match_id, token, body)[0].encode("utf-8")


def _bot_reply(matches: Matches, turn: Any, action: Any) -> None:
    """Store a bot's move and build the update of the person's seat (0)."""
    mark = matches.bot_move(turn, action)
    matches.text(turn.match_id, 0, turn.mark, {"type": "update"}, mark)


def play(matches: Matches, moves: int, bots: list[int] | None = None, marked: str = ""
         ) -> list[int]:
    """Play ``moves`` person's moves; the CPU nanoseconds of each (its answer encoded), and
    in ``bots`` those of each bot reply (stored, the person's update built)."""
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
            if marked == "move":
                operator.call(_answer, matches, match_id, token, body)
            else:
                _answer(matches, match_id, token, body)
            times.append(time.process_time_ns() - start)
        turn = matches.bot_turn(match_id)
        if turn is not None:
            action = choose_move(turn.game, turn.view, turn.seat, turn.agent, turn.seed,
                                 turn.version, 2.0)
            start = time.process_time_ns()
            if marked == "bot":
                operator.call(_bot_reply, matches, turn, action)
            else:
                _bot_reply(matches, turn, action)
            if bots is not None:
                bots.append(time.process_time_ns() - start)
        doc = matches.payload(match_id, token)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--profile", action="store_true", help="also print cProfile's view")
    parser.add_argument("--marked", choices=("move", "bot"), default="",
                        help="run each timed person's move or bot reply in operator.call "
                             "(for callgrind)")
    args = parser.parse_args(argv)
    if args.moves < 1:
        parser.error("--moves is at least 1")
    with tempfile.TemporaryDirectory() as tmp:
        store = open_store(str(Path(tmp) / "move.sqlite3"))
        try:
            matches = Matches(store, LIMITS)
            play(matches, 200)  # warm: games made, labels written, caches filled
            bots: list[int] = []
            times = play(matches, args.moves, bots, args.marked)
            print(json.dumps({
                "moves": len(times),
                "act_cpu_us_p50": round(statistics.median(times) / 1000, 1),
                "act_cpu_us_mean": round(statistics.mean(times) / 1000, 1),
                "bot_replies": len(bots),
                "bot_reply_cpu_us_p50": round(statistics.median(bots) / 1000, 1),
            }, indent=1))
            if args.profile:
                profile = cProfile.Profile()
                profile.runcall(play, matches, args.moves)
                stats = pstats.Stats(profile, stream=sys.stdout)
                stats.sort_stats("cumulative").print_callees(
                    r"matches.py:\d+\((act|commit)\)")
        finally:
            store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
