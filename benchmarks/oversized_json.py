"""What an oversized document costs: refused by serde from its text, against parsing it.

Run by hand (never as a timed test): ``python benchmarks/oversized_json.py``. The document is
``MAX_TEXT`` bytes of empty arrays, the cheapest text that builds the most objects. Memory is
the peak that ``tracemalloc`` traces (which also slows the parse down several times).
"""

from __future__ import annotations

import contextlib
import json
import time
import tracemalloc
from collections.abc import Callable

from boardrules import BadInput, serde
from boardrules.games import semya


def _measure(work: Callable[[], object]) -> tuple[float, float]:
    tracemalloc.start()
    start = time.perf_counter()
    with contextlib.suppress(BadInput):  # the refusal is what is measured
        work()
    elapsed = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return elapsed, peak


def main() -> None:
    text = "[" + "[]," * (serde.MAX_TEXT // 3 - 1) + "[]]"
    seconds, peak = _measure(lambda: serde.from_json(text, semya.Action))
    print(f"serde.from_json refuses {len(text):,} characters: {seconds:.2f} s, "
          f"peak {peak / 1024:.1f} KiB")
    seconds, peak = _measure(lambda: json.loads(text))
    print(f"json.loads alone parses them: {seconds:.2f} s, peak {peak / 2**20:.0f} MiB")


if __name__ == "__main__":
    main()
