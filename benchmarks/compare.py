"""Before against after in one run: µs per step of random play, two versions side by side.

Run by hand (never as a timed test), for example against the 0.1.0 release:
``python benchmarks/compare.py --base 08ac8ca``. The base revision's ``src`` is exported to a
temporary folder with ``git archive``; then, batch by batch and alternating the two versions
(ABAB…, so a busy machine slows both alike), each game's random playouts are timed in a fresh
process with ``PYTHONPATH`` pointing at one ``src`` or the other. The same timing loop
(``benchmarks/playouts.py``) runs both; the table shows the median µs per step of each
version and their ratio (after / before; below 1 is faster).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_BATCH = """
import functools, json, random, sys
sys.path.insert(0, {bench!r})
import boardrules, playouts
name, games, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
game = boardrules.load(name, **json.loads(sys.argv[4]))
setup = playouts._setup(name)
run = functools.partial(playouts._next_game, playouts.playout, game,
                        iter(range(seed, 10**9)), random.Random(seed), setup)
per_game, per_step = playouts._median_rate(run, games, 1)
print(json.dumps({{"step": per_step * 1e6, "version": boardrules.__file__}}))
"""


def _export(rev: str, into: Path) -> Path:
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", rev, "src"],
        check=True, capture_output=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def _batch(src: Path, name: str, games: int, seed: int, options: str) -> float:
    env = {**os.environ, "PYTHONPATH": str(src)}
    code = _BATCH.format(bench=str(ROOT / "benchmarks"))
    out = subprocess.run(
        [sys.executable, "-c", code, name, str(games), str(seed), options],
        env=env, check=True, capture_output=True, text=True,
    ).stdout
    result = json.loads(out)
    assert str(src) in result["version"], f"ran {result['version']}, not {src}"
    step: float = result["step"]
    return step


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="08ac8ca", help="the revision to compare against")
    parser.add_argument("--games", type=int, default=100, help="games per batch")
    parser.add_argument("--repeats", type=int, default=7, help="batches per version")
    parser.add_argument("names", nargs="*", default=["semya", "lyceum", "orbita"])
    args = parser.parse_args(argv)
    options = {"orbita": json.dumps({"rounds": 3})}
    with tempfile.TemporaryDirectory() as tmp:
        base = _export(args.base, Path(tmp))
        head = ROOT / "src"
        print(f"µs per step of random play; median of {args.repeats} alternating batches of "
              f"{args.games} games (Orbita: rounds=3)")
        print(f"{'game':8} {args.base[:10]:>10} {'working tree':>13} {'after/before':>13}")
        for name in args.names:
            before: list[float] = []
            after: list[float] = []
            for batch in range(args.repeats):
                opts = options.get(name, "{}")
                before.append(_batch(base, name, args.games, batch * args.games, opts))
                after.append(_batch(head, name, args.games, batch * args.games, opts))
            b, a = statistics.median(before), statistics.median(after)
            print(f"{name:8} {b:10.2f} {a:13.2f} {a / b:13.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
