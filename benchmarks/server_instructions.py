"""Instructions the whole ``boardrules serve`` executes per person's move, under callgrind.

``benchmarks/server_move.py`` counts the instructions of ``Matches`` alone (the rules, the
payload, the commit); this counts everything the server process and its children (bot
workers) execute while ``benchmarks/server_load.py``'s clients play: HTTP, WebSocket pushes,
thread and process hand-offs, the bots' choices. The server runs under
``valgrind --tool=callgrind --trace-children=yes``; after a warm-up load (``--warm``
seconds) its counters are zeroed (``callgrind_control -z``, for its own processes only),
the measured load runs for ``--seconds``, and the counters are dumped. Printed: the person's
moves played and the instructions per move. Under valgrind the server is some fifty times
slower, so few moves are played and the figure also carries the matches made meanwhile (a
new match when one ends); other jobs on the machine change the timing, hence how events
batch on the event loop, a little, and the instructions hardly at all::

    python benchmarks/server_instructions.py --matches 8 --seconds 60

Without valgrind it says so and exits.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _family(pid: int) -> list[int]:
    """``pid`` and its child processes (the bot workers and the resource tracker)."""
    pids = [pid]
    for task in Path(f"/proc/{pid}/task").iterdir():
        pids += [int(c) for c in (task / "children").read_text().split()]
    return pids


def _total(out: Path) -> int:
    """The instructions in the first dump of every process (``cg.PID.1``)."""
    total = 0
    for dump in out.glob("cg.*.1"):
        for line in dump.read_text().splitlines():
            if line.startswith(("summary:", "totals:")):
                total += int(line.split()[1])
                break
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--warm", type=float, default=15.0, help="seconds of load first")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).resolve().parent))  # the load script beside this
    from server_load import free_port, load, wait_until_answering

    if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
        print("valgrind (callgrind) is not installed: nothing measured")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        port = free_port()
        server = subprocess.Popen(
            ["valgrind", "--tool=callgrind", "--trace-children=yes",
             f"--callgrind-out-file={out}/cg.%p", sys.executable,
             str(Path(sys.executable).parent / "boardrules"), "serve", "--port", str(port),
             "--db", str(out / "m.sqlite3"), "--log-level", "warning",
             "--max-live-per-client", "100000"],
            stdout=subprocess.DEVNULL, stderr=(out / "serve.log").open("ab"),
            env={**os.environ, "PYTHONHASHSEED": "0"})
        url = f"http://127.0.0.1:{port}"
        try:
            try:  # under valgrind the server takes a while to answer
                wait_until_answering(url, server, out / "serve.log", 600)
            except RuntimeError as error:
                print(error)
                return 1
            asyncio.run(load(url, args.matches, args.warm))
            time.sleep(2)
            pids = _family(server.pid)
            for pid in pids:
                subprocess.run(["callgrind_control", "-z", str(pid)], check=True,
                               capture_output=True)
            result = asyncio.run(load(url, args.matches, args.seconds))
            for pid in pids:
                subprocess.run(["callgrind_control", "-d", str(pid)], check=True,
                               capture_output=True)
        finally:
            server.terminate()
            server.wait(timeout=120)
        instructions = _total(out)
    print(json.dumps({"matches": args.matches, "seconds": args.seconds,
                      "moves": result.moves, "finished": result.finished,
                      "errors": len(result.errors), "instructions": instructions,
                      "instructions_per_move_M": round(instructions / max(result.moves, 1)
                                                       / 1e6, 3)}, indent=1))
    return 1 if result.errors else 0


if __name__ == "__main__":
    sys.exit(main())
