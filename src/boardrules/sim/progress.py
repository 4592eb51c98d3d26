"""A progress bar with games per second and the time left, for long studies (rich; extra
``cli`` or ``report``).

On a terminal it is a bar; when standard error is not a terminal (a log file, CI) it prints
one plain line every ``every`` seconds instead, the first once the study has run a second,
so a long run is never silent. A study that ends within a second prints nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["eta", "plain_line", "progress_bar"]

_WORDS = {
    "en": ("games", "games/s", "about {left} left", "s"),
    "ru": ("партий", "партий/с", "осталось около {left}", "с"),
}


def eta(done: int, total: int, elapsed: float) -> float | None:
    """Seconds left at the pace so far, or ``None`` before anything is done.

    >>> eta(25, 100, 10.0)
    30.0
    >>> eta(0, 100, 3.0) is None
    True
    """
    if done <= 0 or elapsed <= 0:
        return None
    return max(0.0, (total - done) * elapsed / done)


def _duration(seconds: float, unit: str) -> str:
    whole = round(seconds)
    if whole < 60:
        return f"{whole} {unit}"
    minutes, rest = divmod(whole, 60)
    return f"{minutes}:{rest:02d}"


def plain_line(description: str, done: int, total: int, elapsed: float, lang: str = "en") -> str:
    """The line printed when standard error is not a terminal.

    >>> plain_line("semya", 250, 1000, 5.0)
    'semya: 250/1000 games, 50 games/s, about 15 s left'
    >>> plain_line("orbita", 30, 100, 70.0, "ru")
    'orbita: 30/100 партий, 0 партий/с, осталось около 2:43'
    """
    games, rate_unit, left_text, unit = _WORDS["ru" if lang == "ru" else "en"]
    rate = done / elapsed if elapsed > 0 else 0.0
    line = f"{description}: {done}/{total} {games}, {rate:,.0f} {rate_unit}"
    left = eta(done, total, elapsed)
    if left is not None:
        line += ", " + left_text.format(left=_duration(left, unit))
    return line


@contextmanager
def progress_bar(
    description: str, total: int, console: Any = None, *, lang: str = "en", every: float = 10.0,
    quiet: bool = False,
) -> Iterator[Callable[[int], None]]:
    """A ``progress`` callback for :func:`~boardrules.sim.simulate` that shows the games
    done, the total, games per second and the time left.

    On a terminal it draws a bar that disappears when the study ends; elsewhere it prints
    :func:`plain_line` every ``every`` seconds once the study has run a second. ``quiet``
    shows nothing.

    >>> with progress_bar("semya", 10) as tick:
    ...     tick(10)
    """
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    console = console or Console(stderr=True)
    start = time.perf_counter()
    if quiet:
        yield lambda done: None
        return
    if not console.is_terminal:
        last = [start - every + 1.0]  # the first line once the study has run a second

        def line(done: int) -> None:
            now = time.perf_counter()
            if now - last[0] >= every and done < total:
                last[0] = now
                console.print(plain_line(description, done, total, now - start, lang),
                              markup=False, highlight=False, soft_wrap=True)

        yield line
        return
    unit = _WORDS["ru" if lang == "ru" else "en"][1]
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]} " + unit),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task(description, total=total, rate="…")

        def tick(done: int) -> None:
            rate = done / max(time.perf_counter() - start, 1e-9)
            progress.update(task, completed=done, rate=f"{rate:,.0f}")

        yield tick
